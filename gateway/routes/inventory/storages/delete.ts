// DELETE /api/storages/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { storagesCollection } from './collection.js';

export default collectionRoute(storagesCollection, 'delete');
