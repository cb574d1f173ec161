// Joi shapes of the reports area (reports, schedules, analytics, transaction logs,
// order lists), labelled for the OpenAPI document.
import Joi from 'joi';
import { filterSchemas, REPORT_FORMATS, REPORT_KINDS, REPORT_STATUSES } from '../../../domain/reports/report-kinds.js';
import { scopeFields } from '../inventory/inventory-fields.js';

const at = Joi.string().isoDate().allow(null);

/** The filters of a report, by kind (validated again, with the scope, by the service). */
export const ReportFiltersIn = Joi.alternatives()
  .conditional('kind', { switch: REPORT_KINDS.map((k) => ({ is: k, then: filterSchemas[k] })) })
  .description('by kind — inventory_valuation: inventory_id; low_stock: inventory_id, product_id; stock_movements: inventory_id, product_id, period_start, period_end (ISO; default the last 30 days), kinds; expiring_soon: inventory_id, product_id, days (default 30)');

export const ReportOut = Joi.object({
  id: Joi.number().integer().required(),
  kind: Joi.string().valid(...REPORT_KINDS).required(),
  format: Joi.string().valid(...REPORT_FORMATS).required(),
  title: Joi.string().required(),
  status: Joi.string().valid(...REPORT_STATUSES).required(),
  progress: Joi.number().integer().min(0).max(100).required(),
  filters: Joi.object().unknown(true).required().description('the filters as applied (a period is filled in)'),
  summary: Joi.object().unknown(true).allow(null).required().description('the report\'s figures once completed, e.g. total_value and per-inventory values of a valuation'),
  row_count: Joi.number().integer().allow(null).required(),
  file_size: Joi.number().integer().allow(null).required(),
  error: Joi.string().allow(null).required(),
  schedule_id: Joi.number().integer().allow(null).required(),
  download_url: Joi.string().uri().allow(null).required().description('GET it with your bearer token while completed and not expired'),
  profile_type: Joi.string().valid('self', 'team').required(),
  team_id: Joi.number().integer().allow(null).required(),
  created_by: Joi.string().guid().allow(null).required(),
  created_at: Joi.string().isoDate().required(),
  started_at: at.required(),
  finished_at: at.required(),
  expires_at: at.required().description('the file is kept until then'),
}).label('Report');

export const ReportIn = Joi.object({
  kind: Joi.string().valid(...REPORT_KINDS).required(),
  format: Joi.string().valid(...REPORT_FORMATS).required(),
  filters: ReportFiltersIn,
  title: Joi.string().trim().max(200).allow('').description('default: the kind\'s title'),
}).label('ReportRequest');

export { scopeFields, at };
