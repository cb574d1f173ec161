// The e-mails of a subscription's life: started, payment received, payment failed
// (with the next retry), recovered, canceled. Sent to the user of a personal
// subscription or the owner of a subscribed team, through the mail outbox.
import type { Knex } from 'knex';
import type { MailContent } from '../shared/mail-templates.js';
import type { MailService } from '../shared/mail-service.js';
import { Team, User } from '../../db/models/index.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;
const day = (d: Date) => d.toISOString().slice(0, 10);

function mail(subject: string, lines: string[]): MailContent {
  return {
    subject,
    text: `Hello,\n\n${lines.join('\n\n')}\n\n— Inventory Platform\n`,
    html: `<p>Hello,</p>${lines.map((l) => `<p>${esc(l)}</p>`).join('')}<p>— Inventory Platform</p>`,
  };
}

export const billingMails = {
  started: (plan: string) => mail(`Your ${plan} subscription is active`, [`Your subscription to the ${plan} plan is active. Thank you!`]),
  paid: (plan: string, amount: string, periodEnd: Date | null) =>
    mail(`Payment received: ${amount}`, [`We received ${amount} for your ${plan} subscription.${periodEnd ? ` It runs until ${day(periodEnd)}.` : ''}`]),
  recovered: (plan: string, amount: string) => mail('Your payment went through', [`Your payment of ${amount} succeeded and your ${plan} subscription is active again.`]),
  failed: (plan: string, amount: string, nextAttempt: Date | null, url: string | null) =>
    mail(`Payment failed: ${amount}`, [
      `We could not collect ${amount} for your ${plan} subscription; it is now past due.`,
      nextAttempt ? `We will try again on ${day(nextAttempt)}. You can update your payment method or pay the invoice now${url ? `: ${url}` : '.'}` : 'This was the last attempt; the subscription will be canceled.',
    ]),
  /** a curated list's subscriber, when the list went with its curator's erased account (the name is the curator's text: body only) */
  listRemoved: (listName: string) =>
    mail('A curated list you subscribed to was removed', [`The curated list "${listName}" was removed together with its curator's account. Your subscription to it has ended: you will not be charged for it again.`]),
  canceled: (plan: string) => mail(`Your ${plan} subscription was canceled`, [`Your subscription to the ${plan} plan has ended. Your data stays; plan limits of the free plan apply to new writes.`]),
};

/** Queues one billing e-mail to whoever answers for the scope of `row`; returns the outbox id (null without a recipient). */
export async function queueBillingMail(trx: Knex.Transaction, mails: MailService, row: { owner_id: string | null; team_id: number | null }, content: MailContent): Promise<number | null> {
  const userId = row.owner_id ?? (row.team_id != null ? (await Team.query(trx).findById(row.team_id).select('owner_id'))?.owner_id : null);
  if (!userId) return null;
  const user = await User.query(trx).findById(userId).select('email');
  if (!user?.email) return null;
  return mails.queue(trx, user.email, 'billing', content);
}
