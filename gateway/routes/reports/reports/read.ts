// read of /api/reports/
import { collectionRoute } from '../../collection-routes.js';
import { reportsCollection } from './collection.js';

export default collectionRoute(reportsCollection, 'read');
