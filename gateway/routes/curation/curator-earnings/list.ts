// GET /api/curator-earnings/
import { collectionRoute } from '../../collection-routes.js';
import { curatorEarningsCollection } from './collection.js';

export default collectionRoute(curatorEarningsCollection, 'list');
