import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { email, otpCode, UserOut } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { clientAddress } from '../../../plugins/client-address.js';

export default {
  method: 'POST',
  path: '/api/auth/verify-email/',
  options: {
    auth: false,
    tags: ['api', 'auth'],
    description: 'Verify the e-mail address with the 6-digit code',
    notes: 'A wrong, expired or spent code is 400 invalid_otp, the same for verified, unverified and unknown addresses (no account data unless the code is right). Wrong codes are limited per client address: OTP_MAX_ATTEMPTS per e-mail and 30 overall per 15 minutes, then 429 otp_attempts_exceeded / too_many_attempts with Retry-After; they never lock the code for its owner.',
    validate: { payload: Joi.object({ email: email.required(), otp_code: otpCode.required() }).label('VerifyEmailIn') },
    response: { status: { 200: Joi.object({ message: Joi.string(), user: UserOut }).label('VerifyEmailOut') } }, plugins: errorDocs(400, 429),
  },
  handler: (request) => request.server.app.services.accounts.verifyEmail(request.payload as never, clientAddress(request)),
} satisfies ServerRoute;
