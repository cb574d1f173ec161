// Starts a BullMQ Worker per selected queue and relays finished jobs to clients.
// Used by the `worker` process and, in-process, by tests.
import { Worker, UnrecoverableError, type Job } from 'bullmq';
import type { Config } from '../gateway/config/env.js';
import { createPlatform, createServices, closePlatform } from '../gateway/services/index.js';
import { consumerConnection } from '../jobs/redis.js';
import { jobCatalog, QUEUE_NAMES, type JobName, type QueueName } from '../jobs/catalog.js';
import { handlers, verifyRegistry, type HandlerContext } from './registry.js';

export interface RunningWorkers {
  queues: QueueName[];
  close(): Promise<void>;
}

export function selectQueues(requested: string[]): QueueName[] {
  if (requested.length === 0) return [...QUEUE_NAMES];
  const unknown = requested.filter((q) => !(QUEUE_NAMES as readonly string[]).includes(q));
  if (unknown.length) throw new Error(`WORKER_QUEUES names unknown queue(s) ${unknown.join(', ')}; known: ${QUEUE_NAMES.join(', ')}`);
  return requested as QueueName[];
}

const SWEEP_EVERY_MS = 5 * 60_000;

export async function startWorkers(config: Config, queues: QueueName[] = selectQueues(config.workerQueues)): Promise<RunningWorkers> {
  verifyRegistry();
  const platform = createPlatform(config, 'worker');
  const ctx: HandlerContext = { platform, services: createServices(platform), log: platform.log };
  const workers: Worker[] = [];

  for (const queue of queues) {
    const worker = new Worker(queue, (job: Job) => process(job, ctx), {
      connection: consumerConnection(config.redisUrl, `worker-${queue}`),
      prefix: config.queuePrefix,
      concurrency: config.workerConcurrency,
      lockDuration: config.jobLockMs,
      stalledInterval: Math.max(1000, Math.floor(config.jobLockMs / 2)),
      maxStalledCount: 2,
    });
    worker.on('completed', (job, result) => {
      void publish(ctx, job, 'job.completed', { result });
    });
    worker.on('failed', (job, err) => {
      if (!job) return;
      const final = err instanceof UnrecoverableError || err.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
      ctx.log.warn({ job_id: job.id, name: job.name, attempt: job.attemptsMade, final, err: err.message }, 'job failed');
      if (final) void publish(ctx, job, 'job.failed', { error: codedError(err) });
    });
    worker.on('error', (err) => ctx.log.error({ err, queue }, 'worker error'));
    workers.push(worker);
  }

  if (queues.includes('maintenance')) {
    await platform.jobs.queue('maintenance').upsertJobScheduler('maintenance-sweep', { every: SWEEP_EVERY_MS }, { name: 'maintenance.sweep', data: { actor_id: null }, opts: { ...jobCatalog['maintenance.sweep'].options } });
  }

  await Promise.all(workers.map((w) => w.waitUntilReady()));
  return {
    queues,
    async close() {
      // close() lets active jobs finish; a job still running past the lock is
      // picked up again by another worker through stalled-job recovery
      await Promise.all(workers.map((w) => w.close()));
      await closePlatform(platform);
    },
  };
}

async function process(job: Job, ctx: HandlerContext): Promise<unknown> {
  const name = job.name as JobName;
  const spec = jobCatalog[name];
  if (!spec) throw new UnrecoverableError(`unknown_job: no handler for job ${job.name}`);
  const { error } = spec.payload.validate(job.data);
  if (error) throw new UnrecoverableError(`invalid_payload: ${error.message}`);
  return (handlers[name] as (job: Job, ctx: HandlerContext) => Promise<unknown>)(job, ctx);
}

function codedError(err: Error): { code: string; message: string } {
  const m = /^([a-z_]+): (.*)$/s.exec(err.message);
  return m ? { code: m[1], message: m[2] } : { code: 'job_failed', message: err.message };
}

async function publish(ctx: HandlerContext, job: Job, kind: 'job.completed' | 'job.failed', extra: { result?: unknown; error?: { code: string; message: string } }) {
  try {
    await ctx.platform.jobs.publish({ kind, job_id: job.id!, name: job.name, queue: job.queueName, actor_id: job.data?.actor_id ?? null, finished_at: new Date().toISOString(), ...extra });
  } catch (err) {
    ctx.log.warn({ err, job_id: job.id }, 'could not publish job result; clients can still poll it');
  }
}
