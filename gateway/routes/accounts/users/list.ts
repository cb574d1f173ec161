import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { listQuerySchema, type ListParams } from '../../../../domain/shared/listing.js';
import { userListSpec } from '../../../../domain/accounts/user-service.js';
import { UserAdminOut } from './schemas.js';
import { pageAt } from '../../collection-routes.js';

export default {
  method: 'GET',
  path: '/api/users/',
  options: {
    tags: ['api', 'users'],
    description: 'List users (staff: everyone; others: themselves)',
    validate: { query: listQuerySchema(userListSpec, 'UserListQuery') },
    response: { status: { 200: Joi.object({ count: Joi.number(), next: Joi.any(), previous: Joi.any(), results: Joi.array().items(UserAdminOut) }).label('UserList') } },
    plugins: errorDocs(400, 401),
  },
  handler: (request) => request.server.app.services.users.list(actor(request), request.query as ListParams, pageAt(request)),
} satisfies ServerRoute;
