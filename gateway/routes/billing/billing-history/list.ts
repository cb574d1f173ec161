// GET /api/billing-history/
import { collectionRoute } from '../../collection-routes.js';
import { billingHistoryCollection } from './collection.js';

export default collectionRoute(billingHistoryCollection, 'list');
