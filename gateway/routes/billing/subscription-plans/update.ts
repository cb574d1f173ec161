// PATCH /api/subscription-plans/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { subscriptionPlansCollection } from './collection.js';

export default collectionRoute(subscriptionPlansCollection, 'update');
