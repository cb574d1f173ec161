// GET /api/user-subscriptions/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { userSubscriptionsCollection } from './collection.js';

export default collectionRoute(userSubscriptionsCollection, 'read');
