// The users collection. Staff manage every account; a regular user sees and edits
// only their own. Deleting deactivates (sessions and personal API tokens revoked, login
// refused); the row and its data stay.
import type { Platform } from '../../db/platform.js';
import type { AuditService } from '../audit/audit-service.js';
import type { TokenService } from './token-service.js';
import type { Actor } from '../shared/actor.js';
import { diff } from '../audit/audit-service.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../jobs/runtime/errors.js';
import { applyListParams, paginate, type ListParams, type ListSpec, type Page, type PageAt } from '../shared/listing.js';
import { hashPassword } from '../../jobs/runtime/secrets.js';
import { normalizeEmail, passwordProblems, userOut, type UserOut } from './account-service.js';
import { Profile, User } from '../../db/models/index.js';
import Joi from 'joi';

export interface UserAdminOut extends UserOut {
  is_active: boolean;
  last_login_at: string | null;
  team_id: number | null;
}

export const userListSpec: ListSpec = {
  filters: {
    is_staff: { column: 'users.is_staff', schema: Joi.boolean() },
    is_active: { column: 'users.is_active', schema: Joi.boolean() },
    email: { column: 'users.email', schema: Joi.string().max(254), op: 'ilike' },
  },
  search: ['users.email', 'users.first_name', 'users.last_name'],
  ordering: { email: 'users.email', date_joined: 'users.created_at', last_login: 'users.last_login_at', first_name: 'users.first_name', last_name: 'users.last_name' },
  defaultOrdering: '-date_joined',
};

const out = (u: User & { team_id?: number | null }): UserAdminOut => ({
  ...userOut(u),
  is_active: u.is_active,
  last_login_at: u.last_login_at ? new Date(u.last_login_at).toISOString() : null,
  team_id: u.team_id ?? null,
});

export class UserService {
  constructor(private readonly platform: Platform, private readonly audit: AuditService, private readonly tokens: TokenService) {}

  async list(actor: Actor, params: ListParams, at: PageAt): Promise<Page<UserAdminOut>> {
    const q = User.query(this.platform.knex).leftJoin('team_members as tm', 'tm.user_id', 'users.id').select('users.*', 'tm.team_id');
    if (!actor.isStaff) q.where('users.id', actor.userId);
    applyListParams(q, userListSpec, params);
    return paginate(at, q, params, out);
  }

  async get(actor: Actor, id: string): Promise<UserAdminOut> {
    if (!actor.isStaff && actor.userId !== id) throw new NotFound('User');
    const u = await User.query(this.platform.knex).leftJoin('team_members as tm', 'tm.user_id', 'users.id').select('users.*', 'tm.team_id').findById(id);
    if (!u) throw new NotFound('User');
    return out(u);
  }

  async create(actor: Actor, input: { email: string; password: string; first_name: string; last_name: string; is_staff: boolean; is_verified: boolean }): Promise<UserAdminOut> {
    if (!actor.isStaff) throw new Forbidden('Only staff can create users directly; use /api/auth/register/.', 'staff_only');
    const email = normalizeEmail(input.email);
    const problem = passwordProblems(input.password, email);
    if (problem) throw Invalid.field('password', problem, 'weak_password');
    if (await User.query(this.platform.knex).findOne({ email })) throw new Conflict('An account with this e-mail already exists.', 'email_taken');
    const password_hash = await hashPassword(input.password, this.platform.config.passwordScryptCost);
    const id = await this.platform.knex.transaction(async (trx) => {
      const row = await User.query(trx)
        .insert({ email, password_hash, first_name: input.first_name, last_name: input.last_name, is_staff: input.is_staff, email_verified_at: input.is_verified ? new Date() : null })
        .returning('id');
      await Profile.query(trx).insert({ user_id: row.id });
      await this.audit.record(trx, { actorId: actor.userId }, { action: 'create', entityType: 'user', entityId: row.id, summary: `User ${email} created by staff`, changes: { email, is_staff: input.is_staff } });
      return row.id as string;
    });
    return this.get(actor, id);
  }

  async update(actor: Actor, id: string, changes: Partial<{ first_name: string; last_name: string; is_active: boolean; is_staff: boolean }>): Promise<UserAdminOut> {
    const before = await this.get(actor, id);
    if (!actor.isStaff && (changes.is_active !== undefined || changes.is_staff !== undefined)) {
      throw new Forbidden('Only staff can change is_active or is_staff.', 'staff_only');
    }
    if (actor.userId === id && (changes.is_active === false || changes.is_staff === false)) {
      throw new Conflict('Staff cannot deactivate or demote themselves.', 'self_demotion');
    }
    await this.platform.knex.transaction(async (trx) => {
      await User.query(trx).where({ id }).patch({ ...changes, updated_at: new Date() });
      await this.audit.record(trx, { actorId: actor.userId }, { action: 'update', entityType: 'user', entityId: id, summary: `User ${before.email} updated`, changes: diff(before as never, changes) });
    });
    if (changes.is_active === false) await this.tokens.revokeAllForUser(id, 'deactivated', undefined, undefined, { apiTokens: true, actorId: actor.userId });
    // rights are read when a token is looked up: every instance must look again now
    else if (changes.is_active !== undefined || changes.is_staff !== undefined) await this.tokens.forgetUserEverywhere(id);
    return this.get(actor, id);
  }

  async deactivate(actor: Actor, id: string): Promise<void> {
    if (!actor.isStaff) {
      if (actor.userId !== id) throw new NotFound('User');
      throw new Forbidden('Accounts are closed by staff: ask for it in a support ticket (POST /api/support-tickets/).', 'deletion_by_staff');
    }
    if (actor.userId === id) throw new Conflict('Staff cannot deactivate themselves.', 'self_demotion');
    await this.update(actor, id, { is_active: false });
  }
}
