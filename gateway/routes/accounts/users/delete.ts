import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { userId } from './schemas.js';

export default {
  method: 'DELETE',
  path: '/api/users/{id}/',
  options: {
    tags: ['api', 'users'],
    description: 'Deactivate a user (staff only)',
    notes: 'The account can no longer log in and its tokens are revoked; the account and its data stay (staff may reactivate it with PATCH is_active: true; its sessions and personal API tokens stay revoked). A user cannot close their own account here (403 deletion_by_staff): they ask staff in a support ticket.',
    validate: { params: userId },
    plugins: errorDocs(401, 403, 404, 409),
  },
  async handler(request, h) {
    await request.server.app.services.users.deactivate(actor(request), (request.params as { id: string }).id);
    return h.response().code(204);
  },
} satisfies ServerRoute;
