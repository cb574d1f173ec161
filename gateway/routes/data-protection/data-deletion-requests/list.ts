// GET /api/data-deletion-requests/
import type { ServerRoute } from '@hapi/hapi';
import type { ListParams } from '../../../../domain/shared/listing.js';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { pageAt } from '../../collection-routes.js';
import { DataDeletionRequestPage, deletionListQuery } from '../schemas.js';

export default {
  method: 'GET',
  path: '/api/data-deletion-requests/',
  options: {
    tags: ['api', 'data-protection'],
    description: 'List data-deletion requests',
    notes: 'Yours, newest first (staff: everyone\'s, including completed erasures; filter with subject_id). Paginated with page/page_size.',
    validate: { query: deletionListQuery },
    response: { status: { 200: DataDeletionRequestPage } },
    plugins: errorDocs(400, 401),
  },
  handler: (request) => request.server.app.services.dataProtection.deletions.list(actor(request), request.query as ListParams, pageAt(request)),
} satisfies ServerRoute;
