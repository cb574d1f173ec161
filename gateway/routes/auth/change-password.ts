import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { password, MessageOnly } from '../schemas.js';
import { errorDocs } from '../../plugins/errors.js';

export default {
  method: 'POST',
  path: '/api/auth/change-password/',
  options: {
    tags: ['api', 'auth'],
    description: 'Change the password',
    notes: 'Other logins of the account are revoked; the current one stays signed in.',
    validate: { payload: Joi.object({ current_password: password.required(), new_password: password.required() }).label('ChangePasswordIn') },
    response: { status: { 200: MessageOnly } }, plugins: errorDocs(400, 401),
  },
  handler: (request) => request.server.app.services.accounts.changePassword(request.auth.credentials.user!, request.payload as never),
} satisfies ServerRoute;
