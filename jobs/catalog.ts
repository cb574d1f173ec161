// Size: the catalog of every queue and job, declared once beside each other on purpose (one place to read the contract).
// The contract both sides share: every queue is declared once, with how a worker runs
// it (concurrency, sandboxing, stalled-job takeover), and every job once, with its queue,
// payload schema, retry policy, retention, job-id rule and schedule. Settings from the
// environment stay settings: what depends on them takes the config. Payloads carry ids,
// never files, secrets or personal data (Redis keeps them in clear text).
import Joi from 'joi';
import { randomUUID } from 'node:crypto';
import type { DeduplicationOptions, JobsOptions } from 'bullmq';
import type { Config } from './runtime/config.js';

export const QUEUE_NAMES = ['system', 'mail', 'maintenance', 'media', 'inventory', 'kyc', 'invoices', 'imports', 'support', 'ai', 'reports', 'billing'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** How a worker process runs the jobs of one queue. */
export interface QueueSpec {
  /**
   * The jobs run in a sandboxed child process (a BullMQ processor file) so CPU-heavy
   * work (OCR, barcode decoding) cannot stall the worker's lock renewal: the processor
   * file's name under workers/processors/ (without extension).
   */
  sandbox?: string;
  /** jobs one worker process runs at once (a sandboxed queue: its child processes) */
  concurrency: (config: Config) => number;
  /** times a job whose worker died (its lock lapsed) is taken over before it fails */
  maxStalledCount: number;
  /** the queue's own BullMQ lock (ms) when JOB_LOCK_MS is too short for its jobs */
  lockMs?: (config: Config) => number;
}

const perWorker = (config: Config) => config.workerConcurrency;
const plain: QueueSpec = { concurrency: perWorker, maxStalledCount: 2 };
// each child holds a warm OCR engine, so their number is its own setting
const sandboxed = (processor: string): QueueSpec => ({ sandbox: processor, concurrency: (config) => config.mediaConcurrency, maxStalledCount: 2 });

export const queueCatalog: { [Q in QueueName]: QueueSpec } = {
  system: plain,
  mail: plain,
  maintenance: plain,
  media: sandboxed('media'),
  inventory: plain,
  kyc: plain,
  invoices: sandboxed('invoices'),
  imports: plain,
  support: plain,
  // an AI answer is taken over once after its worker died, then it fails (the user can ask again)
  ai: { concurrency: (config) => config.ai.concurrency, maxStalledCount: 1 },
  // a report streams from a cursor in the worker itself (no sandbox): memory stays flat;
  // a PDF's layout holds the event loop for a while, so its lock is longer (REPORT_LOCK_MS),
  // and a run also claims its report row (a second run waits or takes over a dead one)
  reports: { ...plain, lockMs: (config) => config.reportLockMs },
  billing: plain,
};

/** Queues whose jobs run in a sandboxed child: the processor file's name (see QueueSpec.sandbox). */
export const SANDBOXED_QUEUES: Partial<Record<QueueName, string>> = Object.fromEntries(
  QUEUE_NAMES.flatMap((q) => (queueCatalog[q].sandbox ? [[q, queueCatalog[q].sandbox]] : [])),
);

/** The BullMQ worker settings of a queue under this configuration. */
export function workerSettingsOf(queue: QueueName, config: Config) {
  const spec = queueCatalog[queue];
  const lockMs = spec.lockMs?.(config) ?? config.jobLockMs;
  return {
    concurrency: spec.concurrency(config),
    lockDuration: lockMs,
    // a lapsed lock is noticed within half its length
    stalledInterval: Math.max(1000, Math.floor(lockMs / 2)),
    maxStalledCount: spec.maxStalledCount,
  };
}

/** Who asked for the job; results are pushed to this user and only they may poll it. */
const actor = Joi.string().guid({ version: 'uuidv4' }).allow(null);
/** a file under MEDIA_ROOT, relative, forward slashes, no way out of the folder */
const mediaPath = Joi.string().max(300).pattern(/^(?!.*\.\.)[A-Za-z0-9_][A-Za-z0-9_./-]*$/);

export interface JobPayloads {
  /** delay_ms: how long the no-op job pretends to work (tests of polling, shutdown and stalled-job recovery) */
  'system.echo': { actor_id: string | null; echo: unknown; delay_ms?: number };
  'mail.send': { actor_id: string | null; email_id: number };
  'maintenance.sweep': { actor_id: null };
  /** OCR of an image stored under MEDIA_ROOT (the payload carries its path, never the file) */
  'media.ocr': { actor_id: string | null; media_path: string };
  /** decode a barcode photo stored under MEDIA_ROOT, then look it up in the scope and record the scan */
  'media.decode-barcode': { actor_id: string; media_path: string; scope: { type: 'self' | 'team'; team_id: number | null } };
  /** re-evaluate low-stock / expiry alerts of the items a ledger transaction (or an item edit) touched */
  'inventory.evaluate-alerts': { actor_id: null; cause: string; transaction_id: string | null; item_ids: number[] };
  /** hourly: expiry dates pass with time, and a missed evaluation is caught up */
  'inventory.sweep-alerts': { actor_id: null };
  /** re-pull one applicant's authoritative review from its provider (webhooks coalesce per applicant) */
  'kyc.repull-applicant': { actor_id: null; applicant_id: string; reason: string };
  /** deliver one signed status callback (kyc.callback_deliveries row); `replay` counts manual replays */
  'kyc.deliver-callback': { actor_id: null; delivery_id: number; replay: number };
  /** periodic: re-pull applicants stuck in pending/in_review/on_hold, re-enqueue unsent callbacks */
  'kyc.sweep': { actor_id: null };
  /** parse an uploaded invoice document (invoice_import_documents row) into a preview session; sandboxed (OCR) */
  'invoice.parse': { actor_id: string; document_id: number };
  /** apply one bulk-store request (invoice_import_attempts row) to its session, all or nothing */
  'invoice.store': { actor_id: string; attempt_id: number };
  /** answer one AI support chat question (support_chat_messages row); the reply is written once per question */
  'ai.answer-chat-message': { actor_id: string; message_id: string };
  /** tell the people concerned about one support ticket event (support_ticket_events row): staff of a new ticket, the owner of a reply or a status change */
  'support.notify': { actor_id: null; event_id: number };
  /** periodic: close tickets resolved long enough ago, re-enqueue events whose notification job was lost */
  'support.sweep': { actor_id: null };
  /** one e-mail per staff member listing the tickets opened since their last digest */
  'support.staff-digest': { actor_id: null };
  /** re-encrypt ticket descriptions and replies under the active field key and re-index them under the active blind-index key */
  'support.reencrypt': { actor_id: null };
  /** build one data-export archive (data_export_requests row) for the user who asked */
  'maintenance.data-export': { actor_id: string; request_id: string };
  /** periodic: run erasures whose grace period is over, delete expired export archives */
  'maintenance.data-protection-sweep': { actor_id: null };
  /** write the file of one report (reports row): summary and chart by SQL, rows streamed from a cursor */
  'reports.generate': { actor_id: string | null; report_id: number };
  /** one run of a report schedule (fired by its BullMQ job scheduler): generate the report, e-mail its link */
  'reports.run-schedule': { actor_id: null; schedule_id: number };
  /** apply one recorded payment-processor webhook event (billing_events row), once */
  'billing.apply-event': { actor_id: null; event_row_id: string };
  /** periodic: the sandbox processor renews due subscriptions and retries failed payments; lost event and processor-cancellation jobs are re-enqueued */
  'billing.tick': { actor_id: null };
  /** cancel at the processor one subscription we ended on our side (user_subscriptions row, marked by an erasure), once */
  'billing.cancel-at-processor': { actor_id: null; subscription_id: number };
}
export type JobName = keyof JobPayloads;
export type JobOf<N extends JobName> = JobPayloads[N];

export interface JobSpec<N extends JobName> {
  queue: QueueName;
  payload: Joi.ObjectSchema<JobOf<N>>;
  options: JobsOptions;
  /** Deterministic id for jobs that must not run twice; random otherwise. */
  jobId?: (payload: JobOf<N>) => string;
  /** Whether a client may read the job through GET /api/jobs/{id}/. */
  pollable: boolean;
  /** BullMQ deduplication (e.g. at most one running and one waiting job per entity). */
  deduplication?: (payload: JobOf<N>) => DeduplicationOptions;
  /** A repeatable job: a worker consuming the queue keeps its job scheduler (none when null). */
  schedule?: (config: Config) => JobSchedule<N> | null;
}

export interface JobSchedule<N extends JobName> {
  /** the job scheduler's id (one per install and job, whichever worker upserts it) */
  id: string;
  everyMs: number;
  payload: JobOf<N>;
}

const MINUTE = 60_000;
/** every `minutes` (a setting; 0: never) */
const everyMinutes = (id: string, minutes: number) => (minutes > 0 ? { id, everyMs: minutes * MINUTE, payload: { actor_id: null } as const } : null);

const retention = { removeOnComplete: { age: 3600, count: 5000 }, removeOnFail: { age: 7 * 24 * 3600, count: 5000 } };
/** for a job a sweep re-enqueues under the same id: once out of attempts it is removed, since a kept failed job would block that id */
const removedWhenFailed = { removeOnComplete: retention.removeOnComplete, removeOnFail: true } as const;
const backoff = (delay: number) => ({ type: 'exponential', delay, jitter: 0.5 }) as const;

export const jobCatalog: { [N in JobName]: JobSpec<N> } = {
  'system.echo': {
    queue: 'system',
    payload: Joi.object({ actor_id: actor.required(), echo: Joi.any(), delay_ms: Joi.number().integer().min(0).max(10_000) }),
    options: { attempts: 1, ...retention },
    pollable: true,
  },
  'mail.send': {
    queue: 'mail',
    payload: Joi.object({ actor_id: actor.required(), email_id: Joi.number().integer().positive().required() }),
    options: { attempts: 8, backoff: backoff(2000), ...retention },
    jobId: (p) => `mail-send-${p.email_id}`,
    pollable: false,
  },
  'maintenance.sweep': {
    queue: 'maintenance',
    payload: Joi.object({ actor_id: Joi.valid(null).required() }),
    options: { attempts: 3, backoff: backoff(10000), ...retention },
    pollable: false,
    schedule: () => ({ id: 'maintenance-sweep', everyMs: 5 * MINUTE, payload: { actor_id: null } }),
  },
  'media.ocr': {
    queue: 'media',
    payload: Joi.object({ actor_id: actor.required(), media_path: mediaPath.required() }),
    // a crashed child is retried once; unreadable images fail at once (UnrecoverableError)
    options: { attempts: 2, backoff: backoff(1000), ...retention },
    pollable: true,
  },
  'media.decode-barcode': {
    queue: 'media',
    payload: Joi.object({
      actor_id: actor.required(),
      media_path: mediaPath.required(),
      scope: Joi.object({ type: Joi.valid('self', 'team').required(), team_id: Joi.number().integer().positive().allow(null).required() }).required(),
    }),
    options: { attempts: 2, backoff: backoff(1000), ...retention },
    pollable: true,
  },
  'inventory.evaluate-alerts': {
    queue: 'inventory',
    payload: Joi.object({
      actor_id: Joi.valid(null).required(),
      // what caused the evaluation (tx-<transaction id>, item-<id>-v<version>): the job id, so a retried enqueue runs once
      cause: Joi.string().pattern(/^[a-z0-9_-]{1,80}$/).required(),
      transaction_id: Joi.string().pattern(/^\d{1,18}$/).allow(null).required(),
      item_ids: Joi.array().items(Joi.number().integer().positive()).max(1000).required(),
    }),
    options: { attempts: 5, backoff: backoff(2000), ...retention },
    jobId: (p) => `inventory-alerts-${p.cause}`,
    pollable: false,
  },
  'inventory.sweep-alerts': {
    queue: 'inventory',
    payload: Joi.object({ actor_id: Joi.valid(null).required() }),
    options: { attempts: 3, backoff: backoff(10000), ...retention },
    pollable: false,
    // expiry dates pass with time; also catches an alert evaluation whose enqueue was lost
    schedule: () => ({ id: 'inventory-sweep-alerts', everyMs: 60 * MINUTE, payload: { actor_id: null } }),
  },
  'kyc.repull-applicant': {
    queue: 'kyc',
    payload: Joi.object({ actor_id: Joi.valid(null).required(), applicant_id: Joi.string().guid().required(), reason: Joi.string().max(80).required() }),
    // a provider outage is retried; a deleted applicant ends the job (terminal, not an endless retry)
    options: { attempts: 6, backoff: backoff(3000), ...retention },
    // one running and at most one waiting re-pull per applicant: concurrent webhooks coalesce,
    // and one arriving while a re-pull runs is not lost (it runs once more afterwards)
    deduplication: (p) => ({ id: `kyc-repull-${p.applicant_id}`, keepLastIfActive: true }),
    pollable: false,
  },
  'kyc.deliver-callback': {
    queue: 'kyc',
    payload: Joi.object({ actor_id: Joi.valid(null).required(), delivery_id: Joi.number().integer().positive().required(), replay: Joi.number().integer().min(0).required() }),
    // the handler schedules its own retries (capped exponential backoff with jitter for about a
    // day, re-signed per attempt) and then marks the delivery dead; BullMQ attempts cover crashes
    options: { attempts: 3, backoff: backoff(5000), ...retention },
    jobId: (p) => `kyc-callback-${p.delivery_id}-r${p.replay}`,
    pollable: false,
  },
  'kyc.sweep': {
    queue: 'kyc',
    payload: Joi.object({ actor_id: Joi.valid(null).required() }),
    options: { attempts: 2, backoff: backoff(10000), ...retention },
    pollable: false,
    // a provider stops retrying its webhooks after about a day: re-pull applicants left waiting
    schedule: (config) => everyMinutes('kyc-sweep', config.kyc.sweepEveryMinutes),
  },
  'invoice.parse': {
    queue: 'invoices',
    payload: Joi.object({ actor_id: actor.required(), document_id: Joi.number().integer().positive().required() }),
    // a crashed child is retried once; an unreadable document fails at once (UnrecoverableError)
    options: { attempts: 2, backoff: backoff(1000), ...retention },
    jobId: (p) => `invoices-parse-${p.document_id}`,
    pollable: true,
  },
  'invoice.store': {
    queue: 'imports',
    payload: Joi.object({ actor_id: actor.required(), attempt_id: Joi.number().integer().positive().required() }),
    // the attempt row says whether it already ran, so a retry after a crash applies at most once
    options: { attempts: 3, backoff: backoff(2000), ...retention },
    jobId: (p) => `imports-store-${p.attempt_id}`,
    pollable: true,
  },
  'ai.answer-chat-message': {
    queue: 'ai',
    payload: Joi.object({ actor_id: Joi.string().guid({ version: 'uuidv4' }).required(), message_id: Joi.string().guid().required() }),
    // a killed worker's answer is retried once (the stalled job is taken over, or a crash
    // retries); the unique reply per question in Postgres makes a second run a no-op
    options: { attempts: 2, backoff: { type: 'fixed', delay: 200 }, ...retention },
    jobId: (p) => `ai-answer-${p.message_id}`,
    pollable: true,
  },
  'support.notify': {
    queue: 'support',
    payload: Joi.object({ actor_id: Joi.valid(null).required(), event_id: Joi.number().integer().positive().required() }),
    // the event row records that it was notified and each notification has a dedupe key: a retry notifies nobody twice
    options: { attempts: 6, backoff: backoff(2000), ...retention },
    jobId: (p) => `support-notify-${p.event_id}`,
    pollable: false,
  },
  'support.sweep': {
    queue: 'support',
    payload: Joi.object({ actor_id: Joi.valid(null).required() }),
    options: { attempts: 3, backoff: backoff(10000), ...retention },
    pollable: false,
    // auto-close of long-resolved tickets and re-enqueue of lost ticket notifications
    schedule: (config) => everyMinutes('support-sweep', config.support.sweepEveryMinutes),
  },
  'support.staff-digest': {
    queue: 'support',
    payload: Joi.object({ actor_id: Joi.valid(null).required() }),
    // each staff member's watermark moves with their e-mail: a retry mails nobody twice
    options: { attempts: 3, backoff: backoff(10000), ...retention },
    pollable: false,
    schedule: (config) => everyMinutes('support-staff-digest', config.support.staffDigestEveryMinutes),
  },
  'support.reencrypt': {
    queue: 'support',
    payload: Joi.object({ actor_id: Joi.valid(null).required() }),
    // works in batches and skips rows already under the active keys, so a rerun resumes
    options: { attempts: 3, backoff: backoff(10000), ...retention },
    deduplication: () => ({ id: 'support-reencrypt' }),
    pollable: false,
  },
  'maintenance.data-export': {
    queue: 'maintenance',
    payload: Joi.object({ actor_id: Joi.string().guid().required(), request_id: Joi.string().guid().required() }),
    // the request row's status makes a rerun after a crash start over once, and a finished one a no-op
    options: { attempts: 3, backoff: backoff(5000), ...retention },
    jobId: (p) => `maintenance-data-export-${p.request_id}`,
    pollable: true,
  },
  'maintenance.data-protection-sweep': {
    queue: 'maintenance',
    payload: Joi.object({ actor_id: Joi.valid(null).required() }),
    options: { attempts: 3, backoff: backoff(10000), ...retention },
    pollable: false,
    schedule: (config) => everyMinutes('maintenance-data-protection-sweep', config.dataProtection.sweepEveryMinutes),
  },
  'reports.generate': {
    queue: 'reports',
    payload: Joi.object({ actor_id: actor.required(), report_id: Joi.number().integer().positive().required() }),
    // a completed report row is left alone, so a retry after a crash writes the file once
    options: { attempts: 3, backoff: backoff(2000), ...retention },
    jobId: (p) => `reports-generate-${p.report_id}`,
    pollable: true,
  },
  'reports.run-schedule': {
    queue: 'reports',
    payload: Joi.object({ actor_id: Joi.valid(null).required(), schedule_id: Joi.number().integer().positive().required() }),
    // the scheduler's job id names the run; the report row is unique per (schedule, run), so a retry mails once
    options: { attempts: 3, backoff: backoff(5000), ...retention },
    pollable: false,
  },
  'billing.apply-event': {
    queue: 'billing',
    payload: Joi.object({ actor_id: Joi.valid(null).required(), event_row_id: Joi.string().pattern(/^\d{1,18}$/).required() }),
    // the event row records that it was applied (under a row lock): a retry or a second job applies nothing twice.
    // A job out of attempts (the database away for minutes) is removed at once: the billing sweep finds
    // its row still unapplied and enqueues it again under the same id, which a kept failed job would block.
    options: { attempts: 8, backoff: backoff(1000), ...removedWhenFailed },
    jobId: (p) => `billing-event-${p.event_row_id}`,
    pollable: false,
  },
  'billing.tick': {
    queue: 'billing',
    payload: Joi.object({ actor_id: Joi.valid(null).required() }),
    // event ids of the sandbox are derived from the invoice and attempt, so a tick that runs twice emits nothing new
    options: { attempts: 3, backoff: backoff(10000), ...retention },
    deduplication: () => ({ id: 'billing-tick' }),
    // sandbox renewals and payment retries fall due with time; lost event and cancellation jobs are re-enqueued
    schedule: (config) => (config.billing.sandboxTickSeconds > 0 ? { id: 'billing-tick', everyMs: config.billing.sandboxTickSeconds * 1000, payload: { actor_id: null } } : null),
    pollable: false,
  },
  'billing.cancel-at-processor': {
    queue: 'billing',
    payload: Joi.object({ actor_id: Joi.valid(null).required(), subscription_id: Joi.number().integer().positive().required() }),
    // a processor outage is retried with backoff (about 35 minutes in all); the row records the
    // confirmation (processor_canceled_at), so a rerun asks nothing twice. A job out of attempts
    // is removed at once so that the billing sweep, which finds the row still owed, can enqueue
    // it again under the same id (a kept failed job would block that id for days).
    options: { attempts: 10, backoff: backoff(2000), ...removedWhenFailed },
    jobId: (p) => `billing-cancel-${p.subscription_id}`,
    pollable: false,
  },
};

export function jobIdFor<N extends JobName>(name: N, payload: JobOf<N>): string {
  const spec = jobCatalog[name];
  const id = spec.jobId ? spec.jobId(payload) : `${spec.queue}-${randomUUID()}`;
  if (!id.startsWith(`${spec.queue}-`) || id.includes(':')) {
    throw new Error(`job id ${id} for ${name} must start with "${spec.queue}-" and contain no ":"`);
  }
  return id;
}

/** The queue a job lives in is the prefix of its id (see jobIdFor). */
export function queueOfJobId(jobId: string): QueueName | undefined {
  const prefix = jobId.split('-', 1)[0];
  return (QUEUE_NAMES as readonly string[]).includes(prefix) ? (prefix as QueueName) : undefined;
}

export function jobNamesOf(queue: QueueName): JobName[] {
  return (Object.keys(jobCatalog) as JobName[]).filter((n) => jobCatalog[n].queue === queue);
}

/** The job schedulers a worker consuming `queues` keeps under this configuration. */
export function schedulesOf(queues: readonly QueueName[], config: Config) {
  return (Object.keys(jobCatalog) as JobName[]).flatMap((name) => {
    const spec = jobCatalog[name] as JobSpec<JobName>;
    const schedule = queues.includes(spec.queue) ? spec.schedule?.(config) : null;
    return schedule ? [{ queue: spec.queue, name, ...schedule, options: spec.options }] : [];
  });
}
