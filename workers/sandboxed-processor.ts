// The one factory of sandboxed processors. BullMQ forks a queue's processor file
// (workers/processors/<name>.ts, named in SANDBOXED_QUEUES; see sandboxFor in
// runner.ts) in a child process, so CPU-bound work (PDF parsing, OCR, barcode
// decoding) cannot stall the parent worker's event loop and its lock renewal. The
// child is kept and reused between jobs, and with it the warm engines it loaded.
//
// The parent passes its exact configuration in INVP_SANDBOX_CONFIG (tests build
// theirs in memory, not from the environment). The child builds its own platform
// handles and, lazily, only the services its queue's handlers touch.
//
// In the `invoices` queue a job runs under its user's lease (./user-lease.ts): one
// running job per user, so one user's uploads cannot hold every child. A child idle for
// SANDBOX_IDLE_EXIT_MS exits: its OCR engines, pdf.js and the allocator's high-water mark
// (1–1.4 GiB after big pages) go back to the system; BullMQ forks a new child for the
// next job (a cold start of a second or two).
import type { Job, SandboxedJob } from 'bullmq';
import sharp from 'sharp';
import { loadConfig, type Config } from '../jobs/runtime/config.js';
import type { QueueName } from '../jobs/catalog.js';
import { createPlatform } from '../db/platform.js';
import { createServices } from '../domain/index.js';
import { runJob, type HandlerContext } from './registry.js';
import { underUserLease } from './user-lease.js';

export const SANDBOX_CONFIG_ENV = 'INVP_SANDBOX_CONFIG';

export function sandboxedProcessor(queue: QueueName): (job: SandboxedJob) => Promise<unknown> {
  // every picture is read once: libvips's cache of finished operations (up to 50 MB and 100
  // operations a process by default) would only hold on to the last uploads' pixels
  sharp.cache(false);
  const config: Config = process.env[SANDBOX_CONFIG_ENV] ? (JSON.parse(process.env[SANDBOX_CONFIG_ENV]) as Config) : loadConfig();
  let ctx: HandlerContext | null = null;
  const idle = idleExit(config.invoiceWork.sandboxIdleExitMs);
  exitWithParent();
  return async (job, token?: string) => {
    idle.busy();
    try {
      if (!ctx) {
        const platform = createPlatform(config, queue);
        ctx = { platform, services: createServices(platform), log: platform.log };
      }
      const context = ctx;
      // a SandboxedJob carries the same data/id/name/attempts a handler reads
      const run = () => runJob(job as unknown as Job, context, queue);
      if (queue !== 'invoices') return await run();
      const lease = { redis: context.platform.redis, prefix: config.queuePrefix, queue, ttlMs: config.invoiceWork.userLeaseMs, retryMs: config.invoiceWork.leaseRetryMs };
      return await underUserLease(lease, job, token, run);
    } finally {
      idle.done();
    }
  };
}

/**
 * Exits the process after `ms` without a job (0: never). The timer starts when a job
 * ends and stops when one starts. The exit is immediate (the sockets close with the
 * process): an orderly close would leave a window in which the parent hands a job to a
 * child whose connections are gone.
 */
function idleExit(ms: number): { busy: () => void; done: () => void } {
  let timer: NodeJS.Timeout | undefined;
  let running = 0;
  return {
    busy: () => {
      running++;
      clearTimeout(timer);
    },
    done: () => {
      if (--running > 0 || !ms) return;
      timer = setTimeout(() => process.exit(0), ms);
    },
  };
}

/**
 * A child forked by a worker that dies without closing it (kill -9, the OOM killer) would
 * run on as an orphan: its ~1 GiB of engines, its job (which the next worker takes over
 * once the lock lapses) and its user's lease. It ends with its parent instead: the IPC
 * channel closes when the parent goes. Only in a child the worker forked (it alone gets
 * the configuration variable); a test that loads a processor in its own process is left alone.
 */
function exitWithParent(): void {
  if (!process.send || !process.env[SANDBOX_CONFIG_ENV]) return;
  process.once('disconnect', () => process.exit(1));
}

