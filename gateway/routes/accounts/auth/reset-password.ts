import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { email, otpCode, password, MessageOnly } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { clientAddress } from '../../../plugins/client-address.js';

// Accepted with and without the trailing slash (the spec names both); the gateway's
// trailing-slash rewrite serves the bare path.
export default {
  method: 'POST',
  path: '/api/auth/reset-password/',
  options: {
    auth: false,
    tags: ['api', 'auth'],
    description: 'Set a new password with the e-mailed code (also at /api/auth/reset-password)',
    notes: 'The code is checked first: a wrong, expired or unknown code (or e-mail) is 400 invalid_otp after the same work for known and unknown addresses; weak_password only once the code is right (the code stays usable). Wrong codes are limited per client address (429 otp_attempts_exceeded), never by locking the code. Every existing login and every personal API token of the account is revoked.',
    validate: { payload: Joi.object({ email: email.required(), otp_code: otpCode.required(), new_password: password.required() }).label('ResetPasswordIn') },
    response: { status: { 200: MessageOnly } }, plugins: errorDocs(400, 429),
  },
  handler: (request) => request.server.app.services.accounts.resetPassword(request.payload as never, clientAddress(request)),
} satisfies ServerRoute;
