// Inventories: the top of the stock tree (inventory -> storages -> storage boxes ->
// items). `inventory_type` and `icon` are ids of types/icons in the scope or seeded.
import Joi from 'joi';
import type { CollectionDef } from '../shared/scoped-collection.js';
import { scopeOut } from '../shared/scoped-collection.js';
import { refuseWhileStocked } from './guards.js';
import { id } from '../shared/listing.js';
import { Inventory, InventoryIcon, InventoryType } from '../../db/models/index.js';
import type { PlanLimits } from '../billing/plan-limits.js';

/** `limits`: the plan's inventory limit applies to creates (402 past it; nothing is deleted on a downgrade). */
export function inventoriesDef(limits?: PlanLimits): CollectionDef<Record<string, unknown>> {
  return {
    model: Inventory,
    alias: 'v',
    what: 'Inventory',
    entity: 'inventory',
    list: {
      filters: {
        inventory_type: { column: 'v.type_id', schema: id },
        icon: { column: 'v.icon_id', schema: id },
        is_archived: { column: 'v.is_archived', schema: Joi.boolean() },
        currency: { column: 'v.currency', schema: Joi.string().uppercase().length(3) },
      },
      search: ['v.name', 'v.description', 'v.location'],
      ordering: { name: 'v.name', created_at: 'v.created_at', updated_at: 'v.updated_at', id: 'v.id' },
      defaultOrdering: 'name',
      tiebreak: 'v.id',
    },
    select: (db) =>
      db('inventories as v')
        .leftJoin('inventory_types as vt', 'vt.id', 'v.type_id')
        .leftJoin('inventory_icons as vi', 'vi.id', 'v.icon_id')
        .select(
          'v.*', 'vt.name as type_name', 'vi.value as icon_value',
          db.raw('(SELECT count(*) FROM storages s WHERE s.inventory_id = v.id)::int AS storage_count'),
          db.raw('(SELECT count(*) FROM storage_boxes b WHERE b.inventory_id = v.id)::int AS storage_box_count'),
          db.raw('(SELECT count(*) FROM inventory_items i WHERE i.inventory_id = v.id)::int AS item_count'),
        ),
    toOut: (r) => ({
      id: r.id, name: r.name, description: r.description, inventory_type: r.type_id ?? null, inventory_type_name: r.type_name ?? null,
      icon: r.icon_id ?? null, icon_value: r.icon_value ?? null, location: r.location, currency: r.currency, is_archived: r.is_archived,
      storage_count: r.storage_count, storage_box_count: r.storage_box_count, item_count: r.item_count, ...scopeOut(r),
    }),
    writable: ['name', 'description', 'location', 'currency', 'is_archived'],
    references: {
      inventory_type: { model: InventoryType, what: 'Inventory type', includeSystem: true },
      icon: { model: InventoryIcon, what: 'Inventory icon', includeSystem: true },
    },
    prepare: async ({ trx, actor, body, before }) => ({
      ...(before ? {} : await limits?.check(trx, actor.scope, 'inventories').then(() => ({}))),
      ...(body.inventory_type !== undefined ? { type_id: body.inventory_type } : {}),
      ...(body.icon !== undefined ? { icon_id: body.icon } : {}),
    }),
    beforeDelete: (trx, row) => refuseWhileStocked(trx, 'inventory_id', row.id, 'This inventory'),
  };
}
