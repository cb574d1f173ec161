// POST /api/create-order-list/: a draft order list of the scope's low-stock items.
import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { actor } from '../../../plugins/scope.js';
import { errorDocs } from '../../../http/errors.js';
import { id } from '../../schemas.js';
import { OrderListOut } from './collection.js';
import type { OrderListRequest } from '../../../../domain/reports/order-list-builder.js';

export default {
  method: 'POST',
  path: '/api/create-order-list/',
  options: {
    tags: ['api', 'order-lists'],
    description: 'Build an order list from low-stock items',
    notes: 'Every item of the scope at or below its minimum gets a line for the quantity that brings it to its target (its minimum when no target is set), at its unit cost, grouped by the product\'s supplier (see suppliers). Items already on a draft or ordered list are left out; none left is 409 nothing_to_order. The list is a draft: edit its lines at /api/order-list-items/, then PATCH status ordered.',
    validate: {
      payload: Joi.object({
        name: Joi.string().trim().max(150).allow('').description('default "Low stock <date>"'),
        inventory_id: id.description('only items of this inventory'),
        supplier: Joi.string().trim().max(255).allow('').description('only products of this supplier'),
        notes: Joi.string().allow('').max(5000),
      }).label('CreateOrderListIn'),
    },
    response: { status: { 201: OrderListOut } },
    plugins: errorDocs(400, 401, 403, 404, 409),
  },
  async handler(request, h) {
    const list = await request.server.app.services.reports.orderLists.createFromLowStock(actor(request), request.payload as OrderListRequest);
    return h.response(list).code(201).header('location', `/api/order-lists/${list.id}/`);
  },
} satisfies ServerRoute;
