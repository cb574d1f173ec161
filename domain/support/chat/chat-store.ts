// Rows of the AI chat in and out of PostgreSQL, encrypted on the way in and decrypted
// on the way out. No policy here (who may do what lives in the services).
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { ChatCiphers } from './chat-ciphers.js';
import { SupportChatMessage, SupportChatSession, SupportChatTicketDraft } from '../../../db/models/index.js';
import type { TicketDraft } from './engines/engine.js';
import { CHAT_SQL } from './chat-sql.js';
import { recordAudit } from '../../audit/audit-service.js';

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

export interface QuestionForAnswer {
  question: MessageRecord;
  language: string;
  reply: { id: string; delivered: boolean } | null;
  history: MessageRecord[];
  faqRevision: string;
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

  async createSession(userId: string, language: string, db: Knex = this.knex): Promise<SessionRecord> {
    const row = await SupportChatSession.query(db).insert({ id: randomUUID(), user_id: userId, language }).returning('*');
    await recordAudit(db, { actorId: userId }, { action: 'support_chat_session.create', entityType: 'support_chat_session', entityId: row.id, summary: 'Chat session started', changes: { language } });
    return this.session(row);
  }

  /**
   * The user's sessions active (created or asked in) since `since`, and when the oldest
   * of them was last active; taken under a per-user lock so that concurrent creations
   * count each other.
   */
  async activeSessions(trx: Knex.Transaction, userId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`support-chat-sessions:${userId}`]);
    const row = (await trx('support_chat_sessions')
      .where({ user_id: userId })
      .whereRaw('greatest(created_at, coalesce(last_message_at, created_at)) > ?', [since])
      .select(trx.raw('count(*)::int as count'), trx.raw('min(greatest(created_at, coalesce(last_message_at, created_at))) as oldest'))
      .first()) as { count: number; oldest: Date | null };
    return { count: row.count, oldest: row.oldest ? new Date(row.oldest) : null };
  }

  /** The session when it belongs to the user, else null (unknown and foreign look the same). */
  async sessionOf(userId: string, sessionId: string, db: Knex = this.knex): Promise<SessionRecord | null> {
    const row = await SupportChatSession.query(db).findOne({ id: sessionId, user_id: userId });
    return row ? this.session(row) : null;
  }

  async listSessions(userId: string, page: number, pageSize: number): Promise<{ count: number; sessions: SessionRecord[] }> {
    const query = SupportChatSession.query(this.knex).where({ user_id: userId });
    const [count, rows] = await Promise.all([
      query.clone().resultSize(),
      query.orderBy([{ column: 'updated_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(pageSize).offset((page - 1) * pageSize),
    ]);
    return { count, sessions: rows.map((r) => this.session(r)) };
  }

  async messagesOf(sessionId: string, limit: number): Promise<MessageRecord[]> {
    // the latest `limit`, oldest first
    const rows = await SupportChatMessage.query(this.knex).where({ session_id: sessionId }).orderBy('seq', 'desc').limit(limit);
    return rows.reverse().map((r) => this.message(r));
  }

  /** The user's session and how many of their questions still wait for an answer, in one query. */
  async sessionWithPending(userId: string, sessionId: string, windowMs: number): Promise<{ session: SessionRecord; pending: number } | null> {
    const row = await SupportChatSession.query(this.knex)
      .alias('s')
      .where({ 's.id': sessionId, 's.user_id': userId })
      .select('s.*', this.knex.raw(CHAT_SQL.pendingQuestions, [new Date(Date.now() - windowMs)]))
      .first() as unknown as (Record<string, unknown> & { pending: number }) | undefined;
    return row ? { session: this.session(row), pending: row.pending } : null;
  }

  /**
   * Saves a question and counts it on its session in one statement; the first question
   * also names the session (only the first, even when two arrive at once).
   */
  async insertUserMessage(session: SessionRecord, text: string): Promise<{ message: MessageRecord; session: SessionRecord }> {
    const id = randomUUID();
    const sealed = this.ciphers.content.encrypt(text, id);
    let title: { value: string; keyId: string } | null = null;
    if (session.title === null) {
      const oneLine = text.replace(/\s+/g, ' ').trim();
      title = this.ciphers.title.encrypt(oneLine.length > TITLE_CHARS ? `${oneLine.slice(0, TITLE_CHARS - 1).trimEnd()}…` : oneLine, session.id);
    }
    // the audit entry names the message and its session, never its words
    const rows = await this.knex.transaction(async (trx) => {
      const { rows } = await trx.raw(CHAT_SQL.insertQuestion, [id, session.id, session.user_id, sealed.value, sealed.keyId, title?.value ?? null, title?.keyId ?? null]);
      await recordAudit(trx, { actorId: session.user_id }, { action: 'support_chat_message.create', entityType: 'support_chat_message', entityId: id, summary: 'Chat question asked', changes: { session_id: session.id, role: 'user', chars: text.length } });
      return rows;
    });
    return { message: this.message(rows[0].message), session: this.session(rows[0].session) };
  }

  /** Undoes a question whose answer job could not be queued. */
  async removeUserMessage(message: MessageRecord): Promise<void> {
    await this.knex.transaction(async (trx) => {
      const deleted = await SupportChatMessage.query(trx).delete().where({ id: message.id, role: 'user' });
      if (!deleted) return;
      await SupportChatSession.query(trx).findById(message.session_id).patch({ message_count: trx.raw('greatest(message_count - 1, 0)') as unknown as number });
      await recordAudit(trx, { actorId: message.user_id }, { action: 'support_chat_message.withdraw', entityType: 'support_chat_message', entityId: message.id, summary: 'Chat question withdrawn (its answer could not be queued)', changes: { session_id: message.session_id } });
    });
  }

  /**
   * What answering a question needs, in one query: the question, its session's
   * language, the reply if one was written already, the turns before it (oldest first)
   * and the FAQ index revision.
   */
  async questionForAnswer(messageId: string, turns: number): Promise<QuestionForAnswer | null> {
    const { rows } = await this.knex.raw(
      CHAT_SQL.questionForAnswer,
      [turns, messageId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      question: this.message(row.question),
      language: row.language,
      reply: row.reply_id ? { id: row.reply_id, delivered: row.reply_delivered_at !== null } : null,
      history: (row.history as Record<string, unknown>[]).map((h) => this.message(h)),
      faqRevision: String(row.faq_revision ?? '0'),
    };
  }

  /**
   * Writes the one reply to a question, its ticket draft and the session's count in one
   * statement, unless a reply exists: the unique reply_to decides between two writers.
   * Returns the id of the reply that stands.
   */
  async insertReply(question: MessageRecord, content: string, meta: ReplyMeta, draft: TicketDraft | null): Promise<{ replyId: string; created: boolean; delivered: boolean }> {
    const id = randomUUID();
    const draftId = randomUUID();
    const sealed = this.ciphers.content.encrypt(content, id);
    const sealedMeta = this.ciphers.meta.encrypt(JSON.stringify(meta), id);
    const sealedDraft = draft ? this.ciphers.draft.encrypt(JSON.stringify(draft), draftId) : null;
    const rows = await this.knex.transaction(async (trx) => {
      const { rows } = await trx.raw(
        CHAT_SQL.insertReply,
        [id, question.session_id, question.user_id, question.id, sealed.value, sealedMeta.value, sealed.keyId, draftId, question.user_id, sealedDraft?.value ?? '', sealedDraft?.keyId ?? '', !!sealedDraft],
      );
      // written by the assistant (no actor), in the user's own scope; the words stay out
      if (rows.length) {
        await recordAudit(trx, { actorId: null }, {
          action: 'support_chat_message.answer', entityType: 'support_chat_message', entityId: id, summary: 'Chat question answered',
          changes: { session_id: question.session_id, reply_to: question.id, role: 'assistant', user_id: question.user_id, engine: meta.engine, ticket_draft: !!sealedDraft },
        });
      }
      return rows;
    });
    if (rows.length) return { replyId: id, created: true, delivered: false };
    const existing = (await SupportChatMessage.query(this.knex).select('id', 'delivered_at').findOne({ reply_to: question.id }))!;
    return { replyId: existing.id, created: false, delivered: existing.delivered_at !== null };
  }

  /** A question of the user with its reply, session and the reply's draft, in one query; null while unanswered. */
  async replyBundle(userId: string, questionId: string): Promise<{ question: MessageRecord; reply: MessageRecord; session: SessionRecord; draft: DraftRecord | null } | null> {
    const { rows } = await this.knex.raw(
      CHAT_SQL.replyBundle,
      [userId, questionId, userId],
    );
    const row = rows[0];
    if (!row) return null;
    return { question: this.message(row.question), reply: this.message(row.reply), session: this.session(row.session), draft: row.draft ? this.draft(row.draft) : null };
  }

  async markDelivered(replyId: string): Promise<void> {
    await SupportChatMessage.query(this.knex).findById(replyId).whereNull('delivered_at').patch({ delivered_at: new Date() });
  }

  /** Drafts by assistant message id, for a page of messages. */
  async draftsOf(messageIds: string[]): Promise<Map<string, DraftRecord>> {
    if (messageIds.length === 0) return new Map();
    const rows = await SupportChatTicketDraft.query(this.knex).whereIn('message_id', messageIds);
    return new Map(rows.map((r) => [r.message_id, this.draft(r)]));
  }

  /** The session's latest draft, locked for the consent that turns it into a ticket. */
  async latestDraftForUpdate(trx: Knex.Transaction, sessionId: string): Promise<DraftRecord | null> {
    const row = await SupportChatTicketDraft.query(trx).where({ session_id: sessionId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).forUpdate().first();
    return row ? this.draft(row) : null;
  }

  async setDraftTicket(trx: Knex.Transaction, draft: DraftRecord, ticketId: string): Promise<void> {
    await SupportChatTicketDraft.query(trx).findById(draft.id).patch({ ticket_id: ticketId, consented_at: new Date() });
    await recordAudit(trx, { actorId: draft.user_id }, { action: 'support_chat_draft.consent', entityType: 'support_chat_ticket_draft', entityId: draft.id, summary: 'A chat ticket draft became a ticket', changes: { session_id: draft.session_id, ticket_id: ticketId } });
  }
}
