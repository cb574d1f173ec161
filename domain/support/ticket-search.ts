// The ticket list: the viewer's tickets (staff: all), filters, whole-word search over
// number, subject and description through the blind index, ordering and pages.
//
// Search: the query's words (normalised like the index's, at most MAX_QUERY_WORDS)
// must all occur in a ticket. The GIN index finds candidates by digest (the query's
// words digested under every key of the index keyring, so rows indexed under an older
// key are found until the re-encryption job re-indexes them); each
// candidate on the page is decrypted and checked again, and one that fails (a digest
// collision) is dropped and no longer counted. A query without any word of two or more
// letters or digits matches nothing.
import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import { SupportTicket, SupportTicketType, SupportTicketWord } from '../../db/models/index.js';
import type { Platform } from '../../db/platform.js';
import { normaliseWords, type QueryDigests } from './blind-index.js';
import type { TicketCrypto } from './ticket-crypto.js';
import { viewerOf, type TicketOut, type TicketPresenter, type TicketRow } from './ticket-presenter.js';
import type { Actor } from '../shared/actor.js';

export const MAX_QUERY_WORDS = 8;

/** ordering name -> column; priority and status by meaning (severity, life cycle), not spelling */
export const TICKET_ORDERING: Record<string, string> = {
  created_at: 't.created_at',
  updated_at: 't.updated_at',
  priority: 't.priority_rank',
  status: 't.status_rank',
};
export const DEFAULT_TICKET_ORDERING = '-created_at';

export interface TicketListParams {
  page: number;
  page_size: number;
  search?: string;
  ordering?: string;
  /** comma lists */
  status?: string;
  priority?: string;
  ticket_type?: string;
  /** a user id, "me" or "none" */
  assigned_to?: string;
  /** staff only: one owner's tickets */
  user?: string;
}

/** Rows fetched beyond the page so that a dropped false positive does not shorten it. */
const RECHECK_SLACK = 4;

export class TicketSearch {
  constructor(
    private readonly platform: Platform,
    private readonly crypto: TicketCrypto,
    private readonly presenter: TicketPresenter,
  ) {}

  async list(actor: Actor, params: TicketListParams, acceptLanguage?: string): Promise<{ count: number; results: TicketOut[] }> {
    const viewer = await viewerOf(this.platform.knex, actor, acceptLanguage);
    const { count, rows } = await this.find(actor, params);
    return { count, results: await this.presenter.present(this.platform.knex, rows, viewer) };
  }

  /** The page's rows (confirmed when searching) and the count, before presentation. */
  async find(viewer: Actor, params: TicketListParams): Promise<{ count: number; rows: TicketRow[] }> {
    const { knex } = this.platform;
    const q = SupportTicket.query(knex).alias('t');
    if (!viewer.isStaff) q.where('t.user_id', viewer.userId);
    else if (params.user) q.where('t.user_id', params.user);
    applyFilters(knex, q, viewer, params);
    const words = params.search?.trim() ? normaliseWords(params.search).slice(0, MAX_QUERY_WORDS) : [];
    // the query's words digested under every index key
    const perKey = this.crypto.search.query(words);
    if (params.search?.trim()) {
      if (!words.length) return { count: 0, rows: [] };
      // digests under different keys are different numbers, so no test of search_key_id is
      // needed (it would cost a heap check per hit); the re-check below covers collisions
      q.where((w) => {
        for (const { digests } of perKey) w.orWhereRaw('t.search_tokens @> ?::bigint[]', [digests]);
      });
    }
    // a search over every ticket (staff, no filter) is counted from the posting list by
    // index-only scans, one per word, joined on the ticket; otherwise through the GIN index
    // with the filters (a user's own tickets are few)
    const overAll = words.length > 0 && viewer.isStaff && unfiltered(params);
    const counted = overAll ? this.postings(perKey, words.length).resultSize() : q.clone().resultSize();
    for (const o of (params.ordering || DEFAULT_TICKET_ORDERING).split(',')) {
      const desc = o.startsWith('-');
      const column = TICKET_ORDERING[desc ? o.slice(1) : o];
      if (column) q.orderBy(column, desc ? 'desc' : 'asc');
    }
    q.orderBy('t.id', 'asc');
    const offset = (params.page - 1) * params.page_size;
    const limit = params.page_size + (words.length ? RECHECK_SLACK : 0);
    // newest first over every ticket: the page's ids come from the posting list in order
    const byPostings = overAll && (params.ordering || DEFAULT_TICKET_ORDERING) === DEFAULT_TICKET_ORDERING;
    // the count and the page on two connections at once: for a frequent word the count is the slow half
    const [total, page] = await Promise.all([counted, byPostings ? this.newestByPostings(perKey, words.length, offset, limit) : q.select('t.*').offset(offset).limit(limit)]);
    let count = total;
    let rows: TicketRow[] = page;
    if (words.length) {
      const confirmed = rows.filter((r) => this.crypto.matches(words, r.ticket_number, r.subject, this.crypto.description.decrypt(r.description_enc, r.id)));
      count -= rows.length - confirmed.length;
      rows = confirmed;
    }
    return { count, rows: rows.slice(0, params.page_size) };
  }

