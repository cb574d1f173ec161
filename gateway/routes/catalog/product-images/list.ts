// GET /api/product-images/
import { collectionRoute } from '../../collection-routes.js';
import { productImagesCollection } from './collection.js';

export default collectionRoute(productImagesCollection, 'list');
