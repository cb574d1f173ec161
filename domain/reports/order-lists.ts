// Order lists: what to buy, built by hand or from low stock (order-list-builder.ts),
// editable while `draft`, frozen once `ordered`, and received exactly once through
// the stock ledger (receive()). Status: draft → ordered → received, or → cancelled
// from draft or ordered. `received` is reached only through receive().
import Joi from 'joi';
import type { Platform } from '../../db/platform.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Actor } from '../shared/actor.js';
import type { StockLedger } from '../inventory/stock-ledger.js';
import { ScopedCollection, iso, scopeOut, type CollectionDef, type WriteContext } from '../shared/scoped-collection.js';
import { id } from '../shared/listing.js';
import { auditCtx, findInScope, requireInScope } from '../shared/scoped-rows.js';
import { Conflict, Invalid } from '../../jobs/runtime/errors.js';
import { Inventory, OrderList, OrderListItem } from '../../db/models/index.js';
import { buildFromLowStock, type OrderListRequest } from './order-list-builder.js';

export const ORDER_LIST_STATUSES = ['draft', 'ordered', 'received', 'cancelled'] as const;

const money = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;

export function orderListsDef(): CollectionDef<Record<string, unknown>> {
  return {
    model: OrderList,
    alias: 'o',
    what: 'Order list',
    entity: 'order_list',
    list: {
      filters: {
        status: { column: 'o.status', schema: Joi.string().valid(...ORDER_LIST_STATUSES) },
        supplier: { column: 'o.supplier', schema: Joi.string().max(255).allow('') },
        inventory_id: { column: 'o.inventory_id', schema: id },
      },
      search: ['o.name', 'o.supplier', 'o.notes'],
      ordering: { name: 'o.name', status: 'o.status', created_at: 'o.created_at', id: 'o.id' },
      defaultOrdering: '-created_at',
      tiebreak: 'o.id',
    },
    select: (db) =>
      OrderList.query(db).alias('o')
        .leftJoin('inventories as v', 'v.id', 'o.inventory_id')
        .select('o.*', 'v.name as inventory_name', db.raw(`(SELECT coalesce(json_agg(g ORDER BY g.supplier), '[]') FROM (
            SELECT oi.supplier, count(*)::int AS item_count, sum(oi.quantity)::bigint AS total_quantity, sum(oi.quantity * oi.unit_cost) AS total_cost
              FROM order_list_items oi WHERE oi.order_list_id = o.id GROUP BY oi.supplier) g) AS suppliers`)),
    toOut: (r) => {
      const groups = (r.suppliers as any[]).map((g) => ({ supplier: g.supplier, item_count: g.item_count, total_quantity: Number(g.total_quantity), total_cost: money(g.total_cost) }));
      return {
        id: r.id, name: r.name, supplier: r.supplier, status: r.status, notes: r.notes, inventory_id: r.inventory_id ?? null, inventory_name: r.inventory_name ?? null,
        item_count: groups.reduce((s, g) => s + g.item_count, 0), total_quantity: groups.reduce((s, g) => s + g.total_quantity, 0),
        total_cost: money(groups.reduce((s, g) => s + g.total_cost, 0)), suppliers: groups,
        ordered_at: iso(r.ordered_at), received_at: iso(r.received_at), receive_transaction_id: r.receive_transaction_id == null ? null : Number(r.receive_transaction_id),
        ...scopeOut(r),
      };
    },
    writable: ['name', 'supplier', 'notes', 'inventory_id', 'status'],
    references: { inventory_id: { model: Inventory, what: 'Inventory' } },
    prepare: checkTransition,
    beforeDelete: async (_trx, row) => {
      if (row.status === 'ordered' || row.status === 'received') throw new Conflict(`An ${row.status} order list is kept; cancel it instead.`, 'order_list_locked', { status: row.status });
    },
  };
}

