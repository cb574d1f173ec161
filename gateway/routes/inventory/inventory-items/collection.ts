// /api/inventory-items/: a product in a storage box. `quantity` is set once on create
// (recorded as a `receive` transaction) and afterwards changes only through
// POST /api/inventory-transactions/.
import Joi from 'joi';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { itemsDef } from '../../../../domain/inventory/inventory-item-service.js';
import { id } from '../../schemas.js';
import { locationOf, nullableId, patchOf, quantity, scopeFields, ymd } from '../inventory-fields.js';

const ItemOut = Joi.object({
  id: Joi.number().integer().required(),
  ...locationOf({ required: true }),
  product_id: Joi.number().integer().required(),
  product_name: Joi.string().required(),
  product_family_name: Joi.string().allow(null).required(),
  variant_id: Joi.number().integer().allow(null),
  variant_name: Joi.string().allow('', null),
  sku: Joi.string().allow('', null),
  barcode: Joi.string().allow('', null),
  quantity: Joi.number().integer().min(0).required(),
  unit: Joi.string().required(),
  min_quantity: Joi.number().integer().min(0).required(),
  is_low_stock: Joi.boolean().required().description('min_quantity > 0 and quantity <= min_quantity'),
  target_quantity: Joi.number().integer().min(0).required().description('the stock an order list refills to (0: refill to min_quantity)'),
  unit_cost: Joi.number().min(0).required().description('cost of one unit, for valuation reports and order lists'),
  lot_number: Joi.string().allow('').required(),
  serial_number: Joi.string().allow('').required(),
  expiry_date: Joi.string().allow(null).required(),
  notes: Joi.string().allow('').required(),
  ...scopeFields,
}).label('InventoryItem');

const editable = {
  unit: Joi.string().trim().min(1).max(32).description('default: the product\'s base unit'),
  min_quantity: quantity.description('alert when quantity falls to or below this (0 = no low-stock alert)'),
  target_quantity: quantity.description('the stock an order list built from low stock refills to (0 = refill to min_quantity)'),
  unit_cost: Joi.number().min(0).max(1e9).precision(4).description('cost of one unit in the inventory\'s currency (up to 4 decimals)'),
  lot_number: Joi.string().trim().allow('').max(100),
  serial_number: Joi.string().trim().allow('').max(100).description('a serialised item holds at most 1'),
  expiry_date: ymd.allow(null),
  notes: Joi.string().allow('').max(5000),
};
const readOnly = (field: string, how: string) => Joi.any().forbidden().messages({ 'any.unknown': `${field} is read-only here: ${how}` });

const ItemCreate = Joi.object({
  storage_box_id: id.required(),
  product_id: id.required(),
  inventory_id: id.description('optional; must be the storage box\'s inventory'),
  variant_id: nullableId.description('a variant of the product'),
  quantity: quantity.default(0).description('initial stock, recorded as a receive transaction'),
  ...editable,
}).label('InventoryItemIn');

const ItemUpdate = Joi.object({
  ...editable,
  quantity: readOnly('quantity', 'change it with POST /api/inventory-transactions/ (receive, consume, adjust or move)'),
  storage_box_id: readOnly('storage_box_id', 'move stock with a move transaction'),
  inventory_id: readOnly('inventory_id', 'move stock with a move transaction'),
  product_id: readOnly('product_id', 'create another item for another product'),
  variant_id: readOnly('variant_id', 'create another item for another variant'),
});

export const inventoryItemsCollection = defineCollection({
  path: '/api/inventory-items/',
  tag: 'inventory-items',
  singular: 'inventory item',
  plural: 'inventory items',
  service: (s) => s.inventory.items,
  out: ItemOut,
  listQuery: listQuerySchema(itemsDef().list, 'InventoryItemListQuery'),
  create: ItemCreate,
  replace: ItemUpdate.label('InventoryItemReplace'),
  update: patchOf(ItemUpdate, 'InventoryItemPatch'),
  notes: {
    create: 'One item per product/variant/lot/serial in a box: a second one is 409 item_exists (receive into the existing item). A quantity above 0 records a receive transaction.',
    update: 'quantity, storage_box_id, inventory_id, product_id and variant_id are read-only (400): quantities change only through /api/inventory-transactions/.',
    delete: 'Refused with 409 not_empty while the item holds stock; its ledger legs go with it (the audit log keeps the record).',
  },
});
