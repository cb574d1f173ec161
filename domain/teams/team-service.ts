// Teams: one team per user overall (owner or member). Membership starts only when an
// invitee accepts (teams/team-membership-service.ts).
import type { Platform } from '../../db/platform.js';
import type { Actor } from '../shared/actor.js';
import type { AuditService } from '../audit/audit-service.js';
import { Conflict, Invalid, NotFound } from '../../jobs/runtime/errors.js';
import { AuditLog, Team, TeamMember, User } from '../../db/models/index.js';

export interface TeamOut {
  id: number;
  name: string;
  description: string;
  owner: { id: string; email: string; name: string };
  my_role: 'owner' | 'member';
  member_count: number;
  members: MemberOut[];
  created_at: string;
  updated_at: string;
}

export interface MemberOut {
  id: number;
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: 'owner' | 'member';
  joined_at: string;
}

const memberOut = (m: TeamMember): MemberOut => ({
  id: m.id,
  user_id: m.user_id,
  email: m.user!.email,
  first_name: m.user!.first_name,
  last_name: m.user!.last_name,
  role: m.role,
  joined_at: new Date(m.created_at).toISOString(),
});

export class TeamService {
  constructor(private readonly platform: Platform, private readonly audit: AuditService) {}

  async membershipOf(userId: string): Promise<TeamMember | undefined> {
    return TeamMember.query(this.platform.knex).findOne({ user_id: userId });
  }

  async listVisible(actor: Actor): Promise<TeamOut[]> {
    const { userId } = actor;
    const membership = await this.membershipOf(userId);
    return membership ? [await this.get(actor, membership.team_id)] : [];
  }

  async get(actor: Actor, teamId: number): Promise<TeamOut> {
    const { userId } = actor;
    const team = await Team.query(this.platform.knex).findById(teamId).withGraphFetched('members(ordered).user').modifiers({ ordered: (q) => q.orderBy('id') });
    const mine = team?.members?.find((m) => m.user_id === userId);
    if (!team || !mine) throw new NotFound('Team');
    const owner = team.members!.find((m) => m.role === 'owner')?.user;
    return {
      id: team.id,
      name: team.name,
      description: team.description,
      owner: { id: team.owner_id, email: owner?.email ?? '', name: owner ? owner.fullName : '' },
      my_role: mine.role,
      member_count: team.members!.length,
      members: team.members!.map(memberOut),
      created_at: new Date(team.created_at).toISOString(),
      updated_at: new Date(team.updated_at).toISOString(),
    };
  }

  async create(actor: Actor, input: { name: string; description?: string }): Promise<TeamOut> {
    const { userId } = actor;
    const teamId = await this.platform.knex.transaction(async (trx) => {
      // serialise concurrent creates by the same user on their user row
      await User.query(trx).where({ id: userId }).forUpdate().select('id').first();
      if (await TeamMember.query(trx).findOne({ user_id: userId })) {
        throw new Conflict('You already belong to a team; a user may belong to one team only.', 'already_in_team');
      }
      const team = await Team.query(trx).insert({ name: input.name.trim(), description: input.description ?? '', owner_id: userId });
      await TeamMember.query(trx).insert({ team_id: team.id, user_id: userId, role: 'owner', added_by: userId });
      await this.audit.record(trx, { actorId: userId, scope: { type: 'team', teamId: team.id } }, { action: 'create', entityType: 'team', entityId: team.id, summary: `Team "${team.name}" created`, changes: { name: team.name } });
      return team.id;
    }).catch(uniqueToConflict);
    return this.get(actor, teamId);
  }

  /** Activity of the caller's collaboration scope: their team's, or their own when teamless. */
  async recentActivity(actor: Actor, limit: number) {
    const { scope } = actor;
    let teamId = scope.teamId;
    if (!teamId) teamId = (await this.membershipOf(scope.userId))?.team_id ?? null;
    const rows = await AuditLog.query(this.platform.knex)
      .modify((q) => (teamId ? q.where('team_id', teamId) : q.where('actor_id', scope.userId).whereNull('team_id')))
      .withGraphFetched('actor')
      .orderBy('id', 'desc')
      .limit(limit);
    return {
      scope: teamId ? { profile_type: 'team', team_id: teamId } : { profile_type: 'self', team_id: null },
      count: rows.length,
      results: rows.map((r) => ({
        id: r.id,
        action: r.action,
        entity_type: r.entity_type,
        entity_id: r.entity_id,
        summary: r.summary,
        changes: r.changes,
        actor: r.actor ? { id: r.actor.id, email: r.actor.email, name: r.actor.fullName } : null,
        profile_type: r.profile_type,
        team_id: r.team_id,
        created_at: new Date(r.created_at).toISOString(),
      })),
    };
  }
}

function uniqueToConflict(err: unknown): never {
  if ((err as { code?: string }).code === '23505' || (err as { name?: string }).name === 'UniqueViolationError') {
    throw new Conflict('A user may belong to one team only.', 'already_in_team');
  }
  throw err;
}

export const teamInputProblems = (name: string) => (name.trim() ? null : Invalid.field('name', 'Team name cannot be blank.'));
