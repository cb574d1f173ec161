import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { articleIdParam, FaqArticleFields, FaqArticleOut } from './schemas.js';
import { actor } from '../../../plugins/scope.js';

export default {
  method: 'PATCH',
  path: '/api/faq-articles/{id}/',
  options: {
    auth: { access: { scope: 'staff' } },
    tags: ['api', 'faq-articles'],
    description: 'Change a FAQ article (staff)',
    notes: 'Only the fields sent change. Unpublishing takes the article out of the chat\'s answers.',
    validate: { params: articleIdParam, payload: Joi.object(FaqArticleFields).min(1).label('FaqArticleUpdateIn') },
    response: { status: { 200: FaqArticleOut } },
    plugins: errorDocs(400, 401, 403, 404, 409),
  },
  async handler(request) {
    return request.server.app.services.supportChat.articles.update(actor(request).userId, (request.params as { id: number }).id, request.payload as never);
  },
} satisfies ServerRoute;
