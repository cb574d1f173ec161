// The AI support chat as its owner uses it, over REST and WebSocket alike: sessions,
// questions (answered by the `ai.answer-chat-message` job), replies and the ticket a
// reply may offer. Everything is reachable by its owner only; another user's session
// is indistinguishable from an unknown one.
import type { Platform } from '../../../db/platform.js';
import type { Actor } from '../../shared/actor.js';
import type { JobService } from '../../jobs/job-service.js';
import type { RateLimits } from '../../shared/rate-limits.js';
import { DomainError, Invalid, NotFound, RateLimited } from '../../../jobs/runtime/errors.js';
import type { ChatStore, MessageRecord } from './chat-store.js';
import { messageView, replyView, sessionView, type MessageView, type ReplyView, type SessionView } from './chat-views.js';
import type { TicketDraft } from './engines/engine.js';
import type { JobFinishedEvent } from '../../../jobs/events.js';

export interface ChatTicketInput {
  subject: string;
  description: string;
  ticket_type: string;
  priority: TicketDraft['priority'];
  help_category_ids: string[];
}

/** The support tickets' side: create a ticket owned by the user, read it back. */
export interface ChatTicketPort {
  create(actor: Actor, input: ChatTicketInput): Promise<{ id: string }>;
  read(actor: Actor, ticketId: string): Promise<Record<string, unknown>>;
}

export interface TicketOverrides {
  subject?: string;
  description?: string;
  ticket_type?: string;
  priority?: TicketDraft['priority'];
}

/** Messages of a session returned by a read (the latest ones). */
const SESSION_MESSAGES = 500;
/** A question may wait this much longer than the reply limit before it stops counting as pending. */
const PENDING_GRACE_MS = 15_000;
/** a session counts as open this long after its last question */
const ACTIVE_SESSION_MS = 24 * 3600_000;
/** A chat ticket's subject is stored in clear and e-mailed: it never repeats the user's question (that stays in the encrypted description). */
export const CHAT_TICKET_SUBJECT = 'Support chat request';

export class SupportChatService {
  constructor(
    private readonly platform: Platform,
    private readonly store: ChatStore,
    private readonly jobs: JobService,
    private readonly limits: RateLimits,
    private readonly tickets: ChatTicketPort | null,
  ) {}

  private get ai() {
    return this.platform.config.ai;
  }

  /** A new session, within AI_MAX_OPEN_SESSIONS active ones per user (429 `chat_session_budget_exceeded`). */
  async createSession(actor: Actor, language: string): Promise<SessionView> {
    const { userId } = actor;
    const max = this.ai.maxOpenSessions;
    const record = await this.platform.knex.transaction(async (trx) => {
      const { count, oldest } = await this.store.activeSessions(trx, userId, new Date(Date.now() - ACTIVE_SESSION_MS));
      if (count >= max) {
        const wait = oldest ? (oldest.getTime() + ACTIVE_SESSION_MS - Date.now()) / 1000 : 60;
        throw new RateLimited(wait, `At most ${max} chat sessions active in a day; go on in one of your sessions.`, 'chat_session_budget_exceeded');
      }
      return this.store.createSession(userId, language, trx);
    });
    return sessionView(record);
  }

  async listSessions(actor: Actor, page: number, pageSize: number): Promise<{ count: number; sessions: SessionView[] }> {
    const { userId } = actor;
    const { count, sessions } = await this.store.listSessions(userId, page, pageSize);
    return { count, sessions: sessions.map(sessionView) };
  }

  async getSession(actor: Actor, sessionId: string): Promise<{ session: SessionView; messages: MessageView[] }> {
    const { userId } = actor;
    const session = await this.ownSession(userId, sessionId);
    const messages = await this.store.messagesOf(session.id, SESSION_MESSAGES);
    const drafts = await this.store.draftsOf(messages.filter((m) => m.role === 'assistant').map((m) => m.id));
    return { session: sessionView(session), messages: messages.map((m) => messageView(m, drafts.get(m.id))) };
  }

  /** The message's own checks, before any database work (so they answer the same for every session id). */
  checkMessage(text: unknown): string {
    if (typeof text !== 'string') throw Invalid.field('message', 'message must be a string');
    const trimmed = text.trim();
    if (!trimmed) throw new Invalid('The message is empty.', [{ path: 'message', message: 'message must not be empty' }], 'empty_message');
    if (trimmed.length > this.ai.maxMessageChars) {
      throw new Invalid(`The message is longer than ${this.ai.maxMessageChars} characters.`, [{ path: 'message', message: `at most ${this.ai.maxMessageChars} characters` }], 'message_too_long');
    }
    return trimmed;
  }

