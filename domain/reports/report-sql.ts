// The SQL of the report kinds: per kind, the detail rows (streamed through a cursor,
// never collected), the summary figures and the chart series — both aggregates
// computed by Postgres. Money is numeric in the database and rounded to cents here.
import type { Knex } from 'knex';
import type { Scope } from '../shared/scope.js';
import type { ReportFilters, ReportKind } from './report-kinds.js';

/** `alias.owner_id = ? AND alias.team_id IS NULL` or `alias.team_id = ?`, as a raw predicate. */
export function scopePredicate(alias: string, scope: Scope): [string, Knex.Value[]] {
  return scope.type === 'team' ? [`${alias}.team_id = ?`, [scope.teamId as number]] : [`${alias}.owner_id = ? AND ${alias}.team_id IS NULL`, [scope.userId]];
}

/** Items of the scope with their names, filtered by inventory/product. */
function items(db: Knex, scope: Scope, f: ReportFilters): Knex.QueryBuilder {
  const [where, bindings] = scopePredicate('i', scope);
  const q = db('inventory_items as i')
    .join('inventories as v', 'v.id', 'i.inventory_id')
    .join('storage_boxes as b', 'b.id', 'i.storage_box_id')
    .join('products as p', 'p.id', 'i.product_id')
    .whereRaw(where, bindings);
  if (f.inventory_id) q.where('i.inventory_id', f.inventory_id);
  if (f.product_id) q.where('i.product_id', f.product_id);
  return q;
}

const LOW = 'i.min_quantity > 0 AND i.quantity <= i.min_quantity';
/** What refills a low item: up to its target (or its minimum when no target is set). */
const REORDER = 'greatest(i.target_quantity, i.min_quantity) - i.quantity';

/** Ledger legs of the scope in the period. */
function legs(db: Knex, scope: Scope, f: ReportFilters): Knex.QueryBuilder {
  const [where, bindings] = scopePredicate('t', scope);
  const q = db('inventory_transaction_legs as l')
    .join('inventory_transactions as t', 't.id', 'l.transaction_id')
    .join('inventory_items as i', 'i.id', 'l.item_id')
    .whereRaw(where, bindings)
    .where('t.created_at', '>=', f.period_start!)
    .where('t.created_at', '<', f.period_end!);
  if (f.inventory_id) q.where('i.inventory_id', f.inventory_id);
  if (f.product_id) q.where('i.product_id', f.product_id);
  if (f.kinds?.length) q.whereIn('t.kind', f.kinds);
  return q;
}

function expiring(db: Knex, scope: Scope, f: ReportFilters): Knex.QueryBuilder {
  return items(db, scope, f).where('i.quantity', '>', 0).whereNotNull('i.expiry_date').whereRaw('i.expiry_date <= current_date + ?::int', [f.days ?? 30]);
}

/** The detail rows of a report in file order (stream them: `.stream()`). */
export function reportRows(db: Knex, kind: ReportKind, scope: Scope, f: ReportFilters): Knex.QueryBuilder {
  switch (kind) {
    case 'inventory_valuation':
      return items(db, scope, f)
        .select('i.id as item_id', 'v.name as inventory', 'b.name as storage_box', 'p.name as product', 'i.lot_number', 'i.quantity', 'i.unit',
          db.raw('round(i.unit_cost, 2)::text AS unit_cost'), db.raw('round(i.quantity * i.unit_cost, 2)::text AS value'))
        .orderBy([{ column: 'v.name' }, { column: 'p.name' }, { column: 'i.id' }]);
    case 'low_stock':
      return items(db, scope, f).whereRaw(LOW)
        .select('i.id as item_id', 'p.supplier', 'p.name as product', 'v.name as inventory', 'b.name as storage_box', 'i.quantity', 'i.min_quantity', 'i.target_quantity',
          db.raw(`${REORDER} AS reorder_quantity`), 'i.unit', db.raw(`round((${REORDER}) * i.unit_cost, 2)::text AS reorder_cost`))
        .orderBy([{ column: 'p.supplier' }, { column: 'p.name' }, { column: 'i.id' }]);
    case 'stock_movements':
      return legs(db, scope, f)
        .join('inventories as v', 'v.id', 'i.inventory_id')
        .join('storage_boxes as b', 'b.id', 'i.storage_box_id')
        .join('products as p', 'p.id', 'i.product_id')
        .select(db.raw(`to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`), 't.id as transaction_id', 't.kind', 't.reference',
          'v.name as inventory', 'b.name as storage_box', 'p.name as product', 'l.item_id', 'l.delta', 'l.quantity_after', 'i.unit')
        .orderBy([{ column: 't.created_at' }, { column: 'l.id' }]);
    case 'expiring_soon':
      return expiring(db, scope, f)
        .select('i.id as item_id', 'p.name as product', 'v.name as inventory', 'b.name as storage_box', 'i.lot_number', db.raw(`to_char(i.expiry_date, 'YYYY-MM-DD') AS expiry_date`),
          db.raw('(i.expiry_date - current_date) AS days_left'), 'i.quantity', 'i.unit', db.raw('round(i.quantity * i.unit_cost, 2)::text AS value'))
        .orderBy([{ column: 'i.expiry_date' }, { column: 'p.name' }, { column: 'i.id' }]);
  }
}

const money = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;

