// POST /api/curator-earnings/payouts/ (staff)
import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../../http/errors.js';
import { actor } from '../../../../plugins/scope.js';
import { PayoutOut } from '../collection.js';
import { plainText } from '../../curated-lists/collection.js';

const PayoutIn = Joi.object({
  curator_user: Joi.string().guid().description('the curating user (personal lists)'),
  curator_team: Joi.number().integer().positive().max(2147483647).description('the curating team'),
  currency: Joi.string().uppercase().pattern(/^[A-Z]{3}$/).required().messages({ 'string.pattern.base': 'currency must be a 3-letter ISO 4217 code' }),
  amount: Joi.number().integer().min(1).max(2_000_000_000).required().description('minor units'),
  reference: plainText(120).allow('').default(''),
  note: plainText(2000).allow('').default(''),
}).xor('curator_user', 'curator_team').label('CuratorPayoutIn');

export default {
  method: 'POST',
  path: '/api/curator-earnings/payouts/',
  options: {
    auth: { access: { scope: 'staff' } },
    tags: ['api', 'curator-earnings'],
    description: 'Record a payout to a curator (staff)',
    notes: 'Reduces the curator\'s balance in that currency; 409 payout_exceeds_balance past it; 400 curator_not_found. Audited under the curator\'s scope with the staff member as actor.',
    validate: { payload: PayoutIn },
    response: { status: { 201: PayoutOut.keys({ balance: Joi.number().integer().required().description('the balance after it, minor units') }).label('CuratorPayoutRecorded') } },
    plugins: errorDocs(400, 401, 403, 409),
  },
  handler: async (request, h) => h.response(await request.server.app.services.curation.earnings.recordPayout(actor(request), request.payload as never)).code(201),
} satisfies ServerRoute;
