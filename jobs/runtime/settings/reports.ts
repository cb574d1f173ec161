// Reports: what one user may ask of the `reports` queue.
import Joi from 'joi';
import { inGroup, setting } from './define.js';

export const reportsGroup = { name: 'reports', title: 'Reports' };

export const reportsSettings = inGroup(reportsGroup, {
  reports: {
    perHour: setting(
      'REPORTS_PER_HOUR',
      Joi.number().integer().min(1).max(100000).default(30),
      'reports one user may request per hour with `POST /api/generate-report/`, in any scope (scheduled runs do not count); beyond it 429 `rate_limited` with `retry_after` and `Retry-After`, before anything is stored or queued',
    ),
  },
});
