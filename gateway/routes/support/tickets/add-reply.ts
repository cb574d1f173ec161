import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { ReplyIn, ReplyOut, ticketId } from './schemas.js';
import { actor } from '../../../plugins/scope.js';
import { acceptLanguage } from './viewer.js';

export default {
  method: 'POST',
  path: '/api/support-tickets/{id}/add_reply/',
  options: {
    tags: ['api', 'support-tickets'],
    description: 'Reply to a ticket (owner or staff); staff may write internal notes',
    notes: [
      'Answers 201 with the reply record {id, ticket, message, is_internal, is_staff_reply, author, author_name, created_at, updated_at}. The message is stored encrypted.',
      'is_internal true is for staff only (403 staff_only for others): the owner never sees such a note, in any response, count or notification.',
      'Budgets: TICKET_REPLIES_PER_HOUR replies per user and hour (staff exempt; 429 reply_budget_exceeded with retry_after); a ticket holds TICKET_MAX_REPLIES replies (409 ticket_reply_limit).',
      'The owner\'s reply reopens a pending or resolved ticket (status open); a closed ticket takes no replies (409 ticket_closed). The owner is notified of others\' public replies, the assignee of the owner\'s.',
    ].join('\n\n'),
    validate: { params: ticketId, payload: ReplyIn },
    response: { status: { 201: ReplyOut } },
    plugins: errorDocs(400, 401, 403, 404, 409, 429),
  },
  async handler(request, h) {
    const reply = await request.server.app.services.support.tickets.addReply(actor(request), (request.params as { id: string }).id, request.payload as never, acceptLanguage(request));
    return h.response(reply).code(201);
  },
} satisfies ServerRoute;
