// POST /api/products/
import { collectionRoute } from '../../collection-routes.js';
import { productsCollection } from './collection.js';

export default collectionRoute(productsCollection, 'create');
