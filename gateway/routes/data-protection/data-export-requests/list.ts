// GET /api/data-export-requests/
import type { ServerRoute } from '@hapi/hapi';
import type { ListParams } from '../../../../domain/shared/listing.js';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { pageAt } from '../../collection-routes.js';
import { DataExportRequestPage, exportListQuery } from '../schemas.js';

export default {
  method: 'GET',
  path: '/api/data-export-requests/',
  options: {
    tags: ['api', 'data-protection'],
    description: 'List data-export requests',
    notes: 'Yours, newest first (staff: everyone\'s; filter with user_id). Paginated with page/page_size.',
    validate: { query: exportListQuery },
    response: { status: { 200: DataExportRequestPage } },
    plugins: errorDocs(400, 401),
  },
  handler: (request) => request.server.app.services.dataProtection.exports.list(actor(request), request.query as ListParams, pageAt(request)),
} satisfies ServerRoute;
