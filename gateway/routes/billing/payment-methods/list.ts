// GET /api/payment-methods/
import { collectionRoute } from '../../collection-routes.js';
import { paymentMethodsCollection } from './collection.js';

export default collectionRoute(paymentMethodsCollection, 'list');
