// Builds the AI support chat of one process: the FAQ knowledge (index kept in step
// with the database), the configured answer engine, the store and both services.
import type { Platform } from '../../../db/platform.js';
import type { JobService } from '../../jobs/job-service.js';
import type { RateLimits } from '../../shared/rate-limits.js';
import { ChatStore } from './chat-store.js';
import { createChatCiphers } from './chat-ciphers.js';
import { FaqKnowledge } from './faq-knowledge.js';
import { OfflineEngine } from './engines/offline-engine.js';
import { ModelEngine } from './engines/model-engine.js';
import type { AnswerEngine } from './engines/engine.js';
import { ChatAnswerService } from './chat-answer-service.js';
import { FaqArticleService } from './faq-article-service.js';
import { reencryptChatData, type ChatRotationResult } from './chat-key-rotation.js';
import { SupportChatService, type ChatTicketPort } from './support-chat-service.js';
import type { TicketService } from '../ticket-service.js';

export interface SupportChat {
  chat: SupportChatService;
  answers: ChatAnswerService;
  knowledge: FaqKnowledge;
  articles: FaqArticleService;
  /** re-encrypts the chat's columns under the active field key (the support.reencrypt job); `sessionIds` limits it (tests) */
  reencrypt(sessionIds?: string[]): Promise<ChatRotationResult>;
}

export function createAnswerEngine(platform: Platform): AnswerEngine {
  const ai = platform.config.ai;
  const offline = new OfflineEngine(ai.minScore);
  if (ai.engine === 'offline') return offline;
  return new ModelEngine(
    { baseUrl: ai.openaiBaseUrl, apiKey: ai.openaiApiKey, model: ai.openaiModel, maxOutputTokens: ai.maxOutputTokens, timeoutMs: ai.answerTimeoutMs },
    offline,
    platform.log.child({ component: 'ai-chat' }),
  );
}

/**
 * Tickets from the chat are the user's own tickets, created and read through the
 * ticket service (built when first needed: a worker answering questions never does).
 */
export function ticketPortOf(tickets: () => TicketService): ChatTicketPort {
  return {
    // the chat's ticket is the user's own, opened and read as the user (never as staff)
    async create(actor, input) {
      const ticket = await tickets().create({ ...actor, isStaff: false }, input);
      return { id: ticket.id };
    },
    async read(actor, ticketId) {
      return (await tickets().get({ ...actor, isStaff: false }, ticketId)) as unknown as Record<string, unknown>;
    },
  };
}

export function createSupportChat(platform: Platform, deps: { jobs: JobService; limits: RateLimits; tickets: ChatTicketPort | null }): SupportChat {
  const ciphers = createChatCiphers(platform.config);
  const store = new ChatStore(platform.knex, ciphers);
  const knowledge = new FaqKnowledge(platform.knex);
  return {
    chat: new SupportChatService(platform, store, deps.jobs, deps.limits, deps.tickets),
    answers: new ChatAnswerService(platform, store, knowledge, createAnswerEngine(platform)),
    knowledge,
    articles: new FaqArticleService(platform),
    reencrypt: (sessionIds) => reencryptChatData(platform.knex, ciphers, { sessionIds }),
  };
}
