// GET /api/curator-earnings/payouts/
import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../../http/errors.js';
import { actor } from '../../../../plugins/scope.js';
import { pageAt } from '../../../collection-routes.js';
import { listQuerySchema, type ListParams } from '../../../../../domain/shared/listing.js';
import { payoutsDef } from '../../../../../domain/curation/earnings-service.js';
import { PayoutOut } from '../collection.js';

export default {
  method: 'GET',
  path: '/api/curator-earnings/payouts/',
  options: {
    tags: ['api', 'curator-earnings'],
    description: 'The payouts staff recorded to the scope',
    notes: 'Read-only; newest first; amounts in minor units. Scope: X-Profile-Type / X-Team-Id.',
    validate: { query: listQuerySchema(payoutsDef().list, 'CuratorPayoutListQuery') },
    response: { status: { 200: Joi.object({ count: Joi.number().integer().required(), next: Joi.string().allow(null).required(), previous: Joi.string().allow(null).required(), results: Joi.array().items(PayoutOut).required() }).label('CuratorPayoutPage') } },
    plugins: errorDocs(400, 401, 403),
  },
  handler: (request) => request.server.app.services.curation.earnings.payouts.list(actor(request), request.query as ListParams, pageAt(request)),
} satisfies ServerRoute;
