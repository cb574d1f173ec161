// GET /api/curator-earnings/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { curatorEarningsCollection } from './collection.js';

export default collectionRoute(curatorEarningsCollection, 'read');
