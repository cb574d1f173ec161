// POST /api/inventory-alerts/{id}/acknowledge/: mark an alert as seen.
import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { id } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { AlertOut } from './collection.js';

export default {
  method: 'POST',
  path: '/api/inventory-alerts/{id}/acknowledge/',
  options: {
    tags: ['api', 'inventory-alerts'],
    description: 'Acknowledge an inventory alert',
    notes: 'Records who saw it and when; the alert stays active until restocked. 409 already_acknowledged on a second call.',
    validate: { params: Joi.object({ id: id.required() }) },
    response: { status: { 200: AlertOut } },
    plugins: errorDocs(401, 403, 404, 409),
  },
  handler: (request) => request.server.app.services.inventory.alerts.acknowledge(actor(request), (request.params as { id: number }).id),
} satisfies ServerRoute;
