// /api/order-lists/: what to buy; draft → ordered → received (POST …/receive/), or cancelled.
import Joi from 'joi';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { ORDER_LIST_STATUSES, orderListsDef } from '../../../../domain/reports/order-lists.js';
import { nullableId, patchOf, scopeFields, text } from '../../inventory/inventory-fields.js';
import { at } from '../schemas.js';

const money = Joi.number().required();

export const OrderListOut = Joi.object({
  id: Joi.number().integer().required(),
  name: Joi.string().required(),
  supplier: Joi.string().allow('').required().description('the one supplier of every line, or empty when several'),
  status: Joi.string().valid(...ORDER_LIST_STATUSES).required(),
  notes: Joi.string().allow('').required(),
  inventory_id: Joi.number().integer().allow(null).required(),
  inventory_name: Joi.string().allow(null).required(),
  item_count: Joi.number().integer().required(),
  total_quantity: Joi.number().integer().required(),
  total_cost: money,
  suppliers: Joi.array().items(Joi.object({ supplier: Joi.string().allow('').required(), item_count: Joi.number().integer().required(), total_quantity: Joi.number().integer().required(), total_cost: money }).label('OrderListSupplierGroup'))
    .required().description('the lines grouped by supplier'),
  ordered_at: at.required(),
  received_at: at.required(),
  receive_transaction_id: Joi.number().integer().allow(null).required().description('the ledger transaction that received it'),
  ...scopeFields,
}).label('OrderList');

const OrderListIn = Joi.object({
  name: Joi.string().trim().min(1).max(150).required(),
  supplier: Joi.string().trim().allow('').max(255),
  notes: text,
  inventory_id: nullableId,
  status: Joi.string().valid('draft', 'ordered', 'cancelled').description('draft → ordered (needs a line) or cancelled; ordered → cancelled. received: POST /api/order-lists/{id}/receive/'),
}).label('OrderListIn');

export const orderListsCollection = defineCollection({
  path: '/api/order-lists/',
  tag: 'order-lists',
  singular: 'order list',
  plural: 'order lists',
  service: (s) => s.reports.orderLists,
  out: OrderListOut,
  listQuery: listQuerySchema(orderListsDef().list, 'OrderListListQuery'),
  create: OrderListIn,
  replace: OrderListIn.label('OrderListReplace'),
  update: patchOf(OrderListIn, 'OrderListPatch'),
  notes: {
    update: 'Editable while draft. Once ordered only notes change, or status cancelled; received and cancelled lists are read-only (409 order_list_locked).',
    delete: 'Draft or cancelled lists only (409 order_list_locked otherwise).',
  },
});
