import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { sessionActor } from '../../../plugins/auth.js';
import { ApiTokenOut } from './schemas.js';

export default {
  method: 'GET',
  path: '/api/auth/api-tokens/',
  options: {
    tags: ['api', 'auth'],
    description: "List the caller's personal API tokens (never their values)",
    notes: 'Tokens not revoked, newest first; expired ones stay listed (expired: true) until revoked. Needs a login session.',
    response: { status: { 200: Joi.object({ count: Joi.number().integer(), next: Joi.any(), previous: Joi.any(), results: Joi.array().items(ApiTokenOut) }).label('ApiTokenList') } },
    plugins: errorDocs(401, 403),
  },
  async handler(request) {
    const results = await request.server.app.services.apiTokens.list(sessionActor(request));
    return { count: results.length, next: null, previous: null, results };
  },
} satisfies ServerRoute;
