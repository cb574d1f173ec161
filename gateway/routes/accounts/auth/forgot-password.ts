import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { email, MessageOnly } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { clientAddress } from '../../../plugins/client-address.js';
import { requestIdOf } from '../../../plugins/request-log.js';

export default {
  method: 'POST',
  path: '/api/auth/forgot-password/',
  options: {
    auth: false,
    tags: ['api', 'auth'],
    description: 'Request a password reset code by e-mail',
    notes: 'Answers the same for known and unknown e-mails. At most OTP_SEND_LIMIT_PER_HOUR codes per e-mail and client address, and 30 per client address, per hour (429): a stranger asking for codes spends their own budget, not the owner\'s.',
    validate: { payload: Joi.object({ email: email.required() }).label('EmailIn') },
    response: { status: { 200: MessageOnly } }, plugins: errorDocs(400, 429),
  },
  handler: (request) => request.server.app.services.accounts.forgotPassword(request.payload as never, clientAddress(request), requestIdOf(request)),
} satisfies ServerRoute;
