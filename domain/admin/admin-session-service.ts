// Sign-in to the staff web application (/admin/). The session lives in Redis under the
// SHA-256 of an opaque random id; the browser's cookie holds only that id. A session
// ends when it is unused for ADMIN_SESSION_IDLE_MINUTES, ADMIN_SESSION_MAX_HOURS after
// its sign-in, at sign-out, when the user's logins are revoked, and at once when the
// user is no longer active staff (every request reads the user's row again).
import type { Platform } from '../../db/platform.js';
import type { AccountService } from '../accounts/account-service.js';
import type { AuditService } from '../audit/audit-service.js';
import { randomToken, sha256Hex } from '../../jobs/runtime/secrets.js';
import { Unauthorized } from '../../jobs/runtime/errors.js';
import { User } from '../../db/models/index.js';

/** What a request signed in to the admin knows about its user. */
export interface AdminSession {
  /** SHA-256 of the cookie's id: names the session without being it */
  key: string;
  userId: string;
  email: string;
  /** epoch ms */
  createdAt: number;
  expiresAt: number;
}

/** One answer for a wrong password, an unknown e-mail, and an account that may not enter. */
export const ADMIN_REFUSED = 'E-mail or password is incorrect, or the account may not use the admin.';
export const ADMIN_SESSION_PREFIX = 'ias_';

export class AdminSessionService {
  constructor(private readonly platform: Platform, private readonly deps: { accounts: AccountService; audit: AuditService }) {}

  private sessionKey(hash: string): string {
    return `${this.platform.config.queuePrefix}:admin-session:${hash}`;
  }

  private userKey(userId: string): string {
    return `${this.platform.config.queuePrefix}:admin-sessions-of:${userId}`;
  }

  private get limits() {
    const { idleMinutes, maxHours } = this.platform.config.adminSession;
    return { idleMs: idleMinutes * 60_000, maxMs: maxHours * 3_600_000 };
  }

  /**
   * Checks the password through the accounts' sign-in (throttling included); then only
   * active, verified staff get a session. Everyone else gets the answer a wrong password
   * gets. Returns the cookie's value.
   */
  async signIn(input: { email: string; password: string }, ip: string | null): Promise<{ sid: string; session: AdminSession }> {
    const user = await this.deps.accounts.checkPassword(input, ip).catch((err) => {
      if (err instanceof Unauthorized) throw refused();
      throw err;
    });
    if (!user.is_active || !user.is_staff || !user.email_verified_at) throw refused();
    await this.deps.accounts.passwordAccepted(user, ip);
    const sid = randomToken(ADMIN_SESSION_PREFIX);
    const key = sha256Hex(sid);
    const now = Date.now();
    const { idleMs, maxMs } = this.limits;
    await this.platform.redis
      .multi()
      .hset(this.sessionKey(key), { user_id: user.id, created_at: String(now) })
      .pexpire(this.sessionKey(key), Math.min(idleMs, maxMs))
      .sadd(this.userKey(user.id), key)
      .pexpire(this.userKey(user.id), maxMs)
      .exec();
    await this.deps.audit.record(null, { actorId: user.id, ip }, { action: 'admin_login', entityType: 'user', entityId: user.id, summary: 'Signed in to the staff admin' });
    return { sid, session: { key, userId: user.id, email: user.email, createdAt: now, expiresAt: now + maxMs } };
  }

  /**
   * The session a cookie names, or null when it is unknown, expired, or its user is no
   * longer active staff (then it is ended). A hit restarts the idle count.
   */
  async resolve(sid: unknown): Promise<AdminSession | null> {
    if (typeof sid !== 'string' || !sid.startsWith(ADMIN_SESSION_PREFIX) || sid.length > 100) return null;
    const key = sha256Hex(sid);
    const row = await this.platform.redis.hgetall(this.sessionKey(key));
    if (!row.user_id) return null;
    const createdAt = Number(row.created_at);
    const { idleMs, maxMs } = this.limits;
    const left = createdAt + maxMs - Date.now();
    if (!(left > 0)) {
      await this.end(key, row.user_id);
      return null;
    }
    const user = await User.query(this.platform.knex).findById(row.user_id).select('id', 'email', 'is_active', 'is_staff');
    if (!user || !user.is_active || !user.is_staff) {
      await this.end(key, row.user_id);
      return null;
    }
    await this.platform.redis.pexpire(this.sessionKey(key), Math.min(idleMs, left));
    return { key, userId: user.id, email: user.email, createdAt, expiresAt: createdAt + maxMs };
  }

  /** Sign-out: the session is gone (its cookie names nothing any more). */
  async signOut(session: AdminSession, ip: string | null): Promise<void> {
    await this.end(session.key, session.userId);
    await this.deps.audit.record(null, { actorId: session.userId, ip }, { action: 'admin_logout', entityType: 'user', entityId: session.userId, summary: 'Signed out of the staff admin' });
  }

  /** Ends the session a cookie names, whoever's it is (a browser signing in again leaves no old session behind). */
  async endBySid(sid: unknown): Promise<void> {
    if (typeof sid !== 'string' || !sid.startsWith(ADMIN_SESSION_PREFIX) || sid.length > 100) return;
    const key = sha256Hex(sid);
    const userId = await this.platform.redis.hget(this.sessionKey(key), 'user_id');
    if (userId) await this.end(key, userId);
  }

  /** Ends every admin session of a user (their logins were revoked, or they left the staff). */
  async endAllOf(userId: string): Promise<number> {
    const keys = await this.platform.redis.smembers(this.userKey(userId));
    if (keys.length) await this.platform.redis.del(...keys.map((k) => this.sessionKey(k)));
    await this.platform.redis.del(this.userKey(userId));
    return keys.length;
  }

  private async end(key: string, userId: string): Promise<void> {
    await this.platform.redis.multi().del(this.sessionKey(key)).srem(this.userKey(userId), key).exec();
  }
}

const refused = () => new Unauthorized(ADMIN_REFUSED, 'invalid_credentials');
