// Reading the stock ledger (writing is StockLedger.record). A transaction shows its
// legs with the denormalised names of each leg's item; the top-level item fields
// describe the transaction when it touches one item (or, for a move, its source
// and destination). A list costs two queries (count, page with legs) whatever the
// page size; a read one.
import Joi from 'joi';
import type { Knex } from 'knex';
import type { AnyQueryBuilder } from 'objection';
import type { Platform } from '../../db/platform.js';
import type { CollectionService } from '../shared/scoped-collection.js';
import type { Actor } from '../shared/actor.js';
import { iso } from '../shared/scoped-collection.js';
import type { LedgerRequest, StockLedger } from './stock-ledger.js';
import { LEDGER_KINDS } from './stock-ledger.js';
import { id, applyListParams, paginate, type ListParams, type ListSpec, type Page, type PageAt } from '../shared/listing.js';
import { inScope } from '../shared/scoped-rows.js';
import { NotFound } from '../../jobs/runtime/errors.js';
import { InventoryTransaction } from '../../db/models/index.js';

/** Legs shown per transaction; `leg_count` tells when there are more (bulk imports). */
export const LEGS_SHOWN = 100;

const legsTouching = (column: string) => (q: Knex.QueryBuilder, v: unknown) =>
  void q.whereRaw(`EXISTS (SELECT 1 FROM inventory_transaction_legs fl JOIN inventory_items fi ON fi.id = fl.item_id WHERE fl.transaction_id = t.id AND fi.${column} = ?)`, [v as number]);

export const transactionListSpec: ListSpec = {
  filters: {
    kind: { column: 't.kind', schema: Joi.string().pattern(new RegExp(`^(${LEDGER_KINDS.join('|')})(,(${LEDGER_KINDS.join('|')}))*$`)).description(`one kind or a comma list of ${LEDGER_KINDS.join(', ')}`), op: 'in' },
    item_id: { column: 'fl.item_id', schema: id, apply: (q, v) => void q.whereRaw('EXISTS (SELECT 1 FROM inventory_transaction_legs fl WHERE fl.transaction_id = t.id AND fl.item_id = ?)', [v as number]) },
    product_id: { column: 'fi.product_id', schema: id, apply: legsTouching('product_id') },
    storage_box_id: { column: 'fi.storage_box_id', schema: id, apply: legsTouching('storage_box_id') },
    inventory_id: { column: 'fi.inventory_id', schema: id, apply: legsTouching('inventory_id') },
    reference: { column: 't.reference', schema: Joi.string().max(200) },
    source_type: { column: 't.source_type', schema: Joi.string().max(32) },
    source_id: { column: 't.source_id', schema: Joi.string().max(64) },
    created_by: { column: 't.created_by', schema: Joi.string().guid() },
    created_after: { column: 't.created_at', schema: Joi.date().iso(), op: '>=' },
    created_before: { column: 't.created_at', schema: Joi.date().iso(), op: '<' },
  },
  search: ['t.reference', 't.note'],
  ordering: { created_at: 't.created_at', id: 't.id', kind: 't.kind' },
  defaultOrdering: '-created_at',
  tiebreak: 't.id',
};

export class InventoryTransactionService implements CollectionService<Record<string, unknown>> {
  constructor(
    private readonly platform: Platform,
    private readonly ledger: StockLedger,
  ) {}

  async list(actor: Actor, params: ListParams, at: PageAt): Promise<Page<Record<string, unknown>>> {
    const q = applyListParams(this.select(actor), transactionListSpec, params);
    return paginate(at, q, params, toOut);
  }

  async get(actor: Actor, id: number): Promise<Record<string, unknown>> {
    const row = await this.select(actor).where('t.id', id).first();
    if (!row) throw new NotFound('Inventory transaction');
    return toOut(row);
  }

  /** POST: records the transaction (or replays an Idempotency-Key) and reads it back. */
  async record(actor: Actor, input: LedgerRequest, idempotencyKey: string | null): Promise<{ transaction: Record<string, unknown>; replayed: boolean }> {
    const { transactionId, replayed, snapshot } = await this.ledger.record(actor, input, idempotencyKey);
    // the ledger hands back what it wrote (legs with names from its lock query): no read-back
    return { transaction: snapshot ? toOut(snapshot as unknown as Record<string, unknown>) : await this.get(actor, transactionId), replayed };
  }

