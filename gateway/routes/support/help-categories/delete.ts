import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { categoryId } from './schemas.js';
import { actor } from '../../../plugins/scope.js';

export default {
  method: 'DELETE',
  path: '/api/help-categories/{id}/',
  options: {
    auth: { access: { scope: 'staff' } },
    tags: ['api', 'help-categories'],
    description: 'Delete a help category (staff)',
    notes: 'Tickets lose the category; its FAQ articles stay without one. To hide it instead, PATCH is_active false.',
    validate: { params: categoryId },
    plugins: errorDocs(401, 403, 404),
  },
  async handler(request, h) {
    await request.server.app.services.support.categories.remove(actor(request).userId, (request.params as { id: string }).id);
    return h.response().code(204);
  },
} satisfies ServerRoute;
