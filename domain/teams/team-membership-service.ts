// Who belongs to a team, and only by consent. The owner invites (by e-mail or user id);
// the invitee sees the invitation among their own and accepts or declines; members
// leave, the owner removes. One team per user still holds when an invitation is
// accepted. Decisions (see README, "Teams"):
// - add-member always creates (or refreshes) an invitation; nobody is added at once.
// - Its answer is the same for registered and unknown addresses and ids: the
//   invitation is stored and the e-mail sent either way (the e-mail reads the same),
//   and whether the invitee is in another team is only checked at acceptance.
// - Until accepted, the invitee is no member: no team data, no pushes, no scope.
// - The owner cannot leave (the team would have no owner); they remove members.
import type { Knex } from 'knex';
import type { Actor } from '../shared/actor.js';
import type { AnyQueryBuilder } from 'objection';
import type { PlanLimits } from '../billing/plan-limits.js';
import type { Platform } from '../../db/platform.js';
import { Conflict, Forbidden, NotFound } from '../../jobs/runtime/errors.js';
import type { AuditService } from '../audit/audit-service.js';
import type { MailService } from '../shared/mail-service.js';
import { mailTemplates } from '../shared/mail-templates.js';
import type { RateLimits, LimitRule } from '../shared/rate-limits.js';
import { normalizeEmail } from '../accounts/account-service.js';
import { TeamInvitation, TeamMember, User } from '../../db/models/index.js';
import { pgError } from '../../db/errors.js';

export const INVITATION_TTL_DAYS = 7;
/** invitations (and their e-mails) one team may send per hour */
export const INVITATIONS_PER_TEAM_PER_HOUR = 30;

const inviteRule: LimitRule = { name: 'team-invite', points: INVITATIONS_PER_TEAM_PER_HOUR, durationSeconds: 3600, message: `At most ${INVITATIONS_PER_TEAM_PER_HOUR} invitations per team per hour.` };

/** What the owner sees: the invitee exactly as they named them, nothing looked up. */
export interface SentInvitationOut {
  id: number;
  team_id: number;
  email: string | null;
  user_id: string | null;
  status: 'pending';
  expires_at: string;
  created_at: string;
}

/** What the invitee sees, to decide. */
export interface ReceivedInvitationOut {
  id: number;
  team: { id: number; name: string };
  invited_by: { name: string };
  expires_at: string;
  created_at: string;
}

type InvitationRow = Pick<TeamInvitation, 'id' | 'team_id' | 'email' | 'user_id' | 'invited_by' | 'status' | 'expires_at' | 'created_at'>;

const sentOut = (r: InvitationRow): SentInvitationOut => ({
  id: Number(r.id),
  team_id: r.team_id,
  email: r.email,
  user_id: r.user_id,
  status: 'pending',
  expires_at: new Date(r.expires_at).toISOString(),
  created_at: new Date(r.created_at).toISOString(),
});

