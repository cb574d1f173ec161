// At most one running job per user in a queue (the `invoices` queue): fair priority
// (jobs/fairness.ts) only orders waiting jobs, so two heavy uploads of one user could
// still hold both sandboxed children while another user's one-page invoice waits. A
// job takes its user's lease when it starts; one that finds the lease held by another
// job of the same user goes back to delayed (BullMQ's DelayedError pattern: no attempt
// is used) and the free child takes the next job, another user's. The lease lives
// `ttlMs` and is renewed while its job runs, so a worker that dies gives it up then.
import { DelayedError } from 'bullmq';
import type { Redis } from 'ioredis';

// KEYS: lease. ARGV: holder (job id), ttl ms. 1: taken (or already this job's, renewed), 0: another job holds it.
const TAKE = `
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', tonumber(ARGV[2]))
return 1
`;
// KEYS: lease. ARGV: holder, ttl ms (0: release). 1 when the holder still had it.
const KEEP = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if tonumber(ARGV[2]) > 0 then redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2])) else redis.call('DEL', KEYS[1]) end
return 1
`;

export interface UserLeaseOptions {
  redis: Redis;
  prefix: string;
  queue: string;
  ttlMs: number;
}

export const leaseKey = (prefix: string, queue: string, user: string) => `${prefix}:running:${queue}:${user}`;

/** Takes the user's lease for this job; null when another job of the user holds it. Release it when the job ends. */
export async function takeUserLease(opts: UserLeaseOptions, user: string, jobId: string): Promise<{ release: () => Promise<void> } | null> {
  const key = leaseKey(opts.prefix, opts.queue, user);
  if (!(await opts.redis.eval(TAKE, 1, key, jobId, opts.ttlMs))) return null;
  // renewed well within its lifetime; unref'd: a renewal never keeps a process alive
  const renew = setInterval(() => void opts.redis.eval(KEEP, 1, key, jobId, opts.ttlMs).catch(() => undefined), Math.max(100, Math.floor(opts.ttlMs / 3)));
  renew.unref();
  return {
    release: async () => {
      clearInterval(renew);
      await opts.redis.eval(KEEP, 1, key, jobId, 0);
    },
  };
}

/** The part of a (sandboxed) job the lease needs to put it back. */
export interface DelayableJob {
  id?: string;
  data: { actor_id?: string | null };
  moveToDelayed: (timestamp: number, token?: string) => Promise<void>;
}

/**
 * Runs `work` under the job's user lease. A job whose user has another job running is
 * moved back to delayed for `retryMs` and DelayedError thrown (BullMQ then takes the
 * next job; the attempt is not counted). Jobs of no user (the platform's) run as they are.
 */
export async function underUserLease<T>(opts: UserLeaseOptions & { retryMs: number }, job: DelayableJob, token: string | undefined, work: () => Promise<T>): Promise<T> {
  const user = job.data.actor_id;
  if (!user || !job.id) return work();
  const lease = await takeUserLease(opts, user, job.id);
  if (!lease) {
    await job.moveToDelayed(Date.now() + opts.retryMs, token);
    throw new DelayedError(`another ${opts.queue} job of this user is running`);
  }
  try {
    return await work();
  } finally {
    await lease.release().catch(() => undefined);
  }
}
