import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { articleIdParam, FaqArticleOut } from './schemas.js';

export default {
  method: 'GET',
  path: '/api/faq-articles/{id}/',
  options: {
    tags: ['api', 'faq-articles'],
    description: 'One FAQ article (the id a chat reply cites in cited_articles)',
    notes: 'An unpublished article is 404 for users (staff see it).',
    validate: { params: articleIdParam },
    response: { status: { 200: FaqArticleOut } },
    plugins: errorDocs(400, 401, 404),
  },
  async handler(request) {
    return request.server.app.services.supportChat.articles.get(actor(request).isStaff, (request.params as { id: number }).id);
  },
} satisfies ServerRoute;