  /** The postings of tickets holding every word (under any index key): one row per ticket. */
  private postings(perKey: QueryDigests[], wordCount: number) {
    const digestsOf = (i: number) => perKey.map((k) => k.digests[i]!);
    const q = SupportTicketWord.query(this.platform.knex).alias('w0').whereIn('w0.token', digestsOf(0));
    for (let i = 1; i < wordCount; i++) {
      q.join(`support_ticket_words as w${i}`, (j) => j.on(`w${i}.ticket_id`, 'w0.ticket_id').onIn(`w${i}.token`, digestsOf(i)));
    }
    return q;
  }

  /** A page of those tickets, newest first (ties by id, as the list orders them). */
  private async newestByPostings(perKey: QueryDigests[], wordCount: number, offset: number, limit: number): Promise<TicketRow[]> {
    const ids = (await this.postings(perKey, wordCount).select('w0.ticket_id').orderBy([{ column: 'w0.created_at', order: 'desc' }, { column: 'w0.ticket_id', order: 'asc' }]).offset(offset).limit(limit)).map((p) => p.ticket_id);
    if (ids.length === 0) return [];
    const rows = await SupportTicket.query(this.platform.knex).alias('t').whereIn('t.id', ids).select('t.*');
    const at = new Map(ids.map((id, i) => [id, i]));
    return (rows as unknown as TicketRow[]).sort((a, b) => at.get(a.id)! - at.get(b.id)!);
  }
}

const csv = (v: string | undefined) => (v ?? '').split(',').map((x) => x.trim()).filter(Boolean);

/** No filter narrows the tickets (the search aside). */
const unfiltered = (params: TicketListParams) =>
  !params.user && !params.assigned_to && !csv(params.status).length && !csv(params.priority).length && !csv(params.ticket_type).length;

function applyFilters(knex: Knex, q: QueryBuilder<SupportTicket>, viewer: Actor, params: TicketListParams): void {
  const statuses = csv(params.status);
  if (statuses.length) q.whereIn('t.status', statuses);
  const priorities = csv(params.priority);
  if (priorities.length) q.whereIn('t.priority', priorities);
  const types = csv(params.ticket_type);
  if (types.length) q.whereIn('t.ticket_type_id', SupportTicketType.query(knex).whereIn('slug', types).select('id'));
  if (params.assigned_to === 'none') q.whereNull('t.assigned_to');
  else if (params.assigned_to === 'me') q.where('t.assigned_to', viewer.userId);
  else if (params.assigned_to) q.where('t.assigned_to', params.assigned_to);
}
