// GET /api/reports/{id}/download/: the report's file, streamed to its scope.
import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { actor } from '../../../plugins/scope.js';
import { errorDocs } from '../../../http/errors.js';
import { id } from '../../schemas.js';

export default {
  method: 'GET',
  path: '/api/reports/{id}/download/',
  options: {
    tags: ['api', 'reports'],
    description: 'Download a completed report (text/csv or application/pdf)',
    notes: 'Streams the file as an attachment. 409 report_not_ready while queued, running or failed; 410 report_expired once past expires_at. Another scope\'s report is 404.',
    validate: { params: Joi.object({ id: id.required() }).label('ReportIdParam') },
    plugins: errorDocs(401, 403, 404, 409, 410),
  },
  async handler(request, h) {
    const file = await request.server.app.services.reports.reports.download(actor(request), (request.params as { id: number }).id);
    return h.response(file.stream)
      .type(file.contentType)
      .bytes(file.size)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store');
  },
} satisfies ServerRoute;
