// FAQ articles, the AI chat's knowledge: everyone reads the published ones, staff
// manage them. Every change bumps the FAQ index revision (a database trigger), so each
// worker and web instance rebuilds its search index at its next question.
import type { Knex } from 'knex';
import type { Platform } from '../../../db/platform.js';
import { Conflict, Invalid, NotFound } from '../../../jobs/runtime/errors.js';
import { escapeLike } from '../../shared/listing.js';
import { FaqArticle } from '../../../db/models/index.js';
import { recordAudit } from '../../audit/audit-service.js';

export interface FaqArticleOut {
  id: number;
  slug: string;
  title: string;
  body: string;
  language: string;
  help_category_id: string | null;
  help_category_slug: string | null;
  is_published: boolean;
  created_at: string;
  updated_at: string;
}

export interface FaqArticleInput {
  slug?: string;
  title?: string;
  body?: string;
  language?: string;
  help_category_id?: string | null;
  is_published?: boolean;
}

export interface FaqArticleQuery {
  page: number;
  page_size: number;
  language?: string;
  help_category_id?: string;
  is_published?: boolean;
  search?: string;
}

const COLUMNS = ['a.id', 'a.slug', 'a.title', 'a.body', 'a.language', 'a.help_category_id', 'c.slug as help_category_slug', 'a.is_published', 'a.created_at', 'a.updated_at'];

export class FaqArticleService {
  constructor(private readonly platform: Platform) {}

  private get knex() {
    return this.platform.knex;
  }

  private base(db: Knex = this.knex) {
    return FaqArticle.query(db).alias('a').leftJoin('help_categories as c', 'c.id', 'a.help_category_id');
  }

  private shape(row: Record<string, any>): FaqArticleOut {
    return { ...row, created_at: new Date(row.created_at).toISOString(), updated_at: new Date(row.updated_at).toISOString() } as FaqArticleOut;
  }

  /** Users see published articles only; staff see all and may filter on is_published. */
  async list(isStaff: boolean, q: FaqArticleQuery): Promise<{ count: number; results: FaqArticleOut[] }> {
    const query = this.base();
    if (!isStaff) query.where('a.is_published', true);
    else if (q.is_published !== undefined) query.where('a.is_published', q.is_published);
    if (q.language) query.where('a.language', q.language);
    if (q.help_category_id) query.where('a.help_category_id', q.help_category_id);
    if (q.search) {
      const like = `%${escapeLike(q.search)}%`;
      query.where((w) => w.whereILike('a.title', like).orWhereILike('a.body', like));
    }
    const count = await query.clone().resultSize();
    const rows = await query.select(COLUMNS).orderBy([{ column: 'a.language' }, { column: 'a.slug' }]).limit(q.page_size).offset((q.page - 1) * q.page_size);
    return { count, results: rows.map((r) => this.shape(r)) };
  }

  async get(isStaff: boolean, id: number): Promise<FaqArticleOut> {
    const row = await this.base().where('a.id', id).select(COLUMNS).first();
    if (!row || (!row.is_published && !isStaff)) throw new NotFound('FAQ article');
    return this.shape(row);
  }

  async create(actorId: string, input: Required<Pick<FaqArticleInput, 'slug' | 'title' | 'body'>> & FaqArticleInput): Promise<FaqArticleOut> {
    return this.knex.transaction(async (trx) => {
      await this.checkCategory(trx, input.help_category_id);
      const [row] = await trx('faq_articles')
        .insert({ slug: input.slug, title: input.title, body: input.body, language: input.language ?? 'en', help_category_id: input.help_category_id ?? null, is_published: input.is_published ?? true })
        .onConflict(['slug', 'language'])
        .ignore()
        .returning('id');
      if (!row) throw new Conflict(`An article with slug "${input.slug}" already exists in language "${input.language ?? 'en'}".`, 'slug_taken');
      await recordAudit(trx, { actorId }, { action: 'faq_article.create', entityType: 'faq_article', entityId: row.id, summary: `FAQ article ${input.slug} created`, changes: { ...input } });
      return this.shape((await this.base(trx).where('a.id', row.id).select(COLUMNS).first())!);
    });
  }

  async update(actorId: string, id: number, input: FaqArticleInput): Promise<FaqArticleOut> {
    return this.knex.transaction(async (trx) => {
      const current = await FaqArticle.query(trx).findById(id).forUpdate();
      if (!current) throw new NotFound('FAQ article');
      if (input.help_category_id !== undefined) await this.checkCategory(trx, input.help_category_id);
      const slug = input.slug ?? current.slug;
      const language = input.language ?? current.language;
      if (slug !== current.slug || language !== current.language) {
        const clash = await FaqArticle.query(trx).select('id').where({ slug, language }).whereNot({ id }).first();
        if (clash) throw new Conflict(`An article with slug "${slug}" already exists in language "${language}".`, 'slug_taken');
      }
      await FaqArticle.query(trx).findById(id).patch(input);
      await recordAudit(trx, { actorId }, { action: 'faq_article.update', entityType: 'faq_article', entityId: id, summary: `FAQ article ${slug} updated`, changes: { ...input } });
      return this.shape((await this.base(trx).where('a.id', id).select(COLUMNS).first())!);
    });
  }

  async remove(actorId: string, id: number): Promise<void> {
    await this.knex.transaction(async (trx) => {
      const [gone] = (await FaqArticle.query(trx).where({ id }).delete().returning(['id', 'slug'])) as unknown as { id: number; slug: string }[];
      if (!gone) throw new NotFound('FAQ article');
      await recordAudit(trx, { actorId }, { action: 'faq_article.delete', entityType: 'faq_article', entityId: gone.id, summary: `FAQ article ${gone.slug} deleted`, changes: { slug: gone.slug } });
    });
  }

  private async checkCategory(db: Knex, id: string | null | undefined): Promise<void> {
    if (!id) return;
    const found = await db('help_categories').where({ id }).first('id');
    if (!found) throw Invalid.field('help_category_id', 'No help category has this id.', 'unknown_help_category');
  }
}
