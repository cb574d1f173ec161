// GET /api/system-audit-logs/
import { collectionRoute } from '../collection-routes.js';
import { systemAuditLogsCollection } from './collection.js';

export default collectionRoute(systemAuditLogsCollection, 'list');
