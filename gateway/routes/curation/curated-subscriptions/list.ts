// GET /api/curated-subscriptions/
import { collectionRoute } from '../../collection-routes.js';
import { curatedSubscriptionsCollection } from './collection.js';

export default collectionRoute(curatedSubscriptionsCollection, 'list');
