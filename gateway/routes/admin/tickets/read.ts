import Joi from 'joi';
import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import { TICKET_STATUSES } from '../../../../domain/support/ticket-rules.js';
import { supportViewer } from '../../support/tickets/viewer.js';
import { pageOptions, validationFailAction } from '../routes-shared.js';
import type { FormProblem } from '../form-problem.js';

export const TICKET_DONE = {
  reply: 'The reply is sent to the requester.',
  note: 'The internal note is added (the requester does not see it).',
  assign: 'The assignment is saved.',
  status: 'The status is saved.',
} as const;
export type TicketDone = keyof typeof TICKET_DONE;

/**
 * The ticket as staff see it (the support domain decrypts it and includes internal
 * notes), with the forms: reply or internal note, assign, move status.
 */
export async function renderTicket(request: Request, h: ResponseToolkit, opts: { problem?: FormProblem; values?: Record<string, unknown>; done?: TicketDone } = {}) {
  const { tickets } = request.server.app.services.support;
  const viewer = await supportViewer(request);
  const ticket = await tickets.get(viewer, String(request.params.id));
  const staff = await tickets.assignees(viewer);
  const name = (id: string | null) => (id ? (staff.find((s) => s.id === id)?.email ?? id) : null);
  const values = opts.values ?? {};
  const formValue = (form: string, key: string) => (opts.problem?.form === form && typeof values[key] === 'string' ? values[key] : '');
  return h.view('ticket', {
    title: `Ticket ${ticket.ticket_number}`,
    ticket,
    ownerHref: `/admin/users/${ticket.user}/`,
    assignee: name(ticket.assigned_to),
    replies: ticket.replies.map((r) => ({ ...r, kind: r.is_internal ? 'Internal note' : r.is_staff_reply ? 'Staff reply' : 'Requester' })),
    older: Math.max(0, ticket.reply_count - ticket.replies.length),
    assignees: staff.map((s) => ({ ...s, selected: s.id === ticket.assigned_to })),
    statuses: TICKET_STATUSES.map((s) => ({ value: s, selected: s === ticket.status })),
    closed: ticket.status === 'closed',
    notice: opts.done ? TICKET_DONE[opts.done] : null,
    problem: opts.problem ?? null,
    message: formValue('reply', 'message'),
    resolution: formValue('status', 'resolution') || ticket.resolution || '',
  });
}

export default {
  method: 'GET',
  path: '/admin/tickets/{id}/',
  options: {
    ...pageOptions,
    description: 'Staff admin: a support ticket with its replies and internal notes, and the staff forms',
    // a malformed id is a 404 from the service, like an unknown one
    validate: { params: Joi.object({ id: Joi.string().max(64).required() }), query: Joi.object({ done: Joi.string().valid(...Object.keys(TICKET_DONE)) }), failAction: validationFailAction },
  },
  handler: (request, h) => renderTicket(request, h, { done: (request.query as { done?: TicketDone }).done }),
} satisfies ServerRoute;
