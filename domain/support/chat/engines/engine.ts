// The one interface both answer engines implement. An engine gets the question, the
// conversation so far and the articles retrieved for this turn; it never touches the
// database, never creates a ticket and can only cite articles it was given.
import type { RetrievedArticle } from '../faq-index.js';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AnswerInput {
  question: string;
  /** the session's language code */
  language: string;
  /** earlier turns of this session, oldest first (the owner's own conversation only) */
  history: ChatTurn[];
  /** articles retrieved for this question, best first: the only ones that may be cited */
  sources: RetrievedArticle[];
  /** epoch ms by which the answer must be ready (the 45 s reply limit minus a reserve) */
  deadline: number;
}

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** What a ticket would say if the user consents; stored server-side, never acted on by the engine. */
export interface TicketDraft {
  subject: string;
  description: string;
  ticket_type: string;
  priority: TicketPriority;
  help_category_ids: string[];
}

export type FallbackReason = 'timeout' | 'model_error' | 'invalid_output';

export interface EngineAnswer {
  answer: string;
  /** ids of cited articles, all among the input's sources */
  citedArticleIds: number[];
  resolved: boolean;
  shouldOfferTicket: boolean;
  suggestedActions: string[];
  ticketDraft: TicketDraft | null;
  engine: 'offline' | 'model';
  /** why the model's answer was replaced by the offline engine's, if it was */
  fallback: FallbackReason | null;
}

export interface AnswerEngine {
  readonly name: 'offline' | 'model';
  answer(input: AnswerInput): Promise<EngineAnswer>;
}
