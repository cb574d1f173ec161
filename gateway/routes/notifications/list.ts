import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';

export default {
  method: 'GET',
  path: '/api/notifications/',
  options: {
    tags: ['api', 'notifications'],
    description: "The caller's latest notifications (the same ones pushed over /ws/notifications/)",
    validate: { query: Joi.object({ limit: Joi.number().integer().min(1).max(200).default(50) }) },
    plugins: errorDocs(401),
  },
  async handler(request) {
    const results = await request.server.app.services.notifications.list(actor(request), (request.query as { limit: number }).limit);
    return { count: results.length, results };
  },
} satisfies ServerRoute;
