// GET /restqlapi/<app>/records/: the rows of one app that the caller's scope can
// see, as {id, label, model, app} items, for pickers and deep links. Each app lists
// its sources (a table, how its rows are labelled, how the scope applies); one UNION
// ALL over them is paged and projected like every other read, so the query count
// does not grow with the rows. Apps whose domain is not built yet have no sources
// and answer an empty page; another domain adds its tables here when it lands.
import type { Knex } from 'knex';
import type { Scope } from '../scope.js';
import { inScope, type Db } from '../scoped-rows.js';

export const RECORD_APPS = ['accounts', 'curation', 'inventory', 'payments', 'products', 'reports', 'support', 'teams', 'transactions'] as const;
export type RecordApp = (typeof RECORD_APPS)[number];

interface RecordSource {
  model: string;
  table: string;
  /** SQL of the label over alias x (text) */
  label: string;
  /** the row id column over alias x (uuid ids are strings in the answer) */
  id?: string;
  idIsUuid?: boolean;
  /** restricts the rows to the caller's scope */
  scope(q: Knex.QueryBuilder, scope: Scope): void;
}

const scoped = (q: Knex.QueryBuilder, scope: Scope) => void inScope(q, scope, { table: 'x' });
/** Rows reached through a scoped parent (variants carry scope columns; images and tags do not). */
const through = (table: string, column: string) => (q: Knex.QueryBuilder, scope: Scope) => {
  q.join(`${table} as s`, 's.id', `x.${column}`);
  inScope(q, scope, { table: 's' });
};
const orNumbered = (expr: string, what: string) => `coalesce(nullif(btrim(${expr}), ''), '${what} #' || x.id)`;

const SOURCES: Record<RecordApp, RecordSource[]> = {
  accounts: [
    {
      model: 'user',
      table: 'users',
      label: 'x.email',
      idIsUuid: true,
      // self: the caller; team: the members of the team (they see each other in /api/teams/)
      scope: (q, scope) => void (scope.type === 'team' ? q.whereIn('x.id', (s) => s.from('team_members').where('team_id', scope.teamId as number).select('user_id')) : q.where('x.id', scope.userId)),
    },
  ],
  curation: [],
  inventory: [
    { model: 'inventory', table: 'inventories', label: 'x.name', scope: scoped },
    { model: 'storage', table: 'storages', label: 'x.name', scope: scoped },
    { model: 'storage_box', table: 'storage_boxes', label: 'x.name', scope: scoped },
    { model: 'inventory_item', table: 'inventory_items', label: `(SELECT p.name FROM products p WHERE p.id = x.product_id) || ' #' || x.id`, scope: scoped },
    { model: 'inventory_type', table: 'inventory_types', label: 'x.name', scope: scoped },
    { model: 'inventory_icon', table: 'inventory_icons', label: 'x.name', scope: scoped },
    { model: 'inventory_alert', table: 'inventory_alerts', label: orNumbered('x.message', 'alert'), scope: scoped },
  ],
  payments: [],
  products: [
    { model: 'product', table: 'products', label: 'x.name', scope: scoped },
    { model: 'product_family', table: 'product_families', label: 'x.name', scope: scoped },
    { model: 'product_variant', table: 'product_variants', label: `coalesce(nullif(btrim(x.name), ''), nullif(x.sku, ''), 'variant #' || x.id)`, scope: scoped },
    { model: 'product_image', table: 'product_images', label: orNumbered('x.alt_text', 'image'), scope: through('products', 'product_id') },
    { model: 'barcode_scan', table: 'barcode_scans', label: 'x.code', scope: scoped },
    { model: 'product_search', table: 'product_searches', label: 'x.query', scope: scoped },
  ],
  reports: [],
  support: [],
  teams: [
    {
      model: 'team',
      table: 'teams',
      label: 'x.name',
      scope: (q, scope) => void (scope.type === 'team' ? q.where('x.id', scope.teamId as number) : q.whereIn('x.id', (s) => s.from('team_members').where('user_id', scope.userId).select('team_id'))),
    },
  ],
  transactions: [{ model: 'inventory_transaction', table: 'inventory_transactions', label: `x.kind || coalesce(' ' || nullif(btrim(x.reference), ''), '') || ' #' || x.id`, scope: scoped }],
};

export function recordModels(app: RecordApp): string[] {
  return SOURCES[app].map((s) => s.model);
}

/**
 * The app's records in the scope as a derived table `r` (id json, label, model, app,
 * ord, sort_key), or null when the app has no records (or none of that model).
 */
export function recordsTable(db: Db, app: RecordApp, scope: Scope, model?: string): Knex.QueryBuilder | null {
  const sources = SOURCES[app].map((s, ord) => ({ s, ord })).filter(({ s }) => !model || s.model === model);
  if (sources.length === 0) return null;
  const selects = sources.map(({ s, ord }) => {
    const id = s.id ?? 'x.id';
    const q = db(`${s.table} as x`).select(
      db.raw(`to_json(${id}) AS id`),
      db.raw(`(${s.label})::text AS label`),
      db.raw('?::text AS model', [s.model]),
      db.raw('?::text AS app', [app]),
      db.raw('?::int AS ord', [ord]),
      db.raw(s.idIsUuid ? `${id}::text AS sort_key` : `lpad(${id}::text, 20, '0') AS sort_key`),
    );
    s.scope(q, scope);
    return q;
  });
  const [first, ...rest] = selects;
  const union = rest.length ? first.unionAll(rest, true) : first;
  return db.from(union.as('r'));
}
