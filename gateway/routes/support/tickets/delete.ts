import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { ticketId } from './schemas.js';
import { actor } from '../../../plugins/scope.js';

export default {
  method: 'DELETE',
  path: '/api/support-tickets/{id}/',
  options: {
    tags: ['api', 'support-tickets'],
    description: 'Delete a ticket with its replies and attachments (owner or staff)',
    validate: { params: ticketId },
    plugins: errorDocs(401, 404),
  },
  async handler(request, h) {
    await request.server.app.services.support.tickets.remove(actor(request), (request.params as { id: string }).id);
    return h.response().code(204);
  },
} satisfies ServerRoute;
