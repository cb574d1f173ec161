import type { ServerRoute } from '@hapi/hapi';
import { actor } from '../../../../plugins/scope.js';
import { projectedDocs, SCOPE_NOTE } from '../../schemas.js';
import { FamilyParams } from './read.js';

export default {
  method: 'DELETE',
  path: '/restqlapi/products/families/{family_id}/record-one-shot/',
  options: {
    tags: ['api', 'restqlapi'],
    description: 'Delete a product family',
    notes: ['204 with no body. A family in use is not refused: its products stay, detached (family_id null), as on DELETE /api/product-families/{id}/.', SCOPE_NOTE].join('\n\n'),
    validate: { params: FamilyParams },
    plugins: projectedDocs(204, null, false, [400, 401, 403, 404]),
  },
  async handler(request, h) {
    await request.server.app.services.projectedCatalog.catalog.deleteFamily(actor(request), (request.params as { family_id: number }).family_id);
    return h.response().code(204);
  },
} satisfies ServerRoute;
