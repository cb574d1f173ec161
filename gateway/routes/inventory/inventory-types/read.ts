// GET /api/inventory-types/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { inventoryTypesCollection } from './collection.js';

export default collectionRoute(inventoryTypesCollection, 'read');
