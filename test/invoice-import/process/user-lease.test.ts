// One running `invoices` job per user (workers/user-lease.ts): with two workers free, a
// user's second job waits for their first while another user's job takes the free one;
// the waiting job uses no attempt, and a lease of a dead worker lapses.
import test from 'ava';
import { randomUUID } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import { consumerConnection, whenReady } from '../../../jobs/redis.js';
import { leaseKey, takeUserLease, underUserLease } from '../../../workers/user-lease.js';
import { testConfig } from '../../helpers/env.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test.serial("two users: a user's second job waits for their first, the other user's job does not", async (t) => {
  const config = testConfig();
  const connection = consumerConnection(config.redisUrl, 'lease-test');
  await whenReady(connection);
  const queue = new Queue('invoices', { connection, prefix: config.queuePrefix });
  const [a, b] = [randomUUID(), randomUUID()];
  const spans: Record<string, { start: number; end: number; attempts: number }> = {};
  const lease = { redis: connection, prefix: config.queuePrefix, queue: 'invoices', ttlMs: 5_000, retryMs: 200 };
  let done = 0;
  const workerConnection = consumerConnection(config.redisUrl, 'lease-worker');
  const finished = new Promise<void>((resolve) => {
    const worker = new Worker(
      'invoices',
      (job: Job, token?: string) =>
        underUserLease(lease, job, token, async () => {
          const start = Date.now();
          await sleep(job.data.ms);
          spans[job.data.name] = { start, end: Date.now(), attempts: job.attemptsMade };
        }),
      { connection: workerConnection, prefix: config.queuePrefix, concurrency: 2 },
    );
    worker.on('completed', () => {
      if (++done === 3) void worker.close().then(() => resolve());
    });
    worker.on('failed', (_job, err) => t.fail(`no job fails: ${err.message}`));
  });
  try {
    // A's two heavy jobs first, B's light one just after (both workers are free when A's arrive)
    await queue.add('invoice.parse', { actor_id: a, name: 'a1', ms: 1500 }, { attempts: 1 });
    await queue.add('invoice.parse', { actor_id: a, name: 'a2', ms: 1500 }, { attempts: 1 });
    await sleep(100);
    await queue.add('invoice.parse', { actor_id: b, name: 'b', ms: 100 }, { attempts: 1 });
    await finished;
    t.true(spans.a2.start >= spans.a1.end, `A's jobs do not overlap: a1 ${spans.a1.start}–${spans.a1.end}, a2 from ${spans.a2.start}`);
    t.true(spans.b.end <= spans.a1.end + 300, `B's job did not wait for A's: b ended ${spans.b.end - spans.a1.start} ms after a1 started`);
    t.is(spans.a2.attempts, 0, 'waiting for the lease used no attempt (attempts: 1 would have failed it)');
    t.is(await connection.exists(leaseKey(config.queuePrefix, 'invoices', a)), 0, 'the lease is given back');
  } finally {
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    workerConnection.disconnect();
    connection.disconnect();
  }
});

test.serial("a dead worker's lease lapses after its lifetime; a live one is renewed", async (t) => {
  const config = testConfig();
  const redis = consumerConnection(config.redisUrl, 'lease-expiry');
  await whenReady(redis);
  const opts = { redis, prefix: config.queuePrefix, queue: 'invoices', ttlMs: 1000 };
  const user = randomUUID();
  try {
    // a worker that died holding the lease: nobody renews it
    await redis.set(leaseKey(config.queuePrefix, 'invoices', user), 'dead-job', 'PX', 1000);
    t.is(await takeUserLease(opts, user, 'next-job'), null, 'held while it lives');
    await sleep(1200);
    const next = await takeUserLease(opts, user, 'next-job');
    t.truthy(next, 'taken once it lapsed');
    // a running job's lease outlives its first lifetime, and the same job may take it again (a retry)
    await sleep(1500);
    t.is(await takeUserLease(opts, user, 'other-job'), null, 'renewed while the job runs');
    const again = await takeUserLease(opts, user, 'next-job');
    t.truthy(again);
    await next!.release();
    await again!.release();
    t.truthy(await takeUserLease(opts, user, 'other-job'), 'released at the end');
  } finally {
    await redis.del(leaseKey(config.queuePrefix, 'invoices', user));
    redis.disconnect();
  }
});
