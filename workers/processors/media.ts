// Sandboxed processor of the `media` queue. BullMQ forks this file in a child process
// (workers/runner.ts, SANDBOXED_QUEUES) so OCR and barcode decoding — CPU-bound for
// seconds — cannot stall the parent worker's event loop and its lock renewal. The
// child is kept and reused between jobs, and with it the warm OCR engine.
//
// The parent passes its exact configuration in INVP_SANDBOX_CONFIG (tests build
// theirs in memory, not from the environment).
import type { Job, SandboxedJob } from 'bullmq';
import { UnrecoverableError } from 'bullmq';
import { loadConfig, type Config } from '../../jobs/runtime/config.js';
import { createServices } from '../../gateway/services/index.js';
import { createPlatform } from '../../db/platform.js';
import { jobCatalog, type JobName } from '../../jobs/catalog.js';
import { handlers, type HandlerContext } from '../registry.js';

export const SANDBOX_CONFIG_ENV = 'INVP_SANDBOX_CONFIG';

const config: Config = process.env[SANDBOX_CONFIG_ENV] ? (JSON.parse(process.env[SANDBOX_CONFIG_ENV]) as Config) : loadConfig();
let ctx: HandlerContext | null = null;

function context(): HandlerContext {
  if (!ctx) {
    const platform = createPlatform(config, 'media');
    ctx = { platform, services: createServices(platform), log: platform.log };
  }
  return ctx;
}

export default async function processMediaJob(job: SandboxedJob): Promise<unknown> {
  const name = job.name as JobName;
  // the same registry as in-process queues: one handler per job name
  const handler = jobCatalog[name]?.queue === 'media' ? (handlers[name] as (job: Job, ctx: HandlerContext) => Promise<unknown>) : undefined;
  if (!handler) throw new UnrecoverableError(`unknown_job: the media processor has no handler for ${job.name}`);
  const { error } = jobCatalog[name].payload.validate(job.data);
  if (error) throw new UnrecoverableError(`invalid_payload: ${error.message}`);
  // a SandboxedJob carries the same data/id/name/attempts a handler reads
  return handler(job as unknown as Job, context());
}
