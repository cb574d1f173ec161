import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { productListSpec } from '../../../../domain/catalog/product-service.js';
import type { ListInput } from '../../../../domain/projected-catalog/projected-catalog-service.js';
import { pageAt } from '../../collection-routes.js';
import { actor } from '../../../plugins/scope.js';
import { fieldsOf, GRAMMAR, productModel, projectedDocs, projectionQuery, SCOPE_NOTE } from '../schemas.js';

export const PRODUCT_PAGE_MAX = 500;

export default {
  method: 'GET',
  path: '/restqlapi/products/records-one-shot/',
  options: {
    tags: ['api', 'restqlapi'],
    description: 'List products (projected)',
    notes: [
      `A page {count, next, previous, results} of the scope's products: page, page_size (default 100, at most ${PRODUCT_PAGE_MAX}), and the filters, search and ordering of GET /api/products/.`,
      'Response budget: a page holds at most PROJECTED_CATALOG_MAX_ROWS rows (default 5000) counting every nested row of the projection (variants, images, tags, values, family). A page that would hold more returns fewer products (at least one; a product is never split) and its `next` link carries `offset=<first product left out>` instead of `page=`, so following `next` continues exactly where the page stopped, nothing skipped or repeated. `offset` (0-based) may also be sent directly; it wins over `page`.',
      GRAMMAR,
      fieldsOf(productModel),
      SCOPE_NOTE,
    ].join('\n\n'),
    validate: {
      query: listQuerySchema(productListSpec, 'RestqlProductListQuery').keys({
        page_size: Joi.number().integer().min(1).max(PRODUCT_PAGE_MAX).default(100).description(`rows per page (max ${PRODUCT_PAGE_MAX})`),
        offset: Joi.number().integer().min(0).max(2147483647).description('0-based row to start at instead of page (a cut page\'s next link carries it)'),
        query: projectionQuery,
      }),
    },
    plugins: projectedDocs(200, productModel, true, [400, 401, 403]),
  },
  async handler(request) {
    const params = request.query as ListInput;
    return request.server.app.services.projectedCatalog.catalog.listProducts(actor(request), params, pageAt(request));
  },
} satisfies ServerRoute;
