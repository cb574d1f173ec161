// POST /api/order-lists/{id}/receive/: book an ordered list into stock, once.
import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { actor } from '../../../plugins/scope.js';
import { errorDocs } from '../../../http/errors.js';
import { id } from '../../schemas.js';
import { OrderListOut } from './collection.js';

const Received = Joi.object({ order_list: OrderListOut, replayed: Joi.boolean().required().description('true: it was already received; nothing was booked again') }).label('OrderListReceived');

export default {
  method: 'POST',
  path: '/api/order-lists/{id}/receive/',
  options: {
    tags: ['api', 'order-lists'],
    description: 'Receive an ordered list into stock',
    notes: 'Records one receive transaction in the stock ledger (source_type order_list) with a leg per line, into each line\'s inventory item, and marks the list received. The body is a JSON object ({} when there is no note). Exactly once: calling again answers 200 with replayed true and books nothing. A list that is not ordered is 409 order_list_not_ordered.',
    validate: {
      params: Joi.object({ id: id.required() }).label('OrderListIdParam'),
      payload: Joi.object({ note: Joi.string().allow('').max(5000).description('kept on the ledger transaction') }).label('OrderListReceiveIn'),
    },
    response: { status: { 200: Received } },
    plugins: errorDocs(400, 401, 403, 404, 409),
  },
  handler: (request) =>
    request.server.app.services.reports.orderLists.receive(actor(request), (request.params as { id: number }).id, (request.payload as { note?: string }).note ?? ''),
} satisfies ServerRoute;
