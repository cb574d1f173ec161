// GET /api/data-deletion-requests/{id}/
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { DataDeletionRequestOut, uuidParam } from '../schemas.js';

export default {
  method: 'GET',
  path: '/api/data-deletion-requests/{id}/',
  options: {
    tags: ['api', 'data-protection'],
    description: 'Read a data-deletion request',
    notes: 'Yours (staff: any); another user\'s is 404.',
    validate: { params: uuidParam('DataDeletionRequestId') },
    response: { status: { 200: DataDeletionRequestOut } },
    plugins: errorDocs(401, 404),
  },
  handler: (request) => request.server.app.services.dataProtection.deletions.get(actor(request), (request.params as { id: string }).id),
} satisfies ServerRoute;
