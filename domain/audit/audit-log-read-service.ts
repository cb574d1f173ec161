// Reading the system audit log. A caller sees the entries of the active scope: in
// self scope their own personal-scope entries, in team scope the team's entries.
// Staff see every entry (and may filter by team or actor). IP addresses are shown
// to staff only.
import Joi from 'joi';
import type { Knex } from 'knex';
import type { AnyQueryBuilder } from 'objection';
import type { Platform } from '../../db/platform.js';
import type { CollectionService } from '../shared/scoped-collection.js';
import type { Actor } from '../shared/actor.js';
import { iso } from '../shared/scoped-collection.js';
import { id, applyListParams, paginate, type ListParams, type ListSpec, type Page, type PageAt } from '../shared/listing.js';
import { NotFound } from '../../jobs/runtime/errors.js';
import { AuditLog } from '../../db/models/index.js';

export const auditListSpec: ListSpec = {
  filters: {
    action: { column: 'l.action', schema: Joi.string().max(64) },
    entity_type: { column: 'l.entity_type', schema: Joi.string().max(64) },
    entity_id: { column: 'l.entity_id', schema: Joi.string().max(64) },
    actor_id: { column: 'l.actor_id', schema: Joi.string().guid() },
    team_id: { column: 'l.team_id', schema: id.description('staff: entries of one team') },
    profile_type: { column: 'l.profile_type', schema: Joi.string().valid('self', 'team') },
    created_after: { column: 'l.created_at', schema: Joi.date().iso(), op: '>=' },
    created_before: { column: 'l.created_at', schema: Joi.date().iso(), op: '<' },
  },
  search: ['l.action', 'l.summary', 'l.entity_type'],
  ordering: { created_at: 'l.created_at', id: 'l.id', action: 'l.action' },
  defaultOrdering: '-created_at',
  tiebreak: 'l.id',
};

export class AuditLogReadService implements CollectionService<Record<string, unknown>> {
  constructor(private readonly platform: Platform) {}

  private visible(actor: Actor): AnyQueryBuilder {
    const q = AuditLog.query(this.platform.knex).alias('l').leftJoin('users as u', 'u.id', 'l.actor_id').select('l.*', 'u.email as actor_email');
    if (actor.isStaff) return q;
    if (actor.scope.type === 'team') return q.where('l.team_id', actor.scope.teamId as number);
    return q.where('l.actor_id', actor.userId).whereNull('l.team_id');
  }

  async list(actor: Actor, params: ListParams, at: PageAt): Promise<Page<Record<string, unknown>>> {
    return paginate(at, applyListParams(this.visible(actor), auditListSpec, params), params, (r) => toOut(r, actor.isStaff));
  }

  async get(actor: Actor, id: number): Promise<Record<string, unknown>> {
    const row = await this.visible(actor).where('l.id', id).first();
    if (!row) throw new NotFound('Audit log entry');
    return toOut(row, actor.isStaff);
  }
}

function toOut(r: Record<string, any>, staff: boolean) {
  return {
    id: Number(r.id), actor_id: r.actor_id ?? null, actor_email: r.actor_email ?? null, profile_type: r.profile_type, team_id: r.team_id ?? null,
    action: r.action, entity_type: r.entity_type, entity_id: r.entity_id ?? null, summary: r.summary, changes: r.changes ?? {},
    ...(staff ? { ip: r.ip ?? null } : {}), created_at: iso(r.created_at),
  };
}
