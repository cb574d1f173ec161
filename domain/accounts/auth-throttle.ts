// Throttles of the unauthenticated account routes, shared by every gateway instance
// (Redis). The rule they follow: what a stranger does slows the stranger, never the
// account's owner.
// - Per client address, a request budget on every route that hashes a password or
//   tells accounts apart (login, register, reset, check-email, verify), checked before
//   any work, so a flood costs no scrypt.
// - Login: progressive delays instead of a lock, per address and account, per address
//   and account-wide; the per-address and account-wide delays (the latter capped at a
//   minute) apply only to addresses the account has not signed in from lately, so
//   failures a stranger causes never delay the owner on their usual connection.
// - One-time codes: wrong guesses are limited per address (and per address and e-mail);
//   they never lock the code itself, so a stranger cannot keep an owner from verifying
//   or resetting with the code they received.
// A Redis outage lets requests through (logged), as the other limits do.
import type { Platform } from '../../db/platform.js';
import { DomainError, RateLimited } from '../../jobs/runtime/errors.js';
import type { RateLimits, LimitRule } from '../shared/rate-limits.js';

export type ThrottledRoute = 'login' | 'register' | 'reset' | 'verify' | 'check-email' | 'send-code' | 'refresh';

const WINDOW_MS = 15 * 60_000;
const TRUSTED_MS = 30 * 86_400_000;
const TRUSTED_KEEP = 20;

interface Delay {
  /** failures allowed before delays start */
  free: number;
  /** first delay; doubles with every further failure */
  baseMs: number;
  capMs: number;
}

export const LOGIN_DELAYS = {
  /** one address, one account: the owner's own typos and a guesser's tries */
  addressAccount: { free: 5, baseMs: 1000, capMs: WINDOW_MS },
  /** one address, any account: a guesser spraying accounts */
  address: { free: 30, baseMs: 1000, capMs: WINDOW_MS },
  /** one account, any address it has not signed in from lately: distributed guessing */
  account: { free: 10, baseMs: 1000, capMs: 60_000 },
} satisfies Record<string, Delay>;

/** wrong codes from one address across all e-mails (per 15 minutes) */
export const CODE_GUESSES_PER_ADDRESS = 30;

/**
 * The throttling key of a client address: IPv4 as is, IPv6 by its /64 (one host
 * usually owns the whole prefix), IPv4-mapped IPv6 as IPv4.
 */
