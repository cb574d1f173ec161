// An OpenAI-compatible model through the `openai` SDK. The retrieved articles go in
// as numbered, delimited, untrusted sources; the model must return one JSON object
// which is validated strictly. The server keeps only citations of this turn's
// sources, caps the output at AI_MAX_OUTPUT_TOKENS in the request and in our own code,
// aborts at the reply deadline (AbortController, no SDK retries) and falls back to
// the offline engine on timeout, error or unusable output, saying so in the answer.
import Joi from 'joi';
import OpenAI from 'openai';
import type { Logger } from 'pino';
import { answerTexts } from '../answer-texts.js';
import type { OfflineEngine } from './offline-engine.js';
import { draftTicket } from './offline-engine.js';
import { buildPrompt, MAX_SOURCES } from './model-prompt.js';
import { TICKET_PRIORITIES, type AnswerEngine, type AnswerInput, type EngineAnswer, type FallbackReason, type TicketDraft } from './engine.js';

export interface ModelEngineOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  maxOutputTokens: number;
  timeoutMs: number;
}

/** The model is not called with less time left than this; the offline engine answers. */
const MIN_MODEL_BUDGET_MS = 500;
const MAX_SUGGESTED_ACTIONS = 4;

/** Rough token count (about four characters per token for the languages we serve). */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

const ModelOutput = Joi.object({
  answer: Joi.string().trim().min(1).required(),
  cited_sources: Joi.array().items(Joi.number().integer().strict()).max(50).required(),
  resolved: Joi.boolean().strict().required(),
  should_offer_ticket: Joi.boolean().strict().required(),
  suggested_actions: Joi.array().items(Joi.string().trim().min(1).max(500)).max(20).default([]),
  ticket_draft: Joi.object({
    subject: Joi.string().trim().allow('').max(2000),
    description: Joi.string().trim().allow('').max(50_000),
    ticket_type: Joi.string().trim().allow('').max(200),
    priority: Joi.string().trim().allow('').max(50),
  })
    .unknown(true)
    .allow(null)
    .default(null),
}).unknown(true);

interface ParsedOutput {
  answer: string;
  cited_sources: number[];
  resolved: boolean;
  should_offer_ticket: boolean;
  suggested_actions: string[];
  ticket_draft: { subject?: string; description?: string; ticket_type?: string; priority?: string } | null;
}

class UnusableOutput extends Error {}

export class ModelEngine implements AnswerEngine {
  readonly name = 'model' as const;
  private readonly client: OpenAI;

  constructor(private readonly options: ModelEngineOptions, private readonly offline: OfflineEngine, private readonly log: Logger) {
    // retries would multiply the timeout: one attempt, bounded by our own deadline
    this.client = new OpenAI({ baseURL: options.baseUrl, apiKey: options.apiKey || 'not-needed', maxRetries: 0, timeout: options.timeoutMs });
  }

  async answer(input: AnswerInput): Promise<EngineAnswer> {
    const budget = Math.min(this.options.timeoutMs, input.deadline - Date.now());
    if (budget < MIN_MODEL_BUDGET_MS) return this.fallBack(input, 'timeout');
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), budget);
    try {
      const completion = await this.client.chat.completions.create(
        {
          model: this.options.model,
          messages: buildPrompt(input),
          max_tokens: this.options.maxOutputTokens,
          temperature: 0.2,
          response_format: { type: 'json_object' },
        },
        { signal: controller.signal, timeout: budget, maxRetries: 0 },
      );
      const choice = completion.choices?.[0];
      const content = choice?.message?.content;
      if (typeof content !== 'string' || !content.trim()) throw new UnusableOutput('empty completion');
      if (choice.finish_reason === 'length') throw new UnusableOutput('completion cut off at the token cap');
      return this.accept(parseOutput(content), input);
    } catch (err) {
      const reason: FallbackReason = err instanceof UnusableOutput ? 'invalid_output' : controller.signal.aborted || err instanceof OpenAI.APIConnectionTimeoutError ? 'timeout' : 'model_error';
      this.log.warn({ reason, err: (err as Error).message }, 'model answer replaced by the offline engine');
      return this.fallBack(input, reason);
    } finally {
      clearTimeout(timer);
    }
  }

  private fallBack(input: AnswerInput, reason: FallbackReason): EngineAnswer {
    const offline = this.offline.answerNow(input);
    return { ...offline, answer: `${answerTexts(input.language).fallback[reason]}\n\n${offline.answer}`, fallback: reason };
  }

  /** Keeps what the server can vouch for: citations of this turn's sources, capped text, a draft of our own shape. */
  private accept(out: ParsedOutput, input: AnswerInput): EngineAnswer {
    // only the numbers of sources shown in this turn's prompt; anything else is invented
    const shown = Math.min(input.sources.length, MAX_SOURCES);
    const cited = [...new Set(out.cited_sources)].filter((n) => n >= 1 && n <= shown).map((n) => input.sources[n - 1]);
    const shouldOfferTicket = out.should_offer_ticket;
    let ticketDraft: TicketDraft | null = null;
    if (shouldOfferTicket) {
      const base = draftTicket(input, cited.length ? cited : input.sources.slice(0, 1));
      const d = out.ticket_draft ?? {};
      ticketDraft = {
        subject: clip(d.subject || base.subject, 200),
        description: clip(d.description || base.description, 5000),
        ticket_type: clip(d.ticket_type || base.ticket_type, 50),
        priority: (TICKET_PRIORITIES as readonly string[]).includes(String(d.priority).toLowerCase()) ? (String(d.priority).toLowerCase() as TicketDraft['priority']) : base.priority,
        help_category_ids: base.help_category_ids,
      };
    }
    return {
      answer: capTokens(out.answer, this.options.maxOutputTokens),
      citedArticleIds: cited.map((c) => c.article.id),
      resolved: out.resolved,
      shouldOfferTicket,
      suggestedActions: out.suggested_actions.slice(0, MAX_SUGGESTED_ACTIONS).map((a) => clip(a, 120)),
      ticketDraft,
      engine: 'model',
      fallback: null,
    };
  }
}

/** Strict: one JSON object (a ```json fence around it is tolerated), validated field by field. */
export function parseOutput(content: string): ParsedOutput {
  const text = content.trim().replace(/^```(?:json)?\s*\n?([\s\S]*?)\n?```$/i, '$1').trim();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UnusableOutput('not JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new UnusableOutput('not a JSON object');
  const { error, value: out } = ModelOutput.validate(value, { stripUnknown: true });
  if (error) throw new UnusableOutput(error.message);
  return out as ParsedOutput;
}

/** Our own output cap: a model server that ignores max_tokens cannot make the reply longer. */
export function capTokens(text: string, maxTokens: number): string {
  if (estimateTokens(text) <= maxTokens) return text;
  const limit = maxTokens * 4 - 1;
  const cut = text.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function clip(text: string, max: number): string {
  const t = text.trim();
  return t.length > max ? `${t.slice(0, max - 1).trimEnd()}…` : t;
}
