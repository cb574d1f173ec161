// GET /api/inventory-alerts/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { inventoryAlertsCollection } from './collection.js';

export default collectionRoute(inventoryAlertsCollection, 'read');
