// The default engine, no model: an extractive answer from the best retrieved article
// when it scores above the threshold (and, when it is close, a pointer to the
// runner-up), citing exactly the articles it used. Below the threshold it says it does
// not know and offers a ticket.
import type { FaqArticle, RetrievedArticle } from '../faq-index.js';
import { answerTexts, asksForPerson } from '../answer-texts.js';
import { contentTerms, tokenize, termProcessor } from '../text-analysis.js';
import type { AnswerEngine, AnswerInput, ChatTurn, EngineAnswer, TicketDraft } from './engine.js';

/** An article must match at least this share of the question's content words. */
const MIN_COVERAGE = 0.5;
/** The runner-up is mentioned when it scores at least this share of the best. */
const RUNNER_UP_RATIO = 0.75;
/** Articles up to this length are quoted whole; longer ones by their relevant paragraphs. */
const WHOLE_ARTICLE_CHARS = 1600;
const EXTRACT_CHARS = 1400;

export class OfflineEngine implements AnswerEngine {
  readonly name = 'offline' as const;

  constructor(private readonly minScore: number) {}

  /** Articles good enough to answer from: the best, and the runner-up when it is close. */
  confident(sources: RetrievedArticle[]): RetrievedArticle[] {
    const [best, second] = sources;
    if (!best || best.score < this.minScore || best.coverage < MIN_COVERAGE) return [];
    const used = [best];
    if (second && second.score >= best.score * RUNNER_UP_RATIO && second.coverage >= MIN_COVERAGE) used.push(second);
    return used;
  }

  async answer(input: AnswerInput): Promise<EngineAnswer> {
    return this.answerNow(input);
  }

  /** Synchronous core, also used as the model engine's fallback. */
  answerNow(input: AnswerInput): EngineAnswer {
    const texts = answerTexts(input.language);
    const used = this.confident(input.sources);
    const wantsPerson = asksForPerson(input.question);
    if (used.length === 0) {
      return {
        answer: texts.notFound,
        citedArticleIds: [],
        resolved: false,
        shouldOfferTicket: true,
        suggestedActions: [texts.rephrase, texts.browseCategories, texts.createTicket],
        ticketDraft: draftTicket(input, []),
        engine: 'offline',
        fallback: null,
      };
    }
    const [best, second] = used;
    const terms = new Set(contentTerms(input.question, best.article.language));
    const parts = [texts.intro(best.article.title), extract(best.article, terms)];
    if (second) parts.push(texts.seeAlso(second.article.title));
    if (wantsPerson) parts.push(texts.offerOnRequest);
    return {
      answer: parts.join('\n\n'),
      citedArticleIds: used.map((u) => u.article.id),
      resolved: !wantsPerson,
      shouldOfferTicket: wantsPerson,
      suggestedActions: [...used.map((u) => texts.readArticle(u.article.title)), wantsPerson ? texts.createTicket : texts.askFollowUp],
      ticketDraft: wantsPerson ? draftTicket(input, used) : null,
      engine: 'offline',
      fallback: null,
    };
  }
}

/**
 * The article's words that answer the question: the whole of a short article, else
 * its opening paragraph plus the paragraphs (numbered steps stay together) sharing
 * the most words with the question, in the article's order.
 */
export function extract(article: FaqArticle, questionTerms: Set<string>): string {
  const body = article.body.trim();
  if (body.length <= WHOLE_ARTICLE_CHARS) return body;
  const paragraphs = body.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  const process = termProcessor(article.language);
  const overlap = (p: string) => {
    let n = 0;
    for (const t of tokenize(p)) {
      const term = process(t);
      if (term && questionTerms.has(term)) n++;
    }
    return n;
  };
  const ranked = paragraphs.map((text, index) => ({ text, index, hits: index === 0 ? Infinity : overlap(text) })).sort((a, b) => b.hits - a.hits || a.index - b.index);
  const chosen: typeof ranked = [];
  let length = 0;
  for (const p of ranked) {
    if (p.hits === 0 && chosen.length > 0) break;
    if (chosen.length > 0 && length + p.text.length > EXTRACT_CHARS) continue;
    chosen.push(p);
    length += p.text.length;
  }
  return chosen.sort((a, b) => a.index - b.index).map((p) => p.text).join('\n\n');
}

const SUBJECT_CHARS = 120;

/** The draft a consenting user's ticket is created from: their words, never invented facts. */
export function draftTicket(input: { question: string; language: string; history: ChatTurn[] }, used: RetrievedArticle[]): TicketDraft {
  const texts = answerTexts(input.language);
  const firstLine = input.question.trim().split('\n', 1)[0].replace(/\s+/g, ' ');
  const subject = firstLine.length > SUBJECT_CHARS ? `${firstLine.slice(0, SUBJECT_CHARS - 1).trimEnd()}…` : firstLine;
  const earlier = input.history.filter((t) => t.role === 'user').slice(-3).map((t) => `- ${t.content.replace(/\s+/g, ' ').slice(0, 300)}`);
  const lines = [texts.draftIntro, input.question.trim()];
  if (earlier.length) lines.push('', texts.draftEarlier, ...earlier);
  lines.push('', used.length ? `${texts.draftArticles} ${used.map((u) => `“${u.article.title}”`).join(', ')}` : texts.draftNoArticles);
  const categories = [...new Set(used.map((u) => u.article.help_category_id).filter((id): id is string => !!id))];
  return { subject: subject || texts.createTicket, description: lines.join('\n'), ticket_type: 'general', priority: 'medium', help_category_ids: categories };
}
