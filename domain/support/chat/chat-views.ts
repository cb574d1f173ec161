// What clients see of sessions, messages and replies: the same shapes over REST and
// WebSocket. Decrypted for the owner only (the services check ownership first).
import type { CitedArticle, DraftRecord, MessageRecord, SessionRecord } from './chat-store.js';

export interface SessionView {
  id: string;
  language: string;
  title: string | null;
  message_count: number;
  last_message_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface MessageView {
  id: string;
  session_id: string;
  role: 'user' | 'assistant';
  content: string;
  created_at: string;
  /** assistant messages only from here on */
  reply_to?: string;
  resolved?: boolean;
  should_offer_ticket?: boolean;
  ticket_creation_available?: boolean;
  suggested_actions?: string[];
  cited_articles?: CitedArticle[];
  engine?: string;
  fallback?: string | null;
}

export interface ReplyView {
  session: SessionView;
  message: MessageView;
  user_message: MessageView;
  answer: string;
  resolved: boolean;
  should_offer_ticket: boolean;
  ticket_creation_available: boolean;
  suggested_actions: string[];
  cited_articles: CitedArticle[];
  engine: string;
  fallback: string | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function sessionView(s: SessionRecord): SessionView {
  return { id: s.id, language: s.language, title: s.title, message_count: s.message_count, last_message_at: iso(s.last_message_at), created_at: iso(s.created_at)!, updated_at: iso(s.updated_at)! };
}

/** A ticket can still be created from this reply's draft: one exists and no ticket was made from it. */
export const ticketAvailable = (draft: DraftRecord | null | undefined) => !!draft && draft.ticket_id === null;

export function messageView(m: MessageRecord, draft?: DraftRecord | null): MessageView {
  const base: MessageView = { id: m.id, session_id: m.session_id, role: m.role, content: m.content, created_at: iso(m.created_at)! };
  if (m.role !== 'assistant' || !m.meta) return base;
  return {
    ...base,
    reply_to: m.reply_to!,
    resolved: m.meta.resolved,
    should_offer_ticket: m.meta.should_offer_ticket,
    ticket_creation_available: ticketAvailable(draft),
    suggested_actions: m.meta.suggested_actions,
    cited_articles: m.meta.cited_articles,
    engine: m.meta.engine,
    fallback: m.meta.fallback,
  };
}

export function replyView(session: SessionRecord, question: MessageRecord, reply: MessageRecord, draft: DraftRecord | null): ReplyView {
  const meta = reply.meta!;
  return {
    session: sessionView(session),
    message: messageView(reply, draft),
    user_message: messageView(question),
    answer: reply.content,
    resolved: meta.resolved,
    should_offer_ticket: meta.should_offer_ticket,
    ticket_creation_available: ticketAvailable(draft),
    suggested_actions: meta.suggested_actions,
    cited_articles: meta.cited_articles,
    engine: meta.engine,
    fallback: meta.fallback,
  };
}
