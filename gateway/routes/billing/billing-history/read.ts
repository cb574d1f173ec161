// GET /api/billing-history/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { billingHistoryCollection } from './collection.js';

export default collectionRoute(billingHistoryCollection, 'read');
