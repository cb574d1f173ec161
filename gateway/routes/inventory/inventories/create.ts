// POST /api/inventories/
import { collectionRoute } from '../../collection-routes.js';
import { inventoriesCollection } from './collection.js';

export default collectionRoute(inventoriesCollection, 'create');
