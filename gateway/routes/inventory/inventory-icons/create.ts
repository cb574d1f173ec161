// POST /api/inventory-icons/
import { collectionRoute } from '../../collection-routes.js';
import { inventoryIconsCollection } from './collection.js';

export default collectionRoute(inventoryIconsCollection, 'create');
