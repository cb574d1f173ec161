// Per-user fairness of the heavy queues (media, invoices, imports). BullMQ's open
// source edition has no groups, so fairness is decided when a job is enqueued, in
// one Redis script per job:
//   - in flight: a sorted set per queue and user holds the user's jobs that are
//     waiting or running; at USER_JOBS_IN_FLIGHT the next one is refused (429
//     too_many_jobs). A finished job leaves the set (workers/runner.ts); an entry
//     older than STALE_MS (a job removed without finishing) is pruned.
//   - rate: at most USER_JOBS_PER_MINUTE jobs per queue and user per minute (429).
//   - order: the job's BullMQ priority is its place among the user's own jobs in
//     flight (1 for the first, 8 for the eighth), so a user's burst queues behind
//     everyone else's first jobs: another user's photo waits for the jobs already
//     running, never for a stranger's whole backlog.
import type { Redis } from 'ioredis';
import type { QueueName } from './catalog.js';
import { RateLimited } from './runtime/errors.js';

export const FAIR_QUEUES: readonly QueueName[] = ['media', 'invoices', 'imports'];

export interface FairnessLimits {
  inFlightPerUser: number;
  perMinutePerUser: number;
}

/** A job still counted as in flight after this long was lost (removed, or its finish never seen). */
const STALE_MS = 30 * 60_000;
/** BullMQ priorities run from 1 (first) to 2^21 - 1. */
const MAX_PRIORITY = 2 ** 21 - 1;

// KEYS: in-flight set, per-minute counter. ARGV: now, job id, max in flight, max per minute, stale ms.
// Returns {1, place} admitted (place: 1-based among the user's jobs in flight),
// {-1, 0} too many in flight, {-2, ms until the minute ends} over the rate.
const ADMIT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[5]))
local known = redis.call('ZRANK', KEYS[1], ARGV[2])
if known then return {1, known + 1} end
local n = redis.call('ZCARD', KEYS[1])
if n >= tonumber(ARGV[3]) then return {-1, 0} end
local used = redis.call('INCR', KEYS[2])
if used == 1 then redis.call('PEXPIRE', KEYS[2], 60000) end
if used > tonumber(ARGV[4]) then return {-2, redis.call('PTTL', KEYS[2])} end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return {1, n + 1}
`;

export class UserJobShares {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limits: FairnessLimits,
  ) {}

  static applies(queue: QueueName): boolean {
    return FAIR_QUEUES.includes(queue);
  }

  private inFlightKey(queue: QueueName, user: string) {
    return `${this.prefix}:fair:${queue}:${user}`;
  }

  /**
   * Counts the job in for its user (idempotent per job id) and returns its priority;
   * throws RateLimited (429 too_many_jobs) when the user is over a limit.
   */
  async admit(queue: QueueName, user: string, jobId: string): Promise<number> {
    const minute = Math.floor(Date.now() / 60_000);
    const [verdict, value] = (await this.redis.eval(ADMIT, 2, this.inFlightKey(queue, user), `${this.prefix}:fair-rate:${queue}:${user}:${minute}`, Date.now(), jobId, this.limits.inFlightPerUser, this.limits.perMinutePerUser, STALE_MS)) as [number, number];
    if (verdict === -1) {
      throw new RateLimited(5, `You have ${this.limits.inFlightPerUser} ${queue} jobs waiting or running; wait for some to finish.`, 'too_many_jobs');
    }
    if (verdict === -2) {
      throw new RateLimited(value / 1000, `At most ${this.limits.perMinutePerUser} ${queue} jobs per minute.`, 'too_many_jobs');
    }
    return Math.min(MAX_PRIORITY, value);
  }

  /** The job finished (or will never run): it no longer counts for its user. */
  async release(queue: QueueName, user: string, jobId: string): Promise<void> {
    await this.redis.zrem(this.inFlightKey(queue, user), jobId);
  }

  async inFlight(queue: QueueName, user: string): Promise<number> {
    return this.redis.zcard(this.inFlightKey(queue, user));
  }
}

/** Whose share a job counts against: the user who asked for it, or the platform itself. */
export const shareOf = (data: { actor_id?: string | null } | undefined): string => data?.actor_id ?? 'platform';
