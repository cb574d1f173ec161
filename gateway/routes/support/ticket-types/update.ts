import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { supportViewer } from '../tickets/viewer.js';
import { TicketTypeOut, TicketTypePatchIn, typeSlug } from './schemas.js';
import { actor } from '../../../plugins/scope.js';

export default {
  method: 'PATCH',
  path: '/api/support-ticket-types/{slug}/',
  options: {
    auth: { access: { scope: 'staff' } },
    tags: ['api', 'support-ticket-types'],
    description: 'Change a ticket type (staff)',
    notes: 'Only the fields sent change; translations, when sent, replace all translations. `general` and `other` cannot be renamed or deactivated (409 protected_ticket_type).',
    validate: { params: typeSlug, payload: TicketTypePatchIn },
    response: { status: { 200: TicketTypeOut } },
    plugins: errorDocs(400, 401, 403, 404, 409),
  },
  async handler(request) {
    const viewer = await supportViewer(request);
    return request.server.app.services.support.types.update(actor(request).userId, (request.params as { slug: string }).slug, request.payload as never, viewer.languages);
  },
} satisfies ServerRoute;
