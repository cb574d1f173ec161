import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { listQuerySchema } from '../../../../../domain/shared/listing.js';
import { familiesDef } from '../../../../../domain/catalog/product-family-service.js';
import type { ListInput } from '../../../../../domain/projected-catalog/projected-catalog-service.js';
import { pageAt } from '../../../collection-routes.js';
import { actor } from '../../../../plugins/scope.js';
import { familyModel, fieldsOf, GRAMMAR, projectedDocs, projectionQuery, SCOPE_NOTE } from '../../schemas.js';

export default {
  method: 'GET',
  path: '/restqlapi/products/families/records-one-shot/',
  options: {
    tags: ['api', 'restqlapi'],
    description: 'List product families (projected)',
    notes: ['A page {count, next, previous, results}: page, page_size (default 100, at most 500), search (name, description), ordering (name, created_at, updated_at, id).', GRAMMAR, fieldsOf(familyModel), SCOPE_NOTE].join('\n\n'),
    validate: {
      query: listQuerySchema(familiesDef().list, 'RestqlFamilyListQuery').keys({
        page_size: Joi.number().integer().min(1).max(500).default(100).description('rows per page (max 500)'),
        query: projectionQuery,
      }),
    },
    plugins: projectedDocs(200, familyModel, true, [400, 401, 403]),
  },
  async handler(request) {
    const params = request.query as ListInput;
    return request.server.app.services.projectedCatalog.catalog.listFamilies(actor(request), params, pageAt(request));
  },
} satisfies ServerRoute;
