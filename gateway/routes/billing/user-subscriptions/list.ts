// GET /api/user-subscriptions/
import { collectionRoute } from '../../collection-routes.js';
import { userSubscriptionsCollection } from './collection.js';

export default collectionRoute(userSubscriptionsCollection, 'list');
