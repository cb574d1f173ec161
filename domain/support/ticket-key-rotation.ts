// Key rotation of support data (the support.reencrypt job): every ticket description
// and reply not under the active field key is decrypted with its old key and
// encrypted under the active one; every ticket not indexed under the active blind-index
// key is indexed again. Batches of rows locked with SKIP LOCKED, one transaction each,
// so it runs beside live traffic and a rerun resumes where a crash left it.
import type { Platform } from '../../db/platform.js';
import { SupportTicket, SupportTicketReply } from '../../db/models/index.js';
import type { TicketCrypto } from './ticket-crypto.js';

export interface RotationResult {
  tickets: number;
  replies: number;
  field_key_id: string;
  index_key_id: string;
}

/** `ticketIds` limits the work to some tickets and their replies (tests share one database). */
export async function reencryptSupportData(platform: Platform, crypto: TicketCrypto, opts: { batchSize?: number; ticketIds?: string[] } = {}): Promise<RotationResult> {
  const batchSize = opts.batchSize ?? 200;
  const only = (column: string) => <Q extends { whereIn(column: string, values: string[]): Q }>(q: Q): Q => (opts.ticketIds ? q.whereIn(column, opts.ticketIds) : q);
  const { knex } = platform;
  const fieldKey = crypto.description.activeKeyId;
  const indexKey = crypto.search.activeKeyId;
  const result: RotationResult = { tickets: 0, replies: 0, field_key_id: fieldKey, index_key_id: indexKey };

  for (;;) {
    const n = await knex.transaction(async (trx) => {
      const rows = (await SupportTicket.query(trx)
        .modify(only('id'))
        .where((w) => w.whereNot('enc_key_id', fieldKey).orWhereNot('search_key_id', indexKey))
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .select('id', 'ticket_number', 'subject', 'description_enc', 'enc_key_id'));
      for (const r of rows) {
        const plain = crypto.description.decrypt(r.description_enc, r.id);
        const sealed = r.enc_key_id === fieldKey ? { value: r.description_enc, keyId: fieldKey } : crypto.description.encrypt(plain, r.id);
        const index = crypto.indexTicket(r.ticket_number, r.subject, plain);
        await SupportTicket.query(trx).findById(r.id).patch({ description_enc: sealed.value, enc_key_id: sealed.keyId, search_tokens: index.tokens, search_key_id: index.keyId });
      }
      return rows.length;
    });
    result.tickets += n;
    if (n < batchSize) break;
  }

  for (;;) {
    const n = await knex.transaction(async (trx) => {
      const rows = await SupportTicketReply.query(trx).modify(only('ticket_id')).whereNot('enc_key_id', fieldKey).limit(batchSize).forUpdate().skipLocked().select('id', 'message_enc');
      for (const r of rows) {
        const sealed = crypto.reply.encrypt(crypto.reply.decrypt(r.message_enc, r.id), r.id);
        await SupportTicketReply.query(trx).findById(r.id).patch({ message_enc: sealed.value, enc_key_id: sealed.keyId });
      }
      return rows.length;
    });
    result.replies += n;
    if (n < batchSize) break;
  }
  return result;
}
