// Rows of the AI chat in and out of PostgreSQL, encrypted on the way in and decrypted
// on the way out. No policy here (who may do what lives in the services).
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { ChatCiphers } from './chat-ciphers.js';
import type { TicketDraft } from './engines/engine.js';

export interface CitedArticle {
  id: number;
  slug: string;
  title: string;
}

export interface ReplyMeta {
  resolved: boolean;
  should_offer_ticket: boolean;
  suggested_actions: string[];
  cited_articles: CitedArticle[];
  engine: 'offline' | 'model';
  fallback: string | null;
}

export interface SessionRecord {
  id: string;
  user_id: string;
  language: string;
  title: string | null;
  message_count: number;
  last_message_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface MessageRecord {
  id: string;
  seq: string;
  session_id: string;
  user_id: string;
  role: 'user' | 'assistant';
  reply_to: string | null;
  content: string;
  meta: ReplyMeta | null;
  delivered_at: Date | null;
  created_at: Date;
}

export interface DraftRecord {
  id: string;
  session_id: string;
  message_id: string;
  user_id: string;
  draft: TicketDraft;
  ticket_id: string | null;
  created_at: Date;
}

const TITLE_CHARS = 80;

export class ChatStore {
  constructor(private readonly knex: Knex, private readonly ciphers: ChatCiphers) {}

