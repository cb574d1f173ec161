import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { articleIdParam } from './schemas.js';
import { actor } from '../../../plugins/scope.js';

export default {
  method: 'DELETE',
  path: '/api/faq-articles/{id}/',
  options: {
    auth: { access: { scope: 'staff' } },
    tags: ['api', 'faq-articles'],
    description: 'Delete a FAQ article (staff)',
    notes: 'A seeded article that is deleted stays deleted (releases do not bring it back). Replies that cited it keep their citation.',
    validate: { params: articleIdParam },
    plugins: errorDocs(400, 401, 403, 404),
  },
  async handler(request, h) {
    await request.server.app.services.supportChat.articles.remove(actor(request).userId, (request.params as { id: number }).id);
    return h.response().code(204);
  },
} satisfies ServerRoute;
