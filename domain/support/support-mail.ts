// E-mails about support tickets. They name the ticket and link to it; the description
// and replies stay in the app (encrypted at rest there, and e-mail is not); long digit
// runs of the subject are masked.
import type { MailContent } from '../shared/mail-templates.js';

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
