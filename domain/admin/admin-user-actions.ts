// What staff do to an account from the admin: verify its e-mail, deactivate or
// reactivate it, promote it to staff or demote it, and revoke all its logins. Each is
// one audited write (actor: the staff member). Taking rights away also ends the
// account's logins everywhere: access and refresh tokens, personal API tokens, open
// sockets (TokenService's revocation broadcast) and admin sessions. Staff cannot
// deactivate, demote or revoke themselves here.
import type { Platform } from '../../db/platform.js';
import type { Actor } from '../shared/actor.js';
import type { AuditService } from '../audit/audit-service.js';
import type { TokenService } from '../accounts/token-service.js';
import type { AdminSessionService } from './admin-session-service.js';
import { Conflict, NotFound } from '../../jobs/runtime/errors.js';
import { User } from '../../db/models/index.js';
import { staffOnly } from './admin-read-service.js';

export const USER_ACTIONS = ['verify', 'deactivate', 'reactivate', 'promote', 'demote', 'revoke-logins'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** What each action writes, how the log names it, and whether it ends the account's logins. */
const EFFECTS: Record<UserAction, { audit: string; patch?: (u: User) => Partial<User> | null; revoke: boolean; selfAllowed: boolean; done: string }> = {
  verify: { audit: 'staff_verify_email', patch: (u) => (u.email_verified_at ? null : { email_verified_at: new Date() }), revoke: false, selfAllowed: true, done: 'E-mail marked verified' },
  deactivate: { audit: 'deactivate', patch: (u) => (u.is_active ? { is_active: false } : null), revoke: true, selfAllowed: false, done: 'Account deactivated; its logins are revoked' },
  reactivate: { audit: 'reactivate', patch: (u) => (u.is_active ? null : { is_active: true }), revoke: false, selfAllowed: false, done: 'Account reactivated' },
  promote: { audit: 'promote_staff', patch: (u) => (u.is_staff ? null : { is_staff: true }), revoke: false, selfAllowed: false, done: 'Account promoted to staff' },
  demote: { audit: 'demote_staff', patch: (u) => (u.is_staff ? { is_staff: false } : null), revoke: false, selfAllowed: false, done: 'Account is no longer staff' },
  'revoke-logins': { audit: 'revoke_logins', revoke: true, selfAllowed: false, done: 'Every login of the account is revoked' },
};

export class AdminUserActions {
  constructor(private readonly platform: Platform, private readonly deps: { audit: AuditService; tokens: TokenService; sessions: AdminSessionService }) {}

  /** Applies one action; returns what the page tells the staff member. Doing what is already so changes nothing but is still logged. */
  async apply(actor: Actor, userId: string, action: UserAction, ip: string | null): Promise<{ message: string }> {
    staffOnly(actor);
    const effect = EFFECTS[action];
    if (actor.userId === userId && !effect.selfAllowed) throw new Conflict('Staff cannot deactivate, reactivate, demote, promote or sign out themselves from the admin.', 'self_demotion');
    const user = await this.platform.knex.transaction(async (trx) => {
      const user = await User.query(trx).findById(userId).forUpdate();
      if (!user) return null;
      const patch = effect.patch ? effect.patch(user) : null;
      if (patch) await User.query(trx).where({ id: userId }).patch({ ...patch, updated_at: new Date() });
      const changes = Object.fromEntries(Object.entries(patch ?? {}).map(([k, v]) => [k, { from: (user as unknown as Record<string, unknown>)[k] ?? null, to: v }]));
      await this.deps.audit.record(trx, { actorId: actor.userId, ip }, { action: effect.audit, entityType: 'user', entityId: userId, summary: `${effect.done}: ${user.email} (staff admin)`, changes });
      return user;
    });
    if (!user) throw new NotFound('User');
    if (effect.revoke) {
      await this.deps.tokens.revokeAllForUser(userId, action === 'deactivate' ? 'deactivated' : 'revoked_by_staff', undefined, undefined, { apiTokens: true });
      await this.deps.sessions.endAllOf(userId);
    } else {
      // rights are read when a token is looked up: every instance must look again now
      await this.deps.tokens.forgetUserEverywhere(userId);
      if (action === 'demote') await this.deps.sessions.endAllOf(userId);
    }
    return { message: `${effect.done}: ${user.email}.` };
  }
}
