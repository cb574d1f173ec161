import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { MessageOnly } from '../schemas.js';
import { errorDocs } from '../../plugins/errors.js';
import { actor } from '../../plugins/scope.js';
import { sessionPrincipal } from '../../plugins/auth.js';

export default {
  method: 'POST',
  path: '/api/auth/logout/',
  options: {
    tags: ['api', 'auth'],
    description: 'Log out: revoke this login (its access and refresh tokens)',
    notes: 'With `refresh` in the body the login that token belongs to is revoked (it must be the caller\'s); without it, the login of the bearer token. `all: true` signs out every device (personal API tokens are revoked on their own endpoint). Needs a login session: 403 session_required with a personal API token.',
    validate: { payload: Joi.object({ refresh: Joi.string().max(200), all: Joi.boolean().default(false) }).allow(null).default({}).label('LogoutIn') },
    response: { status: { 200: MessageOnly } }, plugins: { ...errorDocs(401, 403), platform: { bodyOptional: true } },
  },
  async handler(request) {
    const { tokens } = request.server.app.services;
    const session = sessionPrincipal(request);
    const me = actor(request);
    const body = (request.payload ?? {}) as { refresh?: string; all?: boolean };
    if (body.all) {
      await tokens.revokeAllForUser(me.userId, 'logout_all');
      return { message: 'Signed out of every device.' };
    }
    const family = body.refresh ? await tokens.familyOfRefresh(body.refresh) : null;
    await tokens.revokeFamily(family && family.userId === me.userId ? family.familyId : session.familyId);
    return { message: 'Signed out.' };
  },
} satisfies ServerRoute;
