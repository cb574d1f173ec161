// Redis-backed limits shared by every gateway instance (rate-limiter-flexible).
// When Redis itself fails the limiter lets the request through and logs it: an
// outage of the limiter must not lock every user out.
import type { RateLimiterRedis } from 'rate-limiter-flexible';
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
