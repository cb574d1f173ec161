// DELETE /api/payment-methods/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { paymentMethodsCollection } from './collection.js';

export default collectionRoute(paymentMethodsCollection, 'delete');
