// update of /api/order-list-items/
import { collectionRoute } from '../../collection-routes.js';
import { orderListItemsCollection } from './collection.js';

export default collectionRoute(orderListItemsCollection, 'update');
