// Redis-backed limits shared by every gateway instance (rate-limiter-flexible), and
// per-process limits in memory for hot routes (consumeLocal).
// When Redis itself fails the limiter lets the request through and logs it: an
// outage of the limiter must not lock every user out.
import type { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Platform } from '../../db/platform.js';
import { RateLimited } from '../../jobs/runtime/errors.js';

export interface LimitRule {
  name: string;
  points: number;
  durationSeconds: number;
  blockSeconds?: number;
  message?: string;
}

/** The library loads with the first limit used: workers, which spend none, never load it. */
let library: Promise<typeof import('rate-limiter-flexible')> | undefined;
const rateLimiterLibrary = () => (library ??= import('rate-limiter-flexible'));

export class RateLimits {
  private readonly limiters = new Map<string, RateLimiterRedis>();
  private readonly local = new Map<string, RateLimiterMemory>();

  constructor(private readonly platform: Platform) {}

  private async limiter(rule: LimitRule): Promise<RateLimiterRedis> {
    let l = this.limiters.get(rule.name);
    if (!l) {
      const { RateLimiterRedis } = await rateLimiterLibrary();
      l = new RateLimiterRedis({
        storeClient: this.platform.redis,
        keyPrefix: `${this.platform.config.queuePrefix}:rl:${rule.name}`,
        points: rule.points,
        duration: rule.durationSeconds,
        blockDuration: rule.blockSeconds ?? 0,
      });
      this.limiters.set(rule.name, l);
    }
    return l;
  }

  /** Spends one point; throws RateLimited (429 with Retry-After) when none is left. */
  async consume(rule: LimitRule, key: string): Promise<void> {
    try {
      await (await this.limiter(rule)).consume(key);
    } catch (res) {
      if (res instanceof (await rateLimiterLibrary()).RateLimiterRes) throw new RateLimited(res.msBeforeNext / 1000, rule.message);
      this.platform.log.warn({ err: res, limit: rule.name }, 'rate limiter unavailable; allowing request');
    }
  }

  /**
   * Spends one point of a limit kept in this process's memory (no Redis round trip):
   * for a route hot enough that a shared counter would cost more than the work it
   * guards. The bound holds per process (n gateway processes allow n times the points).
   */
  async consumeLocal(rule: LimitRule, key: string): Promise<void> {
    let l = this.local.get(rule.name);
    if (!l) {
      const { RateLimiterMemory } = await rateLimiterLibrary();
      l = new RateLimiterMemory({ keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds, blockDuration: rule.blockSeconds ?? 0 });
      this.local.set(rule.name, l);
    }
    try {
      await l.consume(key);
    } catch (res) {
      throw new RateLimited((res as { msBeforeNext: number }).msBeforeNext / 1000, rule.message);
    }
  }

  /** Whether the key is currently over its limit, without spending a point. */
  async isBlocked(rule: LimitRule, key: string): Promise<number> {
    try {
      const res = await (await this.limiter(rule)).get(key);
      return res && res.consumedPoints > rule.points ? res.msBeforeNext / 1000 : 0;
    } catch {
      return 0;
    }
  }

  async reset(rule: LimitRule, key: string): Promise<void> {
    await (await this.limiter(rule)).delete(key).catch(() => undefined);
  }
}
