// /api/report-schedules/: reports generated on a calendar and e-mailed to the schedule's creator.
import Joi from 'joi';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { REPORT_FORMATS, REPORT_KINDS } from '../../../../domain/reports/report-kinds.js';
import { FREQUENCIES, isTimeZone, ReportScheduleService } from '../../../../domain/reports/report-schedule-service.js';
import { patchOf } from '../../inventory/inventory-fields.js';
import { ReportFiltersIn, scopeFields, at } from '../schemas.js';

const timeZone = Joi.string().max(64).custom((v, helpers) => (isTimeZone(v) ? v : helpers.error('any.invalid')))
  .messages({ 'any.invalid': '{{#label}} must be an IANA time zone such as Europe/Berlin' });

const ScheduleOut = Joi.object({
  id: Joi.number().integer().required(),
  name: Joi.string().allow('').required(),
  kind: Joi.string().valid(...REPORT_KINDS).required(),
  format: Joi.string().valid(...REPORT_FORMATS).required(),
  filters: Joi.object().unknown(true).required(),
  frequency: Joi.string().valid(...FREQUENCIES).required(),
  time_of_day: Joi.string().required(),
  day_of_week: Joi.number().integer().allow(null).required(),
  day_of_month: Joi.number().integer().allow(null).required(),
  time_zone: Joi.string().required(),
  email: Joi.string().required().description('the creator\'s address, where each run\'s link goes'),
  is_active: Joi.boolean().required(),
  cron: Joi.string().required().description('the scheduler\'s cron pattern (minute hour day month weekday) in time_zone'),
  last_run_at: at.required(),
  last_report_id: Joi.number().integer().allow(null).required(),
  ...scopeFields,
}).label('ReportSchedule');

const ScheduleIn = Joi.object({
  name: Joi.string().trim().allow('').max(150),
  kind: Joi.string().valid(...REPORT_KINDS).required(),
  format: Joi.string().valid(...REPORT_FORMATS).required(),
  filters: ReportFiltersIn,
  frequency: Joi.string().valid(...FREQUENCIES).required(),
  time_of_day: Joi.string().pattern(/^([01]\d|2[0-3]):[0-5]\d$/).required().messages({ 'string.pattern.base': 'time_of_day must be HH:MM (24 h)' }),
  day_of_week: Joi.number().integer().min(0).max(6).allow(null).description('weekly: 0 = Sunday … 6 = Saturday (default 1, Monday)'),
  day_of_month: Joi.number().integer().min(1).max(28).allow(null).description('monthly: 1–28 (default 1)'),
  time_zone: timeZone.description('IANA time zone; default the creator\'s profile time zone'),
  is_active: Joi.boolean().description('default true; false removes the scheduler until reactivated'),
}).label('ReportScheduleIn');

export const reportSchedulesCollection = defineCollection({
  path: '/api/report-schedules/',
  tag: 'report-schedules',
  singular: 'report schedule',
  plural: 'report schedules',
  service: (s) => s.reports.schedules,
  out: ScheduleOut,
  listQuery: listQuerySchema(ReportScheduleService.listSpec, 'ReportScheduleListQuery'),
  create: ScheduleIn,
  replace: ScheduleIn.label('ReportScheduleReplace'),
  update: patchOf(ScheduleIn, 'ReportSchedulePatch'),
  notes: {
    create: 'Each run (daily, weekly or monthly at time_of_day in time_zone) generates the report and e-mails its download link to the creator. Relative periods: a stock_movements schedule without period covers the 30 days before each run.',
    delete: 'Removes the schedule and its job scheduler; reports it made stay.',
  },
});
