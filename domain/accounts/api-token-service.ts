// Personal API tokens: credentials for scripts and integrations that outlive a 30-minute
// login. Each acts as its user exactly like a login (same scope headers, same staff
// rights); it is shown once at creation and stored only as its SHA-256; it has a name,
// an expiry (API_TOKEN_DEFAULT_DAYS unless a shorter one is asked) and records when it
// was last used. Creating one needs the password or a fresh login, so a stolen access
// token cannot become a lasting credential, and the owner is told by e-mail. Revoking
// one takes effect on every gateway instance at once (the same broadcast as a logout).
import type { Platform } from '../../db/platform.js';
import type { Actor } from '../shared/actor.js';
import type { MailService } from '../shared/mail-service.js';
import type { RateLimits } from '../shared/rate-limits.js';
import { mailTemplates } from '../shared/mail-templates.js';
import { Conflict, Forbidden, Invalid, NotFound, RateLimited, Unauthorized } from '../../jobs/runtime/errors.js';
import { randomToken, sha256Hex, verifyPassword } from '../../jobs/runtime/secrets.js';
import { API_TOKEN_PREFIX, type TokenService } from './token-service.js';
import { passwordCheckRule } from './account-service.js';
import { ApiToken, AuthToken, User } from '../../db/models/index.js';
import { recordAudit } from '../audit/audit-service.js';

/** active (not revoked, not expired) tokens one user may hold */
export const MAX_ACTIVE_API_TOKENS = 50;
export const MAX_API_TOKEN_DAYS = 365;

export interface ApiTokenOut {
  id: number;
  name: string;
  token_prefix: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  expired: boolean;
}

type Row = Pick<ApiToken, 'id' | 'name' | 'token_prefix' | 'created_at' | 'expires_at' | 'last_used_at'>;
const COLUMNS = ['id', 'name', 'token_prefix', 'created_at', 'expires_at', 'last_used_at'];

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function out(row: Row): ApiTokenOut {
  return {
    id: Number(row.id),
    name: row.name,
    token_prefix: row.token_prefix,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: iso(row.expires_at),
    last_used_at: iso(row.last_used_at),
    expired: row.expires_at != null && new Date(row.expires_at).getTime() <= Date.now(),
  };
}

export interface ApiTokenIn {
  name: string;
  expires_in_days?: number | null;
  /** needed unless the login (`familyId`) is younger than API_TOKEN_RECENT_LOGIN_MINUTES */
  current_password?: string;
}

export interface ApiTokenDeps {
  tokens: TokenService;
  mail: MailService;
  limits: RateLimits;
}

export class ApiTokenService {
  constructor(
    private readonly platform: Platform,
    private readonly deps: ApiTokenDeps,
  ) {}

  /**
   * Creates a token for the actor, from the login `familyId`; the answer is the only
   * place its value ever appears.
   */
  async create(actor: Actor, familyId: string, input: ApiTokenIn): Promise<ApiTokenOut & { token: string }> {
    const user = await User.query(this.platform.knex).findById(actor.userId).select('id', 'email', 'first_name', 'password_hash');
    if (!user) throw new Unauthorized();
    await this.confirmIdentity(user, familyId, input.current_password);
    const token = randomToken(API_TOKEN_PREFIX);
    const days = Math.min(input.expires_in_days ?? this.platform.config.apiTokenDefaultDays, this.platform.config.apiTokenDefaultDays);
    const expiresAt = new Date(Date.now() + days * 86_400_000);
    const userId = actor.userId;
    const { row, emailId } = await this.platform.knex.transaction(async (trx) => {
      // serialise concurrent creates of one user on their user row, so the cap holds
      await User.query(trx).findById(userId).forUpdate().select('id');
      const active = await ApiToken.query(trx)
        .where({ user_id: userId })
        .whereNull('revoked_at')
        .where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', new Date()))
        .resultSize();
      if (active >= MAX_ACTIVE_API_TOKENS) throw new Conflict(`At most ${MAX_ACTIVE_API_TOKENS} active API tokens per user; revoke one first.`, 'too_many_api_tokens');
      const row = (await ApiToken.query(trx)
        .insert({ user_id: userId, name: input.name.trim(), token_hash: sha256Hex(token), token_prefix: token.slice(0, 12), expires_at: expiresAt })
        .returning(COLUMNS)) as unknown as Row;
      await recordAudit(trx, { actorId: userId }, { action: 'api_token.create', entityType: 'api_token', entityId: row.id, changes: { name: row.name, expires_at: expiresAt } });
      const mail = mailTemplates.apiTokenCreated(user.first_name, row.name, row.token_prefix, expiresAt.toISOString());
      return { row, emailId: await this.deps.mail.queue(trx, user.email, 'api_token_created', mail) };
    });
    await this.deps.mail.dispatch([emailId], userId, { requestId: actor.requestId });
    return { ...out(row), token };
  }

  /** The current password (limited like change-password), or a login of the last few minutes. */
  private async confirmIdentity(user: Pick<User, 'id' | 'password_hash'>, familyId: string, password: string | undefined): Promise<void> {
    if (password !== undefined) {
      const wait = await this.deps.limits.isBlocked(passwordCheckRule, user.id);
      if (wait > 0) throw new RateLimited(wait, passwordCheckRule.message);
      if (await verifyPassword(password, user.password_hash)) return;
      await this.deps.limits.consume(passwordCheckRule, user.id);
      throw Invalid.field('current_password', 'Current password is incorrect.', 'invalid_password');
    }
    const minutes = this.platform.config.apiTokenRecentLoginMinutes;
    // a login's family keeps its first token through every refresh: its age is the sign-in's
    const first = (await AuthToken.query(this.platform.knex).where({ family_id: familyId, user_id: user.id }).min('created_at as at').first()) as unknown as { at: Date | null } | undefined;
    const signedInAt = first?.at ? new Date(first.at).getTime() : 0;
    if (minutes > 0 && Date.now() - signedInAt <= minutes * 60_000) return;
    throw new Forbidden(`Creating an API token needs \`current_password\`, or a login of the last ${minutes} minutes.`, 'reauthentication_required');
  }

  /** The caller's tokens that are not revoked, newest first (expired ones say so). */
  async list(actor: Actor): Promise<ApiTokenOut[]> {
    const rows = await ApiToken.query(this.platform.knex).where({ user_id: actor.userId }).whereNull('revoked_at').orderBy('id', 'desc').limit(200).select(COLUMNS);
    return rows.map(out);
  }

  /** Revokes one of the caller's tokens; another user's id, or one already revoked, is 404. */
  async revoke(actor: Actor, id: number): Promise<void> {
    const row = await this.platform.knex.transaction(async (trx) => {
      const [revoked] = await ApiToken.query(trx)
        .where({ id, user_id: actor.userId })
        .whereNull('revoked_at')
        .patch({ revoked_at: new Date(), revoked_reason: 'revoked' })
        .returning('token_hash');
      if (!revoked) throw new NotFound('API token');
      await recordAudit(trx, { actorId: actor.userId }, { action: 'api_token.revoke', entityType: 'api_token', entityId: id });
      return revoked;
    });
    await this.deps.tokens.forgetEverywhere([row.token_hash]);
  }
}
