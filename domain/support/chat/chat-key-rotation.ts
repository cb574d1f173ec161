// Key rotation of the AI chat's encrypted columns (run by the support.reencrypt job
// next to the tickets'): every session title, message (content and meta) and ticket
// draft not under the active field key is decrypted with its old key and encrypted
// under the active one. Batches locked with SKIP LOCKED, one transaction each, so it
// runs beside live traffic and a rerun resumes where a crash left it.
import type { Knex } from 'knex';
import type { ChatCiphers } from './chat-ciphers.js';

export interface ChatRotationResult {
  chat_sessions: number;
  chat_messages: number;
  chat_drafts: number;
}

interface RotationScope {
  activeKeyId: string;
  batchSize: number;
  /** only these sessions' rows (tests share one database) */
  sessionIds?: string[];
}

async function rotateTable(knex: Knex, table: string, sessionColumn: string, columns: string[], scope: RotationScope, rewrite: (row: Record<string, string | null>) => Record<string, string | null>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await knex.transaction(async (trx) => {
      const query = trx(table).whereNotNull('enc_key_id').whereNot('enc_key_id', scope.activeKeyId);
      if (scope.sessionIds) query.whereIn(sessionColumn, scope.sessionIds);
      const rows = await query.limit(scope.batchSize).forUpdate().skipLocked().select('id', ...columns);
      for (const row of rows) await trx(table).where({ id: row.id }).update(rewrite(row));
      return rows.length;
    });
    total += n;
    if (n < scope.batchSize) return total;
  }
}

export async function reencryptChatData(knex: Knex, ciphers: ChatCiphers, opts: { batchSize?: number; sessionIds?: string[] } = {}): Promise<ChatRotationResult> {
  const scope: RotationScope = { activeKeyId: ciphers.content.activeKeyId, batchSize: opts.batchSize ?? 200, sessionIds: opts.sessionIds };
  const again = (cipher: ChatCiphers[keyof ChatCiphers], value: string | null, rowId: string) => (value === null ? null : cipher.encrypt(cipher.decrypt(value, rowId), rowId));
  const chat_sessions = await rotateTable(knex, 'support_chat_sessions', 'id', ['title_enc'], scope, (r) => {
    const title = again(ciphers.title, r.title_enc, r.id!);
    return { title_enc: title?.value ?? null, enc_key_id: title?.keyId ?? null };
  });
  const chat_messages = await rotateTable(knex, 'support_chat_messages', 'session_id', ['content_enc', 'meta_enc'], scope, (r) => {
    const content = again(ciphers.content, r.content_enc, r.id!)!;
    return { content_enc: content.value, meta_enc: again(ciphers.meta, r.meta_enc, r.id!)?.value ?? null, enc_key_id: content.keyId };
  });
  const chat_drafts = await rotateTable(knex, 'support_chat_ticket_drafts', 'session_id', ['draft_enc'], scope, (r) => {
    const draft = again(ciphers.draft, r.draft_enc, r.id!)!;
    return { draft_enc: draft.value, enc_key_id: draft.keyId };
  });
  return { chat_sessions, chat_messages, chat_drafts };
}
