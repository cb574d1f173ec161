// PUT /api/storage-boxes/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { storageBoxesCollection } from './collection.js';

export default collectionRoute(storageBoxesCollection, 'replace');
