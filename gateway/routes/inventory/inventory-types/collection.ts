// /api/inventory-types/: kinds of inventory (pantry, workshop...) with an icon id.
// Seeded types are listed for everyone and are read-only (403).
import Joi from 'joi';
import { defineCollection, uploadPayload } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { typeListSpec } from '../../../../domain/inventory/inventory-types.js';
import { name, nullableId, patchOf, scopeFields, text } from '../inventory-fields.js';

const TypeOut = Joi.object({
  id: Joi.number().integer().required(),
  name: Joi.string().required(),
  description: Joi.string().allow('').required(),
  icon: Joi.number().integer().allow(null).required().description('inventory icon id'),
  icon_name: Joi.string().allow(null),
  icon_value: Joi.string().allow('', null),
  icon_image: Joi.string().uri().allow(null),
  is_system: Joi.boolean().required(),
  ...scopeFields,
}).label('InventoryType');

const TypeIn = Joi.object({
  name: name(100).required(),
  description: text,
  icon: nullableId.description('id of an inventory icon (yours or a seeded one)'),
}).label('InventoryTypeIn');

export const inventoryTypesCollection = defineCollection({
  path: '/api/inventory-types/',
  tag: 'inventory-types',
  singular: 'inventory type',
  plural: 'inventory types',
  service: (s) => s.inventory.types,
  out: TypeOut,
  listQuery: listQuerySchema(typeListSpec, 'InventoryTypeListQuery'),
  create: TypeIn,
  replace: TypeIn.label('InventoryTypeReplace'),
  update: patchOf(TypeIn, 'InventoryTypePatch'),
  payload: uploadPayload(64 * 1024),
  notes: { list: 'The caller\'s types plus the seeded defaults (is_system, read-only).', create: 'JSON or form data; `icon` is an inventory icon id.' },
});
