import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { actor } from '../../../../plugins/scope.js';
import { familyModel, fieldsOf, GRAMMAR, id, projectedDocs, ProjectionParams, SCOPE_NOTE } from '../../schemas.js';

export const FamilyParams = Joi.object({ family_id: id.required().description('a product family of the caller\'s scope') }).label('RestqlFamilyParams');

export default {
  method: 'GET',
  path: '/restqlapi/products/families/{family_id}/record-one-shot/',
  options: {
    tags: ['api', 'restqlapi'],
    description: 'Read a product family (projected)',
    notes: [GRAMMAR, fieldsOf(familyModel), SCOPE_NOTE].join('\n\n'),
    validate: { params: FamilyParams, query: ProjectionParams },
    plugins: projectedDocs(200, familyModel, false, [400, 401, 403, 404]),
  },
  handler(request) {
    const { family_id } = request.params as { family_id: number };
    return request.server.app.services.projectedCatalog.catalog.getFamily(actor(request), family_id, (request.query as { query?: string }).query);
  },
} satisfies ServerRoute;
