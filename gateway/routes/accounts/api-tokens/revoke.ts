import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { id } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { sessionActor } from '../../../plugins/auth.js';

export default {
  method: 'DELETE',
  path: '/api/auth/api-tokens/{id}/',
  options: {
    tags: ['api', 'auth'],
    description: 'Revoke one of your personal API tokens',
    notes: 'Takes effect at once on every gateway instance (requests and open WebSockets). 404 for another user\'s token or one already revoked. Needs a login session.',
    validate: { params: Joi.object({ id: id.required() }) },
    plugins: errorDocs(400, 401, 403, 404),
  },
  async handler(request, h) {
    await request.server.app.services.apiTokens.revoke(sessionActor(request), (request.params as { id: number }).id);
    return h.response().code(204);
  },
} satisfies ServerRoute;
