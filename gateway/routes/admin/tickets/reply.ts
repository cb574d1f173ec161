import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { supportViewer } from '../../support/tickets/viewer.js';
import { formOptions } from '../routes-shared.js';
import { formProblem, reRenderOnInvalid } from '../form-problem.js';
import { text } from '../../support/tickets/text.js';
import { renderTicket } from './read.js';

// A public reply to the requester, or an internal note only staff see (the support domain's addReply: audited, notified).
export default {
  method: 'POST',
  path: '/admin/tickets/{id}/reply/',
  options: {
    ...formOptions,
    // a reply may be as long as the API allows (20,000 characters, more bytes once form-encoded)
    payload: { ...formOptions.payload, maxBytes: 256 * 1024 },
    description: 'Staff admin: reply to a ticket or add an internal note',
    validate: {
      params: Joi.object({ id: Joi.string().max(64).required() }),
      payload: Joi.object({
        message: text(20_000).min(1).required().messages({ 'string.empty': 'the message is empty', 'any.required': 'the message is empty' }),
        kind: Joi.string().valid('reply', 'note').required(),
      }),
      failAction: reRenderOnInvalid('reply', (request, h, problem) => renderTicket(request, h, { problem, values: request.payload as Record<string, unknown> })),
    },
  },
  async handler(request, h) {
    const id = String(request.params.id);
    const { message, kind } = request.payload as { message: string; kind: 'reply' | 'note' };
    try {
      await request.server.app.services.support.tickets.addReply(await supportViewer(request), id, { message, is_internal: kind === 'note' });
    } catch (err) {
      const problem = formProblem('reply', err);
      if (!problem) throw err;
      return (await renderTicket(request, h, { problem, values: { message } })).code(400);
    }
    return h.redirect(`/admin/tickets/${encodeURIComponent(id)}/?done=${kind}`).code(303);
  },
} satisfies ServerRoute;
