// DELETE /api/curated-lists/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { curatedListsCollection } from './collection.js';

export default collectionRoute(curatedListsCollection, 'delete');
