// GET /api/data-export-requests/{id}/
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { DataExportRequestOut, uuidParam } from '../schemas.js';

export default {
  method: 'GET',
  path: '/api/data-export-requests/{id}/',
  options: {
    tags: ['api', 'data-protection'],
    description: 'Read a data-export request',
    notes: 'Yours (staff: any); another user\'s is 404.',
    validate: { params: uuidParam('DataExportRequestId') },
    response: { status: { 200: DataExportRequestOut } },
    plugins: errorDocs(401, 404),
  },
  handler: (request) => request.server.app.services.dataProtection.exports.get(actor(request), (request.params as { id: string }).id),
} satisfies ServerRoute;
