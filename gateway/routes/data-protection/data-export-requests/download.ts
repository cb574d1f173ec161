// GET /api/data-export-requests/{id}/download/
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { uuidParam } from '../schemas.js';

export default {
  method: 'GET',
  path: '/api/data-export-requests/{id}/download/',
  options: {
    tags: ['api', 'data-protection'],
    description: 'Download a finished data export (application/zip)',
    notes: 'Only by the user who asked (anyone else, staff included, gets 404); 404 export_expired after expires_at; 409 export_not_ready while queued or running. The file is streamed from disk and closed if the client goes away.',
    validate: { params: uuidParam('DataExportDownloadId') },
    plugins: errorDocs(401, 404, 409),
  },
  async handler(request, h) {
    const file = await request.server.app.services.dataProtection.exports.download(actor(request), (request.params as { id: string }).id);
    return h
      .file(file.filePath, { confine: false, etagMethod: false })
      .type('application/zip')
      .header('Content-Disposition', `attachment; filename="${file.filename}"`)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff');
  },
} satisfies ServerRoute;
