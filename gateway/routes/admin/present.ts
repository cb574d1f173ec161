// What the generic list and detail pages draw, from a resource's declaration and its
// rows: cells as text (handlebars escapes it) with an optional link, sort links,
// filter controls with their current values, and the page links. No HTML is built here.
import type { AdminColumn, AdminResource } from '../../../domain/admin/admin-resources.js';
import type { AdminPage } from '../../../domain/admin/admin-read-service.js';

export interface Cell {
  text: string;
  href?: string;
  muted?: boolean;
  pre?: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** One value as text: dates in UTC to the minute, booleans as yes/no, cents as units, JSON pretty. */
export function cellOf(column: AdminColumn, value: unknown, full = false): Cell {
  if (value === null || value === undefined || value === '') return { text: '—', muted: true };
  const kind = column.kind ?? 'text';
  let text: string;
  if (kind === 'bool') text = value ? 'yes' : 'no';
  else if (kind === 'date') {
    const d = value instanceof Date ? value : new Date(String(value));
    text = Number.isNaN(d.getTime()) ? String(value) : `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
  } else if (kind === 'money') text = (Number(value) / 100).toFixed(2);
  else if (kind === 'json') text = JSON.stringify(value, null, full ? 2 : 0);
  else text = value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
  if (!full && text.length > 120) text = `${text.slice(0, 119)}…`;
  const cell: Cell = { text, pre: full && kind === 'json' };
  if (column.link) cell.href = `/admin/${column.link}/${encodeURIComponent(String(value))}/`;
  return cell;
}

const queryString = (query: Record<string, unknown>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') search.set(k, v instanceof Date ? v.toISOString().slice(0, 10) : String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
};

/** The list page's view context. */
export function listView(page: AdminPage, rawQuery: Record<string, unknown>) {
  const { resource, params, count, rows } = page;
  const base = `/admin/${resource.name}/`;
  // the query as the staff member wrote it (dates as typed), without the page
  const kept = Object.fromEntries(Object.entries(rawQuery).filter(([k]) => k !== 'page'));
  const ordering = String(params.ordering ?? resource.defaultOrdering);
  const pages = Math.max(1, Math.ceil(count / params.page_size));
  const link = (p: number) => `${base}${queryString({ ...kept, page: p })}`;
  return {
    title: resource.title,
    resource: resource.name,
    count,
    search: { enabled: resource.search.length > 0, value: rawQuery.search ?? '' },
    filters: Object.entries(resource.filters).map(([name, f]) => {
      const value = rawQuery[name] === undefined ? '' : String(rawQuery[name]);
      const choices = f.input === 'bool' ? ['true', 'false'] : typeof f.input === 'object' ? f.input.choices : null;
      return {
        name,
        label: f.label,
        value,
        type: f.input === 'date' ? 'date' : 'text',
        choices: choices?.map((c) => ({ value: c, label: f.input === 'bool' ? (c === 'true' ? 'yes' : 'no') : c, selected: c === value })),
      };
    }),
    sizes: [20, 50, 100].map((value) => ({ value, selected: value === params.page_size })),
    ordering: rawQuery.ordering ?? '',
    headers: resource.columns.map((c) => {
      const sortable = c.key in resource.ordering;
      const desc = ordering === `-${c.key}`;
      return { label: c.label, href: sortable ? `${base}${queryString({ ...kept, ordering: desc ? c.key : `-${c.key}` })}` : undefined, sorted: ordering === c.key ? '▲' : desc ? '▼' : '' };
    }),
    rows: rows.map((row) => {
      const href = `${base}${encodeURIComponent(String(row[resource.idKey]))}/`;
      return { href, cells: resource.columns.map((c) => cellOf(c, row[c.key])) };
    }),
    paging: {
      page: params.page,
      pages,
      first: (params.page - 1) * params.page_size + (rows.length ? 1 : 0),
      last: (params.page - 1) * params.page_size + rows.length,
      previous: params.page > 1 ? link(params.page - 1) : null,
      next: params.page < pages ? link(params.page + 1) : null,
    },
  };
}

/** The detail page's view context. */
export function detailView(resource: AdminResource, row: Record<string, unknown>) {
  return {
    title: resource.title,
    resource: resource.name,
    listHref: `/admin/${resource.name}/`,
    fields: (resource.detail ?? resource.columns).map((c) => ({ label: c.label, cell: cellOf(c, row[c.key], true) })),
  };
}
