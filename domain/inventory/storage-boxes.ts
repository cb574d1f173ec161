// Storage boxes: bins, drawers or crates inside a storage. The box's inventory is
// its storage's; moving a box to another storage carries its items along.
import Joi from 'joi';
import type { CollectionDef } from '../shared/scoped-collection.js';
import { scopeOut } from '../shared/scoped-collection.js';
import { refuseWhileStocked } from './guards.js';
import { id } from '../shared/listing.js';
import { InventoryItem, Storage, StorageBox } from '../../db/models/index.js';

export function storageBoxesDef(): CollectionDef<Record<string, unknown>> {
  return {
    model: StorageBox,
    alias: 'b',
    what: 'Storage box',
    entity: 'storage_box',
    list: {
      filters: {
        storage_id: { column: 'b.storage_id', schema: id },
        inventory_id: { column: 'b.inventory_id', schema: id },
        code: { column: 'b.code', schema: Joi.string().max(64) },
      },
      search: ['b.name', 'b.code', 'b.description'],
      ordering: { name: 'b.name', code: 'b.code', storage_name: 's.name', inventory_name: 'v.name', created_at: 'b.created_at', id: 'b.id' },
      defaultOrdering: 'name',
      tiebreak: 'b.id',
    },
    select: (db) =>
      db('storage_boxes as b')
        .join('storages as s', 's.id', 'b.storage_id')
        .join('inventories as v', 'v.id', 'b.inventory_id')
        .select(
          'b.*', 's.name as storage_name', 'v.name as inventory_name',
          db.raw('(SELECT count(*) FROM inventory_items i WHERE i.storage_box_id = b.id)::int AS item_count'),
          db.raw('(SELECT coalesce(sum(i.quantity), 0) FROM inventory_items i WHERE i.storage_box_id = b.id)::bigint AS total_quantity'),
        ),
    toOut: (r) => ({
      id: r.id, storage_id: r.storage_id, storage_name: r.storage_name, inventory_id: r.inventory_id, inventory_name: r.inventory_name,
      name: r.name, code: r.code, description: r.description, item_count: r.item_count, total_quantity: Number(r.total_quantity), ...scopeOut(r),
    }),
    writable: ['storage_id', 'name', 'code', 'description'],
    references: { storage_id: { model: Storage, what: 'Storage' } },
    prepare: ({ refs }) => (refs.storage_id ? { inventory_id: refs.storage_id.inventory_id } : {}),
    async afterWrite({ trx, before, after }) {
      if (before && before.inventory_id !== after.inventory_id) {
        await InventoryItem.query(trx).where({ storage_box_id: after.id }).update({ inventory_id: after.inventory_id, updated_at: trx.fn.now() });
      }
    },
    beforeDelete: (trx, row) => refuseWhileStocked(trx, 'storage_box_id', row.id, 'This storage box'),
  };
}
