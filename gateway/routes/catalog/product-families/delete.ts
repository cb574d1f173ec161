// DELETE /api/product-families/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { productFamiliesCollection } from './collection.js';

export default collectionRoute(productFamiliesCollection, 'delete');
