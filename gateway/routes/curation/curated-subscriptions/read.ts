// GET /api/curated-subscriptions/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { curatedSubscriptionsCollection } from './collection.js';

export default collectionRoute(curatedSubscriptionsCollection, 'read');
