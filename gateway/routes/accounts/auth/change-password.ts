import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { password, MessageOnly } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { sessionActor, sessionPrincipal } from '../../../plugins/auth.js';

export default {
  method: 'POST',
  path: '/api/auth/change-password/',
  options: {
    tags: ['api', 'auth'],
    description: 'Change the password',
    notes: 'Other logins of the account are revoked; the current one stays signed in; personal API tokens stay valid (revoke them at /api/auth/api-tokens/{id}/). 5 wrong current passwords per 15 minutes, then 429. Needs a login session (403 session_required with a personal API token).',
    validate: { payload: Joi.object({ current_password: password.required(), new_password: password.required() }).label('ChangePasswordIn') },
    response: { status: { 200: MessageOnly } }, plugins: errorDocs(400, 401, 403, 429),
  },
  handler: (request) => request.server.app.services.accounts.changePassword(sessionActor(request), request.payload as never, sessionPrincipal(request).familyId),
} satisfies ServerRoute;
