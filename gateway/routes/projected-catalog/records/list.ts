import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { RECORD_APPS, recordModels, type RecordApp } from '../../../../domain/projected-catalog/record-discovery.js';
import { NotFound } from '../../../../jobs/runtime/errors.js';
import { pageQuery } from '../../schemas.js';
import { pageAt } from '../../collection-routes.js';
import { actor } from '../../../plugins/scope.js';
import { fieldsOf, GRAMMAR, projectedDocs, projectionQuery, recordModel, SCOPE_NOTE } from '../schemas.js';

const models = RECORD_APPS.map((app) => `${app}: ${recordModels(app).join(', ') || '(none yet: an empty list)'}`).join('; ');

export default {
  method: 'GET',
  path: '/restqlapi/{app}/records/',
  options: {
    tags: ['api', 'restqlapi'],
    description: 'Discover the records of an app',
    notes: [
      `Items {id, label, model, app} of the caller's scope, paged {count, next, previous, results} (page, page_size at most 100), optionally of one model. Apps and their models — ${models}. Another app is 404.`,
      GRAMMAR,
      fieldsOf(recordModel),
      SCOPE_NOTE,
    ].join('\n\n'),
    validate: {
      params: Joi.object({ app: Joi.string().max(40).required().description(RECORD_APPS.join(', ')) }).label('RestqlRecordParams'),
      query: Joi.object({ ...pageQuery, model: Joi.string().max(60).description('only this model, e.g. product'), query: projectionQuery }).label('RestqlRecordQuery'),
    },
    plugins: projectedDocs(200, recordModel, true, [400, 401, 403, 404]),
  },
  async handler(request) {
    const { app } = request.params as { app: string };
    if (!(RECORD_APPS as readonly string[]).includes(app)) throw new NotFound(`App "${app}"`);
    const params = request.query as { page: number; page_size: number; model?: string; query?: string };
    return request.server.app.services.projectedCatalog.catalog.listRecords(actor(request), app as RecordApp, params, pageAt(request));
  },
} satisfies ServerRoute;