  /** Transactions of the scope with their first legs (and leg count, net change) in the same query. */
  private select(actor: Actor): AnyQueryBuilder {
    const knex = this.platform.knex;
    return inScope(InventoryTransaction.query(knex).alias('t'), actor.scope, { table: 't' }).select(
      't.*',
      knex.raw(`(SELECT count(*) FROM inventory_transaction_legs c WHERE c.transaction_id = t.id)::int AS leg_count`),
      knex.raw(`(SELECT coalesce(sum(c.delta), 0) FROM inventory_transaction_legs c WHERE c.transaction_id = t.id)::bigint AS net_delta`),
      knex.raw(`(SELECT coalesce(json_agg(x ORDER BY x.id), '[]') FROM (
          SELECT l.id, l.item_id, l.delta, l.quantity_before, l.quantity_after, i.unit, i.product_id, p.name AS product_name, i.variant_id,
                 i.inventory_id, v.name AS inventory_name, b.storage_id, s.name AS storage_name, i.storage_box_id, b.name AS storage_box_name,
                 i.lot_number, i.serial_number
            FROM inventory_transaction_legs l
            JOIN inventory_items i ON i.id = l.item_id
            JOIN products p ON p.id = i.product_id
            JOIN storage_boxes b ON b.id = i.storage_box_id
            JOIN storages s ON s.id = b.storage_id
            JOIN inventories v ON v.id = i.inventory_id
           WHERE l.transaction_id = t.id ORDER BY l.id LIMIT ${LEGS_SHOWN}) x) AS legs`),
    );
  }
}

function legOut(l: Record<string, any>) {
  return {
    id: Number(l.id), item_id: l.item_id, delta: l.delta, quantity_before: l.quantity_before, quantity_after: l.quantity_after, unit: l.unit,
    product_id: l.product_id, product_name: l.product_name, variant_id: l.variant_id ?? null,
    inventory_id: l.inventory_id, inventory_name: l.inventory_name, storage_id: l.storage_id, storage_name: l.storage_name,
    storage_box_id: l.storage_box_id, storage_box_name: l.storage_box_name, lot_number: l.lot_number, serial_number: l.serial_number,
  };
}

function toOut(r: Record<string, any>) {
  const shown = (r.legs as Record<string, any>[]).map(legOut);
  const legCount = Number(r.leg_count);
  // the item a one-item transaction is about; for a move, the leg that gave stock
  const main = r.kind === 'move' ? shown.find((l) => l.delta < 0) : legCount === 1 ? shown[0] : undefined;
  const dest = r.kind === 'move' ? shown.find((l) => l.delta > 0) : undefined;
  const net = Number(r.net_delta);
  return {
    id: Number(r.id),
    kind: r.kind,
    quantity: r.kind === 'move' ? (dest?.delta ?? 0) : Math.abs(net),
    delta: net,
    item_id: main?.item_id ?? null,
    product_id: main?.product_id ?? null,
    product_name: main?.product_name ?? null,
    inventory_id: main?.inventory_id ?? null,
    inventory_name: main?.inventory_name ?? null,
    storage_id: main?.storage_id ?? null,
    storage_name: main?.storage_name ?? null,
    storage_box_id: main?.storage_box_id ?? null,
    storage_box_name: main?.storage_box_name ?? null,
    to_item_id: dest?.item_id ?? null,
    to_storage_box_id: dest?.storage_box_id ?? null,
    to_storage_box_name: dest?.storage_box_name ?? null,
    reference: r.reference,
    note: r.note,
    source_type: r.source_type ?? null,
    source_id: r.source_id ?? null,
    idempotency_key: r.idempotency_key ?? null,
    leg_count: legCount,
    legs: shown,
    profile_type: r.team_id != null ? 'team' : 'self',
    team_id: r.team_id ?? null,
    created_by: r.created_by ?? null,
    created_at: iso(r.created_at),
  };
}
