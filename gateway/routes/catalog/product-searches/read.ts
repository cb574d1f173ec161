// GET /api/product-searches/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { productSearchesCollection } from './collection.js';

export default collectionRoute(productSearchesCollection, 'read');
