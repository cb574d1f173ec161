// DELETE /api/products/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { productsCollection } from './collection.js';

export default collectionRoute(productsCollection, 'delete');
