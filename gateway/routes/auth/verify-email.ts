import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { email, otpCode, UserOut } from '../schemas.js';
import { errorDocs } from '../../plugins/errors.js';

export default {
  method: 'POST',
  path: '/api/auth/verify-email/',
  options: {
    auth: false,
    tags: ['api', 'auth'],
    description: 'Verify the e-mail address with the 6-digit code',
    notes: 'Error codes: invalid_otp (wrong code, attempts left in the message), otp_expired, otp_attempts_exceeded (request a new code).',
    validate: { payload: Joi.object({ email: email.required(), otp_code: otpCode.required() }).label('VerifyEmailIn') },
    response: { status: { 200: Joi.object({ message: Joi.string(), user: UserOut }).label('VerifyEmailOut') } }, plugins: errorDocs(400),
  },
  handler: (request) => request.server.app.services.accounts.verifyEmail(request.payload as never),
} satisfies ServerRoute;
