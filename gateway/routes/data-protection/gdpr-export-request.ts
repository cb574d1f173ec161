// POST /api/gdpr-export-request/
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';
import { DataExportRequestOut } from './schemas.js';

export default {
  method: 'POST',
  path: '/api/gdpr-export-request/',
  options: {
    tags: ['api', 'data-protection'],
    description: 'Request an export of all your data (GDPR art. 15 and 20)',
    notes: 'Answers 202 with a data-export request; a job collects everything the platform holds about you into a ZIP (JSON per area, uploaded files) and e-mails you when it is ready. Team rows appear as the team\'s, without other members\' personal data. One at a time: 409 export_in_progress while one is queued or running.',
    response: { status: { 202: DataExportRequestOut } },
    plugins: errorDocs(401, 409),
  },
  handler: async (request, h) => h.response(await request.server.app.services.dataProtection.exports.request(actor(request))).code(202),
} satisfies ServerRoute;
