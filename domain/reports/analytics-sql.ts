// The analytics of one scope over a period in ONE statement: the period's ledger legs
// are read once (a materialised CTE) and every figure is an aggregate over them or
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

export async function analyticsOf(db: Knex, scope: Scope, q: AnalyticsQuery): Promise<Record<string, any>> {
  const [tScope, tBind] = scopePredicate('t', scope);
  const [iScope, iBind] = scopePredicate('i', scope);
  const inv = q.inventory_id ? ' AND i.inventory_id = ?' : '';
  const invBind = q.inventory_id ? [q.inventory_id] : [];
  const bindings = [...tBind, q.period_start, q.period_end, ...invBind, ...iBind, ...invBind, q.limit, q.limit];
  const { rows } = await db.raw(analyticsStatement(tScope, iScope, inv), bindings);
  return rows[0].analytics;
}

/** The statement: `tScope`/`iScope` are the scope predicates of t and i, `inv` the optional inventory filter. */
function analyticsStatement(tScope: string, iScope: string, inv: string): string {
  return `
    WITH legs AS MATERIALIZED (
      SELECT l.transaction_id, l.delta, t.kind, i.product_id, t.created_at
        FROM inventory_transactions t
        JOIN inventory_transaction_legs l ON l.transaction_id = t.id
        JOIN inventory_items i ON i.id = l.item_id
       WHERE ${tScope} AND t.created_at >= ? AND t.created_at < ?${inv}
    ),
    stock AS (
      SELECT i.product_id, count(*) AS item_count, sum(i.quantity) AS quantity, sum(i.quantity * i.unit_cost) AS value
        FROM inventory_items i
       WHERE ${iScope}${inv}
       GROUP BY i.product_id
    ),
    flow AS (
      SELECT product_id,
             coalesce(sum(delta) FILTER (WHERE delta > 0 AND kind <> 'move'), 0) AS in_quantity,
             coalesce(-sum(delta) FILTER (WHERE delta < 0 AND kind <> 'move'), 0) AS out_quantity,
             max(created_at) FILTER (WHERE delta < 0 AND kind <> 'move') AS last_out_at
        FROM legs GROUP BY product_id
    )
    SELECT json_build_object(
      'stock', (SELECT json_build_object('item_count', coalesce(sum(item_count), 0), 'quantity', coalesce(sum(quantity), 0), 'value', round(coalesce(sum(value), 0), 2)) FROM stock),
      'movements', (SELECT json_build_object(
          'transaction_count', count(DISTINCT transaction_id),
          'in_quantity', coalesce(sum(delta) FILTER (WHERE delta > 0 AND kind <> 'move'), 0),
          'out_quantity', coalesce(-sum(delta) FILTER (WHERE delta < 0 AND kind <> 'move'), 0),
          'moved_quantity', coalesce(sum(delta) FILTER (WHERE delta > 0 AND kind = 'move'), 0)) FROM legs),
      'by_kind', (SELECT coalesce(json_agg(k ORDER BY k.kind), '[]') FROM (
          SELECT kind, count(DISTINCT transaction_id) AS transaction_count,
                 coalesce(sum(delta) FILTER (WHERE delta > 0), 0) AS in_quantity, coalesce(-sum(delta) FILTER (WHERE delta < 0), 0) AS out_quantity
            FROM legs GROUP BY kind) k),
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
}
