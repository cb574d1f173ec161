import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { TICKET_STATUSES, type TicketStatus } from '../../../../domain/support/ticket-rules.js';
import { supportViewer } from '../../support/tickets/viewer.js';
import { formOptions } from '../routes-shared.js';
import { formProblem, reRenderOnInvalid } from '../form-problem.js';
import { text } from '../../support/tickets/text.js';
import { renderTicket } from './read.js';

// Moves the ticket's status (resolved needs a resolution text; the support domain's rules, audit and notices).
export default {
  method: 'POST',
  path: '/admin/tickets/{id}/status/',
  options: {
    ...formOptions,
    payload: { ...formOptions.payload, maxBytes: 64 * 1024 },
    description: "Staff admin: move a ticket's status",
    validate: {
      params: Joi.object({ id: Joi.string().max(64).required() }),
      payload: Joi.object({ status: Joi.string().valid(...TICKET_STATUSES).required(), resolution: text(5000).allow('').default('') }),
      failAction: reRenderOnInvalid('status', (request, h, problem) => renderTicket(request, h, { problem, values: request.payload as Record<string, unknown> })),
    },
  },
  async handler(request, h) {
    const id = String(request.params.id);
    const { status, resolution } = request.payload as { status: TicketStatus; resolution: string };
    try {
      // the resolution is sent only when written: an empty box leaves the ticket's own
      await request.server.app.services.support.tickets.update(await supportViewer(request), id, { status, ...(resolution.trim() ? { resolution } : {}) });
    } catch (err) {
      const problem = formProblem('status', err);
      if (!problem) throw err;
      return (await renderTicket(request, h, { problem, values: { resolution } })).code(400);
    }
    return h.redirect(`/admin/tickets/${encodeURIComponent(id)}/?done=status`).code(303);
  },
} satisfies ServerRoute;
