import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { UserAdminOut, userId } from './schemas.js';

export default {
  method: 'GET',
  path: '/api/users/{id}/',
  options: {
    tags: ['api', 'users'],
    description: 'Read a user (staff, or the user themselves)',
    validate: { params: userId },
    response: { status: { 200: UserAdminOut } },
    plugins: errorDocs(400, 401, 404),
  },
  handler: (request) => request.server.app.services.users.get(actor(request), (request.params as { id: string }).id),
} satisfies ServerRoute;
