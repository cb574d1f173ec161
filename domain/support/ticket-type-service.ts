// Support ticket types: read by everyone (active ones, translated, by sort_order),
// managed by staff. `general` (the default of a new ticket) and `other` (where an
// unknown type lands) are protected: they cannot be deleted, deactivated or renamed.
import type { Knex } from 'knex';
import { SupportTicket, SupportTicketType } from '../../db/models/index.js';
import type { Platform } from '../../db/platform.js';
import { Conflict, NotFound } from '../../jobs/runtime/errors.js';
import { translated, type Translations } from './locale.js';
import { recordAudit } from '../audit/audit-service.js';

export const DEFAULT_TYPE = 'general';
export const FALLBACK_TYPE = 'other';
const PROTECTED = [DEFAULT_TYPE, FALLBACK_TYPE];

export type TicketTypeRow = SupportTicketType;

export interface TicketTypeOut {
  slug: string;
  name: string;
  description: string;
  sort_order: number;
}

export interface TicketTypeAdminOut extends TicketTypeOut {
  is_active: boolean;
  translations: Translations;
}

export interface TicketTypeInput {
  slug?: string;
  name?: string;
  description?: string;
  sort_order?: number;
  is_active?: boolean;
  translations?: Translations;
}

export interface ResolvedType {
  type: TicketTypeRow;
  /** the text sent when it matched nothing (rule 2), else null */
  otherText: string | null;
}

/** Case-insensitive comparison key of a type name or slug (Unicode-aware, trimmed). */
const fold = (s: string) => s.normalize('NFKC').trim().toLocaleLowerCase('und');

export class TicketTypeService {
  constructor(private readonly platform: Platform) {}

  async list(languages: string[], opts: { includeInactive?: boolean; admin?: boolean } = {}): Promise<(TicketTypeOut | TicketTypeAdminOut)[]> {
    const q = SupportTicketType.query(this.platform.knex).orderBy([{ column: 'sort_order' }, { column: 'slug' }]);
    if (!opts.includeInactive) q.where({ is_active: true });
    const rows = await q;
    return rows.map((r) => (opts.admin ? this.adminShape(r, languages) : this.shape(r, languages)));
  }

  async get(slug: string, languages: string[], admin: boolean): Promise<TicketTypeOut | TicketTypeAdminOut> {
    const row = await SupportTicketType.query(this.platform.knex).where({ slug }).first();
    if (!row || (!row.is_active && !admin)) throw new NotFound('Ticket type');
    return admin ? this.adminShape(row, languages) : this.shape(row, languages);
  }

  async create(actorId: string, input: TicketTypeInput & { slug: string; name: string }, languages: string[]): Promise<TicketTypeAdminOut> {
    return this.platform.knex.transaction(async (trx) => {
      const exists = await SupportTicketType.query(trx).where({ slug: input.slug }).first();
      if (exists) throw new Conflict(`A ticket type with slug ${input.slug} already exists.`, 'slug_taken');
      const row = await SupportTicketType.query(trx).insert({ ...input, translations: input.translations ?? {} }).returning('*');
      await recordAudit(trx, { actorId }, { action: 'support_ticket_type.create', entityType: 'support_ticket_type', entityId: row.id, summary: `Ticket type ${row.slug} created`, changes: auditFields(input) });
      return this.adminShape(row, languages);
    });
  }

