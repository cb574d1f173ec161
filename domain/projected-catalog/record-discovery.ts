// GET /restqlapi/<app>/records/: the rows of one app that the caller's scope can
// see, as {id, label, model, app} items, for pickers and deep links. Each app lists
// its sources (a table, how its rows are labelled, how the scope applies); one UNION
// ALL over them is paged and projected like every other read, so the query count
// does not grow with the rows. A domain adds its tables here when it lands.
import type { Knex } from 'knex';
import type { AnyQueryBuilder, ModelClass } from 'objection';
import type { BaseModel } from '../../db/models/base-model.js';
import {
  BarcodeScan, BillingInvoice, CuratedList, CuratedListItem, CuratedSubscription, CuratorEarning, CuratorPayout, Inventory, OrderList, Report, ReportSchedule, InventoryAlert, InventoryIcon, InventoryItem, InventoryTransaction, InventoryType, PaymentMethod, Product, ProductFamily, ProductImage, ProductSearch, ProductVariant, Storage, StorageBox, SupportTicket, Team, TeamMember, User, UserSubscription,
} from '../../db/models/index.js';
import type { Scope } from '../shared/scope.js';
import { inScope, type Db } from '../shared/scoped-rows.js';

export const RECORD_APPS = ['accounts', 'curation', 'inventory', 'payments', 'products', 'reports', 'support', 'teams', 'transactions'] as const;
export type RecordApp = (typeof RECORD_APPS)[number];

interface RecordSource {
  model: string;
  rows: ModelClass<BaseModel>;
  /** SQL of the label over alias x (text) */
  label: string;
  /** the row id column over alias x (uuid ids are strings in the answer) */
  id?: string;
  idIsUuid?: boolean;
  /** restricts the rows to the caller's scope */
  scope(q: AnyQueryBuilder, scope: Scope, db: Db): void;
}

const scoped = (q: AnyQueryBuilder, scope: Scope) => void inScope(q, scope, { table: 'x' });
/** Rows reached through a scoped parent (variants carry scope columns; images and tags do not). */
const through = (parent: ModelClass<BaseModel>, column: string) => (q: AnyQueryBuilder, scope: Scope) => {
  q.join(`${parent.tableName} as s`, 's.id', `x.${column}`);
  inScope(q, scope, { table: 's' });
};
const orNumbered = (expr: string, what: string) => `coalesce(nullif(btrim(${expr}), ''), '${what} #' || x.id)`;

