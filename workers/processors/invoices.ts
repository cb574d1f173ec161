// Sandboxed processor of the `invoices` queue: BullMQ forks this file (workers/runner.ts,
// SANDBOXED_QUEUES) so PDF parsing and OCR of scanned invoices — CPU-bound for
// seconds — cannot stall the parent worker's lock renewal. The child is reused
// between jobs, and with it the warm OCR engine and pdf.js.
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

const config: Config = process.env.INVP_SANDBOX_CONFIG ? (JSON.parse(process.env.INVP_SANDBOX_CONFIG) as Config) : loadConfig();
let ctx: HandlerContext | null = null;

function context(): HandlerContext {
  if (!ctx) {
    const platform = createPlatform(config, 'invoices');
    ctx = { platform, services: createServices(platform), log: platform.log };
  }
  return ctx;
}

export default async function processInvoiceJob(job: SandboxedJob): Promise<unknown> {
  const name = job.name as JobName;
  const handler = jobCatalog[name]?.queue === 'invoices' ? (handlers[name] as (job: Job, ctx: HandlerContext) => Promise<unknown>) : undefined;
  if (!handler) throw new UnrecoverableError(`unknown_job: the invoices processor has no handler for ${job.name}`);
  const { error } = jobCatalog[name].payload.validate(job.data);
  if (error) throw new UnrecoverableError(`invalid_payload: ${error.message}`);
  return handler(job as unknown as Job, context());
}
