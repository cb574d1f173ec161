import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { email, password } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { UserAdminOut } from './schemas.js';

export default {
  method: 'POST',
  path: '/api/users/',
  options: {
    auth: { access: { scope: 'staff' } },
    tags: ['api', 'users'],
    description: 'Create a user (staff only)',
    validate: {
      payload: Joi.object({
        email: email.required(),
        password: password.required(),
        first_name: Joi.string().trim().max(150).allow('').default(''),
        last_name: Joi.string().trim().max(150).allow('').default(''),
        is_staff: Joi.boolean().default(false),
        is_verified: Joi.boolean().default(true),
      }).label('UserCreateIn'),
    },
    response: { status: { 201: UserAdminOut } },
    plugins: errorDocs(400, 401, 403, 409),
  },
  async handler(request, h) {
    return h.response(await request.server.app.services.users.create(actor(request), request.payload as never)).code(201);
  },
} satisfies ServerRoute;
