// One list mechanism for every collection: page/page_size pagination with count and
// next/previous links, equality filters on declared fields, `search` over declared
// text columns (ILIKE), and `ordering` (comma list, "-" for descending) limited to
// declared columns. Routes declare a ListSpec; the joi query schema and the SQL
// both come from it.
import Joi from 'joi';
import type { QueryBuilder, Model } from 'objection';
import type { Knex } from 'knex';

/** A row id in a path, body or filter: a positive 32-bit integer. */
export const id = Joi.number().integer().positive().max(2147483647);

export const pageQuery = {
  page: Joi.number().integer().min(1).default(1).description('1-based page number'),
  page_size: Joi.number().integer().min(1).max(100).default(20).description('rows per page (max 100)'),
};

/** Another page of the same list: by page number, or by the row it starts at. */
export type PageRef = { page: number } | { offset: number };

/**
 * Where a list was asked for: the edge spells the link to another page of it (the
 * same path and query with `page` or `offset` replaced); the domain only says which.
 */
export interface PageAt {
  link(to: PageRef): string;
}

export interface ListSpec {
  /** query parameter -> { column, schema } for equality (or custom) filters */
  filters?: Record<string, ListFilter>;
  /** columns searched by `search` */
  search?: string[];
  /** ordering name -> column */
  ordering: Record<string, string>;
  defaultOrdering: string;
  /** unique column appended last so pages never overlap when sort keys tie */
  tiebreak?: string;
}

/**
 * One filter: `column op value`. op 'in' takes a comma list (the schema should be a
 * string); `apply` replaces the default for filters that are not a column test
 * (e.g. "transactions touching item X" through a join table).
 */
export interface ListFilter {
  column: string;
  schema: Joi.Schema;
  op?: '=' | '>=' | '<=' | '>' | '<' | 'ilike' | 'in';
  apply?: (query: Knex.QueryBuilder, value: unknown) => void;
}

export interface ListParams {
  page: number;
  page_size: number;
  search?: string;
  ordering?: string;
  [filter: string]: unknown;
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export function listQuerySchema(spec: ListSpec, label: string): Joi.ObjectSchema {
  const filters = Object.fromEntries(Object.entries(spec.filters ?? {}).map(([k, f]) => [k, f.schema]));
  const orderNames = Object.keys(spec.ordering).flatMap((n) => [n, `-${n}`]);
  return Joi.object({
    ...pageQuery,
    ...filters,
    ...(spec.search?.length ? { search: Joi.string().trim().max(200).allow('').description(`searches ${spec.search.join(', ')}`) } : {}),
    ordering: Joi.string()
      .pattern(new RegExp(`^(${orderNames.map(escapeRe).join('|')})(,(${orderNames.map(escapeRe).join('|')}))*$`))
      .description(`comma list of ${Object.keys(spec.ordering).join(', ')}; prefix with - for descending; default ${spec.defaultOrdering}`)
      .messages({ 'string.pattern.base': `ordering must be a comma list of ${orderNames.join(', ')}` }),
  }).label(label);
}

/** Applies filters, search and ordering from validated params to a query builder. */
export function applyListParams<Q extends Knex.QueryBuilder | QueryBuilder<Model, Model[]>>(query: Q, spec: ListSpec, params: ListParams): Q {
  const q = query as unknown as Knex.QueryBuilder;
  for (const [name, f] of Object.entries(spec.filters ?? {})) {
    const v = params[name];
    if (v === undefined || v === '') continue;
    if (f.apply) f.apply(q, v);
    else if (f.op === 'ilike') q.where(f.column, 'ilike', `%${escapeLike(String(v))}%`);
    else if (f.op === 'in') q.whereIn(f.column, String(v).split(',').map((x) => x.trim()).filter(Boolean));
    else q.where(f.column, f.op ?? '=', v as Knex.Value);
  }
  if (params.search && spec.search?.length) {
    const term = `%${escapeLike(params.search)}%`;
    q.where((w) => {
      for (const col of spec.search!) w.orWhere(col, 'ilike', term);
    });
  }
  const ordering = (params.ordering || spec.defaultOrdering).split(',');
  for (const o of ordering) {
    const desc = o.startsWith('-');
    const col = spec.ordering[desc ? o.slice(1) : o];
    if (col) q.orderBy(col, desc ? 'desc' : 'asc');
  }
  if (spec.tiebreak) q.orderBy(spec.tiebreak, 'asc');
  return query;
}

/**
 * Fetches one page and the total in one statement (`count(*) OVER ()`: Postgres counts
 * the matching rows before LIMIT and, for columns computed by subqueries, evaluates
 * them only for the rows of the page). A page past the end has no row to carry the
 * total, so only then a second statement counts (not for the first page: empty, it matched nothing).
 */
export async function paginate<T>(at: PageAt, query: Knex.QueryBuilder | QueryBuilder<Model, Model[]>, params: ListParams, mapRow: (row: any) => T): Promise<Page<T>> {
  const q = query as unknown as Knex.QueryBuilder;
  const countOnly = q.clone().clearSelect().clearOrder();
  const total = `count(*) OVER () AS ${PAGE_TOTAL}`;
  if (isObjection(query)) {
    // objection selects `<table>.*` only when nothing is selected: keep that before adding the total
    if (!query.hasSelects()) query.select(`${(query as unknown as { tableRef(): string }).tableRef()}.*`);
    query.select(query.knex().raw(total));
  } else {
    if (!(q as unknown as { _statements: { grouping: string }[] })._statements.some((st) => st.grouping === 'columns')) q.select('*');
    q.select((q as unknown as { client: Knex.Client }).client.raw(total));
  }
  const rows = (await q.offset((params.page - 1) * params.page_size).limit(params.page_size)) as Record<string, unknown>[];
  // (an empty first page matched nothing: its count is 0 from the same statement — a second one could count a
  // row written in between, and answer a count of 1 with no result)
  const count = rows.length ? Number(rows[0][PAGE_TOTAL]) : params.page === 1 ? 0 : Number(((await (countOnly as Knex.QueryBuilder).count({ count: '*' })) as unknown as { count: string | number }[])[0].count);
  for (const row of rows) delete row[PAGE_TOTAL];
  return { count, ...pageLinks(at, count, params.page, params.page_size), results: rows.map(mapRow) };
}

const isObjection = (q: unknown): q is QueryBuilder<Model, Model[]> => typeof (q as { toKnexQuery?: unknown }).toKnexQuery === 'function';

/** The column that carries a page's total (no table has it). */
const PAGE_TOTAL = '__page_total';

export function pageLinks(at: PageAt, count: number, page: number, pageSize: number): { next: string | null; previous: string | null } {
  return { next: page * pageSize < count ? at.link({ page: page + 1 }) : null, previous: page > 1 ? at.link({ page: page - 1 }) : null };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
