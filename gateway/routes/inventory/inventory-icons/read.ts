// GET /api/inventory-icons/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { inventoryIconsCollection } from './collection.js';

export default collectionRoute(inventoryIconsCollection, 'read');