const fullName = (u: { first_name?: string; last_name?: string; email?: string } | undefined) => (u ? `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim() || (u.email ?? '') : '');

export class TeamMembershipService {
  constructor(
    private readonly platform: Platform,
    private readonly deps: { audit: AuditService; mail: MailService; limits: RateLimits; planLimits?: PlanLimits },
  ) {}

  private get knex(): Knex {
    return this.platform.knex;
  }

  /** The caller's membership of `teamId`; 404 when they are not in it (a foreign team looks absent). */
  private async membership(db: Knex | Knex.Transaction, teamId: number, userId: string, opts: { ownerOnly?: string } = {}) {
    const mine = await TeamMember.query(db).alias('m').join('teams as t', 't.id', 'm.team_id').where({ 'm.team_id': teamId, 'm.user_id': userId }).select('m.role', 't.name').first();
    if (!mine) throw new NotFound('Team');
    if (opts.ownerOnly && mine.role !== 'owner') throw new Forbidden(opts.ownerOnly, 'not_team_owner');
    return mine as unknown as { role: 'owner' | 'member'; name: string };
  }

  /**
   * POST /api/teams/{id}/add-member/: invites. The same answer (and the same e-mail)
   * for every address or id that is not already a member of this team.
   */
  async invite(actor: Actor, teamId: number, input: { email?: string; user_id?: string }): Promise<SentInvitationOut> {
    const ownerId = actor.userId;
    const team = await this.membership(this.knex, teamId, ownerId, { ownerOnly: 'Only the team owner can invite members.' });
    const email = input.email ? normalizeEmail(input.email) : null;
    const userId = email ? null : (input.user_id ?? null);
    // members are on the owner's own member list already: saying so tells nothing new
    const member = await TeamMember.query(this.knex).alias('m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.team_id', teamId)
      .where((q) => (email ? q.where('u.email', email) : q.where('u.id', userId!)))
      .select('m.id').first();
    if (member) throw new Conflict('This user is already a member of the team.', 'already_member');
    await this.deps.limits.consume(inviteRule, String(teamId));

    const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);
    const { row, emailId } = await this.knex.transaction(async (trx) => {
      // one open invitation per team and invitee: inviting again refreshes it
      const target = email ? 'email' : 'user_id';
      const { rows } = await trx.raw(
        `INSERT INTO team_invitations (team_id, ${target}, invited_by, expires_at)
         VALUES (?, ?, ?, ?)
         ON CONFLICT (team_id, ${target}) WHERE status = 'pending' AND ${target} IS NOT NULL
         DO UPDATE SET invited_by = EXCLUDED.invited_by, expires_at = EXCLUDED.expires_at, updated_at = now()
         RETURNING *`,
        [teamId, email ?? userId, ownerId, expiresAt],
      );
      const row = rows[0] as InvitationRow;
      const owner = await User.query(trx).where({ id: ownerId }).select('first_name', 'last_name', 'email').first();
      const to = email ?? (await User.query(trx).where({ id: userId, is_active: true }).select('email').first())?.email;
      const emailId = to ? await this.deps.mail.queue(trx, to, 'team_invitation', mailTemplates.teamInvitation(team.name, fullName(owner), INVITATION_TTL_DAYS)) : null;
      await this.deps.audit.record(trx, { actorId: ownerId, scope: { type: 'team', teamId } }, { action: 'invite_member', entityType: 'team_invitation', entityId: row.id, summary: `Invitation ${row.id} sent`, changes: { invitation_id: Number(row.id) } });
      // by id only: every member reads the team's audit, the invitee's address stays in the owner's invitation list
      return { row, emailId };
    });
    if (emailId) await this.deps.mail.dispatch([emailId], ownerId, { requestId: actor.requestId });
    return sentOut(row);
  }

  /** The team's open invitations, for its owner. */
  async sent(actor: Actor, teamId: number): Promise<SentInvitationOut[]> {
    const ownerId = actor.userId;
    await this.membership(this.knex, teamId, ownerId, { ownerOnly: 'Only the team owner can see its invitations.' });
    const rows = await TeamInvitation.query(this.knex).where({ team_id: teamId, status: 'pending' }).where('expires_at', '>', new Date()).orderBy('id', 'desc').limit(500);
    return rows.map(sentOut);
  }

  /** The owner withdraws an open invitation. */
  async revoke(actor: Actor, teamId: number, invitationId: number): Promise<void> {
    const ownerId = actor.userId;
    await this.membership(this.knex, teamId, ownerId, { ownerOnly: 'Only the team owner can withdraw invitations.' });
    await this.knex.transaction(async (trx) => {
      const n = await TeamInvitation.query(trx).where({ id: invitationId, team_id: teamId, status: 'pending' }).patch({ status: 'revoked', responded_at: new Date(), updated_at: new Date() });
      if (!n) throw new NotFound('Invitation', 'invitation_not_found');
      await this.deps.audit.record(trx, { actorId: ownerId, scope: { type: 'team', teamId } }, { action: 'withdraw_invitation', entityType: 'team_invitation', entityId: invitationId, summary: `Invitation ${invitationId} withdrawn`, changes: { status: 'revoked' } });
    });
  }

  private addressedTo(q: AnyQueryBuilder, user: { id: string; email: string }): AnyQueryBuilder {
    return q.where('i.status', 'pending').where('i.expires_at', '>', new Date()).where((w) => w.where('i.email', user.email).orWhere('i.user_id', user.id));
  }

  /** The caller's open invitations: to their (verified) address or to their user id. */
  async received(actor: Actor): Promise<ReceivedInvitationOut[]> {
    const { userId } = actor;
    const user = await User.query(this.knex).where({ id: userId }).select('id', 'email').first();
    if (!user) return [];
    const rows = await this.addressedTo(TeamInvitation.query(this.knex).alias('i'), user)
      .join('teams as t', 't.id', 'i.team_id')
      .leftJoin('users as o', 'o.id', 'i.invited_by')
      .orderBy('i.id', 'desc')
      .limit(100)
      .select('i.id', 'i.expires_at', 'i.created_at', 't.id as team_id', 't.name as team_name', 'o.first_name', 'o.last_name', 'o.email as owner_email');
    return rows.map((r: Record<string, any>) => ({
      id: Number(r.id),
      team: { id: r.team_id, name: r.team_name },
      invited_by: { name: fullName({ first_name: r.first_name, last_name: r.last_name, email: r.owner_email }) },
      expires_at: new Date(r.expires_at).toISOString(),
      created_at: new Date(r.created_at).toISOString(),
    }));
  }

  /** Accepts an invitation addressed to the caller; returns the team id. */
  async accept(actor: Actor, invitationId: number): Promise<number> {
    const { userId } = actor;
    return this.knex.transaction(async (trx) => {
      // serialise the caller's joins and creates on their user row: one team per user
      const user = await User.query(trx).where({ id: userId }).forUpdate().select('id', 'email').first();
      const inv = (await this.addressedTo(TeamInvitation.query(trx).alias('i'), user!).where('i.id', invitationId).forUpdate().select('i.*').first()) as InvitationRow | undefined;
      if (!inv) throw new NotFound('Invitation', 'invitation_not_found');
      const current = await TeamMember.query(trx).findOne({ user_id: userId });
      if (current) throw new Conflict('You already belong to a team; leave it before joining another (a user may belong to one team only).', 'already_in_team');
      // the team's plan limits its members (402 past it)
      await this.deps.planLimits?.check(trx, { type: 'team', userId, teamId: inv.team_id, role: null }, 'team_members');
      const member = await TeamMember.query(trx).insert({ team_id: inv.team_id, user_id: userId, role: 'member', added_by: inv.invited_by });
      await TeamInvitation.query(trx).findById(inv.id).patch({ status: 'accepted', responded_at: new Date(), updated_at: new Date() });
      await this.deps.audit.record(trx, { actorId: userId, scope: { type: 'team', teamId: inv.team_id } }, { action: 'add_member', entityType: 'team_member', entityId: member.id, summary: `${user!.email} accepted the invitation and joined the team`, changes: { user_id: userId, role: 'member', invitation_id: Number(inv.id) } });
      return inv.team_id;
    }).catch((err) => {
      if (pgError(err).code === '23505') throw new Conflict('You already belong to a team; a user may belong to one team only.', 'already_in_team');
      throw err;
    });
  }

  async decline(actor: Actor, invitationId: number): Promise<void> {
    const { userId } = actor;
    await this.knex.transaction(async (trx) => {
      const user = await User.query(trx).where({ id: userId }).select('id', 'email').first();
      const inv = (await this.addressedTo(TeamInvitation.query(trx).alias('i'), user!).where('i.id', invitationId).forUpdate().select('i.*').first()) as InvitationRow | undefined;
      if (!inv) throw new NotFound('Invitation', 'invitation_not_found');
      await TeamInvitation.query(trx).findById(inv.id).patch({ status: 'declined', responded_at: new Date(), updated_at: new Date() });
      await this.deps.audit.record(trx, { actorId: userId, scope: { type: 'team', teamId: inv.team_id } }, { action: 'decline_invitation', entityType: 'team_invitation', entityId: inv.id, summary: 'An invitation was declined' });
    });
  }

  /** A member leaves; the owner cannot (the team would have none). */
  async leave(actor: Actor, teamId: number): Promise<void> {
    const { userId } = actor;
    await this.knex.transaction(async (trx) => {
      const mine = await this.membership(trx, teamId, userId);
      if (mine.role === 'owner') throw new Conflict('The owner cannot leave the team; remove the other members instead.', 'owner_cannot_leave');
      const [gone] = await TeamMember.query(trx).where({ team_id: teamId, user_id: userId }).delete().returning('id');
      await this.deps.audit.record(trx, { actorId: userId, scope: { type: 'team', teamId } }, { action: 'leave', entityType: 'team_member', entityId: gone.id, summary: 'A member left the team', changes: { user_id: userId } });
    });
  }

  /** The owner removes a member. */
  async remove(actor: Actor, teamId: number, userId: string): Promise<void> {
    const ownerId = actor.userId;
    await this.knex.transaction(async (trx) => {
      await this.membership(trx, teamId, ownerId, { ownerOnly: 'Only the team owner can remove members.' });
      if (userId === ownerId) throw new Conflict('The owner cannot remove themselves.', 'owner_cannot_leave');
      const [gone] = await TeamMember.query(trx).where({ team_id: teamId, user_id: userId }).delete().returning('id');
      if (!gone) throw new NotFound('Member', 'member_not_found');
      await this.deps.audit.record(trx, { actorId: ownerId, scope: { type: 'team', teamId } }, { action: 'remove_member', entityType: 'team_member', entityId: gone.id, summary: 'A member was removed from the team', changes: { user_id: userId } });
    });
  }
}
