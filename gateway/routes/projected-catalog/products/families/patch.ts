import type { ServerRoute } from '@hapi/hapi';
import { actor } from '../../../../plugins/scope.js';
import { familyModel, FamilyPatch, fieldsOf, GRAMMAR, projectedDocs, ProjectionParams, SCOPE_NOTE } from '../../schemas.js';
import { FamilyParams } from './read.js';

export default {
  method: 'PATCH',
  path: '/restqlapi/products/families/{family_id}/patch-one-shot/',
  options: {
    tags: ['api', 'restqlapi'],
    description: 'Change part of a product family (projected answer)',
    notes: ['Only the fields given change. Renaming onto another family\'s name (any case) is 409 family_exists.', GRAMMAR, fieldsOf(familyModel), SCOPE_NOTE].join('\n\n'),
    validate: { params: FamilyParams, query: ProjectionParams, payload: FamilyPatch },
    plugins: projectedDocs(200, familyModel, false, [400, 401, 403, 404, 409]),
  },
  handler(request) {
    const { family_id } = request.params as { family_id: number };
    return request.server.app.services.projectedCatalog.catalog.patchFamily(actor(request), family_id, request.payload as Record<string, unknown>, (request.query as { query?: string }).query);
  },
} satisfies ServerRoute;
