// The staff web application (/admin/): how long its sign-in lasts.
import Joi from 'joi';
import { inGroup, setting } from './define.js';

export const adminGroup = { name: 'admin', title: 'Staff admin (/admin/)', intro: 'The server-rendered staff application: its session is a Redis entry named by an opaque cookie (see docs/areas/admin.md).' };

export const adminSettings = inGroup(adminGroup, {
  adminSession: {
    idleMinutes: setting(
      'ADMIN_SESSION_IDLE_MINUTES',
      Joi.number().integer().min(1).max(24 * 60).default(30),
      'an admin session unused this long ends (each page view restarts the count)',
    ),
    maxHours: setting(
      'ADMIN_SESSION_MAX_HOURS',
      Joi.number().integer().min(1).max(7 * 24).default(12),
      'an admin session ends this long after its sign-in, however active (absolute expiry)',
    ),
  },
});
