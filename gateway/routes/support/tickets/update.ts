import type { Request, ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import type { TicketInput } from '../../../../domain/support/ticket-service.js';
import { TicketOut, TicketPatchIn, TicketPutIn, ticketId } from './schemas.js';
import { jsonBodyCap, splitPayload, ticketPayload } from '../../../plugins/ticket-attachments.js';
import { actor } from '../../../plugins/scope.js';
import { acceptLanguage } from './viewer.js';

const notes = [
  'Owner or staff. Only the fields sent change (a null resolution stays null; without ticket_type neither ticket_type nor other_ticket_type move); help_category_ids replaces the set ([] clears it); attachments sent (multipart) are added.',
  'Status moves: open, in_progress, resolved (needs a resolution, sent or already stored; stamps resolved_at and resolved_by) and closed by owner or staff from any status; pending (waiting on the requester) by staff only (403 staff_only). A closed ticket takes no edits until a status move reopens it (409 ticket_closed). The owner is notified of moves made by someone else.',
  'assigned_to: staff only (403 staff_only for others), an active staff user id or null; the assignee is notified.',
].join('\n\n');

const handler = async (request: Request) => {
  const { input, files } = await splitPayload<TicketInput>(request);
  return request.server.app.services.support.tickets.update(actor(request), (request.params as { id: string }).id, input, files, acceptLanguage(request));
};
const base = { tags: ['api', 'support-tickets'], notes, payload: ticketPayload, ext: jsonBodyCap, response: { status: { 200: TicketOut } }, plugins: errorDocs(400, 401, 403, 404, 409, 413, 415, 429) };

export default [
  {
    method: 'PATCH',
    path: '/api/support-tickets/{id}/',
    options: { ...base, description: 'Change some fields of a ticket, or move its status', validate: { params: ticketId, payload: TicketPatchIn } },
    handler,
  },
  {
    method: 'PUT',
    path: '/api/support-tickets/{id}/',
    options: { ...base, description: 'Update a ticket (subject and description required; other fields as PATCH)', validate: { params: ticketId, payload: TicketPutIn } },
    handler,
  },
] satisfies ServerRoute[];
