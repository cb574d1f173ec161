// Job name -> handler. The type demands one handler per catalog entry, and start-up
// checks it again at run time (a build with a missing or extra handler never runs).
import { UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Platform } from '../db/platform.js';
import type { Services } from '../gateway/services/index.js';
import { jobCatalog, type JobName, type JobOf, type QueueName } from '../jobs/catalog.js';
import { echo } from './handlers/echo.js';
import { sendMail } from './handlers/send-mail.js';
import { maintenanceSweep } from './handlers/maintenance-sweep.js';
import { evaluateInventoryAlerts } from './handlers/evaluate-inventory-alerts.js';
import { sweepInventoryAlerts } from './handlers/sweep-inventory-alerts.js';
import { mediaOcr } from './handlers/media-ocr.js';
import { mediaDecodeBarcode } from './handlers/media-decode-barcode.js';
import { repullApplicant } from './handlers/repull-applicant.js';
import { deliverKycCallback } from './handlers/deliver-kyc-callback.js';
import { kycSweep } from './handlers/kyc-sweep.js';
import { parseInvoice } from './handlers/parse-invoice.js';
import { storeInvoice } from './handlers/store-invoice.js';
import { supportNotify } from './handlers/support-notify.js';
import { supportSweep } from './handlers/support-sweep.js';
import { supportReencrypt } from './handlers/support-reencrypt.js';

export interface HandlerContext {
  platform: Platform;
  services: Services;
  log: Logger;
  /** seams injected by whoever starts the workers (tests); none in production */
  hooks?: WorkerHooks;
}

export interface WorkerHooks {
  /** inside the bulk-store transaction of `invoice.store`, before its last write */
  bulkStoreBeforeCommit?: () => Promise<void>;
}

export type Handler<N extends JobName> = (job: Job<JobOf<N>>, ctx: HandlerContext) => Promise<unknown>;

export const handlers: { [N in JobName]: Handler<N> } = {
  'system.echo': echo,
  'mail.send': sendMail,
  'maintenance.sweep': maintenanceSweep,
  'inventory.evaluate-alerts': evaluateInventoryAlerts,
  'inventory.sweep-alerts': sweepInventoryAlerts,
  // media.* run in the sandboxed child (workers/processors/media.ts), which dispatches through this map too
  'media.ocr': mediaOcr,
  'media.decode-barcode': mediaDecodeBarcode,
  'kyc.repull-applicant': repullApplicant,
  'kyc.deliver-callback': deliverKycCallback,
  'kyc.sweep': kycSweep,
  // invoice.parse runs in the sandboxed child (workers/processors/invoices.ts)
  'invoice.parse': parseInvoice,
  'invoice.store': storeInvoice,
  'support.notify': supportNotify,
  'support.sweep': supportSweep,
  'support.reencrypt': supportReencrypt,
};

export function verifyRegistry(): void {
  const declared = Object.keys(jobCatalog).sort();
  const handled = Object.keys(handlers).sort();
  const missing = declared.filter((n) => !handled.includes(n));
  const extra = handled.filter((n) => !declared.includes(n));
  if (missing.length || extra.length) {
    throw new Error(`job registry mismatch: missing handlers for [${missing.join(', ')}], handlers without a catalog entry [${extra.join(', ')}]`);
  }
}

/**
 * Runs a job through the catalog and this map: unknown names and payloads that do
 * not match the catalog fail for good. A sandboxed child passes its `queue` and runs
 * only that queue's jobs.
 */
export async function runJob(job: Job, ctx: HandlerContext, queue?: QueueName): Promise<unknown> {
  const name = job.name as JobName;
  const spec = jobCatalog[name];
  if (!spec || (queue && spec.queue !== queue)) {
    throw new UnrecoverableError(queue ? `unknown_job: the ${queue} processor has no handler for ${job.name}` : `unknown_job: no handler for job ${job.name}`);
  }
  const { error } = spec.payload.validate(job.data);
  if (error) throw new UnrecoverableError(`invalid_payload: ${error.message}`);
  return (handlers[name] as (job: Job, ctx: HandlerContext) => Promise<unknown>)(job, ctx);
}
