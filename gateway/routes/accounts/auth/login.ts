import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { email, password, UserOut } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { clientAddress } from '../../../plugins/client-address.js';

export const TokenPairOut = Joi.object({
  access: Joi.string().required().description('opaque bearer access token'),
  refresh: Joi.string().required().description('opaque refresh token; rotates on every refresh'),
  token_type: Joi.string().valid('Bearer'),
  expires_in: Joi.number().integer().description('access token lifetime in seconds'),
  access_expires_at: Joi.string().isoDate(),
  refresh_expires_at: Joi.string().isoDate(),
}).label('TokenPair');

export default {
  method: 'POST',
  path: '/api/auth/login/',
  options: {
    auth: false,
    tags: ['api', 'auth'],
    description: 'Log in (verified accounts only)',
    notes: '401 invalid_credentials; 403 email_not_verified; 429 too_many_attempts (Retry-After) while a progressive delay applies: per client address and account after 5 failures, per address after 30, and account-wide after LOGIN_MAX_FAILURES failures in 15 minutes (at most a minute, and never for addresses the account signed in from lately); 429 rate_limited beyond AUTH_IP_LIMIT_PER_MINUTE requests per address. There is no account lock.',
    validate: { payload: Joi.object({ email: email.required(), password: password.required() }).label('LoginIn').example({ email: 'ada@example.com', password: 'correct horse battery staple' }) },
    response: { status: { 200: TokenPairOut.keys({ user: UserOut }).label('LoginOut') } }, plugins: errorDocs(400, 401, 403, 429),
  },
  handler: (request) => request.server.app.services.accounts.login(request.payload as never, clientAddress(request)),
} satisfies ServerRoute;
