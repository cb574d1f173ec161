// The one factory of sandboxed processors. BullMQ forks a queue's processor file
// (workers/processors/<name>.ts, named in SANDBOXED_QUEUES; see sandboxFor in
// runner.ts) in a child process, so CPU-bound work (PDF parsing, OCR, barcode
// decoding) cannot stall the parent worker's event loop and its lock renewal. The
// child is kept and reused between jobs, and with it the warm engines it loaded.
//
// The parent passes its exact configuration in INVP_SANDBOX_CONFIG (tests build
// theirs in memory, not from the environment). The child builds its own platform
// handles and, lazily, only the services its queue's handlers touch.
import type { Job, SandboxedJob } from 'bullmq';
import { loadConfig, type Config } from '../jobs/runtime/config.js';
import type { QueueName } from '../jobs/catalog.js';
import { createPlatform } from '../db/platform.js';
import { createServices } from '../domain/index.js';
import { runJob, type HandlerContext } from './registry.js';

export const SANDBOX_CONFIG_ENV = 'INVP_SANDBOX_CONFIG';

export function sandboxedProcessor(queue: QueueName): (job: SandboxedJob) => Promise<unknown> {
  const config: Config = process.env[SANDBOX_CONFIG_ENV] ? (JSON.parse(process.env[SANDBOX_CONFIG_ENV]) as Config) : loadConfig();
  let ctx: HandlerContext | null = null;
  return async (job) => {
    if (!ctx) {
      const platform = createPlatform(config, queue);
      ctx = { platform, services: createServices(platform), log: platform.log };
    }
    // a SandboxedJob carries the same data/id/name/attempts a handler reads
    return runJob(job as unknown as Job, ctx, queue);
  };
}
