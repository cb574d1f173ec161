// GET /api/curator-earnings/totals/
import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { CurrencyTotalsOut } from './collection.js';

export default {
  method: 'GET',
  path: '/api/curator-earnings/totals/',
  options: {
    tags: ['api', 'curator-earnings'],
    description: 'The scope\'s curator totals per currency',
    notes: 'Per currency: gross, refunded, platform fees, net earnings, payouts and the balance (net - paid_out), all in minor units. Scope: X-Profile-Type / X-Team-Id. Staff may name a curator (curator_user or curator_team) to read its totals before recording a payout; others get 403 staff_only.',
    validate: {
      query: Joi.object({
        curator_user: Joi.string().guid().description('staff: a curating user'),
        curator_team: Joi.number().integer().positive().max(2147483647).description('staff: a curating team'),
      }).oxor('curator_user', 'curator_team').label('CuratorTotalsQuery'),
    },
    response: { status: { 200: Joi.object({ results: Joi.array().items(CurrencyTotalsOut).required() }).label('CuratorTotals') } },
    plugins: errorDocs(400, 401, 403),
  },
  handler: async (request) => ({ results: await request.server.app.services.curation.earnings.totals(actor(request), request.query as Record<string, unknown>) }),
} satisfies ServerRoute;
