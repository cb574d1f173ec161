// The work of one `ai.answer-chat-message` job: read the question, retrieve articles,
// let the configured engine answer before the reply deadline, and write the one reply
// (with its ticket draft) for that question. Run twice — a retry after a crash, a
// stalled job taken over — it writes nothing new and returns the reply that stands.
import type { Platform } from '../../../db/platform.js';
import type { ChatStore, MessageRecord, ReplyMeta } from './chat-store.js';
import type { FaqKnowledge } from './faq-knowledge.js';
import type { AnswerEngine } from './engines/engine.js';

/** Time kept back from the reply deadline for the fallback, the write and the push. */
const DEADLINE_RESERVE_MS = 1000;
const HISTORY_TURNS = 6;
const RETRIEVED_ARTICLES = 5;

export class QuestionGone extends Error {
  override name = 'QuestionGone';
}

export interface AnswerOutcome {
  reply_id: string;
  session_id: string;
  user_id: string;
  question_id: string;
  /** false when an earlier run had already answered */
  created: boolean;
  delivered: boolean;
}

export class ChatAnswerService {
  constructor(
    private readonly platform: Platform,
    private readonly store: ChatStore,
    private readonly knowledge: FaqKnowledge,
    private readonly engine: AnswerEngine,
  ) {}

  async answer(questionId: string): Promise<AnswerOutcome> {
    const found = await this.store.questionForAnswer(questionId, HISTORY_TURNS);
    if (!found) throw new QuestionGone(`message ${questionId} is not a question (deleted with its session?)`);
    const { question, language, history, reply } = found;
    if (reply) return this.outcome(question, reply.id, false, reply.delivered);

    const sources = await this.knowledge.searchAt(found.faqRevision, question.content, language, RETRIEVED_ARTICLES);
    const deadline = new Date(question.created_at).getTime() + this.platform.config.ai.answerTimeoutMs - DEADLINE_RESERVE_MS;
    const answer = await this.engine.answer({
      question: question.content,
      language,
      history: history.map((m) => ({ role: m.role, content: m.content })),
      sources,
      deadline,
    });
    // the engine may only name articles retrieved for this turn; keep the check here too
    const retrieved = new Map(sources.map((s) => [s.article.id, s.article]));
    const cited = answer.citedArticleIds.filter((id) => retrieved.has(id)).map((id) => retrieved.get(id)!);
    const meta: ReplyMeta = {
      resolved: answer.resolved,
      should_offer_ticket: answer.shouldOfferTicket,
      suggested_actions: answer.suggestedActions,
      cited_articles: cited.map((a) => ({ id: a.id, slug: a.slug, title: a.title })),
      engine: answer.engine,
      fallback: answer.fallback,
    };
    const written = await this.store.insertReply(question, answer.answer, meta, answer.shouldOfferTicket ? answer.ticketDraft : null);
    return this.outcome(question, written.replyId, written.created, written.delivered);
  }

  /** Tells the gateway instances holding the user's chat sockets that the reply is ready (ids only). */
  async deliver(outcome: AnswerOutcome): Promise<void> {
    if (outcome.delivered) return;
    await this.platform.producer.publish({
      kind: 'channel.event',
      channel: SUPPORT_CHAT_PATH,
      user_id: outcome.user_id,
      event: 'reply.ready',
      data: { question_id: outcome.question_id, reply_id: outcome.reply_id, session_id: outcome.session_id },
    });
    await this.store.markDelivered(outcome.reply_id);
  }

  private outcome(question: MessageRecord, replyId: string, created: boolean, delivered: boolean): AnswerOutcome {
    return { reply_id: replyId, session_id: question.session_id, user_id: question.user_id, question_id: question.id, created, delivered };
  }
}

export const SUPPORT_CHAT_PATH = '/ws/support/ai-chat/';
