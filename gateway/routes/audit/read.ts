// GET /api/system-audit-logs/{id}/
import { collectionRoute } from '../collection-routes.js';
import { systemAuditLogsCollection } from './collection.js';

export default collectionRoute(systemAuditLogsCollection, 'read');