  private session(row: Record<string, any>): SessionRecord {
    return {
      id: row.id,
      user_id: row.user_id,
      language: row.language,
      title: row.title_enc ? this.ciphers.title.decrypt(row.title_enc, row.id) : null,
      message_count: row.message_count,
      last_message_at: row.last_message_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  private message(row: Record<string, any>): MessageRecord {
    return {
      id: row.id,
      seq: String(row.seq),
      session_id: row.session_id,
      user_id: row.user_id,
      role: row.role,
      reply_to: row.reply_to,
      content: this.ciphers.content.decrypt(row.content_enc, row.id),
      meta: row.meta_enc ? JSON.parse(this.ciphers.meta.decrypt(row.meta_enc, row.id)) : null,
      delivered_at: row.delivered_at,
      created_at: row.created_at,
    };
  }

  private draft(row: Record<string, any>): DraftRecord {
    return {
      id: row.id,
      session_id: row.session_id,
      message_id: row.message_id,
      user_id: row.user_id,
      draft: JSON.parse(this.ciphers.draft.decrypt(row.draft_enc, row.id)),
      ticket_id: row.ticket_id,
      created_at: row.created_at,
    };
  }

  async createSession(userId: string, language: string): Promise<SessionRecord> {
    const [row] = await this.knex('support_chat_sessions').insert({ id: randomUUID(), user_id: userId, language }).returning('*');
    return this.session(row);
  }

  /** The session when it belongs to the user, else null (unknown and foreign look the same). */
  async sessionOf(userId: string, sessionId: string, db: Knex = this.knex): Promise<SessionRecord | null> {
    const row = await db('support_chat_sessions').where({ id: sessionId, user_id: userId }).first();
    return row ? this.session(row) : null;
  }

  async sessionById(sessionId: string): Promise<SessionRecord | null> {
    const row = await this.knex('support_chat_sessions').where({ id: sessionId }).first();
    return row ? this.session(row) : null;
  }

  async listSessions(userId: string, page: number, pageSize: number): Promise<{ count: number; sessions: SessionRecord[] }> {
    const [{ count }] = await this.knex('support_chat_sessions').where({ user_id: userId }).count<{ count: string }[]>('* as count');
    const rows = await this.knex('support_chat_sessions')
      .where({ user_id: userId })
      .orderBy([{ column: 'updated_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { count: Number(count), sessions: rows.map((r) => this.session(r)) };
  }

  async messagesOf(sessionId: string, limit: number): Promise<MessageRecord[]> {
    // the latest `limit`, oldest first
    const rows = await this.knex('support_chat_messages').where({ session_id: sessionId }).orderBy('seq', 'desc').limit(limit);
    return rows.reverse().map((r) => this.message(r));
  }

  /** Saves a question and counts it on its session, in one transaction. */
  async insertUserMessage(session: SessionRecord, text: string): Promise<MessageRecord> {
    const id = randomUUID();
    const sealed = this.ciphers.content.encrypt(text, id);
    return this.knex.transaction(async (trx) => {
      const [row] = await trx('support_chat_messages').insert({ id, session_id: session.id, user_id: session.user_id, role: 'user', content_enc: sealed.value, enc_key_id: sealed.keyId }).returning('*');
      const update: Record<string, unknown> = { message_count: trx.raw('message_count + 1'), last_message_at: row.created_at, updated_at: row.created_at };
      if (session.title === null) {
        const oneLine = text.replace(/\s+/g, ' ').trim();
        const title = this.ciphers.title.encrypt(oneLine.length > TITLE_CHARS ? `${oneLine.slice(0, TITLE_CHARS - 1).trimEnd()}…` : oneLine, session.id);
        // only the first question names the session, even when two arrive at once
        await trx('support_chat_sessions').where({ id: session.id }).whereNull('title_enc').update({ title_enc: title.value, enc_key_id: title.keyId });
      }
      await trx('support_chat_sessions').where({ id: session.id }).update(update);
      return this.message(row);
    });
  }

  /** Undoes a question whose answer job could not be queued. */
  async removeUserMessage(message: MessageRecord): Promise<void> {
    await this.knex.transaction(async (trx) => {
      const deleted = await trx('support_chat_messages').where({ id: message.id, role: 'user' }).delete();
      if (deleted) await trx('support_chat_sessions').where({ id: message.session_id }).update({ message_count: trx.raw('greatest(message_count - 1, 0)') });
    });
  }

  /** Questions of the user still without an answer, asked in the last `windowMs`. */
  async pendingQuestions(userId: string, windowMs: number): Promise<number> {
    const [{ count }] = await this.knex('support_chat_messages as m')
      .where({ 'm.user_id': userId, 'm.role': 'user' })
      .where('m.created_at', '>', new Date(Date.now() - windowMs))
      .whereNotExists((q) => q.select(1).from('support_chat_messages as r').whereRaw('r.reply_to = m.id'))
      .count<{ count: string }[]>('* as count');
    return Number(count);
  }

  async messageById(messageId: string): Promise<MessageRecord | null> {
    const row = await this.knex('support_chat_messages').where({ id: messageId }).first();
    return row ? this.message(row) : null;
  }

  async replyTo(userMessageId: string): Promise<MessageRecord | null> {
    const row = await this.knex('support_chat_messages').where({ reply_to: userMessageId }).first();
    return row ? this.message(row) : null;
  }

  /** The turns before a message, oldest first. */
  async historyBefore(message: MessageRecord, turns: number): Promise<MessageRecord[]> {
    const rows = await this.knex('support_chat_messages').where({ session_id: message.session_id }).where('seq', '<', message.seq).orderBy('seq', 'desc').limit(turns);
    return rows.reverse().map((r) => this.message(r));
  }

  /**
   * Writes the one reply to a question (and its ticket draft) unless one exists: the
   * unique reply_to decides between two writers. Returns the reply that stands.
   */
  async insertReply(question: MessageRecord, content: string, meta: ReplyMeta, draft: TicketDraft | null): Promise<{ reply: MessageRecord; created: boolean }> {
    const id = randomUUID();
    const sealed = this.ciphers.content.encrypt(content, id);
    const sealedMeta = this.ciphers.meta.encrypt(JSON.stringify(meta), id);
    const inserted = await this.knex.transaction(async (trx) => {
      const rows = await trx('support_chat_messages')
        .insert({ id, session_id: question.session_id, user_id: question.user_id, role: 'assistant', reply_to: question.id, content_enc: sealed.value, meta_enc: sealedMeta.value, enc_key_id: sealed.keyId })
        .onConflict('reply_to')
        .ignore()
        .returning('*');
      if (rows.length === 0) return null;
      if (draft) {
        const draftId = randomUUID();
        const sealedDraft = this.ciphers.draft.encrypt(JSON.stringify(draft), draftId);
        await trx('support_chat_ticket_drafts').insert({ id: draftId, session_id: question.session_id, message_id: id, user_id: question.user_id, draft_enc: sealedDraft.value, enc_key_id: sealedDraft.keyId });
      }
      await trx('support_chat_sessions').where({ id: question.session_id }).update({ message_count: trx.raw('message_count + 1'), last_message_at: rows[0].created_at, updated_at: rows[0].created_at });
      return rows[0];
    });
    if (inserted) return { reply: this.message(inserted), created: true };
    return { reply: (await this.replyTo(question.id))!, created: false };
  }

  async markDelivered(replyId: string): Promise<void> {
    await this.knex('support_chat_messages').where({ id: replyId }).whereNull('delivered_at').update({ delivered_at: this.knex.fn.now() });
  }

  async draftOfMessage(messageId: string): Promise<DraftRecord | null> {
    const row = await this.knex('support_chat_ticket_drafts').where({ message_id: messageId }).first();
    return row ? this.draft(row) : null;
  }

  /** Drafts by assistant message id, for a page of messages. */
  async draftsOf(messageIds: string[]): Promise<Map<string, DraftRecord>> {
    if (messageIds.length === 0) return new Map();
    const rows = await this.knex('support_chat_ticket_drafts').whereIn('message_id', messageIds);
    return new Map(rows.map((r) => [r.message_id, this.draft(r)]));
  }

  /** The session's latest draft, locked for the consent that turns it into a ticket. */
  async latestDraftForUpdate(trx: Knex.Transaction, sessionId: string): Promise<DraftRecord | null> {
    const row = await trx('support_chat_ticket_drafts').where({ session_id: sessionId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).forUpdate().first();
    return row ? this.draft(row) : null;
  }

  async setDraftTicket(trx: Knex.Transaction, draftId: string, ticketId: string): Promise<void> {
    await trx('support_chat_ticket_drafts').where({ id: draftId }).update({ ticket_id: ticketId, consented_at: trx.fn.now() });
  }
}
