import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { supportViewer } from '../../support/tickets/viewer.js';
import { formOptions } from '../routes-shared.js';
import { formProblem, reRenderOnInvalid } from '../form-problem.js';
import { renderTicket } from './read.js';

// Assigns the ticket to a staff member, or unassigns it (the support domain's update: audited, the assignee notified).
export default {
  method: 'POST',
  path: '/admin/tickets/{id}/assign/',
  options: {
    ...formOptions,
    description: 'Staff admin: assign a ticket',
    validate: {
      params: Joi.object({ id: Joi.string().max(64).required() }),
      payload: Joi.object({ assigned_to: Joi.string().guid().allow('').required().messages({ 'string.guid': 'assigned_to must be a staff user' }) }),
      failAction: reRenderOnInvalid('assign', (request, h, problem) => renderTicket(request, h, { problem })),
    },
  },
  async handler(request, h) {
    const id = String(request.params.id);
    const { assigned_to } = request.payload as { assigned_to: string };
    try {
      await request.server.app.services.support.tickets.update(await supportViewer(request), id, { assigned_to: assigned_to || null });
    } catch (err) {
      const problem = formProblem('assign', err);
      if (!problem) throw err;
      return (await renderTicket(request, h, { problem })).code(400);
    }
    return h.redirect(`/admin/tickets/${encodeURIComponent(id)}/?done=assign`).code(303);
  },
} satisfies ServerRoute;
