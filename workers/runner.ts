// Starts a BullMQ Worker per selected queue and relays finished jobs to clients.
// Used by the `worker` process and, in-process, by tests.
import { requestIdOfJob } from '../jobs/request-context.js';
import { Worker, UnrecoverableError, type Job, type WorkerOptions } from 'bullmq';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, type Config } from '../jobs/runtime/config.js';
import { createServices } from '../domain/index.js';
import { createPlatform, closePlatform } from '../db/platform.js';
import { codedError } from '../jobs/runtime/errors.js';
import type { Redis } from 'ioredis';
import { consumerConnection, whenReady } from '../jobs/redis.js';
import { QUEUE_NAMES, SANDBOXED_QUEUES, schedulesOf, workerSettingsOf, type QueueName } from '../jobs/catalog.js';
import { loadHandlers, runJob, verifyRegistry, type HandlerContext, type WorkerHooks } from './registry.js';
import { SANDBOX_CONFIG_ENV } from './sandboxed-processor.js';

export interface RunningWorkers {
  queues: QueueName[];
  /** Lets active jobs finish; `force` abandons them to stalled-job recovery instead. */
  close(opts?: { force?: boolean }): Promise<void>;
}

export function selectQueues(requested: string[]): QueueName[] {
  if (requested.length === 0) return [...QUEUE_NAMES];
  const unknown = requested.filter((q) => !(QUEUE_NAMES as readonly string[]).includes(q));
  if (unknown.length) throw new ConfigError(`invalid configuration: WORKER_QUEUES names unknown queue(s) ${unknown.join(', ')}; known: ${QUEUE_NAMES.join(', ')}`);
  return requested as QueueName[];
}

export async function startWorkers(config: Config, queues: QueueName[] = selectQueues(config.workerQueues), options: { hooks?: WorkerHooks } = {}): Promise<RunningWorkers> {
  verifyRegistry();
  // sandboxed queues load theirs in the child
  await loadHandlers(queues.filter((q) => !SANDBOXED_QUEUES[q]));
  const platform = createPlatform(config, 'worker');
  const ctx: HandlerContext = { platform, services: createServices(platform), log: platform.log, hooks: options.hooks };
  const workers: Worker[] = [];
  // BullMQ treats a passed-in connection as shared and never closes it; we do, on close()
  const connections: Redis[] = [];

  for (const queue of queues) {
    const connection = consumerConnection(config.redisUrl, `worker-${queue}`);
    connections.push(connection);
    const sandbox = sandboxFor(queue, config);
    // concurrency, locks and stalled-job takeover are declared per queue in the job catalog
    const worker = new Worker(queue, sandbox?.processorFile ?? ((job: Job) => runJob(job, ctx)), {
      ...sandbox?.options,
      ...workerSettingsOf(queue, config),
      connection,
      prefix: config.queuePrefix,
      // stored on each job it takes (job.processedBy): which process runs or ran it (the dashboard, chaos tests)
      name: `${os.hostname()}:${process.pid}`,
    });
    worker.on('completed', (job, result) => {
      // at info for the jobs a request enqueued (its id leads here from the access log); scheduled ones at debug
      const requestId = requestIdOfJob(job);
      const line = { job_id: job.id, name: job.name, queue, request_id: requestId, ms: job.finishedOn && job.processedOn ? job.finishedOn - job.processedOn : undefined };
      if (requestId) ctx.log.info(line, 'job completed');
      else ctx.log.debug(line, 'job completed');
      void release(ctx, job);
      void publish(ctx, job, 'job.completed', { result });
    });
    worker.on('failed', (job, err) => {
      if (!job) return;
      const final = err instanceof UnrecoverableError || err.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
      ctx.log.warn({ job_id: job.id, name: job.name, queue, request_id: requestIdOfJob(job), attempt: job.attemptsMade, final, err: err.message }, 'job failed');
      if (final) {
        void release(ctx, job);
        void publish(ctx, job, 'job.failed', { error: codedError(err.message) });
      }
    });
    worker.on('error', (err) => ctx.log.error({ err, queue }, 'worker error'));
    workers.push(worker);
  }

  // the repeatable jobs of the consumed queues, as the catalog schedules them
  for (const s of schedulesOf(queues, config)) {
    await platform.producer.queue(s.queue).upsertJobScheduler(s.id, { every: s.everyMs }, { name: s.name, data: s.payload, opts: { ...s.options } });
  }

  if (queues.includes('reports')) {
    // each report schedule is a job scheduler; one lost while Redis was away is registered again
    await ctx.services.reports.schedules.syncSchedulers().catch((err) => ctx.log.warn({ err }, 'report schedulers not synchronised at start'));
  }

  if (queues.includes('ai')) {
    // the FAQ search index is built before the first question, not during its answer
    await ctx.services.supportChat.knowledge.index().catch((err) => ctx.log.warn({ err }, 'FAQ index not built at start; the first answer builds it'));
  }

  // results are published on the fail-fast producer connection: it must be up first
  await Promise.all([...workers.map((w) => w.waitUntilReady()), whenReady(platform.redis)]);
  return {
    queues,
    async close(opts = {}) {
      // close() lets active jobs finish; a job still running past the lock is
      // picked up again by another worker through stalled-job recovery
      await Promise.all(workers.map((w) => w.close(opts.force ?? false)));
      for (const c of connections) c.disconnect();
      await closePlatform(platform);
    },
  };
}

