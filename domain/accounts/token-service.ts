// Opaque access and refresh tokens. Only their SHA-256 is stored. Refresh rotates
// inside a family; presenting an already rotated refresh token revokes the family
// (stolen-token detection). Access lookups are cached briefly per process; a
// revocation is broadcast so every gateway instance forgets the token at once.
import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import { randomToken, sha256Hex } from '../../jobs/runtime/secrets.js';
import { Unauthorized } from '../../jobs/runtime/errors.js';
import { ApiToken, AuthToken, User } from '../../db/models/index.js';
import { recordAudit } from '../audit/audit-service.js';

export interface Principal {
  userId: string;
  email: string;
  isStaff: boolean;
  /** a login's access token, a personal API token (scripts, integrations), or a staff admin session (cookie, /admin/ only) */
  kind: 'session' | 'api_token' | 'admin_session';
  tokenId: number;
  /** the login (token family); for an API token `api-token:<id>` */
  familyId: string;
  /** epoch ms; Infinity for an API token without expiry */
  expiresAt: number;
}

export const API_TOKEN_PREFIX = 'ipt_';
/** last_used_at is written at most this often per token */
const LAST_USED_EVERY_MS = 60_000;

export interface TokenPair {
  access: string;
  refresh: string;
  token_type: 'Bearer';
  access_expires_at: string;
  refresh_expires_at: string;
  expires_in: number;
}

const CACHE_MS = 30_000;

export class TokenService {
  // Keyed by the token itself so that a hit (nearly every request) costs no hashing and
  // no await; revocations name token hashes, hence the second index. Tokens stay in
  // this process's memory at most CACHE_MS, as they do in the requests carrying them.
  private readonly byHash = new Map<string, string>();
  private readonly cache = new LRUCache<string, { principal: Principal; hash: string }>({
    max: 50_000,
    ttl: CACHE_MS,
    dispose: (entry) => this.byHash.delete(entry.hash),
  });

  constructor(private readonly platform: Platform) {}

  private get ttl() {
    const { accessTokenTtlMinutes, refreshTokenTtlDays } = this.platform.config;
    return { accessMs: accessTokenTtlMinutes * 60_000, refreshMs: refreshTokenTtlDays * 86_400_000 };
  }

  async issuePair(userId: string, trx?: Knex.Transaction, familyId: string = randomUUID()): Promise<TokenPair & { refreshId: number }> {
    const now = Date.now();
    const { accessMs, refreshMs } = this.ttl;
    const access = randomToken('ipa_');
    const refresh = randomToken('ipr_');
    const accessExp = new Date(now + accessMs);
    const refreshExp = new Date(now + refreshMs);
    const rows = await AuthToken.query(trx ?? this.platform.knex)
      .insert([
        { user_id: userId, kind: 'access', token_hash: sha256Hex(access), family_id: familyId, expires_at: accessExp },
        { user_id: userId, kind: 'refresh', token_hash: sha256Hex(refresh), family_id: familyId, expires_at: refreshExp },
      ])
      .returning(['id', 'kind']);
    const refreshId = rows.find((r: { kind: string }) => r.kind === 'refresh')!.id;
    return {
      access,
      refresh,
      token_type: 'Bearer',
      access_expires_at: accessExp.toISOString(),
      refresh_expires_at: refreshExp.toISOString(),
      expires_in: Math.floor(accessMs / 1000),
      refreshId,
    };
  }

  /**
   * The principal of an access token this process resolved within the last 30 s, at
   * once (no database, no await); undefined when it has to be looked up.
   */
  peek(access: string): Principal | undefined {
    const entry = this.cache.get(access);
    if (!entry) return undefined;
    if (entry.principal.expiresAt > Date.now()) return entry.principal;
    this.cache.delete(access);
    return undefined;
  }

  /** Resolves a bearer access token or personal API token; null when unknown, expired or revoked. */
  async authenticate(access: string): Promise<Principal | null> {
    if (access.length > 100) return null;
    if (access.startsWith(API_TOKEN_PREFIX)) return this.authenticateApiToken(access);
    if (!access.startsWith('ipa_')) return null;
    const cached = this.peek(access);
    if (cached) return cached;
    const hash = sha256Hex(access);
    const row = await AuthToken.query(this.platform.knex).alias('t')
      .join('users as u', 'u.id', 't.user_id')
      .where({ 't.token_hash': hash, 't.kind': 'access' })
      .whereNull('t.revoked_at')
      .where('t.expires_at', '>', new Date())
      .where('u.is_active', true)
      .select('t.id', 't.user_id', 't.family_id', 't.expires_at', 'u.email', 'u.is_staff').first() as unknown as { id: number; user_id: string; family_id: string; expires_at: Date; email: string; is_staff: boolean } | undefined;
    if (!row) return null;
    const principal: Principal = {
      userId: row.user_id,
      email: row.email,
      isStaff: row.is_staff,
      kind: 'session',
      tokenId: Number(row.id),
      familyId: row.family_id,
      expiresAt: new Date(row.expires_at).getTime(),
    };
    this.remember(access, hash, principal);
    return principal;
  }

