import type { Handler } from '../registry.js';

/** One run of a report schedule: the scheduler's job id names the run, so a retry finds the report it made. */
export const runReportSchedule: Handler<'reports.run-schedule'> = async (job, ctx) => ctx.services.reports.schedules.run(job.data.schedule_id, job.id ?? `manual-${job.timestamp}`);
