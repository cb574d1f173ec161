// Order list items: a quantity of one inventory item (the product in the box it will
// be received into). Lines change only while their list is a draft; the supplier and
// unit cost default to the product's supplier and the item's unit cost.
import Joi from 'joi';
import type { Knex } from 'knex';
import { ScopedCollection, scopeOut, type CollectionDef, type WriteContext } from '../shared/scoped-collection.js';
import { id } from '../shared/listing.js';
import { findInScope } from '../shared/scoped-rows.js';
import { Conflict } from '../../jobs/runtime/errors.js';
import { InventoryItem, OrderList, OrderListItem } from '../../db/models/index.js';
import type { Actor } from '../shared/actor.js';

const money = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;

async function requireDraft(trx: Knex.Transaction, actor: Actor, orderListId: number): Promise<void> {
  const list = await findInScope<OrderList>(trx, OrderList, orderListId, actor.scope, 'Order list', { forUpdate: true });
  if (list.status !== 'draft') throw new Conflict(`Order list ${list.id} is ${list.status}; its lines can no longer change.`, 'order_list_locked', { order_list_id: list.id, status: list.status });
}

async function prepareLine({ trx, actor, body, before, refs }: WriteContext): Promise<Record<string, unknown>> {
  if (before) await requireDraft(trx, actor, before.order_list_id);
  if (body.order_list_id !== undefined && body.order_list_id !== before?.order_list_id) await requireDraft(trx, actor, body.order_list_id as number);
  const item = refs.item_id as Record<string, any> | undefined;
  if (!item) return {};
  const out: Record<string, unknown> = {};
  if (body.unit_cost === undefined) out.unit_cost = item.unit_cost;
  if (body.supplier === undefined) {
    const p = await trx('products').where({ id: item.product_id }).first('supplier');
    out.supplier = p?.supplier ?? '';
  }
  return out;
}

export function orderListItemsDef(): CollectionDef<Record<string, unknown>> {
  return {
    model: OrderListItem,
    alias: 'oi',
    what: 'Order list item',
    entity: 'order_list_item',
    list: {
      filters: {
        order_list_id: { column: 'oi.order_list_id', schema: id },
        item_id: { column: 'oi.item_id', schema: id },
        product_id: { column: 'i.product_id', schema: id },
        supplier: { column: 'oi.supplier', schema: Joi.string().max(255).allow('') },
      },
      search: ['p.name', 'oi.supplier', 'oi.notes'],
      ordering: { supplier: 'oi.supplier', product_name: 'p.name', quantity: 'oi.quantity', created_at: 'oi.created_at', id: 'oi.id' },
      defaultOrdering: 'supplier,product_name',
      tiebreak: 'oi.id',
    },
    select: (db) =>
      OrderListItem.query(db).alias('oi')
        .join('order_lists as o', 'o.id', 'oi.order_list_id')
        .join('inventory_items as i', 'i.id', 'oi.item_id')
        .join('products as p', 'p.id', 'i.product_id')
        .join('inventories as v', 'v.id', 'i.inventory_id')
        .join('storage_boxes as b', 'b.id', 'i.storage_box_id')
        .select('oi.*', 'o.status as order_list_status', 'i.product_id', 'p.name as product_name', 'i.inventory_id', 'v.name as inventory_name', 'i.storage_box_id', 'b.name as storage_box_name', 'i.unit', 'i.quantity as quantity_on_hand'),
    toOut: (r) => ({
      id: r.id, order_list_id: r.order_list_id, order_list_status: r.order_list_status, item_id: r.item_id, product_id: r.product_id, product_name: r.product_name,
      inventory_id: r.inventory_id, inventory_name: r.inventory_name, storage_box_id: r.storage_box_id, storage_box_name: r.storage_box_name,
      supplier: r.supplier, quantity: r.quantity, unit: r.unit, quantity_on_hand: r.quantity_on_hand, unit_cost: money(r.unit_cost), line_cost: money(r.quantity * Number(r.unit_cost)),
      notes: r.notes, ...scopeOut(r),
    }),
    writable: ['order_list_id', 'item_id', 'quantity', 'unit_cost', 'supplier', 'notes'],
    references: { order_list_id: { model: OrderList, what: 'Order list' }, item_id: { model: InventoryItem, what: 'Inventory item' } },
    prepare: prepareLine,
    beforeDelete: (trx, row, actor) => requireDraft(trx, actor, row.order_list_id),
  };
}