  /** A personal API token: the same user and scope rules as a login, with its own expiry. */
  private async authenticateApiToken(token: string): Promise<Principal | null> {
    const cached = this.peek(token);
    if (cached) return cached;
    const hash = sha256Hex(token);
    const now = new Date();
    const row = await ApiToken.query(this.platform.knex).alias('t')
      .join('users as u', 'u.id', 't.user_id')
      .where({ 't.token_hash': hash })
      .whereNull('t.revoked_at')
      .where((q) => q.whereNull('t.expires_at').orWhere('t.expires_at', '>', now))
      .where('u.is_active', true)
      .select('t.id', 't.user_id', 't.expires_at', 't.last_used_at', 'u.email', 'u.is_staff').first() as unknown as { id: number; user_id: string; expires_at: Date | null; last_used_at: Date | null; email: string; is_staff: boolean } | undefined;
    if (!row) return null;
    const principal: Principal = {
      userId: row.user_id,
      email: row.email,
      isStaff: row.is_staff,
      kind: 'api_token',
      tokenId: Number(row.id),
      familyId: `api-token:${row.id}`,
      expiresAt: row.expires_at ? new Date(row.expires_at).getTime() : Number.POSITIVE_INFINITY,
    };
    if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() > LAST_USED_EVERY_MS) {
      // a lookup happens at most every CACHE_MS per process, so this write is rare
      void ApiToken.query(this.platform.knex).where({ id: row.id }).patch({ last_used_at: now }).catch((err) => this.platform.log.warn({ err }, 'could not record the API token use'));
    }
    this.remember(token, hash, principal);
    return principal;
  }

  private remember(token: string, hash: string, principal: Principal): void {
    this.cache.set(token, { principal, hash }, { ttl: Math.max(1, Math.min(CACHE_MS, principal.expiresAt - Date.now())) });
    this.byHash.set(hash, token);
  }

  /** Every instance forgets these tokens at once (a revoked API token). */
  async forgetEverywhere(tokenHashes: string[]): Promise<void> {
    await this.broadcast({ token_hashes: tokenHashes });
  }

  /** Every instance drops the user's cached principals (their rights changed). */
  async forgetUserEverywhere(userId: string): Promise<void> {
    await this.broadcast({ user_id: userId });
  }

  /**
   * Rotates a refresh token: the old one is spent, a new pair of the same family is
   * issued. A client that sends the same refresh token several times at once (tabs,
   * retries) gets a pair each if the repeats come within REFRESH_REUSE_GRACE_SECONDS
   * from the address that rotated it (as OAuth servers allow); later, or from elsewhere,
   * a repeat is a stolen copy and ends the login.
   */
  async rotate(refresh: string, clientAddress: string | null = null): Promise<TokenPair> {
    const hash = sha256Hex(refresh);
    const graceKey = `${this.platform.config.queuePrefix}:refresh-grace:${hash}`;
    const graceSeconds = this.platform.config.refreshReuseGraceSeconds;
    const outcome = await this.platform.knex.transaction(async (trx) => {
      const row = await AuthToken.query(trx).where({ token_hash: hash, kind: 'refresh' }).forUpdate().first();
      if (!row) return { error: new Unauthorized('Refresh token is invalid.', 'token_invalid') };
      if (row.revoked_at) {
        const rotatedBy = graceSeconds > 0 && row.revoked_reason === 'rotated' ? await this.platform.redis.get(graceKey).catch(() => null) : null;
        if (rotatedBy !== null && rotatedBy === String(clientAddress) && Date.now() - new Date(row.revoked_at).getTime() <= graceSeconds * 1000) {
          return { pair: await this.issuePair(row.user_id, trx, row.family_id) };
        }
        if (row.revoked_reason === 'rotated') {
          // a spent token came back: someone holds a copy, so end the whole login
          await this.revokeFamilyIn(trx, row.family_id, 'reuse_detected');
          await recordAudit(trx, { actorId: null }, { action: 'auth_session.revoke', entityType: 'auth_session', entityId: row.family_id, summary: 'A login ended: a used refresh token came back', changes: { reason: 'reuse_detected', user_id: row.user_id } });
          return { error: new Unauthorized('Refresh token was already used; the session has been revoked.', 'token_reused'), familyId: row.family_id };
        }
        return { error: new Unauthorized('Refresh token has been revoked.', 'token_revoked') };
      }
      if (new Date(row.expires_at).getTime() <= Date.now()) return { error: new Unauthorized('Refresh token has expired.', 'token_expired') };
      const user = await User.query(trx).where({ id: row.user_id }).select('is_active').first();
      if (!user?.is_active) return { error: new Unauthorized('Account is disabled.', 'account_disabled') };
      const pair = await this.issuePair(row.user_id, trx, row.family_id);
      await AuthToken.query(trx).where({ id: row.id }).patch({ revoked_at: new Date(), revoked_reason: 'rotated', replaced_by_id: pair.refreshId });
      // who rotated it, for the grace above; a failed write only means no grace
      if (graceSeconds > 0) await this.platform.redis.set(graceKey, String(clientAddress), 'EX', graceSeconds).catch(() => undefined);
      return { pair };
    });
    if (outcome.familyId) await this.broadcastFamily(outcome.familyId);
    if (outcome.error) throw outcome.error;
    const { refreshId: _drop, ...pair } = outcome.pair!;
    return pair;
  }

  /** Logout: revokes the login (family) that the refresh token or access token belongs to. */
  async revokeFamily(familyId: string, reason = 'logout', actorId: string | null = null): Promise<void> {
    await this.platform.knex.transaction(async (trx) => {
      await this.revokeFamilyIn(trx, familyId, reason);
      await recordAudit(trx, { actorId }, { action: 'auth_session.revoke', entityType: 'auth_session', entityId: familyId, summary: 'A login ended', changes: { reason } });
    });
    await this.broadcastFamily(familyId);
  }

  async familyOfRefresh(refresh: string): Promise<{ familyId: string; userId: string } | null> {
    const row = await AuthToken.query(this.platform.knex).where({ token_hash: sha256Hex(refresh), kind: 'refresh' }).select('family_id', 'user_id').first();
    return row ? { familyId: row.family_id, userId: row.user_id } : null;
  }

  /**
   * Password change or reset: every login of the user stops working, except
   * `keepFamily`; with `apiTokens` (a reset: the account is being recovered) every
   * personal API token too.
   */
  async revokeAllForUser(userId: string, reason: string, trx?: Knex.Transaction, keepFamily?: string, opts: { apiTokens?: boolean; actorId?: string | null } = {}): Promise<void> {
    const revoke = async (db: Knex | Knex.Transaction) => {
      const q = AuthToken.query(db).where({ user_id: userId }).whereNull('revoked_at');
      if (keepFamily) q.whereNot({ family_id: keepFamily });
      await q.patch({ revoked_at: new Date(), revoked_reason: reason });
      if (opts.apiTokens) await ApiToken.query(db).where({ user_id: userId }).whereNull('revoked_at').patch({ revoked_at: new Date(), revoked_reason: reason });
    };
    // within a caller's transaction the caller's own entry says why (password change, erasure…)
    if (trx) await revoke(trx);
    else {
      await this.platform.knex.transaction(async (own) => {
        await revoke(own);
        await recordAudit(own, { actorId: opts.actorId ?? null }, { action: 'auth_session.revoke_all', entityType: 'user', entityId: userId, summary: 'Every login ended', changes: { reason, api_tokens: !!opts.apiTokens } });
      });
    }
    // announced once committed: before that, an instance that looks the token up again
    // (a request, a socket check) would still find it valid and cache it for 30 s
    if (trx) void trx.executionPromise.then(() => this.broadcast({ user_id: userId }), () => undefined);
    else await this.broadcast({ user_id: userId });
  }

  /** Called by the realtime relay when any instance announces a revocation. */
  forget(event: { user_id?: string; token_hashes?: string[] }): void {
    for (const h of event.token_hashes ?? []) {
      const access = this.byHash.get(h);
      if (access) this.cache.delete(access);
    }
    if (event.user_id) {
      for (const [access, entry] of this.cache.entries()) if (entry.principal.userId === event.user_id) this.cache.delete(access);
    }
  }

  async purgeExpired(olderThan: Date): Promise<number> {
    return AuthToken.query(this.platform.knex).where('expires_at', '<', olderThan).delete();
  }

  private async revokeFamilyIn(db: Knex | Knex.Transaction, familyId: string, reason: string): Promise<void> {
    await AuthToken.query(db).where({ family_id: familyId }).whereNull('revoked_at').patch({ revoked_at: new Date(), revoked_reason: reason });
  }

  private async broadcastFamily(familyId: string): Promise<void> {
    const rows = await AuthToken.query(this.platform.knex).where({ family_id: familyId, kind: 'access' }).select('token_hash');
    await this.broadcast({ token_hashes: rows.map((r: { token_hash: string }) => r.token_hash) });
  }

  private async broadcast(event: { user_id?: string; token_hashes?: string[] }): Promise<void> {
    this.forget(event);
    await this.platform.producer.publish({ kind: 'auth.revoked', ...event }).catch((err) => {
      this.platform.log.warn({ err }, 'could not broadcast token revocation; other instances forget it within 30 s');
    });
  }
}
