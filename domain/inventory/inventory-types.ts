// Inventory types (pantry, workshop, office...): a name, a description and an icon
// (`icon`, the id of an inventory icon in the scope or a seeded one). Seeded types
// are shared and read-only.
import Joi from 'joi';
import type { CollectionDef } from '../shared/scoped-collection.js';
import type { ListSpec } from '../shared/listing.js';
import { scopeOut } from '../shared/scoped-collection.js';
import type { MediaStore } from '../media/media-store.js';
import { id } from '../shared/listing.js';
import { InventoryIcon, InventoryType } from '../../db/models/index.js';

export const typeListSpec: ListSpec = {
  filters: { is_system: { column: 'ty.is_system', schema: Joi.boolean() }, icon: { column: 'ty.icon_id', schema: id } },
  search: ['ty.name', 'ty.description'],
  ordering: { name: 'ty.name', created_at: 'ty.created_at', id: 'ty.id' },
  defaultOrdering: 'name',
  tiebreak: 'ty.id',
};

export function typesDef(media: MediaStore): CollectionDef<Record<string, unknown>> {
  return {
    model: InventoryType,
    alias: 'ty',
    what: 'Inventory type',
    entity: 'inventory_type',
    includeSystem: true,
    list: typeListSpec,
    select: (db) =>
      db('inventory_types as ty')
        .leftJoin('inventory_icons as tic', 'tic.id', 'ty.icon_id')
        .select('ty.*', 'tic.name as icon_name', 'tic.value as icon_value', 'tic.icon_image as icon_image'),
    toOut: (r) => ({
      id: r.id, name: r.name, description: r.description, icon: r.icon_id ?? null, icon_name: r.icon_name ?? null, icon_value: r.icon_value ?? null,
      icon_image: media.url(r.icon_image), is_system: r.is_system, ...scopeOut(r),
    }),
    writable: ['name', 'description'],
    references: { icon: { model: InventoryIcon, what: 'Inventory icon', includeSystem: true } },
    prepare: ({ body }) => (body.icon !== undefined ? { icon_id: body.icon } : {}),
  };
}
