// GET /api/inventory-items/
import { collectionRoute } from '../../collection-routes.js';
import { inventoryItemsCollection } from './collection.js';

export default collectionRoute(inventoryItemsCollection, 'list');
