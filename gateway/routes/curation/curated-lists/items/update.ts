// PATCH /api/curated-lists/{id}/items/{item_id}/
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../../http/errors.js';
import { actor } from '../../../../plugins/scope.js';
import { CuratedListItemOut } from '../collection.js';
import { CuratedListItemPatch, ItemParams } from './schemas.js';

export default {
  method: 'PATCH',
  path: '/api/curated-lists/{id}/items/{item_id}/',
  options: {
    tags: ['api', 'curated-lists'],
    description: 'Change an item\'s position or note (curator)',
    validate: { params: ItemParams, payload: CuratedListItemPatch },
    response: { status: { 200: CuratedListItemOut } },
    plugins: errorDocs(400, 401, 403, 404),
  },
  handler: (request) => {
    const { id, item_id } = request.params as { id: number; item_id: number };
    return request.server.app.services.curation.lists.updateItem(actor(request), id, item_id, request.payload as never);
  },
} satisfies ServerRoute;
