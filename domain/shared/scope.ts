// The caller's working scope, resolved once per request from X-Profile-Type and
// X-Team-Id (plugins/scope.ts) and passed to every service that reads or writes
// scoped rows.
import type { Knex } from 'knex';
import { Forbidden, Invalid } from '../../jobs/runtime/errors.js';
import { TeamMember } from '../../db/models/index.js';

export interface Scope {
  type: 'self' | 'team';
  userId: string;
  teamId: number | null;
  role: 'owner' | 'member' | null;
}

/** The scope of a request that names none: the caller's own rows. */
export const selfScope = (userId: string): Scope => ({ type: 'self', userId, teamId: null, role: null });

export async function resolveScope(knex: Knex, userId: string, profileType: string | undefined, teamIdHeader: string | undefined): Promise<Scope> {
  const type = (profileType ?? (teamIdHeader ? 'team' : 'self')).trim().toLowerCase();
  if (type !== 'self' && type !== 'team') {
    throw Invalid.field('X-Profile-Type', 'X-Profile-Type must be "self" or "team".', 'invalid_profile_type');
  }
  if (type === 'self') return selfScope(userId);
  if (!teamIdHeader || !/^\d{1,9}$/.test(teamIdHeader.trim())) {
    throw Invalid.field('X-Team-Id', 'X-Team-Id must be the integer id of your team when X-Profile-Type is "team".', 'invalid_team_id');
  }
  const teamId = Number(teamIdHeader.trim());
  const member = await TeamMember.query(knex).where({ team_id: teamId, user_id: userId }).select('role').first();
  if (!member) throw new Forbidden('You are not a member of this team.', 'not_team_member');
  return { type: 'team', userId, teamId, role: member.role };
}

/** Row ownership columns for a scope: (owner_id, team_id) as stored on scoped tables. */
export function scopeColumns(scope: Scope): { owner_id: string | null; team_id: number | null } {
  return scope.type === 'team' ? { owner_id: null, team_id: scope.teamId } : { owner_id: scope.userId, team_id: null };
}
