import type { Handler } from '../registry.js';

/**
 * Writes one report's file (see domain/reports/report-service.ts): the run claims the
 * report row, so a second run of this job (its lock lapsed under load) waits for the
 * first and answers with its outcome; the job's BullMQ lock is renewed while it runs.
 */
export const generateReport: Handler<'reports.generate'> = async (job, ctx) =>
  ctx.services.reports.reports.generate(job.data.report_id, { extendLock: () => (job.token ? job.extendLock(job.token, ctx.platform.config.reportLockMs) : Promise.resolve()) });
