import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { FaqArticleFields, FaqArticleOut } from './schemas.js';
import { actor } from '../../../plugins/scope.js';

export default {
  method: 'POST',
  path: '/api/faq-articles/',
  options: {
    auth: { access: { scope: 'staff' } },
    tags: ['api', 'faq-articles'],
    description: 'Create a FAQ article (staff)',
    notes: 'slug + language are unique (409 slug_taken); translations of one article share its slug. language defaults to en, is_published to true. Every gateway and worker searches the new article from its next chat question on.',
    validate: {
      payload: Joi.object({
        ...FaqArticleFields,
        slug: FaqArticleFields.slug.required(),
        title: FaqArticleFields.title.required(),
        body: FaqArticleFields.body.required(),
      }).label('FaqArticleCreateIn'),
    },
    response: { status: { 201: FaqArticleOut } },
    plugins: errorDocs(400, 401, 403, 409),
  },
  async handler(request, h) {
    return h.response(await request.server.app.services.supportChat.articles.create(actor(request).userId, request.payload as never)).code(201);
  },
} satisfies ServerRoute;
