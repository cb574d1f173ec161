import type { Handler } from '../registry.js';

/** One run of a report schedule: the scheduler's job id names the run, so a retry finds the report it made (and mails it once). */
export const runReportSchedule: Handler<'reports.run-schedule'> = async (job, ctx) =>
  ctx.services.reports.schedules.run(job.data.schedule_id, job.id ?? `manual-${job.timestamp}`, {
    extendLock: () => (job.token ? job.extendLock(job.token, ctx.platform.config.reportLockMs) : Promise.resolve()),
  });
