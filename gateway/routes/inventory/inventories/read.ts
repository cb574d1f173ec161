// GET /api/inventories/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { inventoriesCollection } from './collection.js';

export default collectionRoute(inventoriesCollection, 'read');
