// Per-applicant rate limits enforced by the microservice itself (Redis, shared by every
// kyc instance). The main service has its own per-user limits in front; these make a
// direct call to the microservice gain nothing: the same budgets hold whoever calls.
// A Redis outage lets calls through (logged): the limiter must not stop verification.
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimited } from '../../jobs/runtime/errors.js';

export const APPLICANT_LIMITS = {
  accessToken: { points: 15, message: 'Too many access-token requests for this user; at most 15 per minute.' },
  refresh: { points: 6, message: 'Too many refresh requests for this user; at most 6 per minute.' },
  reset: { points: 6, message: 'Too many reset requests for this user; at most 6 per minute.' },
  status: { points: 120, message: 'Too many status requests for this user; at most 120 per minute.' },
  sdkUpload: { points: 30, message: 'Too many uploads for this verification; at most 30 per minute.' },
  sdkSubmit: { points: 6, message: 'Too many submissions for this verification; at most 6 per minute.' },
} as const;

export type ApplicantLimit = keyof typeof APPLICANT_LIMITS;

export class ApplicantLimits {
  private readonly limiters = new Map<ApplicantLimit, RateLimiterRedis>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log: Logger,
  ) {}

  private limiter(name: ApplicantLimit): RateLimiterRedis {
    let l = this.limiters.get(name);
    if (!l) {
      l = new RateLimiterRedis({ storeClient: this.redis, keyPrefix: `${this.prefix}:rl:kycsvc-${name}`, points: APPLICANT_LIMITS[name].points, duration: 60 });
      this.limiters.set(name, l);
    }
    return l;
  }

  /** Spends one call of `name` for the applicant (project + external user id); 429 beyond. */
  async consume(name: ApplicantLimit, projectId: number, externalUserId: string): Promise<void> {
    try {
      await this.limiter(name).consume(`${projectId}:${externalUserId}`);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw new RateLimited(res.msBeforeNext / 1000, APPLICANT_LIMITS[name].message);
      this.log.warn({ err: res, limit: name }, 'applicant rate limiter unavailable; allowing the call');
    }
  }
}