/** The report's figures (and its row count, for progress), computed by aggregates. */
export async function reportSummary(db: Knex, kind: ReportKind, scope: Scope, f: ReportFilters): Promise<{ row_count: number } & Record<string, unknown>> {
  switch (kind) {
    case 'inventory_valuation': {
      const by = await items(db, scope, f)
        .groupBy('v.id', 'v.name', 'v.currency')
        .select('v.id as inventory_id', 'v.name as inventory', 'v.currency', db.raw('count(*)::int AS item_count'), db.raw('coalesce(sum(i.quantity), 0)::bigint AS quantity'),
          db.raw('coalesce(sum(i.quantity * i.unit_cost), 0) AS value'))
        .orderBy('v.name');
      const inventories = by.map((r: any) => ({ inventory_id: r.inventory_id, inventory: r.inventory, currency: r.currency, item_count: r.item_count, quantity: Number(r.quantity), value: money(r.value) }));
      const rowCount = inventories.reduce((s, r) => s + r.item_count, 0);
      return { row_count: rowCount, total_quantity: inventories.reduce((s, r) => s + r.quantity, 0), total_value: money(by.reduce((s: number, r: any) => s + Number(r.value), 0)), inventories };
    }
    case 'low_stock': {
      const [r] = await items(db, scope, f).whereRaw(LOW)
        .select(db.raw('count(*)::int AS row_count'), db.raw(`coalesce(sum(${REORDER}), 0)::bigint AS reorder_quantity`), db.raw(`coalesce(sum((${REORDER}) * i.unit_cost), 0) AS reorder_cost`));
      return { row_count: r.row_count, reorder_quantity: Number(r.reorder_quantity), reorder_cost: money(r.reorder_cost) };
    }
    case 'stock_movements': {
      const [r] = await legs(db, scope, f).select(
        db.raw('count(*)::int AS row_count'),
        db.raw('count(DISTINCT t.id)::int AS transaction_count'),
        db.raw("coalesce(sum(l.delta) FILTER (WHERE l.delta > 0 AND t.kind <> 'move'), 0)::bigint AS in_quantity"),
        db.raw("coalesce(-sum(l.delta) FILTER (WHERE l.delta < 0 AND t.kind <> 'move'), 0)::bigint AS out_quantity"),
        db.raw("coalesce(sum(l.delta) FILTER (WHERE l.delta > 0 AND t.kind = 'move'), 0)::bigint AS moved_quantity"),
      );
      return { row_count: r.row_count, transaction_count: r.transaction_count, in_quantity: Number(r.in_quantity), out_quantity: Number(r.out_quantity), moved_quantity: Number(r.moved_quantity), period_start: f.period_start, period_end: f.period_end };
    }
    case 'expiring_soon': {
      const [r] = await expiring(db, scope, f).select(
        db.raw('count(*)::int AS row_count'),
        db.raw('count(*) FILTER (WHERE i.expiry_date < current_date)::int AS expired_count'),
        db.raw('coalesce(sum(i.quantity), 0)::bigint AS quantity'),
        db.raw('coalesce(sum(i.quantity * i.unit_cost), 0) AS value'),
      );
      return { row_count: r.row_count, expired_count: r.expired_count, quantity: Number(r.quantity), value: money(r.value), days: f.days ?? 30 };
    }
  }
}

export interface ChartSeries {
  title: string;
  /** the measure's name on the axis */
  measure: string;
  points: { label: string; value: number }[];
}

const CHART_POINTS = 15;

/** The one chart of a report's PDF: at most 15 bars, aggregated by Postgres. */
export async function reportChart(db: Knex, kind: ReportKind, scope: Scope, f: ReportFilters): Promise<ChartSeries> {
  const points = (rows: any[]) => rows.map((r) => ({ label: String(r.label).slice(0, 40), value: Number(r.value) }));
  switch (kind) {
    case 'inventory_valuation':
      return {
        title: 'Value by inventory', measure: 'Value',
        points: points(await items(db, scope, f).groupBy('v.id', 'v.name').select('v.name as label', db.raw('round(coalesce(sum(i.quantity * i.unit_cost), 0), 2) AS value')).orderBy('value', 'desc').limit(CHART_POINTS)),
      };
    case 'low_stock':
      return {
        title: 'Quantity to order by product', measure: 'To order',
        points: points(await items(db, scope, f).whereRaw(LOW).groupBy('p.id', 'p.name').select('p.name as label', db.raw(`sum(${REORDER}) AS value`)).orderBy('value', 'desc').limit(CHART_POINTS)),
      };
    case 'stock_movements':
      return {
        title: 'Quantity moved by kind and direction', measure: 'Quantity',
        points: points(await legs(db, scope, f).groupByRaw("t.kind, (l.delta > 0)")
          .select(db.raw("t.kind || CASE WHEN l.delta > 0 THEN ' in' ELSE ' out' END AS label"), db.raw('sum(abs(l.delta)) AS value')).orderBy('label').limit(CHART_POINTS)),
      };
    case 'expiring_soon':
      return {
        title: 'Quantity by expiry date', measure: 'Quantity',
        points: points(await expiring(db, scope, f).groupBy('i.expiry_date').select(db.raw(`to_char(i.expiry_date, 'YYYY-MM-DD') AS label`), db.raw('sum(i.quantity) AS value')).orderBy('i.expiry_date').limit(CHART_POINTS)),
      };
  }
}
