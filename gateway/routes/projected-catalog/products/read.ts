import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { actor } from '../../../plugins/scope.js';
import { fieldsOf, GRAMMAR, id, productModel, projectedDocs, ProjectionParams, SCOPE_NOTE } from '../schemas.js';

export const ProductParams = Joi.object({ product_id: id.required().description('a product of the caller\'s scope') }).label('RestqlProductParams');

export default {
  method: 'GET',
  path: '/restqlapi/products/{product_id}/record-one-shot/',
  options: {
    tags: ['api', 'restqlapi'],
    description: 'Read a product (projected)',
    notes: [GRAMMAR, fieldsOf(productModel), SCOPE_NOTE].join('\n\n'),
    validate: { params: ProductParams, query: ProjectionParams },
    plugins: projectedDocs(200, productModel, false, [400, 401, 403, 404]),
  },
  handler(request) {
    const { product_id } = request.params as { product_id: number };
    return request.server.app.services.projectedCatalog.catalog.getProduct(actor(request), product_id, (request.query as { query?: string }).query);
  },
} satisfies ServerRoute;
