// POST /api/gdpr-deletion-request/
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';
import { sessionPrincipal } from '../../plugins/auth.js';
import { DataDeletionRequestIn, DataDeletionRequestOut } from './schemas.js';

export default {
  method: 'POST',
  path: '/api/gdpr-deletion-request/',
  options: {
    tags: ['api', 'data-protection'],
    description: 'Request the deletion of your account and data (GDPR art. 17)',
    notes: 'Needs a login session (403 session_required with a personal API token) and the current password (400 invalid_password; 5 wrong per 15 minutes, then 429), like change-password. Answers 202 with a pending data-deletion request: the erasure runs after the grace period (scheduled_for; GDPR_DELETION_GRACE_DAYS, default 7) unless cancelled with POST /api/data-deletion-requests/{id}/cancel/. 409 deletion_pending while one is pending. See docs/areas/data-protection.md for what is deleted, anonymised and kept.',
    validate: { payload: DataDeletionRequestIn },
    response: { status: { 202: DataDeletionRequestOut } },
    plugins: errorDocs(400, 401, 403, 409, 429),
  },
  handler: async (request, h) => {
    sessionPrincipal(request);
    return h.response(await request.server.app.services.dataProtection.deletions.request(actor(request), request.payload as never)).code(202);
  },
} satisfies ServerRoute;
