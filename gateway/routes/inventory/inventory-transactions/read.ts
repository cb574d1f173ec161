// GET /api/inventory-transactions/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { inventoryTransactionsCollection } from './collection.js';

export default collectionRoute(inventoryTransactionsCollection, 'read');
