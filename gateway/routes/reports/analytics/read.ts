// GET /api/analytics/: stock value, movements, top products and slow movers of the scope over a period.
import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { actor } from '../../../plugins/scope.js';
import { errorDocs } from '../../../http/errors.js';
import { id } from '../../schemas.js';
import type { AnalyticsParams } from '../../../../domain/reports/analytics-service.js';

const figure = Joi.number().required();
const Product = (label: string, extra: Record<string, Joi.Schema>) =>
  Joi.object({ product_id: Joi.number().integer().required(), product_name: Joi.string().required(), out_quantity: figure, ...extra }).label(label);

const AnalyticsOut = Joi.object({
  period_start: Joi.string().isoDate().required(),
  period_end: Joi.string().isoDate().required(),
  inventory_id: Joi.number().integer().allow(null).required(),
  profile_type: Joi.string().valid('self', 'team').required(),
  team_id: Joi.number().integer().allow(null).required(),
  stock: Joi.object({ item_count: figure, quantity: figure, value: figure.description('Σ quantity × unit_cost now') }).label('AnalyticsStock'),
  movements: Joi.object({
    transaction_count: figure,
    in_quantity: figure.description('stock added by receive, import and positive adjust'),
    out_quantity: figure.description('stock taken by consume and negative adjust'),
    net_quantity: figure,
    moved_quantity: figure.description('stock moved between boxes (not in in/out)'),
    by_kind: Joi.array().items(Joi.object({ kind: Joi.string().required(), transaction_count: figure, in_quantity: figure, out_quantity: figure }).label('AnalyticsByKind')).required(),
  }).label('AnalyticsMovements'),
  top_products: Joi.array().items(Product('AnalyticsTopProduct', { in_quantity: figure })).required().description('most taken out over the period'),
  slow_movers: Joi.array().items(Product('AnalyticsSlowMover', { quantity_on_hand: figure, stock_value: figure, last_out_at: Joi.string().isoDate().allow(null).required() }))
    .required().description('in stock, least taken out over the period (ties: higher stock value first)'),
}).label('Analytics');

export default {
  method: 'GET',
  path: '/api/analytics/',
  options: {
    tags: ['api', 'analytics'],
    description: 'Stock and movement analytics of the scope over a period',
    notes: 'Computed by SQL aggregates in one statement. Period: period_start (inclusive) and period_end (exclusive), ISO dates or instants; default the last 30 days. inventory_id narrows to one inventory of the scope (404 otherwise). Scope: X-Profile-Type self (default) or team with X-Team-Id.',
    validate: {
      query: Joi.object({
        period_start: Joi.date().iso(),
        period_end: Joi.date().iso(),
        inventory_id: id,
        limit: Joi.number().integer().min(1).max(50).default(10).description('rows of top_products and slow_movers (default 10)'),
      }).label('AnalyticsQuery'),
    },
    response: { status: { 200: AnalyticsOut } },
    plugins: errorDocs(400, 401, 403, 404),
  },
  handler: (request) => request.server.app.services.reports.analytics.summary(actor(request), request.query as AnalyticsParams),
} satisfies ServerRoute;
