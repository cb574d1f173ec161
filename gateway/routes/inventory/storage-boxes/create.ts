// POST /api/storage-boxes/
import { collectionRoute } from '../../collection-routes.js';
import { storageBoxesCollection } from './collection.js';

export default collectionRoute(storageBoxesCollection, 'create');
