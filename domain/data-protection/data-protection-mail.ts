// The e-mails of the data-protection area.
import type { MailContent } from '../shared/mail-templates.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function plainMail(subject: string, name: string, lines: string[]): MailContent {
  const hello = `Hello ${name || 'there'},`;
  return {
    subject,
    text: `${hello}\n\n${lines.join('\n\n')}\n\n— Inventory Platform\n`,
    html: `<p>${escape(hello)}</p>${lines.map((l) => `<p>${escape(l)}</p>`).join('')}<p>— Inventory Platform</p>`,
  };
}

export const exportReadyMail = (name: string, url: string, hours: number) =>
  plainMail('Your data export is ready', name, [`The export of your data is ready. Download it while signed in: ${url}`, `It stays available for ${hours} hours, then it is deleted.`]);

export const deletionScheduledMail = (name: string, when: Date) =>
  plainMail('Your account is scheduled for deletion', name, [`Your account and its data will be erased on ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC.`, 'Until then you can cancel this from your account (POST /api/data-deletion-requests/{id}/cancel/). If you did not ask for this, sign in and cancel it, then change your password.']);

export const deletionDoneMail = () =>
  plainMail('Your account has been deleted', '', ['Your account and its personal data have been erased. Billing records the law requires us to keep are retained without your name or address.']);
