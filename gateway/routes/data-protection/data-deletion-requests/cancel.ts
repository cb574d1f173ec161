// POST /api/data-deletion-requests/{id}/cancel/
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { DataDeletionRequestOut, uuidParam } from '../schemas.js';

export default {
  method: 'POST',
  path: '/api/data-deletion-requests/{id}/cancel/',
  options: {
    tags: ['api', 'data-protection'],
    description: 'Cancel a pending data-deletion request',
    notes: 'Within the grace period (status pending), by the requester or staff; the account stays as it is. 409 not_cancellable once it runs, completed or cancelled; another user\'s is 404.',
    validate: { params: uuidParam('DataDeletionCancelId') },
    response: { status: { 200: DataDeletionRequestOut } },
    plugins: errorDocs(401, 404, 409),
  },
  handler: (request) => request.server.app.services.dataProtection.deletions.cancel(actor(request), (request.params as { id: string }).id),
} satisfies ServerRoute;
