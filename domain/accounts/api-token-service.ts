// Personal API tokens: credentials for scripts and integrations that outlive a 30-minute
// login. Each acts as its user exactly like a login (same scope headers, same staff
// rights); it is shown once at creation and stored only as its SHA-256; it has a name,
// an optional expiry and records when it was last used. Revoking one takes effect on
// every gateway instance at once (the same broadcast as a logout).
import type { Platform } from '../../db/platform.js';
import { Conflict, NotFound } from '../../jobs/runtime/errors.js';
import { randomToken, sha256Hex } from '../../jobs/runtime/secrets.js';
import { API_TOKEN_PREFIX, type TokenService } from './token-service.js';
import { ApiToken, User } from '../../db/models/index.js';
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

export class ApiTokenService {
  constructor(
    private readonly platform: Platform,
    private readonly tokens: TokenService,
  ) {}

  /** Creates a token; the answer is the only place its value ever appears. */
  async create(userId: string, input: { name: string; expires_in_days?: number | null }): Promise<ApiTokenOut & { token: string }> {
    const token = randomToken(API_TOKEN_PREFIX);
    const expiresAt = input.expires_in_days ? new Date(Date.now() + input.expires_in_days * 86_400_000) : null;
    const row = await this.platform.knex.transaction(async (trx) => {
      // serialise concurrent creates of one user on their user row, so the cap holds
      await User.query(trx).findById(userId).forUpdate().select('id');
      const active = await ApiToken.query(trx)
        .where({ user_id: userId })
        .whereNull('revoked_at')
        .where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', new Date()))
        .resultSize();
      if (active >= MAX_ACTIVE_API_TOKENS) throw new Conflict(`At most ${MAX_ACTIVE_API_TOKENS} active API tokens per user; revoke one first.`, 'too_many_api_tokens');
      const created = (await ApiToken.query(trx)
        .insert({ user_id: userId, name: input.name.trim(), token_hash: sha256Hex(token), token_prefix: token.slice(0, 12), expires_at: expiresAt })
        .returning(COLUMNS)) as unknown as Row;
      await recordAudit(trx, { actorId: userId }, { action: 'api_token.create', entityType: 'api_token', entityId: created.id, changes: { name: created.name, expires_at: expiresAt } });
      return created;
    });
    return { ...out(row), token };
  }

  /** The caller's tokens that are not revoked, newest first (expired ones say so). */
  async list(userId: string): Promise<ApiTokenOut[]> {
    const rows = await ApiToken.query(this.platform.knex).where({ user_id: userId }).whereNull('revoked_at').orderBy('id', 'desc').limit(200).select(COLUMNS);
    return rows.map(out);
  }

  /** Revokes one of the caller's tokens; another user's id, or one already revoked, is 404. */
  async revoke(userId: string, id: number): Promise<void> {
    const [row] = await ApiToken.query(this.platform.knex)
      .where({ id, user_id: userId })
      .whereNull('revoked_at')
      .patch({ revoked_at: new Date(), revoked_reason: 'revoked' })
      .returning('token_hash');
    if (!row) throw new NotFound('API token');
    await recordAudit(this.platform.knex, { actorId: userId }, { action: 'api_token.revoke', entityType: 'api_token', entityId: id });
    await this.tokens.forgetEverywhere([row.token_hash]);
  }
}
