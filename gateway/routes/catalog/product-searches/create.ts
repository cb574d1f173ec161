import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { listQuerySchema, type ListParams } from '../../../../domain/shared/listing.js';
import { productListSpec } from '../../../../domain/catalog/product-service.js';
import { ProductOut } from '../products/schemas.js';
import { SearchOut } from './collection.js';
import { pageAt } from '../../collection-routes.js';

const SearchIn = listQuerySchema(productListSpec, 'ProductSearchIn')
  .keys({ search: Joi.string().trim().min(1).max(200).required().description('the search term') })
  .rename('query', 'search', { ignoreUndefined: true })
  .label('ProductSearchIn');

export default {
  method: 'POST',
  path: '/api/product-searches/',
  options: {
    tags: ['api', 'product-searches'],
    description: 'Search products and record the search in the caller\'s history',
    notes: 'Body: `search` (or `query`) plus any product-list filter (category, supplier, family_id, product_family_name, sku, barcode, ordering, page_size). Answers the recorded search with the first page of matching products in `results` (and `next` for more via GET /api/products/?search=).',
    validate: { payload: SearchIn },
    response: { status: { 201: SearchOut.keys({ results: Joi.array().items(ProductOut), next: Joi.string().allow(null) }).label('ProductSearchResult') } },
    plugins: errorDocs(400, 401, 403),
  },
  async handler(request, h) {
    const out = await request.server.app.services.catalog.products.searchAndRecord(actor(request), request.payload as ListParams, pageAt(request));
    return h.response(out).code(201);
  },
} satisfies ServerRoute;
