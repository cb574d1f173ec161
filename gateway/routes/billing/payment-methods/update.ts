// PATCH /api/payment-methods/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { guarded, paymentMethodsCollection } from './collection.js';

export default guarded(collectionRoute(paymentMethodsCollection, 'update'));
