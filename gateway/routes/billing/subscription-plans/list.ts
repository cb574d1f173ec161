// GET /api/subscription-plans/
import { collectionRoute } from '../../collection-routes.js';
import { subscriptionPlansCollection } from './collection.js';

export default collectionRoute(subscriptionPlansCollection, 'list');
