// replace of /api/order-lists/
import { collectionRoute } from '../../collection-routes.js';
import { orderListsCollection } from './collection.js';

export default collectionRoute(orderListsCollection, 'replace');
