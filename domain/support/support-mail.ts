// E-mails about support tickets. They name the ticket and link to it; the description
// and replies stay in the app (encrypted at rest there, and e-mail is not); long digit
// runs of the subject are masked.
import type { MailContent } from '../shared/mail-templates.js';
import type { PublicLinks } from '../../jobs/public-links.js';

export const STATUS_LABELS: Record<string, string> = {
  open: 'open',
  in_progress: 'in progress',
  pending: 'waiting for your answer',
  resolved: 'resolved',
  closed: 'closed',
};

/** Runs of 8 or more digits (card, account, phone numbers), spaces or dashes between them allowed. */
const LONG_DIGIT_RUN = /\d(?:[ -]?\d){7,}/g;

/** What an e-mail may repeat of user text: long digit runs keep only their last 4 digits. */
export function maskDigits(text: string): string {
  return text.replace(LONG_DIGIT_RUN, (run) => {
    const digits = run.replace(/\D/g, '');
    return `${'•'.repeat(digits.length - 4)}${digits.slice(-4)}`;
  });
}

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
  // the only user text an e-mail repeats (titles hold the ticket number and status alone)
  const subject = maskDigits(ctx.ticket.subject);
  const text = `Hello ${ctx.name || 'there'},\n\n${lead}\n\n    ${ctx.ticket.ticket_number}: ${subject}\n\nRead it here: ${ctx.url}\n\n— Inventory Platform support\n`;
  const html = `<p>Hello ${escape(ctx.name || 'there')},</p><p>${escape(lead)}</p><p><strong>${escape(ctx.ticket.ticket_number)}</strong>: ${escape(subject)}</p><p><a href="${escape(ctx.url)}">Open the ticket</a></p><p>— Inventory Platform support</p>`;
  return { subject: `[${ctx.ticket.ticket_number}] ${ctx.message.title}`, text, html };
}

export interface DigestTicket {
  id: string;
  ticket_number: string;
  subject: string;
  priority: string;
}

/** One e-mail listing the tickets opened since a staff member's last digest. */
export function staffDigestMail(ctx: { name: string; tickets: DigestTicket[]; more: number; links: Pick<PublicLinks, 'ticket' | 'newestTickets'> }): MailContent {
  const total = ctx.tickets.length + ctx.more;
  const lead = total === 1 ? 'One new support ticket is waiting for the support team.' : `${total} new support tickets are waiting for the support team.`;
  const url = (t: DigestTicket) => ctx.links.ticket(t.id);
  const more = ctx.more ? `and ${ctx.more} more: ${ctx.links.newestTickets()}` : '';
  const lines = ctx.tickets.map((t) => `    ${t.ticket_number} (${t.priority}): ${maskDigits(t.subject)}\n      ${url(t)}`);
  const text = `Hello ${ctx.name || 'there'},\n\n${lead}\n\n${lines.join('\n')}\n${more ? `\n${more}\n` : ''}\n— Inventory Platform support\n`;
  const items = ctx.tickets.map((t) => `<li><a href="${escape(url(t))}"><strong>${escape(t.ticket_number)}</strong></a> (${escape(t.priority)}): ${escape(maskDigits(t.subject))}</li>`);
  const html = `<p>Hello ${escape(ctx.name || 'there')},</p><p>${escape(lead)}</p><ul>${items.join('')}</ul>${more ? `<p>${escape(more)}</p>` : ''}<p>— Inventory Platform support</p>`;
  return { subject: total === 1 ? 'New support ticket' : `${total} new support tickets`, text, html };
}
