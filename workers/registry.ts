// Job name -> handler. The type demands one handler per catalog entry, and start-up
// checks it again at run time (a build with a missing or extra handler never runs).
// Handler modules load on first use (and a worker loads those of its queues at
// start-up), so a process holds only the handlers, and their libraries, of the jobs
// it runs: the mail transport stays out of the OCR child, the OCR engine out of the
// mail worker.
import { requestIdOfJob } from '../jobs/request-context.js';
import { UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Platform } from '../db/platform.js';
import type { Services } from '../domain/index.js';
import { jobCatalog, jobNamesOf, type JobName, type JobOf, type QueueName } from '../jobs/catalog.js';

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

/** Loads the handler module of a job (once). */
export type HandlerModule<N extends JobName> = () => Promise<Handler<N>>;

export const handlers: { [N in JobName]: HandlerModule<N> } = {
  'system.echo': async () => (await import('./handlers/echo.js')).echo,
  'mail.send': async () => (await import('./handlers/send-mail.js')).sendMail,
  'maintenance.sweep': async () => (await import('./handlers/maintenance-sweep.js')).maintenanceSweep,
  'inventory.evaluate-alerts': async () => (await import('./handlers/evaluate-inventory-alerts.js')).evaluateInventoryAlerts,
  'inventory.sweep-alerts': async () => (await import('./handlers/sweep-inventory-alerts.js')).sweepInventoryAlerts,
  // media.* run in the sandboxed child (workers/processors/media.ts), which dispatches through this map too
  'media.ocr': async () => (await import('./handlers/media-ocr.js')).mediaOcr,
  'media.decode-barcode': async () => (await import('./handlers/media-decode-barcode.js')).mediaDecodeBarcode,
  'kyc.repull-applicant': async () => (await import('./handlers/repull-applicant.js')).repullApplicant,
  'kyc.deliver-callback': async () => (await import('./handlers/deliver-kyc-callback.js')).deliverKycCallback,
  'kyc.sweep': async () => (await import('./handlers/kyc-sweep.js')).kycSweep,
  // invoice.parse runs in the sandboxed child (workers/processors/invoices.ts)
  'invoice.parse': async () => (await import('./handlers/parse-invoice.js')).parseInvoice,
  'invoice.store': async () => (await import('./handlers/store-invoice.js')).storeInvoice,
  'ai.answer-chat-message': async () => (await import('./handlers/answer-chat-message.js')).answerChatMessage,
  'support.notify': async () => (await import('./handlers/support-notify.js')).supportNotify,
  'support.sweep': async () => (await import('./handlers/support-sweep.js')).supportSweep,
  'support.staff-digest': async () => (await import('./handlers/support-staff-digest.js')).supportStaffDigest,
  'support.reencrypt': async () => (await import('./handlers/support-reencrypt.js')).supportReencrypt,
  'maintenance.data-export': async () => (await import('./handlers/data-export.js')).dataExport,
  'maintenance.data-protection-sweep': async () => (await import('./handlers/data-protection-sweep.js')).dataProtectionSweep,
  'reports.generate': async () => (await import('./handlers/generate-report.js')).generateReport,
  'reports.run-schedule': async () => (await import('./handlers/run-report-schedule.js')).runReportSchedule,
  'billing.apply-event': async () => (await import('./handlers/billing-apply-event.js')).billingApplyEvent,
  'billing.tick': async () => (await import('./handlers/billing-tick.js')).billingTick,
  'billing.cancel-at-processor': async () => (await import('./handlers/billing-cancel-at-processor.js')).billingCancelAtProcessor,
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
  const handler = (await handlerOf(name)) as (job: Job, ctx: HandlerContext) => Promise<unknown>;
  const requestId = requestIdOfJob(job);
  // the handler's own lines name the request that enqueued the job
  return handler(job, requestId ? { ...ctx, log: ctx.log.child({ request_id: requestId }) } : ctx);
}

const loaded = new Map<JobName, Promise<Handler<JobName>>>();
function handlerOf(name: JobName): Promise<Handler<JobName>> {
  let h = loaded.get(name);
  if (!h) loaded.set(name, (h = (handlers[name] as HandlerModule<JobName>)()));
  return h;
}

/** Loads the handlers of these queues now, so a broken module stops start-up rather than a job. */
export async function loadHandlers(queues: QueueName[]): Promise<void> {
  await Promise.all(queues.flatMap((q) => jobNamesOf(q)).map((n) => handlerOf(n)));
}
