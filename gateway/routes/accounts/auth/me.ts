import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';

const MeOut = Joi.object({
  id: Joi.string().guid(),
  email: Joi.string(),
  is_staff: Joi.boolean(),
  access_expires_at: Joi.string().isoDate().allow(null).description('null for a personal API token without expiry'),
  credential: Joi.string().valid('session', 'api_token').description('a login\'s access token or a personal API token'),
  scope: Joi.object({
    profile_type: Joi.string().valid('self', 'team'),
    team_id: Joi.number().integer().allow(null),
    team_role: Joi.string().valid('owner', 'member').allow(null),
  }).label('ResolvedScope'),
}).label('CurrentUser');

export default {
  method: 'GET',
  path: '/api/auth/me/',
  options: {
    tags: ['api', 'auth'],
    description: 'Who am I: the identity behind the access token and the scope its headers select',
    notes: 'Answers from the token and the scope headers alone (no profile read), so clients can check a token, its expiry and their X-Profile-Type / X-Team-Id cheaply. The profile is at /api/profiles/me/.',
    response: { status: { 200: MeOut } },
    plugins: errorDocs(400, 401, 403),
  },
  handler(request) {
    const me = actor(request);
    const principal = request.auth.credentials.user!;
    return {
      id: me.userId,
      email: principal.email,
      is_staff: me.isStaff,
      access_expires_at: Number.isFinite(principal.expiresAt) ? new Date(principal.expiresAt).toISOString() : null,
      credential: principal.kind,
      scope: { profile_type: me.scope.type, team_id: me.scope.teamId, team_role: me.scope.role },
    };
  },
} satisfies ServerRoute;
