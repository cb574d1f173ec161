// Help categories: group FAQ articles and tickets. Read by everyone (active ones,
// translated, by sort_order), managed by staff. `article_count` is the number of
// published FAQ articles in the category, an article translated into several
// languages counting once (translations share a slug).
import type { Knex } from 'knex';
import { FaqArticle, HelpCategory } from '../../db/models/index.js';
import type { Platform } from '../../db/platform.js';
import { Conflict, Invalid, NotFound } from '../../jobs/runtime/errors.js';
import { translated, type Translations } from './locale.js';
import { recordAudit } from '../audit/audit-service.js';

export type HelpCategoryRow = HelpCategory;

export interface HelpCategoryOut {
  id: string;
  slug: string;
  /** the translated name; `name` carries the same value */
  title: string;
  name: string;
  description: string;
  icon: string;
  sort_order: number;
  is_active: boolean;
  article_count: number;
}

export interface HelpCategoryAdminOut extends HelpCategoryOut {
  translations: Translations;
}

export interface HelpCategoryInput {
  slug?: string;
  name?: string;
  description?: string;
  icon?: string;
  sort_order?: number;
  is_active?: boolean;
  translations?: Translations;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class HelpCategoryService {
  constructor(private readonly platform: Platform) {}

  async list(languages: string[], opts: { includeInactive?: boolean; admin?: boolean } = {}): Promise<HelpCategoryOut[]> {
    const q = HelpCategory.query(this.platform.knex).orderBy([{ column: 'sort_order' }, { column: 'slug' }]);
    if (!opts.includeInactive) q.where({ is_active: true });
    return this.shapeAll(this.platform.knex, await q, languages, !!opts.admin);
  }

  async get(id: string, languages: string[], admin: boolean): Promise<HelpCategoryOut> {
    const row = UUID.test(id) ? await HelpCategory.query(this.platform.knex).findById(id) : undefined;
    if (!row || (!row.is_active && !admin)) throw new NotFound('Help category');
    return (await this.shapeAll(this.platform.knex, [row], languages, admin))[0];
  }

  async create(actorId: string, input: HelpCategoryInput & { slug: string; name: string }, languages: string[]): Promise<HelpCategoryOut> {
    return this.platform.knex.transaction(async (trx) => {
      if (await HelpCategory.query(trx).where({ slug: input.slug }).first()) throw new Conflict(`A help category with slug ${input.slug} already exists.`, 'slug_taken');
      const row = await HelpCategory.query(trx).insert({ ...input, translations: input.translations ?? {} }).returning('*');
      await recordAudit(trx, { actorId }, { action: 'help_category.create', entityType: 'help_category', entityId: row.id, summary: `Help category ${row.slug} created`, changes: auditFields(input) });
      return (await this.shapeAll(trx, [row], languages, true))[0];
    });
  }

  async update(actorId: string, id: string, input: HelpCategoryInput, languages: string[]): Promise<HelpCategoryOut> {
    return this.platform.knex.transaction(async (trx) => {
      const row = UUID.test(id) ? await HelpCategory.query(trx).findById(id).forUpdate() : undefined;
      if (!row) throw new NotFound('Help category');
      if (input.slug !== undefined && input.slug !== row.slug && (await HelpCategory.query(trx).where({ slug: input.slug }).first())) {
        throw new Conflict(`A help category with slug ${input.slug} already exists.`, 'slug_taken');
      }
      const updated = await HelpCategory.query(trx).patchAndFetchById(id, { ...input, updated_at: trx.fn.now() } as never);
      await recordAudit(trx, { actorId }, { action: 'help_category.update', entityType: 'help_category', entityId: id, summary: `Help category ${row.slug} updated`, changes: auditFields(input) });
      return (await this.shapeAll(trx, [updated], languages, true))[0];
    });
  }

  /** Tickets lose the category; FAQ articles keep existing without one (SET NULL). */
  async remove(actorId: string, id: string): Promise<void> {
    await this.platform.knex.transaction(async (trx) => {
      const [gone] = UUID.test(id) ? ((await HelpCategory.query(trx).where({ id }).delete().returning(['id', 'slug'])) as unknown as { id: string; slug: string }[]) : [];
      if (!gone) throw new NotFound('Help category');
      await recordAudit(trx, { actorId }, { action: 'help_category.delete', entityType: 'help_category', entityId: gone.id, summary: `Help category ${gone.slug} deleted`, changes: { slug: gone.slug } });
    });
  }

  /**
   * Rule 4's input: the ids must name active categories (inactive ones are invisible to
   * users, so they are unknown ids too). Returns them without duplicates, in the order sent.
   */
  async checkIds(db: Knex | Knex.Transaction, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids.map((i) => i.toLowerCase()))];
    const found = new Set(unique.length ? (await HelpCategory.query(db).whereIn('id', unique).where({ is_active: true }).select('id')).map((c) => c.id) : []);
    const issues = ids.map((id, i) => ({ id, i })).filter(({ id }) => !found.has(id.toLowerCase()));
    if (issues.length) {
      throw new Invalid(
        `Unknown help categories: ${issues.map((x) => x.id).join(', ')}.`,
        issues.map(({ id, i }) => ({ path: `help_category_ids.${i}`, message: `${id} is not an active help category`, type: 'any.invalid' })),
      );
    }
    return unique;
  }

  /** Each ticket's categories (full objects), in category order. */
  async forTickets(db: Knex | Knex.Transaction, ticketIds: string[], languages: string[]): Promise<Map<string, HelpCategoryOut[]>> {
    const out = new Map<string, HelpCategoryOut[]>(ticketIds.map((id) => [id, []]));
    if (!ticketIds.length) return out;
    const links = (await HelpCategory.query(db)
      .alias('c')
      .join('support_ticket_help_categories as l', 'c.id', 'l.help_category_id')
      .whereIn('l.ticket_id', ticketIds)
      .orderBy([{ column: 'c.sort_order' }, { column: 'c.slug' }])
      .select('c.*', 'l.ticket_id')) as (HelpCategoryRow & { ticket_id: string })[];
    const shaped = await this.shapeAll(db, links, languages, false);
    links.forEach((l, i) => out.get(l.ticket_id)!.push(shaped[i]));
    return out;
  }

  private async shapeAll(db: Knex | Knex.Transaction, rows: HelpCategoryRow[], languages: string[], admin: boolean): Promise<(HelpCategoryOut | HelpCategoryAdminOut)[]> {
    const ids = [...new Set(rows.map((r) => r.id))];
    const counts = new Map<string, number>();
    if (ids.length) {
      const rowsCount = (await FaqArticle.query(db)
        .whereIn('help_category_id', ids)
        .where({ is_published: true })
        .groupBy('help_category_id')
        .select('help_category_id', db.raw('count(distinct slug)::int as n'))) as unknown as { help_category_id: string; n: number }[];
      for (const r of rowsCount) counts.set(r.help_category_id, r.n);
    }
    return rows.map((r) => {
      const name = translated(r.name, r.translations, 'name', languages);
      const shaped: HelpCategoryOut = {
        id: r.id,
        slug: r.slug,
        title: name,
        name,
        description: translated(r.description, r.translations, 'description', languages),
        icon: r.icon,
        sort_order: r.sort_order,
        is_active: r.is_active,
        article_count: counts.get(r.id) ?? 0,
      };
      return admin ? { ...shaped, translations: r.translations ?? {} } : shaped;
    });
  }
}

/** What the audit log keeps of a category's write: the fields sent (the description is free text: redacted by name), translations as the languages touched. */
function auditFields(input: HelpCategoryInput): Record<string, unknown> {
  const { translations, ...rest } = input;
  return { ...rest, translations: translations ? Object.keys(translations) : undefined };
}
