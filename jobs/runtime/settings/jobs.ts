// Workers and queues: which queues a worker consumes, how many jobs at once, locks, fairness.
import Joi from 'joi';
import { inGroup, setting } from './define.js';

export const jobsGroup = { name: 'jobs', title: 'Jobs and workers', intro: 'Per-queue concurrency, locks and schedules are declared beside the jobs in `jobs/catalog.ts`; these settings feed them.' };

export const jobSettings = inGroup(jobsGroup, {
  jobWaitMs: setting('JOB_WAIT_MS', Joi.number().integer().min(0).max(120000).default(25000), 'how long job-backed endpoints wait for a result before answering 202'),
  workerQueues: setting(
    'WORKER_QUEUES',
    Joi.string().allow('').default(''),
    'comma list of queues this worker consumes (the queue names declared in `jobs/catalog.ts`); an unknown name stops the worker',
    { shownDefault: 'all', allowed: 'comma list of queue names', read: (value: string) => value.split(',').map((s) => s.trim()).filter(Boolean) },
  ),
  workerConcurrency: setting('WORKER_CONCURRENCY', Joi.number().integer().min(1).max(500).default(20), 'concurrent jobs per queue per worker process (queues with their own setting aside)'),
  /** child processes of the sandboxed media queue (OCR, barcode photos) per worker */
  mediaConcurrency: setting(
    'MEDIA_CONCURRENCY',
    Joi.number().integer().min(1).max(16).default(2),
    'sandboxed child processes of the `media` queue (OCR, barcode photos) and of the `invoices` queue, each, per worker process; each holds a warm OCR engine (~350 MiB); an invoice child that has read an unsure photo also holds the second engine (~0.6 GB more, let go after 10 idle minutes), which reads one photo at a time on the whole machine',
  ),
  jobLockMs: setting('JOB_LOCK_MS', Joi.number().integer().min(1000).default(30000), "BullMQ lock; a killed worker's job is taken over after it lapses"),
  reportLockMs: setting(
    'REPORT_LOCK_MS',
    Joi.number().integer().min(1000).max(3600000).default(300000),
    "BullMQ lock of the `reports` queue and the lease of a report run's claim on its report (renewed while it renders); a second run of the same report waits for the holder, and takes over only once this long has passed without a heartbeat",
  ),
  /** per-user fairness of the media, invoices and imports queues (jobs/fairness.ts) */
  fairness: {
    inFlightPerUser: setting(
      'USER_JOBS_IN_FLIGHT',
      Joi.number().integer().min(1).max(100000).default(20),
      'jobs one user may have waiting or running in each of the `media`, `invoices` and `imports` queues (429 `too_many_jobs` beyond)',
    ),
    perMinutePerUser: setting('USER_JOBS_PER_MINUTE', Joi.number().integer().min(1).max(1000000).default(120), 'jobs one user may enqueue per minute in each of the `media`, `invoices` and `imports` queues'),
  },
  /** V8 heap cap of each sandboxed child process (media, invoices), MiB */
  sandboxMaxOldSpaceMb: setting(
    'SANDBOX_MAX_OLD_SPACE_MB',
    Joi.number().integer().min(128).max(16384).default(1024),
    'V8 heap cap (`--max-old-space-size`, MiB) of each sandboxed child of the `media` and `invoices` queues',
  ),
});