/**
 * A queue in SANDBOXED_QUEUES runs its jobs in forked child processes (BullMQ
 * sandboxed processors): the processor FILE is workers/processors/<name>.js when
 * running compiled (dist/), or the .ts source under tsx (tests, development), in
 * which case the child gets tsx's loader too. Each concurrent job holds one child;
 * children are reused, so engines they load stay warm.
 */
export function sandboxFor(queue: QueueName, config: Config): { processorFile: string; options: Partial<WorkerOptions> } | null {
  const name = SANDBOXED_QUEUES[queue];
  if (!name) return null;
  const here = fileURLToPath(import.meta.url);
  const ext = path.extname(here); // .js in dist/, .ts from source
  const processorFile = path.join(path.dirname(here), 'processors', `${name}${ext}`);
  const execArgv = process.execArgv.filter((a) => !a.startsWith('--inspect') && !a.startsWith('--max-old-space-size'));
  if (ext === '.ts' && !execArgv.some((a) => a.includes('tsx'))) execArgv.push('--import', 'tsx');
  // a child that outgrows its heap dies alone (the job is retried once, then fails) instead of
  // taking the machine; pixels live outside the heap and are capped by the render and decode
  // budgets (RENDER_MAX_PIXELS, sharp's limitInputPixels, pdf.js maxImageSize)
  execArgv.push(`--max-old-space-size=${config.sandboxMaxOldSpaceMb}`);
  return {
    processorFile,
    options: {
      useWorkerThreads: false,
      workerForkOptions: { execArgv, env: { ...process.env, [SANDBOX_CONFIG_ENV]: JSON.stringify(config) } },
    },
  };
}

/** A finished job no longer counts against its user's share of a fair queue (jobs/fairness.ts). */
async function release(ctx: HandlerContext, job: Job): Promise<void> {
  try {
    await ctx.platform.producer.finished(job);
  } catch (err) {
    ctx.log.warn({ err, job_id: job.id }, 'could not release the job from its user\'s share; it lapses after 30 minutes');
  }
}

async function publish(ctx: HandlerContext, job: Job, kind: 'job.completed' | 'job.failed', extra: { result?: unknown; error?: { code: string; message: string } }) {
  try {
    await ctx.platform.producer.publish({
      kind, job_id: job.id!, name: job.name, queue: job.queueName, actor_id: job.data?.actor_id ?? null,
      // what a read of the finished job would say, so a waiting request answers from the event alone
      finished_at: new Date(job.finishedOn ?? Date.now()).toISOString(), attempts_made: job.attemptsMade, progress: job.progress ?? 0,
      ...extra,
    });
  } catch (err) {
    ctx.log.warn({ err, job_id: job.id }, 'could not publish job result; clients can still poll it');
  }
}
