// GET /api/inventory-items/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { inventoryItemsCollection } from './collection.js';

export default collectionRoute(inventoryItemsCollection, 'read');
