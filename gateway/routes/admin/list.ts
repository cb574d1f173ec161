import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { actor } from '../../plugins/scope.js';
import { listView } from './present.js';
import { listQuery, pageOptions, resourceName, validationFailAction } from './routes-shared.js';

// Any declared resource as a page of rows: search, filters, ordering, paging, count.
export default {
  method: 'GET',
  path: '/admin/{resource}/',
  options: { ...pageOptions, description: 'Staff admin: a list page', validate: { params: Joi.object({ resource: resourceName }), query: listQuery, failAction: validationFailAction } },
  async handler(request, h) {
    const query = request.query as Record<string, string>;
    const page = await request.server.app.services.admin.read.list(actor(request), String(request.params.resource), query);
    return h.view('list', listView(page, query));
  },
} satisfies ServerRoute;
