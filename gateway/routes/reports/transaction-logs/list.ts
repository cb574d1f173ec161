// list of /api/transaction-logs/
import { collectionRoute } from '../../collection-routes.js';
import { transactionLogsCollection } from './collection.js';

export default collectionRoute(transactionLogsCollection, 'list');
