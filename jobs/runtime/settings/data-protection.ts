// Data protection: how long an export stays downloadable, how long an erasure waits.
import Joi from 'joi';
import { inGroup, setting } from './define.js';

export const dataProtectionGroup = { name: 'data-protection', title: 'Data protection (GDPR export and erasure)' };

export const dataProtectionSettings = inGroup(dataProtectionGroup, {
  dataProtection: {
    exportTtlHours: setting('GDPR_EXPORT_TTL_HOURS', Joi.number().integer().min(1).max(720).default(72), 'hours a finished data export stays downloadable; then its archive is deleted and the request is `expired`'),
    deletionGraceDays: setting('GDPR_DELETION_GRACE_DAYS', Joi.number().integer().min(0).max(90).default(7), 'days between a data-deletion request and the erasure, during which the user may cancel it'),
    sweepEveryMinutes: setting('GDPR_SWEEP_EVERY_MINUTES', Joi.number().integer().min(0).max(1440).default(15), 'how often due erasures run and expired exports are removed (0: never)'),
  },
});
