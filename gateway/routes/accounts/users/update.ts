import Joi from 'joi';
import type { ServerRoute, Request } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { UserAdminOut, userId } from './schemas.js';

const fields = {
  first_name: Joi.string().trim().max(150).allow(''),
  last_name: Joi.string().trim().max(150).allow(''),
  is_active: Joi.boolean().description('staff only'),
  is_staff: Joi.boolean().description('staff only'),
};
const handler = (request: Request) => request.server.app.services.users.update(actor(request), (request.params as { id: string }).id, request.payload as never);
const base = { tags: ['api', 'users'], response: { status: { 200: UserAdminOut } }, plugins: errorDocs(400, 401, 403, 404, 409) };

export default [
  {
    method: 'PUT',
    path: '/api/users/{id}/',
    options: { ...base, description: 'Replace a user\'s names (and, for staff, flags)', validate: { params: userId, payload: Joi.object({ ...fields, first_name: fields.first_name.required(), last_name: fields.last_name.required() }).label('UserPutIn') } },
    handler,
  },
  {
    method: 'PATCH',
    path: '/api/users/{id}/',
    options: { ...base, description: 'Change some fields of a user', validate: { params: userId, payload: Joi.object(fields).min(1).label('UserPatchIn') } },
    handler,
  },
] satisfies ServerRoute[];
