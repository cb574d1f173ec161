// GET /api/product-families/
import { collectionRoute } from '../../collection-routes.js';
import { productFamiliesCollection } from './collection.js';

export default collectionRoute(productFamiliesCollection, 'list');
