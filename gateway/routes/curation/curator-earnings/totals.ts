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
    notes: 'Per currency: gross, refunded, platform fees, net earnings, payouts and the balance (net - paid_out), all in minor units. Scope: X-Profile-Type / X-Team-Id.',
    response: { status: { 200: Joi.object({ results: Joi.array().items(CurrencyTotalsOut).required() }).label('CuratorTotals') } },
    plugins: errorDocs(401, 403),
  },
  handler: async (request) => ({ results: await request.server.app.services.curation.earnings.totals(actor(request)) }),
} satisfies ServerRoute;
