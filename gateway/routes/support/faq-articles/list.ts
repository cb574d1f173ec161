import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { pageAt } from '../../collection-routes.js';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { pageQuery } from '../../schemas.js';
import { pageLinks } from '../../../../domain/shared/listing.js';
import { FaqArticleOut, language } from './schemas.js';

export default {
  method: 'GET',
  path: '/api/faq-articles/',
  options: {
    tags: ['api', 'faq-articles'],
    description: 'FAQ articles (the AI support chat answers from them)',
    notes: 'Published articles, by language and slug; staff also see unpublished ones (filter with is_published). Filters: language, help_category_id; search matches title and body.',
    validate: {
      query: Joi.object({
        ...pageQuery,
        language,
        help_category_id: Joi.string().guid(),
        is_published: Joi.boolean(),
        search: Joi.string().trim().max(200).allow(''),
      }).label('FaqArticleListQuery'),
    },
    response: {
      status: {
        200: Joi.object({ count: Joi.number().integer().required(), next: Joi.string().allow(null).required(), previous: Joi.string().allow(null).required(), results: Joi.array().items(FaqArticleOut).required() }).label('FaqArticlePage'),
      },
    },
    plugins: errorDocs(400, 401),
  },
  async handler(request) {
    const query = request.query as { page: number; page_size: number };
    const { count, results } = await request.server.app.services.supportChat.articles.list(actor(request).isStaff, request.query as never);
    return { count, ...pageLinks(pageAt(request), count, query.page, query.page_size), results };
  },
} satisfies ServerRoute;
