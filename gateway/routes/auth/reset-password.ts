import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { email, otpCode, password, MessageOnly } from '../schemas.js';
import { errorDocs } from '../../plugins/errors.js';

// Accepted with and without the trailing slash (the spec names both); the gateway's
// trailing-slash rewrite serves the bare path.
export default {
  method: 'POST',
  path: '/api/auth/reset-password/',
  options: {
    auth: false,
    tags: ['api', 'auth'],
    description: 'Set a new password with the e-mailed code (also at /api/auth/reset-password)',
    notes: 'Every existing login of the account is revoked.',
    validate: { payload: Joi.object({ email: email.required(), otp_code: otpCode.required(), new_password: password.required() }).label('ResetPasswordIn') },
    response: { status: { 200: MessageOnly } }, plugins: errorDocs(400),
  },
  handler: (request) => request.server.app.services.accounts.resetPassword(request.payload as never),
} satisfies ServerRoute;
