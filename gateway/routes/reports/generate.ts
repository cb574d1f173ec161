// POST /api/generate-report/: queue a report; 202 with its record.
import type { ServerRoute } from '@hapi/hapi';
import { actor } from '../../plugins/scope.js';
import { errorDocs } from '../../http/errors.js';
import { ReportIn, ReportOut } from './schemas.js';
import type { ReportRequest } from '../../../domain/reports/report-service.js';

export default {
  method: 'POST',
  path: '/api/generate-report/',
  options: {
    tags: ['api', 'reports'],
    description: 'Generate a report (CSV or PDF) in the background',
    notes: [
      'Kinds: inventory_valuation (quantity × unit cost per item, per inventory and in total), low_stock (items at or below their minimum, with the quantity that reaches their target),',
      'stock_movements (ledger lines over a period), expiring_soon (stocked items expiring within `days`, expired ones too). Formats: csv (every row, streamed) or pdf (title, scope, filters, figures, a chart and a table of at most 2,000 rows).',
      'Answers 202 with the report record (status queued); progress (report.progress) and the job result (job.completed) arrive over /ws/notifications/, or poll GET /api/reports/{id}/.',
      'Ids in filters must be in the caller\'s scope (404 otherwise). Scope: X-Profile-Type self (default) or team with X-Team-Id.',
      'Budget: REPORTS_PER_HOUR requests per user and hour, in every scope together (scheduled runs do not count); beyond it 429 rate_limited with retry_after and Retry-After, and nothing is stored or queued.',
    ].join(' '),
    validate: { payload: ReportIn },
    response: { status: { 202: ReportOut } },
    plugins: errorDocs(400, 401, 403, 404, 429, 503),
  },
  async handler(request, h) {
    const report = await request.server.app.services.reports.reports.request(actor(request), request.payload as ReportRequest);
    return h.response(report).code(202).header('location', `/api/reports/${report.id}/`);
  },
} satisfies ServerRoute;