export function addressKey(ip: string | null | undefined): string {
  const a = (ip ?? '').trim().toLowerCase();
  if (!a) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return mapped[1];
  if (!a.includes(':')) return a;
  const [head, tail = ''] = a.split('::');
  const h = head ? head.split(':') : [];
  const tl = tail ? tail.split(':') : [];
  const groups = [...h, ...Array(Math.max(0, 8 - h.length - tl.length)).fill('0'), ...tl];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export class AuthThrottle {
  private readonly routeRules: Record<ThrottledRoute, LimitRule>;
  private readonly codeRule: LimitRule;

  constructor(
    private readonly platform: Platform,
    private readonly limits: RateLimits,
  ) {
    const perMinute = platform.config.authIpLimitPerMinute;
    const rule = (name: ThrottledRoute, points = perMinute): LimitRule => ({ name: `auth-ip-${name}`, points, durationSeconds: 60, message: 'Too many requests from this address; try again shortly.' });
    this.routeRules = {
      login: rule('login'), register: rule('register'), reset: rule('reset'), verify: rule('verify'), 'check-email': rule('check-email'),
      // resend-verification, forgot-password and resend-password-reset: the requests themselves,
      // apart from the codes actually sent (codeSent), so asking for unknown addresses costs only this
      'send-code': rule('send-code'),
      refresh: rule('refresh', platform.config.refreshIpLimitPerMinute),
    };
    this.codeRule = { name: 'otp-send-ip', points: platform.config.otpSendsPerAddressPerHour, durationSeconds: 3600, message: 'Too many codes requested from this address; try again later.' };
  }

  private key(...parts: string[]): string {
    return `${this.platform.config.queuePrefix}:auth:${parts.join(':')}`;
  }

  private get redis() {
    return this.platform.redis;
  }

  /** Spends one request of the address's per-minute budget for the route (429 beyond). */
  async request(route: ThrottledRoute, ip: string | null): Promise<void> {
    await this.limits.consume(this.routeRules[route], addressKey(ip));
  }

  /** 429 when the address has spent its hourly code budget; spends nothing. */
  async codeSendAllowed(ip: string | null): Promise<void> {
    const wait = await this.limits.isBlocked(this.codeRule, addressKey(ip));
    if (wait > 0) throw new RateLimited(wait, this.codeRule.message);
  }

  /** One code sent from this address (per hour, across all e-mails): charged only when a code goes out. */
  async codeSent(ip: string | null): Promise<void> {
    await this.limits.consume(this.codeRule, addressKey(ip));
  }

  // --- login -----------------------------------------------------------------

  /** Throws 429 too_many_attempts (with Retry-After) while a delay applies to this attempt. */
  async loginAllowed(email: string, ip: string | null): Promise<void> {
    const addr = addressKey(ip);
    const waits = [this.key('login-wait', 'addr-acct', addr, email)];
    // an address the account signed in from lately (the owner's usual connection, also
    // when shared behind NAT) is not slowed by failures others caused there or elsewhere
    if (!(await this.isTrusted(email, addr))) waits.push(this.key('login-wait', 'addr', addr), this.key('login-wait', 'acct', email));
    const ttls = await this.safely(() => Promise.all(waits.map((k) => this.redis.pttl(k))), [] as number[]);
    const wait = Math.max(0, ...ttls);
    if (wait > 0) throw tooMany(wait, 'Too many failed logins; wait before trying again.');
  }

  async loginFailed(email: string, ip: string | null): Promise<void> {
    const addr = addressKey(ip);
    await this.safely(
      () =>
        Promise.all([
          this.fail(this.key('login-fail', 'addr-acct', addr, email), this.key('login-wait', 'addr-acct', addr, email), { ...LOGIN_DELAYS.addressAccount, free: Math.min(LOGIN_DELAYS.addressAccount.free, this.platform.config.loginMaxFailures) }),
          this.fail(this.key('login-fail', 'addr', addr), this.key('login-wait', 'addr', addr), LOGIN_DELAYS.address),
          this.fail(this.key('login-fail', 'acct', email), this.key('login-wait', 'acct', email), { ...LOGIN_DELAYS.account, free: this.platform.config.loginMaxFailures }),
        ]),
      undefined,
    );
  }

  /** A successful login clears this address's failures for the account and trusts the address. */
  async loginSucceeded(email: string, ip: string | null): Promise<void> {
    const addr = addressKey(ip);
    const trusted = this.key('login-trusted', email);
    await this.safely(
      () =>
        this.redis
          .multi()
          .del(this.key('login-fail', 'addr-acct', addr, email), this.key('login-wait', 'addr-acct', addr, email))
          .zadd(trusted, Date.now(), addr)
          .zremrangebyrank(trusted, 0, -(TRUSTED_KEEP + 1))
          .pexpire(trusted, TRUSTED_MS)
          .exec(),
      undefined,
    );
  }

  private async isTrusted(email: string, addr: string): Promise<boolean> {
    const score = await this.safely(() => this.redis.zscore(this.key('login-trusted', email), addr), null);
    return score != null && Date.now() - Number(score) < TRUSTED_MS;
  }

  /** Counts a failure in a 15-minute window; past `free`, the next attempt waits base·2^k (capped). */
  private async fail(countKey: string, waitKey: string, d: Delay): Promise<void> {
    const [[, n]] = (await this.redis.multi().incr(countKey).pexpire(countKey, WINDOW_MS).exec()) as [[Error | null, number]];
    if (n <= d.free) return;
    const ms = Math.min(d.capMs, d.baseMs * 2 ** Math.min(30, n - d.free - 1));
    await this.redis.set(waitKey, '1', 'PX', ms);
  }

  // --- one-time codes ----------------------------------------------------------

  /** Throws 429 when this address has used up its wrong guesses (for this e-mail, or overall). */
  async codeGuessAllowed(purpose: string, email: string, ip: string | null): Promise<void> {
    const addr = addressKey(ip);
    const keys = [this.key('code-fail', purpose, addr, email), this.key('code-fail', 'addr', addr)];
    const [[mine, mineTtl], [all, allTtl]] = await this.safely(
      () => Promise.all(keys.map(async (k) => [Number((await this.redis.get(k)) ?? 0), await this.redis.pttl(k)] as const)),
      [[0, 0] as const, [0, 0] as const],
    );
    if (mine >= this.platform.config.otpMaxAttempts) {
      throw tooMany(mineTtl, 'Too many wrong codes from this address; wait, or request a new code and try again later.', 'otp_attempts_exceeded');
    }
    if (all >= CODE_GUESSES_PER_ADDRESS) throw tooMany(allTtl, 'Too many wrong codes from this address; try again later.');
  }

  /** Counts a wrong guess; returns how many this address has left for this e-mail. */
  async codeGuessFailed(purpose: string, email: string, ip: string | null): Promise<number> {
    const addr = addressKey(ip);
    const mine = this.key('code-fail', purpose, addr, email);
    const all = this.key('code-fail', 'addr', addr);
    const n = await this.safely(async () => {
      const res = (await this.redis.multi().incr(mine).pexpire(mine, WINDOW_MS).incr(all).pexpire(all, WINDOW_MS).exec()) as [Error | null, number][];
      return Number(res[0][1]);
    }, 0);
    return Math.max(0, this.platform.config.otpMaxAttempts - n);
  }

  async codeGuessSucceeded(purpose: string, email: string, ip: string | null): Promise<void> {
    await this.safely(() => this.redis.del(this.key('code-fail', purpose, addressKey(ip), email)), undefined);
  }

  private async safely<T>(op: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await op();
    } catch (err) {
      this.platform.log.warn({ err }, 'auth throttle unavailable; allowing the request');
      return fallback;
    }
  }
}

function tooMany(waitMs: number, message: string, code = 'too_many_attempts'): DomainError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new DomainError('rate_limited', code, message, { retry_after: seconds }, seconds);
}
