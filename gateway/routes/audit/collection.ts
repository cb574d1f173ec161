// /api/system-audit-logs/: who did what and when, read-only.
import Joi from 'joi';
import { defineCollection } from '../collection-routes.js';
import { listQuerySchema } from '../../../domain/shared/listing.js';
import { auditListSpec } from '../../../domain/audit/audit-log-read-service.js';

const AuditLogOut = Joi.object({
  id: Joi.number().integer().required(),
  actor_id: Joi.string().guid().allow(null).required(),
  actor_email: Joi.string().allow(null),
  profile_type: Joi.string().valid('self', 'team').required(),
  team_id: Joi.number().integer().allow(null).required(),
  action: Joi.string().required().example('inventory_item.update'),
  entity_type: Joi.string().required(),
  entity_id: Joi.string().allow(null).required(),
  summary: Joi.string().allow('').required(),
  changes: Joi.object().unknown(true).description('changed fields ({field: {from, to}} on updates)'),
  ip: Joi.string().allow(null).description('staff only'),
  created_at: Joi.string().isoDate().required(),
}).label('SystemAuditLog');

export const systemAuditLogsCollection = defineCollection({
  path: '/api/system-audit-logs/',
  tag: 'system-audit-logs',
  singular: 'audit log entry',
  plural: 'audit log entries',
  service: (s) => s.inventory.auditLogs,
  out: AuditLogOut,
  listQuery: listQuerySchema(auditListSpec, 'SystemAuditLogListQuery'),
  notes: { list: 'Read-only. Self scope: your personal-scope entries; team scope: the team\'s entries; staff: every entry (filter with team_id, actor_id).' },
});
