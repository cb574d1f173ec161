// Transaction logs: the stock ledger read as a flat log, one line per leg (a move is
// two lines), with the transaction's kind, reference and time and the item's names.
// Read-only: the ledger is written by StockLedger alone.
import Joi from 'joi';
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { Actor } from '../shared/actor.js';
import type { CollectionService } from '../shared/scoped-collection.js';
import { iso } from '../shared/scoped-collection.js';
import { applyListParams, id, paginate, type ListParams, type ListSpec, type Page, type PageAt } from '../shared/listing.js';
import { NotFound } from '../../jobs/runtime/errors.js';
import { LEDGER_KINDS } from '../inventory/stock-ledger.js';
import { scopePredicate } from './report-sql.js';

export const transactionLogListSpec: ListSpec = {
  filters: {
    inventory_id: { column: 'i.inventory_id', schema: id },
    storage_box_id: { column: 'i.storage_box_id', schema: id },
    item_id: { column: 'l.item_id', schema: id },
    product_id: { column: 'i.product_id', schema: id },
    transaction_id: { column: 'l.transaction_id', schema: Joi.number().integer().positive() },
    kind: { column: 't.kind', schema: Joi.string().pattern(new RegExp(`^(${LEDGER_KINDS.join('|')})(,(${LEDGER_KINDS.join('|')}))*$`)).description(`one kind or a comma list of ${LEDGER_KINDS.join(', ')}`), op: 'in' },
    direction: {
      column: 'l.delta', schema: Joi.string().valid('in', 'out').description('in: stock added (delta > 0); out: stock taken (delta < 0)'),
      apply: (q, v) => void q.where('l.delta', v === 'in' ? '>' : '<', 0),
    },
    period_start: { column: 't.created_at', schema: Joi.date().iso().description('from this instant (inclusive)'), op: '>=' },
    period_end: { column: 't.created_at', schema: Joi.date().iso().description('until this instant (exclusive)'), op: '<' },
  },
  search: ['t.reference', 'p.name'],
  ordering: { created_at: 't.created_at', id: 'l.id', delta: 'l.delta' },
  defaultOrdering: '-created_at',
  tiebreak: 'l.id',
};

export class TransactionLogService implements CollectionService<Record<string, unknown>> {
  constructor(private readonly platform: Platform) {}

  async list(actor: Actor, params: ListParams, at: PageAt): Promise<Page<Record<string, unknown>>> {
    return paginate(at, applyListParams(this.select(actor), transactionLogListSpec, params), params, toOut);
  }

  async get(actor: Actor, legId: number): Promise<Record<string, unknown>> {
    const row = await this.select(actor).where('l.id', legId).first();
    if (!row) throw new NotFound('Transaction log');
    return toOut(row);
  }

  private select(actor: Actor): Knex.QueryBuilder {
    const [where, bindings] = scopePredicate('t', actor.scope);
    return this.platform.knex('inventory_transaction_legs as l')
      .join('inventory_transactions as t', 't.id', 'l.transaction_id')
      .join('inventory_items as i', 'i.id', 'l.item_id')
      .join('products as p', 'p.id', 'i.product_id')
      .join('inventories as v', 'v.id', 'i.inventory_id')
      .join('storage_boxes as b', 'b.id', 'i.storage_box_id')
      .whereRaw(where, bindings)
      .select('l.id', 'l.transaction_id', 't.kind', 't.reference', 't.note', 't.source_type', 't.source_id', 't.created_by', 't.created_at', 't.team_id',
        'l.item_id', 'l.delta', 'l.quantity_before', 'l.quantity_after', 'i.unit', 'i.product_id', 'p.name as product_name', 'i.inventory_id', 'v.name as inventory_name',
        'i.storage_box_id', 'b.name as storage_box_name', 'i.lot_number', 'i.serial_number');
  }
}

function toOut(r: Record<string, any>) {
  return {
    id: Number(r.id), transaction_id: Number(r.transaction_id), kind: r.kind, reference: r.reference, note: r.note,
    source_type: r.source_type ?? null, source_id: r.source_id ?? null,
    item_id: r.item_id, delta: r.delta, direction: r.delta >= 0 ? 'in' : 'out', quantity_before: r.quantity_before, quantity_after: r.quantity_after, unit: r.unit,
    product_id: r.product_id, product_name: r.product_name, inventory_id: r.inventory_id, inventory_name: r.inventory_name,
    storage_box_id: r.storage_box_id, storage_box_name: r.storage_box_name, lot_number: r.lot_number, serial_number: r.serial_number,
    profile_type: r.team_id != null ? 'team' : 'self', team_id: r.team_id ?? null, created_by: r.created_by ?? null, created_at: iso(r.created_at),
  };
}
