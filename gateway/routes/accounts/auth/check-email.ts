import Joi from 'joi';
import type { ServerRoute, Request } from '@hapi/hapi';
import { email } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { clientAddress } from '../../../plugins/client-address.js';

const CheckEmailOut = Joi.object({ email: Joi.string(), available: Joi.boolean(), exists: Joi.boolean() }).label('CheckEmailOut');
const input = Joi.object({ email: email.required() }).label('CheckEmailIn');
const response = { status: { 200: CheckEmailOut } };
const plugins = errorDocs(400, 429);
const handler = (request: Request) => {
  const source = (request.method === 'get' ? request.query : request.payload) as { email: string };
  return request.server.app.services.accounts.checkEmail(source.email, clientAddress(request));
};

export default [
  {
    method: 'GET',
    path: '/api/auth/check-email/',
    options: { auth: false, tags: ['api', 'auth'], description: 'Is this e-mail available? (query)', notes: 'Limited to AUTH_IP_LIMIT_PER_MINUTE requests per client address per minute (429).', validate: { query: input }, response, plugins },
    handler,
  },
  {
    method: 'POST',
    path: '/api/auth/check-email/',
    options: { auth: false, tags: ['api', 'auth'], description: 'Is this e-mail available? (body)', notes: 'Limited to AUTH_IP_LIMIT_PER_MINUTE requests per client address per minute (429).', validate: { payload: input }, response, plugins },
    handler,
  },
] satisfies ServerRoute[];
