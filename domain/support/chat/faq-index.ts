// BM25 retrieval over the published FAQ articles, one MiniSearch index per language.
// Built from a snapshot of the articles; FaqKnowledge rebuilds it when they change.
import MiniSearch from 'minisearch';
import { contentTerms, primaryLanguage, termProcessor, tokenize } from './text-analysis.js';

export interface FaqArticle {
  id: number;
  slug: string;
  title: string;
  body: string;
  language: string;
  help_category_id: string | null;
  /** the help category's title (searchable: "billing", "inventory"…) */
  category: string;
}

export interface RetrievedArticle {
  article: FaqArticle;
  /** BM25+ score (title and category boosted) */
  score: number;
  /** share of the question's content terms this article matched (0–1) */
  coverage: number;
}

const FIELDS = ['title', 'category', 'body'];
const BOOST = { title: 3, category: 1.5, body: 1 };

export class FaqIndex {
  private readonly byLanguage = new Map<string, { search: MiniSearch<FaqArticle>; articles: Map<number, FaqArticle> }>();

  constructor(articles: FaqArticle[], readonly revision: string) {
    const groups = new Map<string, FaqArticle[]>();
    for (const a of articles) {
      const lang = primaryLanguage(a.language);
      let list = groups.get(lang);
      if (!list) groups.set(lang, (list = []));
      list.push(a);
    }
    for (const [lang, list] of groups) {
      const search = new MiniSearch<FaqArticle>({ fields: FIELDS, idField: 'id', tokenize, processTerm: termProcessor(lang) });
      search.addAll(list);
      this.byLanguage.set(lang, { search, articles: new Map(list.map((a) => [a.id, a])) });
    }
  }

  get languages(): string[] {
    return [...this.byLanguage.keys()];
  }

  get size(): number {
    let n = 0;
    for (const { articles } of this.byLanguage.values()) n += articles.size;
    return n;
  }

  /** The index a question in `language` is answered from: its own, else English. */
  languageFor(language: string): string {
    const lang = primaryLanguage(language);
    return this.byLanguage.has(lang) ? lang : 'en';
  }

  search(question: string, language: string, limit = 5): RetrievedArticle[] {
    const lang = this.languageFor(language);
    const idx = this.byLanguage.get(lang);
    if (!idx) return [];
    const terms = contentTerms(question, lang);
    if (terms.length === 0) return [];
    const hits = idx.search.search(terms.join(' '), {
      // the terms are already processed: no second pass of the stemmer
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
      boost: BOOST,
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
      weights: { fuzzy: 0.3, prefix: 0.5 },
    });
    return hits.slice(0, limit).map((hit) => ({
      article: idx.articles.get(hit.id as number)!,
      score: hit.score,
      coverage: new Set(hit.queryTerms).size / terms.length,
    }));
  }
}
