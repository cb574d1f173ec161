// Who changed what and when: the area's routes, one file per endpoint, and its OpenAPI tags.
import { defineArea } from '../area.js';
import systemAuditLogsList from './list.js';
import systemAuditLogsRead from './read.js';

export default defineArea({
  name: 'audit',
  tags: [
    { name: 'system-audit-logs', description: 'Who changed what and when, per scope (staff: all)' },
  ],
  routes: [
    systemAuditLogsList,
    systemAuditLogsRead,
  ],
});
