import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { TicketOut, ticketId } from './schemas.js';
import { actor } from '../../../plugins/scope.js';
import { acceptLanguage } from './viewer.js';

export default {
  method: 'GET',
  path: '/api/support-tickets/{id}/',
  options: {
    tags: ['api', 'support-tickets'],
    description: 'Read a ticket (owner or staff; another user\'s ticket is 404)',
    notes: 'replies and reply_count leave out staff-internal notes unless the reader is staff.',
    validate: { params: ticketId },
    response: { status: { 200: TicketOut } },
    plugins: errorDocs(401, 404),
  },
  handler: async (request) => request.server.app.services.support.tickets.get(actor(request), (request.params as { id: string }).id, acceptLanguage(request)),
} satisfies ServerRoute;
