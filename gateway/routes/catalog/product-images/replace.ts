// PUT /api/product-images/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { productImagesCollection } from './collection.js';

export default collectionRoute(productImagesCollection, 'replace');
