import type { ServerRoute } from '@hapi/hapi';
import { actor } from '../../../../plugins/scope.js';
import { FamilyIn, familyModel, fieldsOf, GRAMMAR, projectedDocs, ProjectionParams, SCOPE_NOTE } from '../../schemas.js';

export default {
  method: 'POST',
  path: '/restqlapi/products/families/create-one-shot/',
  options: {
    tags: ['api', 'restqlapi'],
    description: 'Create a product family (projected answer)',
    notes: ['Body: name, description. A name is unique in the scope regardless of case: 409 family_exists.', GRAMMAR, fieldsOf(familyModel), SCOPE_NOTE].join('\n\n'),
    validate: { query: ProjectionParams, payload: FamilyIn },
    plugins: projectedDocs(201, familyModel, false, [400, 401, 403, 409]),
  },
  async handler(request, h) {
    const created = await request.server.app.services.projectedCatalog.catalog.createFamily(actor(request), request.payload as Record<string, unknown>, (request.query as { query?: string }).query);
    return h.response(created).code(201);
  },
} satisfies ServerRoute;
