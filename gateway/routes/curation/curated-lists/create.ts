// POST /api/curated-lists/
import { collectionRoute } from '../../collection-routes.js';
import { curatedListsCollection } from './collection.js';

export default collectionRoute(curatedListsCollection, 'create');