  /**
   * Saves a question and queues its answer. Limits per user: AI_MESSAGES_PER_MINUTE
   * questions a minute and AI_MAX_PENDING_PER_USER waiting for their answer.
   */
  async sendMessage(actor: Actor, sessionId: string, text: unknown): Promise<{ session: SessionView; message: MessageView; question: MessageRecord }> {
    const { session, question } = await this.saveQuestion(actor, sessionId, text, 0);
    return { session, message: messageView(question), question };
  }

  /**
   * REST: saves the question and waits for its reply until the reply deadline (the
   * 45 s limit from the moment the question was saved).
   */
  async ask(actor: Actor, sessionId: string, text: unknown): Promise<ReplyView> {
    const { question, finished } = await this.saveQuestion(actor, sessionId, text, this.ai.answerTimeoutMs + 500);
    const outcome = await finished;
    const reply = await this.replyFor(actor, question.id);
    if (reply) return reply;
    if (outcome?.kind === 'job.failed') throw new DomainError('unavailable', 'answer_failed', 'The answer could not be prepared; please ask again.', { session_id: sessionId, message_id: question.id });
    throw new DomainError('timeout', 'answer_timeout', 'The answer was not ready in time. It will appear in the session when it is.', { session_id: sessionId, message_id: question.id });
  }

  private async saveQuestion({ userId, requestId }: Actor, sessionId: string, text: unknown, waitMs: number) {
    const content = this.checkMessage(text);
    const found = await this.store.sessionWithPending(userId, sessionId, this.ai.answerTimeoutMs + PENDING_GRACE_MS);
    if (!found) throw new NotFound('Chat session', 'session_not_found');
    await this.limits.consume({ name: 'ai-chat-messages', points: this.ai.messagesPerMinute, durationSeconds: 60, message: 'Too many chat messages; wait a moment before asking again.' }, userId);
    if (found.pending >= this.ai.maxPendingPerUser) {
      throw new RateLimited(2, `${found.pending} of your questions are still being answered; wait for their replies.`, 'answers_pending');
    }
    const { message: question, session } = await this.store.insertUserMessage(found.session, content);
    let finished: Promise<JobFinishedEvent | null>;
    try {
      ({ finished } = await this.jobs.enqueueWatched('ai.answer-chat-message', { actor_id: userId, message_id: question.id }, waitMs, requestId));
    } catch (err) {
      // no answer will come: the question is not kept (the client sends it again)
      await this.store.removeUserMessage(question).catch(() => undefined);
      throw err;
    }
    return { session: sessionView(session), question, finished };
  }

  /** The reply to one of the user's questions, null while there is none. */
  async replyFor(actor: Actor, questionId: string): Promise<ReplyView | null> {
    const { userId } = actor;
    const bundle = await this.store.replyBundle(userId, questionId);
    return bundle ? replyView(bundle.session, bundle.question, bundle.reply, bundle.draft) : null;
  }

  /**
   * Creates the ticket a reply offered, only with the user's consent and only from a
   * draft the server stored. A second consent for the same draft returns the same
   * ticket (created: false). The model never reaches this.
   */
  async createTicket(actor: Actor, sessionId: string, consent: unknown, overrides: TicketOverrides = {}): Promise<{ ticket: Record<string, unknown>; created: boolean; session_id: string }> {
    const { userId } = actor;
    if (consent !== true) throw new Invalid('No ticket was created: consent must be true.', [{ path: 'consent', message: 'consent must be true to create a ticket' }], 'consent_required');
    const session = await this.ownSession(userId, sessionId);
    if (!this.tickets) throw new DomainError('unavailable', 'tickets_unavailable', 'Support tickets are not available.');
    const tickets = this.tickets;
    // one consent at a time per session: the draft row is locked until its ticket is recorded
    const result = await this.platform.knex.transaction(async (trx) => {
      const draft = await this.store.latestDraftForUpdate(trx, session.id);
      if (!draft) throw new DomainError('conflict', 'no_ticket_draft', 'No reply in this session offered a ticket; ask the assistant first.');
      if (draft.ticket_id) return { ticketId: draft.ticket_id, created: false };
      const d = draft.draft;
      const { id } = await tickets.create(actor, {
        // the draft's subject is the question's first line: it stays out of the clear-text subject
        subject: overrides.subject ?? CHAT_TICKET_SUBJECT,
        description: overrides.description ?? d.description,
        ticket_type: overrides.ticket_type ?? d.ticket_type,
        priority: overrides.priority ?? d.priority,
        help_category_ids: d.help_category_ids,
      });
      await this.store.setDraftTicket(trx, draft, id);
      return { ticketId: id, created: true };
    });
    return { ticket: await tickets.read(actor, result.ticketId), created: result.created, session_id: session.id };
  }

  private async ownSession(userId: string, sessionId: string) {
    const session = await this.store.sessionOf(userId, sessionId);
    if (!session) throw new NotFound('Chat session', 'session_not_found');
    return session;
  }
}
