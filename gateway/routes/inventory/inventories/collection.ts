// /api/inventories/: the top of the stock tree (inventory -> storages -> boxes -> items).
import Joi from 'joi';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { inventoriesDef } from '../../../../domain/inventory/inventories.js';
import { name, nullableId, patchOf, scopeFields, text } from '../inventory-fields.js';

const InventoryOut = Joi.object({
  id: Joi.number().integer().required(),
  name: Joi.string().required(),
  description: Joi.string().allow('').required(),
  inventory_type: Joi.number().integer().allow(null).required().description('inventory type id'),
  inventory_type_name: Joi.string().allow(null),
  icon: Joi.number().integer().allow(null).required().description('inventory icon id'),
  icon_value: Joi.string().allow('', null),
  location: Joi.string().allow('').required(),
  currency: Joi.string().length(3).required(),
  is_archived: Joi.boolean().required(),
  storage_count: Joi.number().integer(),
  storage_box_count: Joi.number().integer(),
  item_count: Joi.number().integer(),
  ...scopeFields,
}).label('Inventory');

const InventoryIn = Joi.object({
  name: name(150).required(),
  description: text,
  inventory_type: nullableId.description('inventory type id (yours or seeded)'),
  icon: nullableId.description('inventory icon id (yours or seeded)'),
  location: Joi.string().allow('').max(300),
  currency: Joi.string().trim().uppercase().pattern(/^[A-Z]{3}$/).messages({ 'string.pattern.base': 'currency must be a 3-letter ISO 4217 code' }),
  is_archived: Joi.boolean(),
}).label('InventoryIn').example({ name: 'Workshop', description: 'Tools and spare parts', location: 'Garage', currency: 'EUR' });

export const inventoriesCollection = defineCollection({
  path: '/api/inventories/',
  tag: 'inventories',
  singular: 'inventory',
  plural: 'inventories',
  service: (s) => s.inventory.inventories,
  out: InventoryOut,
  listQuery: listQuerySchema(inventoriesDef().list, 'InventoryListQuery'),
  create: InventoryIn,
  replace: InventoryIn.label('InventoryReplace'),
  update: patchOf(InventoryIn, 'InventoryPatch'),
  notes: { delete: 'Refused with 409 not_empty while any item in it holds stock; deleting removes its storages, boxes and empty items.' },
});
