import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { sessionIdParam, TicketFromChatOut } from './schemas.js';

export default {
  method: 'POST',
  path: '/api/v1/support/chat/sessions/{session_id}/ticket/',
  options: {
    tags: ['api', 'support-chat'],
    description: 'Create the support ticket a chat reply offered, with the user\'s consent',
    notes: [
      'Creates a ticket from the session\'s latest AI-generated draft (stored server-side with the reply that offered it) only when `consent` is true: 201 with the ticket. `consent` false never creates one (400 `consent_required`); a session whose replies offered no ticket is 409 `no_ticket_draft`.',
      '`subject`, `description`, `ticket_type` and `priority` override the draft\'s. A second consent for the same draft returns the same ticket with 200; a newer offer in the session makes a new draft.',
    ].join('\n\n'),
    validate: {
      params: sessionIdParam,
      payload: Joi.object({
        consent: Joi.boolean().strict().required().description('true: create the ticket; false: create nothing'),
        subject: Joi.string().trim().min(1).max(200),
        description: Joi.string().trim().min(1).max(10000),
        ticket_type: Joi.string().trim().min(1).max(100).description('slug or translated name; unknown types become `other`'),
        priority: Joi.string().valid('low', 'medium', 'high', 'urgent'),
      }).label('ChatTicketIn'),
    },
    response: { status: { 200: TicketFromChatOut, 201: TicketFromChatOut } },
    plugins: errorDocs(400, 401, 404, 409, 429),
  },
  async handler(request, h) {
    const { session_id } = request.params as { session_id: string };
    const { consent, ...overrides } = request.payload as { consent: boolean; subject?: string };
    const result = await request.server.app.services.supportChat.chat.createTicket(actor(request), session_id, consent, overrides);
    return h.response(result.ticket).code(result.created ? 201 : 200);
  },
} satisfies ServerRoute;
