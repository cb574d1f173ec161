// POST /api/inventory-types/
import { collectionRoute } from '../../collection-routes.js';
import { inventoryTypesCollection } from './collection.js';

export default collectionRoute(inventoryTypesCollection, 'create');