const SOURCES: Record<RecordApp, RecordSource[]> = {
  accounts: [
    {
      model: 'user',
      rows: User,
      label: 'x.email',
      idIsUuid: true,
      // self: the caller; team: the members of the team (they see each other in /api/teams/)
      scope: (q, scope, db) => void (scope.type === 'team' ? q.whereIn('x.id', TeamMember.query(db).where('team_id', scope.teamId as number).select('user_id')) : q.where('x.id', scope.userId)),
    },
  ],
  curation: [
    { model: 'curated_list', rows: CuratedList, label: `x.name || ' (' || x.visibility || ')'`, scope: scoped },
    { model: 'curated_list_item', rows: CuratedListItem, label: `(SELECT p.name FROM products p WHERE p.id = x.product_id) || ' in ' || s.name`, scope: through(CuratedList, 'list_id') },
    { model: 'curated_subscription', rows: CuratedSubscription, label: `(SELECT cl.name FROM curated_lists cl WHERE cl.id = x.list_id) || ' (' || x.kind || coalesce(', ended ' || to_char(x.ended_at, 'YYYY-MM-DD'), '') || ')'`, scope: scoped },
    { model: 'curator_earning', rows: CuratorEarning, label: `x.list_name || ': ' || x.net || ' ' || x.currency`, scope: scoped },
    { model: 'curator_payout', rows: CuratorPayout, label: `'payout ' || x.amount || ' ' || x.currency || coalesce(' ' || nullif(x.reference, ''), '')`, scope: scoped },
  ],
  inventory: [
    { model: 'inventory', rows: Inventory, label: 'x.name', scope: scoped },
    { model: 'storage', rows: Storage, label: 'x.name', scope: scoped },
    { model: 'storage_box', rows: StorageBox, label: 'x.name', scope: scoped },
    { model: 'inventory_item', rows: InventoryItem, label: `(SELECT p.name FROM products p WHERE p.id = x.product_id) || ' #' || x.id`, scope: scoped },
    { model: 'inventory_type', rows: InventoryType, label: 'x.name', scope: scoped },
    { model: 'inventory_icon', rows: InventoryIcon, label: 'x.name', scope: scoped },
    { model: 'inventory_alert', rows: InventoryAlert, label: orNumbered('x.message', 'alert'), scope: scoped },
  ],
  payments: [
    // platform plans and paid curated lists alike (the hidden plan is named after its list)
    { model: 'user_subscription', rows: UserSubscription, label: `(SELECT sp.name FROM subscription_plans sp WHERE sp.id = x.plan_id) || ' (' || x.status || ')'`, scope: scoped },
    { model: 'payment_method', rows: PaymentMethod, label: `x.brand || ' ending ' || x.last4`, scope: scoped },
    { model: 'billing_invoice', rows: BillingInvoice, label: 'x.number', scope: scoped },
  ],
  products: [
    { model: 'product', rows: Product, label: 'x.name', scope: scoped },
    { model: 'product_family', rows: ProductFamily, label: 'x.name', scope: scoped },
    { model: 'product_variant', rows: ProductVariant, label: `coalesce(nullif(btrim(x.name), ''), nullif(x.sku, ''), 'variant #' || x.id)`, scope: scoped },
    { model: 'product_image', rows: ProductImage, label: orNumbered('x.alt_text', 'image'), scope: through(Product, 'product_id') },
    { model: 'barcode_scan', rows: BarcodeScan, label: 'x.code', scope: scoped },
    { model: 'product_search', rows: ProductSearch, label: 'x.query', scope: scoped },
  ],
  reports: [
    { model: 'report', rows: Report, label: `x.title || ' (' || x.format || ', ' || x.status || ') #' || x.id`, scope: scoped },
    { model: 'report_schedule', rows: ReportSchedule, label: orNumbered('x.name', 'report schedule'), scope: scoped },
  ],
  // tickets belong to a person, not a team: the caller's own in self scope, none in a team's
  support: [
    {
      model: 'support_ticket',
      rows: SupportTicket,
      label: `x.ticket_number || ' ' || x.subject`,
      idIsUuid: true,
      scope: (q, scope) => void (scope.type === 'team' ? q.whereRaw('false') : q.where('x.user_id', scope.userId)),
    },
  ],
  teams: [
    {
      model: 'team',
      rows: Team,
      label: 'x.name',
      scope: (q, scope, db) => void (scope.type === 'team' ? q.where('x.id', scope.teamId as number) : q.whereIn('x.id', TeamMember.query(db).where('user_id', scope.userId).select('team_id'))),
    },
  ],
  transactions: [
    { model: 'inventory_transaction', rows: InventoryTransaction, label: `x.kind || coalesce(' ' || nullif(btrim(x.reference), ''), '') || ' #' || x.id`, scope: scoped },
    { model: 'order_list', rows: OrderList, label: `x.name || ' (' || x.status || ')'`, scope: scoped },
  ],
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
    const q = s.rows.query(db).alias('x').select(
      db.raw(`to_json(${id}) AS id`),
      db.raw(`(${s.label})::text AS label`),
      db.raw('?::text AS model', [s.model]),
      db.raw('?::text AS app', [app]),
      db.raw('?::int AS ord', [ord]),
      db.raw(s.idIsUuid ? `${id}::text AS sort_key` : `lpad(${id}::text, 20, '0') AS sort_key`),
    );
    s.scope(q, scope, db);
    return q.toKnexQuery();
  });
  const [first, ...rest] = selects;
  const union = rest.length ? first.unionAll(rest, true) : first;
  return db.from(union.as('r'));
}
