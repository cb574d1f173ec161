// GET /api/product-searches/
import { collectionRoute } from '../../collection-routes.js';
import { productSearchesCollection } from './collection.js';

export default collectionRoute(productSearchesCollection, 'list');
