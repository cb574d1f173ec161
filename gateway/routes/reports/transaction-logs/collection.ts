// /api/transaction-logs/: the stock ledger as a read-only log, one line per leg.
import Joi from 'joi';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { transactionLogListSpec } from '../../../../domain/reports/transaction-log-service.js';
import { LEDGER_KINDS } from '../../../../domain/inventory/stock-ledger.js';

const TransactionLogOut = Joi.object({
  id: Joi.number().integer().required().description('the ledger leg'),
  transaction_id: Joi.number().integer().required(),
  kind: Joi.string().valid(...LEDGER_KINDS).required(),
  reference: Joi.string().allow('').required(),
  note: Joi.string().allow('').required(),
  source_type: Joi.string().allow(null).required(),
  source_id: Joi.string().allow(null).required(),
  item_id: Joi.number().integer().required(),
  delta: Joi.number().integer().required(),
  direction: Joi.string().valid('in', 'out').required(),
  quantity_before: Joi.number().integer().required(),
  quantity_after: Joi.number().integer().required(),
  unit: Joi.string().required(),
  product_id: Joi.number().integer().required(),
  product_name: Joi.string().required(),
  inventory_id: Joi.number().integer().required(),
  inventory_name: Joi.string().required(),
  storage_box_id: Joi.number().integer().required(),
  storage_box_name: Joi.string().required(),
  lot_number: Joi.string().allow('').required(),
  serial_number: Joi.string().allow('').required(),
  profile_type: Joi.string().valid('self', 'team').required(),
  team_id: Joi.number().integer().allow(null).required(),
  created_by: Joi.string().guid().allow(null).required(),
  created_at: Joi.string().isoDate().required(),
}).label('TransactionLog');

export const transactionLogsCollection = defineCollection({
  path: '/api/transaction-logs/',
  tag: 'transaction-logs',
  singular: 'transaction log line',
  plural: 'transaction log lines',
  service: (s) => s.reports.transactionLogs,
  out: TransactionLogOut,
  listQuery: listQuerySchema(transactionLogListSpec, 'TransactionLogListQuery'),
  notes: { list: 'Read-only: one line per ledger leg (a move is two). Filter by inventory_id, storage_box_id, item_id, product_id, transaction_id, kind, direction, period_start, period_end; search reference and product name.' },
});
