import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { MessageOnly } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { sessionPrincipal } from '../../../plugins/auth.js';
import { Invalid } from '../../../../jobs/runtime/errors.js';

export default {
  method: 'POST',
  path: '/api/auth/logout/',
  options: {
    tags: ['api', 'auth'],
    description: 'Log out: revoke this login (its access and refresh tokens)',
    notes: 'With `refresh` in the body the login that token belongs to is revoked (it must be the caller\'s: an unknown or another user\'s token is 400 invalid_refresh and signs nobody out); without it, the login of the bearer token. `all: true` signs out every device and revokes every personal API token. Needs a login session: 403 session_required with a personal API token.',
    validate: { payload: Joi.object({ refresh: Joi.string().max(200), all: Joi.boolean().default(false) }).allow(null).default({}).label('LogoutIn') },
    response: { status: { 200: MessageOnly } }, plugins: { ...errorDocs(400, 401, 403), platform: { bodyOptional: true } },
  },
  async handler(request) {
    const { tokens } = request.server.app.services;
    const session = sessionPrincipal(request);
    const me = actor(request);
    const body = (request.payload ?? {}) as { refresh?: string; all?: boolean };
    if (body.all) {
      await tokens.revokeAllForUser(me.userId, 'logout_all', undefined, undefined, { apiTokens: true, actorId: me.userId });
      return { message: 'Signed out of every device; personal API tokens revoked.' };
    }
    const family = body.refresh ? await tokens.familyOfRefresh(body.refresh) : null;
    // an unknown refresh token and another user's answer alike, and sign nobody out
    if (body.refresh && family?.userId !== me.userId) throw new Invalid('The refresh token is not one of your logins; nothing was signed out.', [{ path: 'refresh', message: 'not a refresh token of yours', type: 'any.invalid' }], 'invalid_refresh');
    await tokens.revokeFamily(family ? family.familyId : session.familyId, 'logout', me.userId);
    return { message: 'Signed out.' };
  },
} satisfies ServerRoute;
