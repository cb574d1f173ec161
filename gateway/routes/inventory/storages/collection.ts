// /api/storages/: rooms, shelves and areas of an inventory.
import Joi from 'joi';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { STORAGE_KINDS, storagesDef } from '../../../../domain/inventory/storages.js';
import { id } from '../../schemas.js';
import { name, patchOf, scopeFields, text } from '../inventory-fields.js';

const StorageOut = Joi.object({
  id: Joi.number().integer().required(),
  inventory_id: Joi.number().integer().required(),
  inventory_name: Joi.string().required(),
  name: Joi.string().required(),
  kind: Joi.string().valid(...STORAGE_KINDS).required(),
  description: Joi.string().allow('').required(),
  storage_box_count: Joi.number().integer(),
  ...scopeFields,
}).label('Storage');

const StorageIn = Joi.object({
  inventory_id: id.required(),
  name: name(150).required(),
  kind: Joi.string().valid(...STORAGE_KINDS).description('default room'),
  description: text,
}).label('StorageIn');

export const storagesCollection = defineCollection({
  path: '/api/storages/',
  tag: 'storages',
  singular: 'storage',
  plural: 'storages',
  service: (s) => s.inventory.storages,
  out: StorageOut,
  listQuery: listQuerySchema(storagesDef().list, 'StorageListQuery'),
  create: StorageIn,
  replace: StorageIn.label('StorageReplace'),
  update: patchOf(StorageIn, 'StoragePatch'),
  notes: {
    update: 'Changing inventory_id moves the storage with its boxes and items to that inventory.',
    delete: 'Refused with 409 not_empty while any item in its boxes holds stock.',
  },
});
