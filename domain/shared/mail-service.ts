// Transactional outbox for e-mail: the message is written (sealed) in the same
// transaction as whatever caused it, then a `mail.send` job delivers it. If Redis is
// down at that moment the row stays queued and the maintenance sweep re-enqueues it.
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { MailContent } from './mail-templates.js';
import { seal } from '../../jobs/runtime/secrets.js';
import { OutboundEmail } from '../../db/models/index.js';

export const MAIL_SEAL_PURPOSE = 'outbound-email';

/**
 * BullMQ runs jobs without a priority before prioritised ones: one-time codes, sign-up
 * and reset mail go without, notification mail (support tickets, digests) with this one,
 * so a flood of notifications never delays a code.
 */
export const NOTIFICATION_MAIL_PRIORITY = 10;

export class MailService {
  constructor(private readonly platform: Platform) {}

  /** Writes the message into the outbox within `trx`; call dispatch() after commit. */
  async queue(trx: Knex.Transaction, to: string, template: string, content: MailContent): Promise<number> {
    const body = seal(this.platform.config.secretKey, MAIL_SEAL_PURPOSE, JSON.stringify({ text: content.text, html: content.html }));
    const row = await OutboundEmail.query(trx).insert({ to_address: to, template, subject: content.subject, body_sealed: body }).returning('id');
    return Number(row.id);
  }

  /**
   * Like queue(), once per `dedupeKey`: a second message with the same key writes
   * nothing and answers null (so nothing is dispatched twice).
   */
  async queueOnce(trx: Knex.Transaction, dedupeKey: string, to: string, template: string, content: MailContent): Promise<number | null> {
    const body = seal(this.platform.config.secretKey, MAIL_SEAL_PURPOSE, JSON.stringify({ text: content.text, html: content.html }));
    const [row] = await trx(OutboundEmail.tableName)
      .insert({ to_address: to, template, subject: content.subject, body_sealed: body, dedupe_key: dedupeKey.slice(0, 200) })
      .onConflict(trx.raw('(dedupe_key) WHERE dedupe_key IS NOT NULL'))
      .ignore()
      .returning('id');
    return row?.id ? Number(row.id) : null;
  }

  /** Enqueues the messages' delivery; `notification` ones wait behind codes (NOTIFICATION_MAIL_PRIORITY). */
  async dispatch(emailIds: number[], actorId: string | null = null, opts: { notification?: boolean; requestId?: string } = {}): Promise<void> {
    for (const id of emailIds) {
      try {
        await this.platform.producer.enqueue('mail.send', { actor_id: actorId, email_id: id }, { requestId: opts.requestId, ...(opts.notification ? { priority: NOTIFICATION_MAIL_PRIORITY } : {}) });
      } catch (err) {
        this.platform.log.warn({ err, email_id: id }, 'mail job not enqueued; the outbox sweep will retry');
      }
    }
  }

  /** Re-enqueues messages that stayed queued (Redis was down when they were written). */
  async sweepStale(olderThanMs = 60_000): Promise<number> {
    const rows = await OutboundEmail.query(this.platform.knex)
      .where({ status: 'queued' })
      .where('created_at', '<', new Date(Date.now() - olderThanMs))
      .where('created_at', '>', new Date(Date.now() - 2 * 86_400_000))
      .limit(500)
      .select('id', 'template');
    const isNotification = (r: { template: string }) => r.template.startsWith('support.');
    await this.dispatch(rows.filter((r) => !isNotification(r)).map((r) => Number(r.id)));
    await this.dispatch(rows.filter(isNotification).map((r) => Number(r.id)), null, { notification: true });
    return rows.length;
  }
}
