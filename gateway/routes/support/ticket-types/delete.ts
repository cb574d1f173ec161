import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { typeSlug } from './schemas.js';
import { actor } from '../../../plugins/scope.js';

export default {
  method: 'DELETE',
  path: '/api/support-ticket-types/{slug}/',
  options: {
    auth: { access: { scope: 'staff' } },
    tags: ['api', 'support-ticket-types'],
    description: 'Delete an unused ticket type (staff)',
    notes: '409 ticket_type_in_use when tickets have it (deactivate it instead); 409 protected_ticket_type for general and other.',
    validate: { params: typeSlug },
    plugins: errorDocs(401, 403, 404, 409),
  },
  async handler(request, h) {
    await request.server.app.services.support.types.remove(actor(request).userId, (request.params as { slug: string }).slug);
    return h.response().code(204);
  },
} satisfies ServerRoute;
