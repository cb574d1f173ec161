// GET /api/analytics/: stock value, movements in and out, top products and slow
// movers of the caller's scope over a period (analytics-sql.ts, one statement).
// Movements in/out count receipts, imports, consumption and adjustments; a move
// between boxes changes no total and is shown apart as moved_quantity.
import type { Platform } from '../../db/platform.js';
import type { Actor } from '../shared/actor.js';
import { requireInScope } from '../shared/scoped-rows.js';
import { Invalid } from '../../jobs/runtime/errors.js';
import { Inventory } from '../../db/models/index.js';
import { analyticsOf } from './analytics-sql.js';

export interface AnalyticsParams {
  period_start?: Date;
  period_end?: Date;
  inventory_id?: number;
  limit?: number;
}

const num = (v: unknown) => Number(v ?? 0);

export class AnalyticsService {
  constructor(private readonly platform: Platform) {}

  async summary(actor: Actor, params: AnalyticsParams): Promise<Record<string, unknown>> {
    const end = params.period_end ?? new Date();
    const start = params.period_start ?? new Date(end.getTime() - 30 * 86_400_000);
    if (start >= end) throw Invalid.field('period_start', '"period_start" must be before "period_end"');
    await requireInScope(this.platform.knex, actor.scope, [{ field: 'inventory_id', model: Inventory, what: 'Inventory', id: params.inventory_id }]);
    const a = await analyticsOf(this.platform.knex, actor.scope, { period_start: start, period_end: end, inventory_id: params.inventory_id, limit: params.limit ?? 10 });
    const m = a.movements;
    return {
      period_start: start.toISOString(),
      period_end: end.toISOString(),
      inventory_id: params.inventory_id ?? null,
      profile_type: actor.scope.type,
      team_id: actor.scope.teamId,
      stock: { item_count: num(a.stock.item_count), quantity: num(a.stock.quantity), value: num(a.stock.value) },
      movements: {
        transaction_count: num(m.transaction_count), in_quantity: num(m.in_quantity), out_quantity: num(m.out_quantity),
        net_quantity: num(m.in_quantity) - num(m.out_quantity), moved_quantity: num(m.moved_quantity),
        by_kind: a.by_kind.map((k: any) => ({ kind: k.kind, transaction_count: num(k.transaction_count), in_quantity: num(k.in_quantity), out_quantity: num(k.out_quantity) })),
      },
      top_products: a.top_products.map((p: any) => ({ product_id: p.product_id, product_name: p.product_name, out_quantity: num(p.out_quantity), in_quantity: num(p.in_quantity) })),
      slow_movers: a.slow_movers.map((p: any) => ({
        product_id: p.product_id, product_name: p.product_name, quantity_on_hand: num(p.quantity_on_hand), stock_value: num(p.stock_value),
        out_quantity: num(p.out_quantity), last_out_at: p.last_out_at ? new Date(p.last_out_at).toISOString() : null,
      })),
    };
  }
}
