import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { sessionActor, sessionPrincipal } from '../../../plugins/auth.js';
import { MAX_ACTIVE_API_TOKENS, MAX_API_TOKEN_DAYS } from '../../../../domain/accounts/api-token-service.js';
import { ApiTokenCreated } from './schemas.js';

export default {
  method: 'POST',
  path: '/api/auth/api-tokens/',
  options: {
    tags: ['api', 'auth'],
    description: 'Create a personal API token (shown once)',
    notes: `A long-lived credential for scripts and integrations: send it as \`Authorization: Bearer <token>\`. It acts exactly like a login of the caller (same scope headers X-Profile-Type / X-Team-Id, same staff rights), until it expires (after API_TOKEN_DEFAULT_DAYS, default 90; \`expires_in_days\` may only shorten that) or is revoked; a password change or reset, \`logout\` with \`all: true\` and deactivation revoke every token. Send \`current_password\` unless the login is younger than API_TOKEN_RECENT_LOGIN_MINUTES (403 reauthentication_required; a wrong password is 400 invalid_password, 429 after 5 in 15 minutes). The owner is e-mailed. Only its SHA-256 is stored: the value appears in this answer only. Needs a login session (403 session_required with an API token). 409 too_many_api_tokens beyond ${MAX_ACTIVE_API_TOKENS} active tokens.`,
    validate: {
      payload: Joi.object({
        name: Joi.string().trim().min(1).max(100).required().description('what the token is for, e.g. "invoice import on the scanner PC"'),
        expires_in_days: Joi.number().integer().min(1).max(MAX_API_TOKEN_DAYS).allow(null).default(null).description('shortens the default lifetime (API_TOKEN_DEFAULT_DAYS); a longer one is capped to it'),
        current_password: Joi.string().max(128).description('needed unless the login is a few minutes old'),
      }).label('ApiTokenIn'),
    },
    response: { status: { 201: ApiTokenCreated } },
    plugins: errorDocs(400, 401, 403, 409, 429),
  },
  async handler(request, h) {
    const created = await request.server.app.services.apiTokens.create(sessionActor(request), sessionPrincipal(request).familyId, request.payload as never);
    return h.response(created).code(201).header('Cache-Control', 'no-store');
  },
} satisfies ServerRoute;
