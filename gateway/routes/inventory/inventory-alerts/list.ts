// GET /api/inventory-alerts/
import { collectionRoute } from '../../collection-routes.js';
import { inventoryAlertsCollection } from './collection.js';

export default collectionRoute(inventoryAlertsCollection, 'list');
