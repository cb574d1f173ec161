// E-mails about support tickets. They name the ticket and link to it; the description
// and replies stay in the app (encrypted at rest there, and e-mail is not).
import type { MailContent } from '../shared/mail-templates.js';

export const STATUS_LABELS: Record<string, string> = {
  open: 'open',
  in_progress: 'in progress',
  pending: 'waiting for your answer',
  resolved: 'resolved',
  closed: 'closed',
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function supportMail(
  kind: string,
  ctx: { name: string; ticket: { ticket_number: string; subject: string }; message: { title: string; body: string }; url: string },
): MailContent {
  const intro: Record<string, string> = {
    created: 'A new support ticket is waiting for the support team.',
    replied: 'There is a new reply on a support ticket.',
    status_changed: ctx.message.title.replace(/^Ticket/, 'Support ticket') + '.',
    assigned: 'A support ticket was assigned to you.',
  };
  const lead = intro[kind] ?? ctx.message.title;
  const text = `Hello ${ctx.name || 'there'},\n\n${lead}\n\n    ${ctx.ticket.ticket_number}: ${ctx.ticket.subject}\n\nRead it here: ${ctx.url}\n\n— Inventory Platform support\n`;
  const html = `<p>Hello ${escape(ctx.name || 'there')},</p><p>${escape(lead)}</p><p><strong>${escape(ctx.ticket.ticket_number)}</strong>: ${escape(ctx.ticket.subject)}</p><p><a href="${escape(ctx.url)}">Open the ticket</a></p><p>— Inventory Platform support</p>`;
  return { subject: `[${ctx.ticket.ticket_number}] ${ctx.message.title}`, text, html };
}
