// /api/order-list-items/: the lines of order lists; they change only while their list is a draft.
import Joi from 'joi';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { orderListItemsDef } from '../../../../domain/reports/order-list-items.js';
import { ORDER_LIST_STATUSES } from '../../../../domain/reports/order-lists.js';
import { id } from '../../schemas.js';
import { patchOf, scopeFields } from '../../inventory/inventory-fields.js';

const OrderListItemOut = Joi.object({
  id: Joi.number().integer().required(),
  order_list_id: Joi.number().integer().required(),
  order_list_status: Joi.string().valid(...ORDER_LIST_STATUSES).required(),
  item_id: Joi.number().integer().required(),
  product_id: Joi.number().integer().required(),
  product_name: Joi.string().required(),
  inventory_id: Joi.number().integer().required(),
  inventory_name: Joi.string().required(),
  storage_box_id: Joi.number().integer().required(),
  storage_box_name: Joi.string().required(),
  supplier: Joi.string().allow('').required(),
  quantity: Joi.number().integer().required(),
  unit: Joi.string().required(),
  quantity_on_hand: Joi.number().integer().required(),
  unit_cost: Joi.number().required(),
  line_cost: Joi.number().required(),
  notes: Joi.string().allow('').required(),
  ...scopeFields,
}).label('OrderListItem');

const OrderListItemIn = Joi.object({
  order_list_id: id.required(),
  item_id: id.required().description('the inventory item the stock will be received into'),
  quantity: Joi.number().integer().min(1).max(1_000_000_000).required(),
  unit_cost: Joi.number().min(0).max(1e9).precision(4).description('default: the item\'s unit cost'),
  supplier: Joi.string().trim().allow('').max(255).description('default: the product\'s supplier'),
  notes: Joi.string().allow('').max(5000),
}).label('OrderListItemIn');

export const orderListItemsCollection = defineCollection({
  path: '/api/order-list-items/',
  tag: 'order-list-items',
  singular: 'order list item',
  plural: 'order list items',
  service: (s) => s.reports.orderListItems,
  out: OrderListItemOut,
  listQuery: listQuerySchema(orderListItemsDef().list, 'OrderListItemListQuery'),
  create: OrderListItemIn,
  replace: OrderListItemIn.label('OrderListItemReplace'),
  update: patchOf(OrderListItemIn, 'OrderListItemPatch'),
  notes: {
    create: 'One line per inventory item and list (a second is 409). The list must be a draft (409 order_list_locked otherwise).',
    update: 'Only while the list is a draft (409 order_list_locked).',
    delete: 'Only while the list is a draft (409 order_list_locked).',
  },
});
