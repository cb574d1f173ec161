// The analytics of one scope over a period in ONE statement: the period's whole days
// come from the ledger's daily rollup (inventory_ledger_daily, kept by a trigger in the
// ledger write's transaction), its partial edge days from the ledger legs themselves;
// both are read once (a materialised CTE) and every figure is an aggregate over them or
// over the items, returned as one JSON document. Nothing is summed in Node.
import type { Knex } from 'knex';
import type { Scope } from '../shared/scope.js';
import { scopePredicate } from './report-sql.js';

export interface AnalyticsQuery {
  period_start: Date;
  period_end: Date;
  inventory_id?: number;
  /** rows in top_products and slow_movers */
  limit: number;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Splits a period into the whole UTC days inside it (read from the daily rollup) and
 * the partial days at its edges (read from the ledger): [start, firstDay) and
 * [endDay, end). A period inside one day is all edge.
 */
export function periodParts(start: Date, end: Date): { days: [string, string]; edges: [Date, Date, Date, Date] } {
  const s = start.getTime();
  const e = end.getTime();
  const firstDay = Math.ceil(s / DAY_MS) * DAY_MS;
  const endDay = Math.floor(e / DAY_MS) * DAY_MS;
  if (firstDay >= endDay) return { days: [isoDay(firstDay), isoDay(firstDay)], edges: [start, end, end, end] };
  return { days: [isoDay(firstDay), isoDay(endDay)], edges: [start, new Date(firstDay), new Date(endDay), end] };
}

/**
 * The analytics in one statement. `flows` holds, per item and kind, what moved: the
 * rollup's rows of the whole days and the ledger's legs of the edges (a few hours
 * each), both in one shape; everything else aggregates over it or over the items.
 * A transaction counts once, by its first leg (so a move's two legs count one; with an
 * inventory filter, a move between two inventories counts where its first leg is).
 */
export async function analyticsOf(db: Knex, scope: Scope, q: AnalyticsQuery): Promise<Record<string, any>> {
  const [tScope, tBind] = scopePredicate('t', scope);
  const [dScope, dBind] = scopePredicate('d', scope);
  const [iScope, iBind] = scopePredicate('i', scope);
  const inv = q.inventory_id ? ' AND i.inventory_id = ?' : '';
  const invBind = q.inventory_id ? [q.inventory_id] : [];
  const { days, edges } = periodParts(q.period_start, q.period_end);
  const sql = `
    WITH flows AS MATERIALIZED (
      SELECT i.product_id, f.kind, f.in_quantity, f.out_quantity, f.transaction_count, f.last_out_at
        FROM (
          SELECT d.item_id, d.kind, d.in_quantity, d.out_quantity, d.transaction_count, d.last_out_at
            FROM inventory_ledger_daily d
           WHERE ${dScope} AND d.day >= ?::date AND d.day < ?::date
          UNION ALL
          SELECT l.item_id, t.kind, greatest(l.delta, 0), greatest(-l.delta, 0), l.first::int, CASE WHEN l.delta < 0 THEN t.created_at END
            FROM inventory_transactions t
            -- the legs of each edge transaction by its index (OFFSET 0 keeps the lookup per transaction:
            -- a hash join would read every leg of the ledger for a few hours of it)
            CROSS JOIN LATERAL (
              SELECT l.item_id, l.delta, row_number() OVER (ORDER BY l.id) = 1 AS first
                FROM inventory_transaction_legs l WHERE l.transaction_id = t.id OFFSET 0
            ) l
           WHERE ${tScope} AND ((t.created_at >= ? AND t.created_at < ?) OR (t.created_at >= ? AND t.created_at < ?))
        ) f
        JOIN inventory_items i ON i.id = f.item_id
       WHERE true${inv}
    ),
    stock AS (
      SELECT i.product_id, count(*) AS item_count, sum(i.quantity) AS quantity, sum(i.quantity * i.unit_cost) AS value
        FROM inventory_items i
       WHERE ${iScope}${inv}
       GROUP BY i.product_id
    ),
    flow AS (
      SELECT product_id,
             coalesce(sum(in_quantity) FILTER (WHERE kind <> 'move'), 0) AS in_quantity,
             coalesce(sum(out_quantity) FILTER (WHERE kind <> 'move'), 0) AS out_quantity,
             max(last_out_at) FILTER (WHERE kind <> 'move') AS last_out_at
        FROM flows GROUP BY product_id
    )
    SELECT json_build_object(
      'stock', (SELECT json_build_object('item_count', coalesce(sum(item_count), 0), 'quantity', coalesce(sum(quantity), 0), 'value', round(coalesce(sum(value), 0), 2)) FROM stock),
      'movements', (SELECT json_build_object(
          'transaction_count', coalesce(sum(transaction_count), 0),
          'in_quantity', coalesce(sum(in_quantity) FILTER (WHERE kind <> 'move'), 0),
          'out_quantity', coalesce(sum(out_quantity) FILTER (WHERE kind <> 'move'), 0),
          'moved_quantity', coalesce(sum(in_quantity) FILTER (WHERE kind = 'move'), 0)) FROM flows),
      'by_kind', (SELECT coalesce(json_agg(k ORDER BY k.kind), '[]') FROM (
          SELECT kind, sum(transaction_count) AS transaction_count, sum(in_quantity) AS in_quantity, sum(out_quantity) AS out_quantity
            FROM flows GROUP BY kind) k),
      'top_products', (SELECT coalesce(json_agg(x ORDER BY x.out_quantity DESC, x.product_id), '[]') FROM (
          SELECT f.product_id, p.name AS product_name, f.out_quantity, f.in_quantity
            FROM flow f JOIN products p ON p.id = f.product_id
           WHERE f.out_quantity > 0
           ORDER BY f.out_quantity DESC, f.product_id LIMIT ?) x),
      'slow_movers', (SELECT coalesce(json_agg(x ORDER BY x.out_quantity, x.stock_value DESC, x.product_id), '[]') FROM (
          SELECT s.product_id, p.name AS product_name, s.quantity AS quantity_on_hand, round(s.value, 2) AS stock_value,
                 coalesce(f.out_quantity, 0) AS out_quantity, f.last_out_at
            FROM stock s JOIN products p ON p.id = s.product_id LEFT JOIN flow f ON f.product_id = s.product_id
           WHERE s.quantity > 0
           ORDER BY coalesce(f.out_quantity, 0), s.value DESC, s.product_id LIMIT ?) x)
    ) AS analytics`;
  const bindings = [...dBind, ...days, ...tBind, ...edges, ...invBind, ...iBind, ...invBind, q.limit, q.limit];
  const { rows } = await db.raw(sql, bindings);
  return rows[0].analytics;
}
