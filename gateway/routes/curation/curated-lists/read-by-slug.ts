// GET /api/curated-lists/by-slug/{slug}/: the share link of a list (any visibility).
import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { CuratedListOut } from './collection.js';

export default {
  method: 'GET',
  path: '/api/curated-lists/by-slug/{slug}/',
  options: {
    tags: ['api', 'curated-lists'],
    description: 'Read a curated list by its slug (the share link)',
    notes: 'Reaches any list, unlisted ones included. The products of a subscribers list are shown to its live subscribers and its curator only (items null, items_locked true otherwise).',
    validate: { params: Joi.object({ slug: Joi.string().pattern(/^[a-z0-9-]{1,100}$/).required().description('the list\'s slug') }).label('CuratedListSlugParam') },
    response: { status: { 200: CuratedListOut } },
    plugins: errorDocs(400, 401, 403, 404),
  },
  handler: (request) => request.server.app.services.curation.lists.getBySlug(actor(request), (request.params as { slug: string }).slug),
} satisfies ServerRoute;
