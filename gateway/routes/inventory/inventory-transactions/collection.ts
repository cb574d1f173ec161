// GET /api/inventory-transactions/ and /{id}/: the stock ledger (POST is create.ts;
// the ledger is append-only, see append-only.ts).
import Joi from 'joi';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { transactionListSpec } from '../../../../domain/inventory/inventory-transaction-service.js';
import { LEDGER_KINDS } from '../../../../domain/inventory/stock-ledger.js';
import { locationFields, locationOf } from '../inventory-fields.js';

const LegOut = Joi.object({
  id: Joi.number().integer(),
  item_id: Joi.number().integer(),
  delta: Joi.number().integer().description('signed change of the item'),
  quantity_before: Joi.number().integer(),
  quantity_after: Joi.number().integer(),
  unit: Joi.string(),
  product_id: Joi.number().integer(),
  product_name: Joi.string(),
  variant_id: Joi.number().integer().allow(null),
  ...locationFields,
  lot_number: Joi.string().allow(''),
  serial_number: Joi.string().allow(''),
}).label('InventoryTransactionLeg');

export const TransactionOut = Joi.object({
  id: Joi.number().integer().required(),
  kind: Joi.string().valid(...LEDGER_KINDS).required(),
  quantity: Joi.number().integer().min(0).required().description('units received, consumed, moved or adjusted (absolute)'),
  delta: Joi.number().integer().required().description('net signed change over all legs (0 for a move)'),
  item_id: Joi.number().integer().allow(null).description('the item of a one-item transaction; a move\'s source'),
  product_id: Joi.number().integer().allow(null),
  product_name: Joi.string().allow(null),
  ...locationOf({ ids: null, names: null }),
  to_item_id: Joi.number().integer().allow(null).description('a move\'s destination item'),
  to_storage_box_id: Joi.number().integer().allow(null),
  to_storage_box_name: Joi.string().allow(null),
  reference: Joi.string().allow(''),
  note: Joi.string().allow(''),
  source_type: Joi.string().allow(null).description('e.g. invoice_session for imports'),
  source_id: Joi.string().allow(null),
  idempotency_key: Joi.string().allow(null),
  leg_count: Joi.number().integer().description('legs in total; at most 100 are listed in legs'),
  legs: Joi.array().items(LegOut),
  profile_type: Joi.string().valid('self', 'team'),
  team_id: Joi.number().integer().allow(null),
  created_by: Joi.string().guid().allow(null),
  created_at: Joi.string().isoDate(),
}).label('InventoryTransaction');

export const inventoryTransactionsCollection = defineCollection({
  path: '/api/inventory-transactions/',
  tag: 'inventory-transactions',
  singular: 'inventory transaction',
  plural: 'inventory transactions',
  service: (s) => s.inventory.transactions,
  out: TransactionOut,
  listQuery: listQuerySchema(transactionListSpec, 'InventoryTransactionListQuery'),
  notes: { list: 'Newest first by default. Filter by kind (comma list), item_id, product_id, storage_box_id, inventory_id, reference, source_type/source_id, created_after/created_before.' },
});
