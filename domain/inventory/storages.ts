// Storages: the rooms, shelves and areas of an inventory. Moving a storage to another
// inventory carries its boxes and their items along (their inventory_id follows).
import Joi from 'joi';
import type { CollectionDef } from '../shared/scoped-collection.js';
import { scopeOut } from '../shared/scoped-collection.js';
import { refuseWhileStocked } from './guards.js';
import { id } from '../shared/listing.js';
import { Inventory, InventoryItem, Storage, StorageBox } from '../../db/models/index.js';

export const STORAGE_KINDS = ['room', 'shelf', 'cabinet', 'area', 'vehicle', 'other'] as const;

export function storagesDef(): CollectionDef<Record<string, unknown>> {
  return {
    model: Storage,
    alias: 's',
    what: 'Storage',
    entity: 'storage',
    list: {
      filters: { inventory_id: { column: 's.inventory_id', schema: id }, kind: { column: 's.kind', schema: Joi.string().valid(...STORAGE_KINDS) } },
      search: ['s.name', 's.description'],
      ordering: { name: 's.name', kind: 's.kind', inventory_name: 'v.name', created_at: 's.created_at', id: 's.id' },
      defaultOrdering: 'name',
      tiebreak: 's.id',
    },
    select: (db) =>
      db('storages as s')
        .join('inventories as v', 'v.id', 's.inventory_id')
        .select('s.*', 'v.name as inventory_name', db.raw('(SELECT count(*) FROM storage_boxes b WHERE b.storage_id = s.id)::int AS storage_box_count')),
    toOut: (r) => ({
      id: r.id, inventory_id: r.inventory_id, inventory_name: r.inventory_name, name: r.name, kind: r.kind, description: r.description,
      storage_box_count: r.storage_box_count, ...scopeOut(r),
    }),
    writable: ['inventory_id', 'name', 'kind', 'description'],
    references: { inventory_id: { model: Inventory, what: 'Inventory' } },
    async afterWrite({ trx, before, after }) {
      if (before && before.inventory_id !== after.inventory_id) {
        await StorageBox.query(trx).where({ storage_id: after.id }).update({ inventory_id: after.inventory_id, updated_at: trx.fn.now() });
        await InventoryItem.query(trx).whereIn('storage_box_id', StorageBox.query(trx).where({ storage_id: after.id }).select('id')).update({ inventory_id: after.inventory_id, updated_at: trx.fn.now() });
      }
    },
    beforeDelete: (trx, row) => refuseWhileStocked(trx, 'storage_id', row.id, 'This storage'),
  };
}
