// POST /api/payment-methods/
import { collectionRoute } from '../../collection-routes.js';
import { guarded, paymentMethodsCollection } from './collection.js';

export default guarded(collectionRoute(paymentMethodsCollection, 'create'));