  async update(actorId: string, slug: string, input: TicketTypeInput, languages: string[]): Promise<TicketTypeAdminOut> {
    return this.platform.knex.transaction(async (trx) => {
      const row = await SupportTicketType.query(trx).where({ slug }).forUpdate().first();
      if (!row) throw new NotFound('Ticket type');
      if (PROTECTED.includes(row.slug) && ((input.slug !== undefined && input.slug !== row.slug) || input.is_active === false)) {
        throw new Conflict(`The ${row.slug} type cannot be renamed or deactivated: new tickets ${row.slug === DEFAULT_TYPE ? 'default to it' : 'fall back to it'}.`, 'protected_ticket_type');
      }
      if (input.slug !== undefined && input.slug !== row.slug && (await SupportTicketType.query(trx).where({ slug: input.slug }).first())) {
        throw new Conflict(`A ticket type with slug ${input.slug} already exists.`, 'slug_taken');
      }
      const updated = await SupportTicketType.query(trx).patchAndFetchById(row.id, { ...input, updated_at: trx.fn.now() } as never);
      await recordAudit(trx, { actorId }, { action: 'support_ticket_type.update', entityType: 'support_ticket_type', entityId: row.id, summary: `Ticket type ${row.slug} updated`, changes: auditFields(input) });
      return this.adminShape(updated, languages);
    });
  }

  async remove(actorId: string, slug: string): Promise<void> {
    await this.platform.knex.transaction(async (trx) => {
      const row = await SupportTicketType.query(trx).where({ slug }).forUpdate().first();
      if (!row) throw new NotFound('Ticket type');
      if (PROTECTED.includes(row.slug)) throw new Conflict(`The ${row.slug} type cannot be deleted.`, 'protected_ticket_type');
      const used = await SupportTicket.query(trx).where({ ticket_type_id: row.id }).select('id').first();
      if (used) throw new Conflict('Tickets use this type; deactivate it (is_active false) instead.', 'ticket_type_in_use');
      await SupportTicketType.query(trx).deleteById(row.id);
      await recordAudit(trx, { actorId }, { action: 'support_ticket_type.delete', entityType: 'support_ticket_type', entityId: row.id, summary: `Ticket type ${row.slug} deleted`, changes: { slug: row.slug } });
    });
  }

  /**
   * Rules 1 and 2: the text is compared case-insensitively with each active type's slug,
   * English name and translated names, in list order (sort_order, slug); the first hit
   * wins. No hit: the `other` type, with the text kept.
   */
  async resolve(db: Knex | Knex.Transaction, text: string): Promise<ResolvedType> {
    const rows = await SupportTicketType.query(db).where({ is_active: true }).orderBy([{ column: 'sort_order' }, { column: 'slug' }]);
    const wanted = fold(text);
    const hit = rows.find((r) => [r.slug, r.name, ...Object.values(r.translations ?? {}).map((t) => t?.name ?? '')].some((candidate) => candidate && fold(candidate) === wanted));
    if (hit) return { type: hit, otherText: null };
    const other = await SupportTicketType.query(db).where({ slug: FALLBACK_TYPE }).first();
    if (!other) throw new Error('the protected ticket type "other" is missing (seed data)');
    return { type: other, otherText: text.trim().slice(0, 100) };
  }

  async byIds(db: Knex | Knex.Transaction, ids: string[]): Promise<Map<string, TicketTypeRow>> {
    const rows = ids.length ? await SupportTicketType.query(db).whereIn('id', [...new Set(ids)]) : [];
    return new Map(rows.map((r) => [r.id, r]));
  }

  label(row: TicketTypeRow, languages: string[]): string {
    return translated(row.name, row.translations, 'name', languages);
  }

  private shape(r: TicketTypeRow, languages: string[]): TicketTypeOut {
    return { slug: r.slug, name: this.label(r, languages), description: translated(r.description, r.translations, 'description', languages), sort_order: r.sort_order };
  }

  private adminShape(r: TicketTypeRow, languages: string[]): TicketTypeAdminOut {
    return { ...this.shape(r, languages), is_active: r.is_active, translations: r.translations ?? {} };
  }
}

/** What the audit log keeps of a type's write: the fields sent (the description is free text: redacted by name), translations as the languages touched. */
function auditFields(input: TicketTypeInput): Record<string, unknown> {
  const { translations, ...rest } = input;
  return { ...rest, translations: translations ? Object.keys(translations) : undefined };
}
