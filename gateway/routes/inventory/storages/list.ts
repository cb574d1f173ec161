// GET /api/storages/
import { collectionRoute } from '../../collection-routes.js';
import { storagesCollection } from './collection.js';

export default collectionRoute(storagesCollection, 'list');
