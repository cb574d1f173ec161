import type { Handler } from '../registry.js';

/** Writes one report's file (see domain/reports/report-service.ts); a completed report is not written twice. */
export const generateReport: Handler<'reports.generate'> = async (job, ctx) => ctx.services.reports.reports.generate(job.data.report_id);
