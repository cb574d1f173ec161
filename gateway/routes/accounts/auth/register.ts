import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { email, password, UserOut } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { clientAddress } from '../../../plugins/client-address.js';
import { requestIdOf } from '../../../plugins/request-log.js';

export default {
  method: 'POST',
  path: '/api/auth/register/',
  options: {
    auth: false,
    tags: ['api', 'auth'],
    description: 'Register an account',
    notes: 'Creates an unverified account and e-mails a 6-digit verification code (valid OTP_TTL_MINUTES). Log in after POST /api/auth/verify-email/. Limited to AUTH_IP_LIMIT_PER_MINUTE requests per client address per minute (429).',
    validate: {
      payload: Joi.object({
        email: email.required(),
        password: password.required(),
        first_name: Joi.string().trim().max(150).allow('').default(''),
        last_name: Joi.string().trim().max(150).allow('').default(''),
      }).label('RegisterIn').example({ email: 'ada@example.com', password: 'correct horse battery staple', first_name: 'Ada', last_name: 'Lovelace' }),
    },
    response: {
      status: {
        201: Joi.object({ message: Joi.string(), user: UserOut, verification_required: Joi.boolean() }).label('RegisterOut'),
      },
    },
    plugins: errorDocs(400, 409, 429),
  },
  async handler(request, h) {
    const user = await request.server.app.services.accounts.register(request.payload as never, clientAddress(request), requestIdOf(request));
    return h.response({ message: 'Account created. Check your e-mail for the verification code.', user, verification_required: true }).code(201);
  },
} satisfies ServerRoute;
