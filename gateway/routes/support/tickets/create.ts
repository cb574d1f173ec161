import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import type { TicketInput } from '../../../../domain/support/ticket-service.js';
import { TicketCreateIn, TicketOut } from './schemas.js';
import { jsonBodyCap, splitPayload, ticketPayload } from '../../../plugins/ticket-attachments.js';
import { actor } from '../../../plugins/scope.js';
import { acceptLanguage } from './viewer.js';

export default {
  method: 'POST',
  path: '/api/support-tickets/',
  options: {
    tags: ['api', 'support-tickets'],
    description: 'Open a support ticket (JSON, or multipart/form-data with attachments)',
    notes: [
      'Answers 201 with the ticket. The caller owns it; status open; ticket_number TKT- plus eight random characters of ABCDEFGHJKLMNPQRSTUVWXYZ23456789.',
      'ticket_type (default general) is matched case-insensitively against each active type\'s slug and translated names in sort_order, first hit wins; no hit stores other and keeps the text in other_ticket_type (not an error). other_ticket_type is kept only when the type is other.',
      'help_category_ids (write-only; active categories, else 400): in multipart send repeated parts, a JSON array string or a comma list. Responses carry help_categories objects.',
      'Attachments (multipart only, parts named attachments or attachments[n]): at most TICKET_ATTACHMENT_MAX_COUNT (5) files of TICKET_ATTACHMENT_MAX_BYTES (10 MiB), type read from the bytes: PNG, JPEG, GIF, WebP, PDF or UTF-8 plain text. 400 too_many_attachments, 413 file_too_large, 415 unsupported_file_type, 400 empty_file.',
      'Budgets per user (staff exempt): TICKETS_PER_HOUR tickets an hour (429 ticket_budget_exceeded), TICKET_ATTACHMENT_BYTES_PER_USER attachment bytes stored in total (429 attachment_budget_exceeded), both with retry_after.',
      'Staff are notified at once over WebSocket and by e-mail in the periodic staff digest (one e-mail per staff member for all new tickets).',
    ].join('\n\n'),
    payload: ticketPayload,
    ext: jsonBodyCap,
    validate: { payload: TicketCreateIn },
    response: { status: { 201: TicketOut } },
    plugins: errorDocs(400, 401, 413, 415, 429),
  },
  async handler(request, h) {
    const { input, files } = await splitPayload<TicketInput & { subject: string; description: string }>(request);
    const ticket = await request.server.app.services.support.tickets.create(actor(request), input, files, acceptLanguage(request));
    return h.response(ticket).code(201).header('Location', `${request.server.app.platform.config.publicBaseUrl}/api/support-tickets/${ticket.id}/`);
  },
} satisfies ServerRoute;
