// GET /api/inventory-transactions/
import { collectionRoute } from '../../collection-routes.js';
import { inventoryTransactionsCollection } from './collection.js';

export default collectionRoute(inventoryTransactionsCollection, 'list');
