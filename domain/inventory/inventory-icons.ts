// Inventory icons: a name, an emoji `value` and an optional PNG `icon_image`
// (checked by its magic bytes, at most ICON_MAX_BYTES and ICON_MAX_SIDE pixels a side, stored content-addressed
// under MEDIA_ROOT/inventory-icons/). Seeded icons (is_system) are shared and
// read-only.
import Joi from 'joi';
import type { CollectionDef } from '../shared/scoped-collection.js';
import type { ListSpec } from '../shared/listing.js';
import { scopeOut } from '../shared/scoped-collection.js';
import type { MediaStore, UploadRule } from '../media/media-store.js';
import { Invalid } from '../../jobs/runtime/errors.js';
import { InventoryIcon } from '../../db/models/index.js';
import { isUpload } from '../media/upload.js';

export const ICON_MAX_BYTES = 256 * 1024;
/** icons are shown small: a larger picture only costs every client that loads it */
export const ICON_MAX_SIDE = 1024;
export const ICON_RULE: UploadRule = { field: 'icon_image', types: ['image/png'], maxBytes: ICON_MAX_BYTES, maxSide: ICON_MAX_SIDE, maxPixels: ICON_MAX_SIDE * ICON_MAX_SIDE };

export interface IconOut {
  id: number;
  name: string;
  value: string;
  icon_image: string | null;
  is_system: boolean;
}

export const iconListSpec: ListSpec = {
  filters: { is_system: { column: 'ic.is_system', schema: Joi.boolean() }, name: { column: 'ic.name', schema: Joi.string().max(100), op: 'ilike' } },
  search: ['ic.name', 'ic.value'],
  ordering: { name: 'ic.name', created_at: 'ic.created_at', id: 'ic.id' },
  defaultOrdering: 'name',
  tiebreak: 'ic.id',
};

export function iconsDef(media: MediaStore): CollectionDef<IconOut> {
  return {
    model: InventoryIcon,
    alias: 'ic',
    what: 'Inventory icon',
    entity: 'inventory_icon',
    includeSystem: true,
    list: iconListSpec,
    select: (db) => db('inventory_icons as ic').select('ic.*'),
    toOut: (r) => ({ id: r.id, name: r.name, value: r.value, icon_image: media.url(r.icon_image), is_system: r.is_system, ...scopeOut(r) }),
    writable: ['name', 'value'],
    async prepare({ body, before }) {
      const file = body.icon_image;
      if (file === undefined) {
        if (!before && !body.value) throw Invalid.field('value', 'An icon needs an emoji value or an icon_image PNG.', 'icon_required');
        return {};
      }
      if (file === null || file === '') return before ? { icon_image: null } : {};
      if (!isUpload(file)) throw Invalid.field('icon_image', 'icon_image must be a PNG file sent as multipart/form-data.', 'not_a_file');
      const stored = await media.saveUpload(file, ICON_RULE, 'inventory-icons');
      return { icon_image: stored.path };
    },
    async afterDelete(row) {
      // files are content-addressed: another icon may hold the same PNG
      if (row.icon_image) await media.removeIfUnused(row.icon_image, async (db) => Boolean(await InventoryIcon.query(db).where({ icon_image: row.icon_image }).select('id').first()));
    },
  };
}
