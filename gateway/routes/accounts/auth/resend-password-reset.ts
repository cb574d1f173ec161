import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { email, MessageOnly } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { clientAddress } from '../../../plugins/client-address.js';
import { requestIdOf } from '../../../plugins/request-log.js';

export default {
  method: 'POST',
  path: '/api/auth/resend-password-reset/',
  options: {
    auth: false,
    tags: ['api', 'auth'],
    description: 'Send a new password reset code',
    notes: 'Answers the same for known and unknown e-mails; shares the per-e-mail hourly limit with forgot-password.',
    validate: { payload: Joi.object({ email: email.required() }).label('EmailIn') },
    response: { status: { 200: MessageOnly } }, plugins: errorDocs(400, 429),
  },
  handler: (request) => request.server.app.services.accounts.forgotPassword(request.payload as never, clientAddress(request), requestIdOf(request)),
} satisfies ServerRoute;
