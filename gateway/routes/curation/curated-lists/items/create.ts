// POST /api/curated-lists/{id}/items/
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../../http/errors.js';
import { actor } from '../../../../plugins/scope.js';
import { CuratedListItemOut } from '../collection.js';
import { CuratedListItemIn, ListParam } from './schemas.js';

export default {
  method: 'POST',
  path: '/api/curated-lists/{id}/items/',
  options: {
    tags: ['api', 'curated-lists'],
    description: 'Add a product to a curated list (curator)',
    notes: 'The product must be in the curator\'s scope (404 otherwise, like another scope\'s list). 409 already_listed, 409 list_full (500 products).',
    validate: { params: ListParam, payload: CuratedListItemIn },
    response: { status: { 201: CuratedListItemOut } },
    plugins: errorDocs(400, 401, 403, 404, 409),
  },
  handler: async (request, h) => h.response(await request.server.app.services.curation.lists.addItem(actor(request), (request.params as { id: number }).id, request.payload as never)).code(201),
} satisfies ServerRoute;
