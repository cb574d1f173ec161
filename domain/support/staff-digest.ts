// The staff digest of new tickets, run by the `support.staff-digest` job every
// SUPPORT_STAFF_DIGEST_EVERY_MINUTES: each active staff member gets one e-mail listing
// the tickets opened since their last digest (at most DIGEST_LISTED, then "and N
// more"), instead of one e-mail per ticket (issue 22: 307 tickets were 270 e-mails in
// every staff inbox). The in-app notification of each new ticket stays immediate.
//
// Idempotent: a staff member's watermark (support_staff_digests) moves in the
// transaction that queues their e-mail. The window ends SETTLE_MS ago so that a ticket
// whose transaction began before the cut-off but committed after it is not skipped.
import type { Platform } from '../../db/platform.js';
import { SupportStaffDigest, SupportTicket, User } from '../../db/models/index.js';
import type { MailService } from '../shared/mail-service.js';
import { displayName } from './ticket-presenter.js';
import { staffDigestMail, type DigestTicket } from './support-mail.js';

export const DIGEST_LISTED = 50;
const SETTLE_MS = 60_000;

export class StaffDigest {
  constructor(
    private readonly platform: Platform,
    private readonly mail: MailService,
  ) {}

  /**
   * Sends the digests that are due. `staffIds` limits them to some staff and `through`
   * moves the window's end (tests share one database and cannot wait for it to settle).
   */
  async send(opts: { staffIds?: string[]; through?: Date } = {}): Promise<{ mailed: number }> {
    const { knex, config } = this.platform;
    const { staffIds } = opts;
    const through = opts.through ?? new Date(Date.now() - SETTLE_MS);
    // a staff member without a watermark yet starts one period back
    const firstSince = new Date(through.getTime() - Math.max(1, config.support.staffDigestEveryMinutes) * 60_000);
    const staff = await User.query(knex)
      .where({ is_staff: true, is_active: true })
      .modify((q) => (staffIds ? q.whereIn('id', staffIds) : q))
      .select('id', 'email', 'first_name', 'last_name');
    const mails: number[] = [];
    for (const member of staff) {
      const id = await knex.transaction(async (trx) => {
        const mark = await SupportStaffDigest.query(trx).findById(member.id).forUpdate();
        const since = mark ? new Date(mark.sent_through) : firstSince;
        if (since >= through) return null;
        const window = SupportTicket.query(trx).where('created_at', '>', since).where('created_at', '<=', through).whereNot('user_id', member.id);
        const total = await window.clone().resultSize();
        const listed = total ? ((await window.clone().orderBy('created_at').limit(DIGEST_LISTED).select('id', 'ticket_number', 'subject', 'priority')) as DigestTicket[]) : [];
        if (mark) await SupportStaffDigest.query(trx).findById(member.id).patch({ sent_through: through, updated_at: trx.fn.now() } as never);
        else await SupportStaffDigest.query(trx).insert({ user_id: member.id, sent_through: through } as never);
        if (!total) return null;
        const content = staffDigestMail({ name: displayName(member), tickets: listed, more: total - listed.length, links: this.platform.links });
        return this.mail.queue(trx, member.email, 'support.staff_digest', content);
      });
      if (id !== null) mails.push(id);
    }
    await this.mail.dispatch(mails, null, { notification: true });
    return { mailed: mails.length };
  }
}
