// POST /api/inventory-transactions/: records a stock movement through the ledger.
import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { id } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { nullableId, ymd } from '../inventory-fields.js';
import { LEDGER_KINDS, MAX_QUANTITY, type LedgerRequest } from '../../../../domain/inventory/stock-ledger.js';
import { TransactionOut } from './collection.js';

const amount = Joi.number().integer().min(1).max(MAX_QUANTITY);
const Line = Joi.object({
  storage_box_id: id.required(),
  product_id: id.required(),
  quantity: amount.required(),
  inventory_id: id.description('optional; must be the box\'s inventory'),
  variant_id: nullableId,
  unit: Joi.string().trim().min(1).max(32),
  min_quantity: Joi.number().integer().min(0).max(MAX_QUANTITY).description('used when the line creates the item'),
  lot_number: Joi.string().trim().allow('').max(100),
  serial_number: Joi.string().trim().allow('').max(100),
  expiry_date: ymd.allow(null),
  notes: Joi.string().allow('').max(5000),
}).label('InventoryReceiveLine');

const isKind = (...kinds: string[]) => Joi.valid(...kinds);
const TransactionIn = Joi.object({
  kind: Joi.string().valid(...LEDGER_KINDS).required(),
  item_id: id.when('kind', {
    switch: [
      { is: isKind('consume', 'adjust', 'move'), then: Joi.required() },
      { is: 'import', then: Joi.forbidden() },
    ],
  }).description('the item to change (receive: an existing item; or send lines)'),
  quantity: amount.when('kind', { switch: [{ is: isKind('consume', 'move'), then: Joi.required() }, { is: isKind('adjust', 'import'), then: Joi.forbidden() }] })
    .description('units to receive, consume or move (whole number >= 1)'),
  delta: Joi.number().integer().min(-MAX_QUANTITY).max(MAX_QUANTITY).invalid(0).when('kind', { is: 'adjust', otherwise: Joi.forbidden() })
    .description('adjust: signed correction'),
  counted_quantity: Joi.number().integer().min(0).max(MAX_QUANTITY).when('kind', { is: 'adjust', otherwise: Joi.forbidden() })
    .description('adjust: the counted stock (stocktake); the ledger records the difference'),
  to_storage_box_id: id.when('kind', { is: 'move', otherwise: Joi.forbidden() }).description('move: destination box (the item there is created when missing)'),
  to_item_id: id.when('kind', { is: 'move', otherwise: Joi.forbidden() }).description('move: destination item (same product)'),
  lines: Joi.array().items(Line).min(1).max(1000)
    .when('kind', { switch: [{ is: 'import', then: Joi.required() }, { is: 'receive', then: Joi.optional() }], otherwise: Joi.forbidden() })
    .description('receive/import: create-or-increase lines (instead of item_id + quantity), at most 1,000'),
  reference: Joi.string().trim().allow('').max(200).description('e.g. a delivery note or order number'),
  note: Joi.string().allow('').max(5000),
})
  .oxor('delta', 'counted_quantity')
  .oxor('to_storage_box_id', 'to_item_id')
  .nand('lines', 'quantity')
  .when(Joi.object({ kind: Joi.valid('adjust') }).unknown(), { then: Joi.object().xor('delta', 'counted_quantity') })
  .when(Joi.object({ kind: Joi.valid('move') }).unknown(), { then: Joi.object().xor('to_storage_box_id', 'to_item_id') })
  .when(Joi.object({ kind: Joi.valid('receive') }).unknown(), { then: Joi.object().xor('item_id', 'lines').with('item_id', 'quantity') })
  .label('InventoryTransactionIn');

export default {
  method: 'POST',
  path: '/api/inventory-transactions/',
  options: {
    tags: ['api', 'inventory-transactions'],
    description: 'Record a stock movement: receive, consume, adjust, move or import',
    notes: [
      'receive: item_id + quantity, or lines (create or increase items). consume: item_id + quantity. adjust: item_id + delta or counted_quantity.',
      'move: item_id + quantity + to_storage_box_id or to_item_id (two legs in one transaction). import: lines.',
      'Atomic with row locks; a quantity never goes below zero (409 insufficient_stock, nothing written). Whole numbers only.',
      'Idempotency-Key header (optional): a replay answers 200 with the original transaction; the same key with another body is 409 idempotency_key_reused.',
    ].join(' '),
    validate: {
      payload: TransactionIn,
      headers: Joi.object({ 'idempotency-key': Joi.string().trim().min(1).max(100).pattern(/^[\x21-\x7e]+$/) }).unknown(true),
    },
    response: { status: { 200: TransactionOut, 201: TransactionOut } },
    plugins: errorDocs(400, 401, 403, 404, 409),
  },
  async handler(request, h) {
    const key = (request.headers['idempotency-key'] as string | undefined)?.trim() || null;
    const { transaction, replayed } = await request.server.app.services.inventory.transactions.record(actor(request), request.payload as LedgerRequest, key);
    return h.response(transaction).code(replayed ? 200 : 201).header('Location', `/api/inventory-transactions/${transaction.id}/`);
  },
} satisfies ServerRoute;