/** The status rules of a write: see the header. */
async function checkTransition({ trx, body, before }: WriteContext): Promise<Record<string, unknown>> {
  const next = body.status as string | undefined;
  if (next === 'received') throw Invalid.field('status', 'An order list is received with POST /api/order-lists/{id}/receive/.', 'use_receive');
  if (!before) {
    if (next && next !== 'draft') throw Invalid.field('status', 'A new order list starts as draft.');
    return {};
  }
  const status = before.status as string;
  const changed = Object.keys(body).filter((k) => k !== 'status' && body[k] !== before[k]);
  if (status === 'received' || status === 'cancelled') throw new Conflict(`This order list is ${status} and can no longer change.`, 'order_list_locked', { status });
  if (status === 'ordered' && (changed.some((k) => k !== 'notes') || (next && !['ordered', 'cancelled'].includes(next)))) {
    throw new Conflict('This order list was ordered: only its notes can change, or it can be cancelled.', 'order_list_locked', { status });
  }
  if (next === 'ordered' && status === 'draft') {
    const [{ n }] = await OrderListItem.query(trx).where({ order_list_id: before.id }).count({ n: '*' }) as unknown as { n: string }[];
    if (Number(n) === 0) throw new Conflict('An empty order list cannot be ordered.', 'order_list_empty');
    return { ordered_at: new Date() };
  }
  return {};
}

export class OrderListService extends ScopedCollection<Record<string, unknown>> {
  constructor(platform: Platform, audit: AuditService, private readonly ledger: StockLedger) {
    super(platform, audit, orderListsDef());
  }

  /** A draft list of the scope's low items (order-list-builder.ts), in one transaction with its audit entry. */
  async createFromLowStock(actor: Actor, req: OrderListRequest): Promise<Record<string, unknown>> {
    const listId = await this.platform.knex.transaction(async (trx) => {
      await requireInScope(trx, actor.scope, [{ field: 'inventory_id', model: Inventory, what: 'Inventory', id: req.inventory_id }]);
      const built = await buildFromLowStock(trx, actor, req);
      await this.audit.record(trx, auditCtx(actor.scope, actor.userId), {
        action: 'order_list.create', entityType: 'order_list', entityId: built.id, summary: `built order list #${built.id} from ${built.lines} low-stock item(s)`,
        changes: { source: 'low_stock', lines: built.lines, inventory_id: req.inventory_id ?? null, supplier: req.supplier ?? null },
      });
      return built.id;
    });
    return this.get(actor, listId);
  }

  /**
   * Receives an ordered list: one `receive` ledger transaction with a leg per line,
   * into each line's inventory item. Exactly once: the list is locked and its status
   * checked in the same database transaction, and the ledger's idempotency key
   * (`order-list-<id>`) would refuse a second transaction anyway. A second call
   * answers the received list with `replayed: true`.
   */
  async receive(actor: Actor, orderListId: number, note = ''): Promise<{ order_list: Record<string, unknown>; replayed: boolean }> {
    const replayed = await this.platform.knex.transaction(async (trx) => {
      const list = await findInScope<OrderList>(trx, OrderList, orderListId, actor.scope, 'Order list', { forUpdate: true });
      if (list.status === 'received') return true;
      if (list.status !== 'ordered') throw new Conflict(`This order list is ${list.status}; mark it ordered before receiving it.`, 'order_list_not_ordered', { status: list.status });
      const lines = await OrderListItem.query(trx).alias('oi').join('inventory_items as i', 'i.id', 'oi.item_id').where('oi.order_list_id', list.id).orderBy('oi.id')
        .select('oi.quantity', 'i.storage_box_id', 'i.product_id', 'i.variant_id', 'i.inventory_id', 'i.lot_number', 'i.serial_number') as unknown as Record<string, any>[];
      if (!lines.length) throw new Conflict('This order list has no lines to receive.', 'order_list_empty');
      const r = await this.ledger.receive(trx, actor.scope, actor.userId, lines.map((l) => ({
        storage_box_id: l.storage_box_id, product_id: l.product_id, variant_id: l.variant_id, inventory_id: l.inventory_id, lot_number: l.lot_number, serial_number: l.serial_number, quantity: l.quantity,
      })), { kind: 'receive', source: { type: 'order_list', id: list.id }, reference: `order list #${list.id}`, note, idempotencyKey: `order-list-${list.id}` });
      await OrderList.query(trx).findById(list.id).patch({ status: 'received', received_at: new Date(), receive_transaction_id: r.transaction_id, updated_at: new Date() });
      await this.audit.record(trx, auditCtx(actor.scope, actor.userId), {
        action: 'order_list.receive', entityType: 'order_list', entityId: list.id, summary: `received order list "${list.name}" (#${list.id}) as transaction ${r.transaction_id}`,
        changes: { status: 'received', receive_transaction_id: r.transaction_id, lines: lines.length },
      });
      return false;
    });
    return { order_list: await this.get(actor, orderListId), replayed };
  }
}
