import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { email, MessageOnly } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { clientAddress } from '../../../plugins/client-address.js';
import { requestIdOf } from '../../../plugins/request-log.js';

export default {
  method: 'POST',
  path: '/api/auth/resend-verification/',
  options: {
    auth: false,
    tags: ['api', 'auth'],
    description: 'Send a new verification code',
    notes: 'Answers the same whether or not the account exists. Earlier unexpired codes stay valid. Limited to OTP_SEND_LIMIT_PER_HOUR codes per e-mail and client address, and 30 per client address, per hour (429 with Retry-After).',
    validate: { payload: Joi.object({ email: email.required() }).label('EmailIn') },
    response: { status: { 200: MessageOnly } }, plugins: errorDocs(400, 429),
  },
  handler: (request) => request.server.app.services.accounts.resendVerification(request.payload as never, clientAddress(request), requestIdOf(request)),
} satisfies ServerRoute;
