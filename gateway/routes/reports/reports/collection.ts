// /api/reports/: the scope's reports (read-only; made by POST /api/generate-report/ and by schedules).
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { reportListSpec } from '../../../../domain/reports/report-service.js';
import { ReportOut } from '../schemas.js';

export const reportsCollection = defineCollection({
  path: '/api/reports/',
  tag: 'reports',
  singular: 'report',
  plural: 'reports',
  service: (s) => s.reports.reports,
  out: ReportOut,
  listQuery: listQuerySchema(reportListSpec, 'ReportListQuery'),
  notes: { list: 'Reports of the scope, newest first; filter by kind, format, status or schedule_id.', read: 'A report with its status, progress (0–100), summary and, once completed, its download_url.' },
});
