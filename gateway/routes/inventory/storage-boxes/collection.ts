// /api/storage-boxes/: bins, drawers and crates inside a storage.
import Joi from 'joi';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { storageBoxesDef } from '../../../../domain/inventory/storage-boxes.js';
import { id } from '../../schemas.js';
import { name, patchOf, scopeFields, text } from '../inventory-fields.js';

const BoxOut = Joi.object({
  id: Joi.number().integer().required(),
  storage_id: Joi.number().integer().required(),
  storage_name: Joi.string().required(),
  inventory_id: Joi.number().integer().required(),
  inventory_name: Joi.string().required(),
  name: Joi.string().required(),
  code: Joi.string().allow('').required().description('printed label or barcode of the box'),
  description: Joi.string().allow('').required(),
  item_count: Joi.number().integer(),
  total_quantity: Joi.number().integer(),
  ...scopeFields,
}).label('StorageBox');

const BoxIn = Joi.object({
  storage_id: id.required().description('the storage (and so the inventory) the box is in'),
  name: name(150).required(),
  code: Joi.string().trim().allow('').max(64),
  description: text,
}).label('StorageBoxIn');

export const storageBoxesCollection = defineCollection({
  path: '/api/storage-boxes/',
  tag: 'storage-boxes',
  singular: 'storage box',
  plural: 'storage boxes',
  service: (s) => s.inventory.storageBoxes,
  out: BoxOut,
  listQuery: listQuerySchema(storageBoxesDef().list, 'StorageBoxListQuery'),
  create: BoxIn,
  replace: BoxIn.label('StorageBoxReplace'),
  update: patchOf(BoxIn, 'StorageBoxPatch'),
  notes: {
    create: 'inventory_id is the storage\'s inventory.',
    update: 'Changing storage_id moves the box (and its items) to that storage\'s inventory.',
    delete: 'Refused with 409 not_empty while any item in it holds stock.',
  },
});
