// POST /api/create-order-list/: one draft order list holding every low item of the
// scope (minimum set, quantity at or below it) for the quantity that brings it to
// its target (to its minimum when it has no target), its lines grouped by the
// product's supplier. Items already on an open (draft or ordered) list of the scope
// are left out, so asking twice does not order twice.
import type { Knex } from 'knex';
import type { Actor } from '../shared/actor.js';
import { scopeFill } from '../shared/scoped-rows.js';
import { Conflict } from '../../jobs/runtime/errors.js';
import { OrderList, OrderListItem } from '../../db/models/index.js';
import { scopePredicate } from './report-sql.js';

export interface OrderListRequest {
  name?: string;
  inventory_id?: number;
  /** only products of this supplier (exact, case-insensitive) */
  supplier?: string;
  notes?: string;
}

export async function buildFromLowStock(trx: Knex.Transaction, actor: Actor, req: OrderListRequest): Promise<{ id: number; lines: number }> {
  const [where, bindings] = scopePredicate('i', actor.scope);
  const [openWhere, openBindings] = scopePredicate('o', actor.scope);
  const q = trx('inventory_items as i')
    .join('products as p', 'p.id', 'i.product_id')
    .whereRaw(where, bindings)
    .whereRaw('i.min_quantity > 0 AND i.quantity <= i.min_quantity AND greatest(i.target_quantity, i.min_quantity) > i.quantity')
    .whereNotExists(trx('order_list_items as oi').join('order_lists as o', 'o.id', 'oi.order_list_id').whereRaw('oi.item_id = i.id').whereIn('o.status', ['draft', 'ordered']).whereRaw(openWhere, openBindings))
    .select('i.id as item_id', trx.raw('greatest(i.target_quantity, i.min_quantity) - i.quantity AS quantity'), 'i.unit_cost', 'p.supplier')
    .orderBy([{ column: 'p.supplier' }, { column: 'p.name' }, { column: 'i.id' }])
    // the items are locked so two concurrent builders cannot both take them
    .forUpdate('i');
  if (req.inventory_id) q.where('i.inventory_id', req.inventory_id);
  if (req.supplier !== undefined) q.whereRaw('lower(p.supplier) = lower(?)', [req.supplier]);
  const rows = (await q) as { item_id: number; quantity: number; unit_cost: string; supplier: string }[];
  if (!rows.length) throw new Conflict('No low-stock item needs ordering (or each is already on an open order list).', 'nothing_to_order');
  const suppliers = [...new Set(rows.map((r) => r.supplier))];
  const list = await OrderList.query(trx).insert({
    name: (req.name?.trim() || `Low stock ${new Date().toISOString().slice(0, 10)}`).slice(0, 150),
    supplier: suppliers.length === 1 ? suppliers[0] : '',
    notes: req.notes ?? '',
    inventory_id: req.inventory_id ?? null,
    status: 'draft',
    ...scopeFill(actor.scope, actor.userId),
  }).returning('id');
  await OrderListItem.query(trx).insert(rows.map((r) => ({
    order_list_id: list.id, item_id: r.item_id, quantity: Number(r.quantity), unit_cost: r.unit_cost, supplier: r.supplier, notes: '', ...scopeFill(actor.scope, actor.userId),
  })) as never);
  return { id: list.id, lines: rows.length };
}
