// Transactional outbox for e-mail: the message is written (sealed) in the same
// transaction as whatever caused it, then a `mail.send` job delivers it. If Redis is
// down at that moment the row stays queued and the maintenance sweep re-enqueues it.
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { MailContent } from './mail-templates.js';
import { seal } from '../../jobs/runtime/secrets.js';
import { OutboundEmail } from '../../db/models/index.js';

export const MAIL_SEAL_PURPOSE = 'outbound-email';

export class MailService {
  constructor(private readonly platform: Platform) {}

  /** Writes the message into the outbox within `trx`; call dispatch() after commit. */
  async queue(trx: Knex.Transaction, to: string, template: string, content: MailContent): Promise<number> {
    const body = seal(this.platform.config.secretKey, MAIL_SEAL_PURPOSE, JSON.stringify({ text: content.text, html: content.html }));
    const row = await OutboundEmail.query(trx).insert({ to_address: to, template, subject: content.subject, body_sealed: body }).returning('id');
    return Number(row.id);
  }

  async dispatch(emailIds: number[], actorId: string | null = null): Promise<void> {
    for (const id of emailIds) {
      try {
        await this.platform.producer.enqueue('mail.send', { actor_id: actorId, email_id: id });
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
      .select('id');
    await this.dispatch(rows.map((r: { id: number }) => Number(r.id)));
    return rows.length;
  }
}
