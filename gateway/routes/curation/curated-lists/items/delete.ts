// DELETE /api/curated-lists/{id}/items/{item_id}/
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../../http/errors.js';
import { actor } from '../../../../plugins/scope.js';
import { ItemParams } from './schemas.js';

export default {
  method: 'DELETE',
  path: '/api/curated-lists/{id}/items/{item_id}/',
  options: {
    tags: ['api', 'curated-lists'],
    description: 'Remove a product from a curated list (curator)',
    validate: { params: ItemParams },
    plugins: errorDocs(401, 403, 404),
  },
  handler: async (request, h) => {
    const { id, item_id } = request.params as { id: number; item_id: number };
    await request.server.app.services.curation.lists.removeItem(actor(request), id, item_id);
    return h.response().code(204);
  },
} satisfies ServerRoute;
