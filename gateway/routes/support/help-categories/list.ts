import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { includeInactive } from '../tickets/text.js';
import { supportViewer } from '../tickets/viewer.js';
import { HelpCategoryOut } from './schemas.js';

export default {
  method: 'GET',
  path: '/api/help-categories/',
  options: {
    tags: ['api', 'help-categories'],
    description: 'Help categories (active ones, translated, by sort_order)',
    notes: 'A read-only array (no pages). `title` and `name` both carry the translated name: the first of the Accept-Language languages (by q), the profile language, English. `article_count` counts published FAQ articles. Staff may add include_inactive=true to see inactive ones with their translations.',
    validate: { query: Joi.object({ include_inactive: includeInactive }).label('HelpCategoryListQuery') },
    response: { status: { 200: Joi.array().items(HelpCategoryOut).label('HelpCategoryList') } },
    plugins: errorDocs(400, 401),
  },
  async handler(request) {
    const viewer = await supportViewer(request);
    const all = viewer.isStaff && (request.query as { include_inactive: boolean }).include_inactive;
    return request.server.app.services.support.categories.list(viewer.languages, { includeInactive: all, admin: all });
  },
} satisfies ServerRoute;
