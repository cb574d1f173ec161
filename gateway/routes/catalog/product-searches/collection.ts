// /api/product-searches/: the caller's product-search history in the active scope.
// Searches are recorded by GET /api/products/?search= (first page) and by POST here.
import Joi from 'joi';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { searchListSpec } from '../../../../domain/catalog/product-search-service.js';

export const SearchOut = Joi.object({
  id: Joi.number().integer().required(),
  query: Joi.string().allow('').required(),
  filters: Joi.object().unknown(true).required().description('the product-list filters used with the search'),
  result_count: Joi.number().integer().required(),
  source: Joi.string().valid('list', 'api').required().description('list: recorded by GET /api/products/?search=; api: POST /api/product-searches/'),
  created_at: Joi.string().isoDate(),
}).label('ProductSearch');

export const productSearchesCollection = defineCollection({
  path: '/api/product-searches/',
  tag: 'product-searches',
  singular: 'product search',
  plural: 'product searches',
  service: (s) => s.catalog.searches,
  out: SearchOut,
  listQuery: listQuerySchema(searchListSpec, 'ProductSearchListQuery'),
  notes: {
    list: 'Only the caller\'s own searches in the active scope, newest first. Filters: source, created_after, created_before; `search` matches the query text.',
    delete: 'Removes the search from the caller\'s history.',
  },
});
