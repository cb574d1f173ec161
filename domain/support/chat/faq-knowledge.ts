// The FAQ index of this process, kept in step with the database: before each search
// the article revision (bumped by a trigger on every change of faq_articles or of a
// help category) is read, and a changed revision rebuilds the index. Every worker and
// web instance thus sees an edit at its next question, whoever made it.
import type { Knex } from 'knex';
import { FaqIndex, type FaqArticle, type RetrievedArticle } from './faq-index.js';
import { primaryLanguage } from './text-analysis.js';
import { FaqArticle as FaqArticleRow, FaqIndexRevision } from '../../../db/models/index.js';

/** An article row with its help category's names beside it. */
type ArticleWithCategory = Omit<FaqArticle, 'category'> & {
  category_name: string | null;
  category_translations: Record<string, Record<string, string | undefined> | undefined> | null;
};

export class FaqKnowledge {
  private current: FaqIndex | null = null;
  private loading: Promise<FaqIndex> | null = null;

  constructor(private readonly knex: Knex) {}

  async search(question: string, language: string, limit = 5): Promise<RetrievedArticle[]> {
    return (await this.index()).search(question, language, limit);
  }

  /** Searches the index of a revision the caller has just read (the answer job reads it with its question). */
  async searchAt(revision: string, question: string, language: string, limit = 5): Promise<RetrievedArticle[]> {
    return (await this.index(revision)).search(question, language, limit);
  }

  async index(knownRevision?: string): Promise<FaqIndex> {
    const revision = knownRevision ?? String((await FaqIndexRevision.query(this.knex).select('revision').first())?.revision ?? '0');
    if (this.current?.revision === revision) return this.current;
    // concurrent questions share one rebuild
    this.loading ??= this.load(revision).finally(() => (this.loading = null));
    const index = await this.loading;
    if (!this.current || BigInt(index.revision) >= BigInt(this.current.revision)) this.current = index;
    return index;
  }

  private async load(revision: string): Promise<FaqIndex> {
    const rows = (await FaqArticleRow.query(this.knex)
      .alias('a')
      .leftJoin('help_categories as c', 'c.id', 'a.help_category_id')
      .where('a.is_published', true)
      .select('a.id', 'a.slug', 'a.title', 'a.body', 'a.language', 'a.help_category_id', 'c.name as category_name', 'c.translations as category_translations')) as unknown as ArticleWithCategory[];
    const articles: FaqArticle[] = rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      body: r.body,
      language: r.language,
      help_category_id: r.help_category_id,
      category: r.category_translations?.[primaryLanguage(r.language)]?.name ?? r.category_name ?? '',
    }));
    return new FaqIndex(articles, revision);
  }
}
