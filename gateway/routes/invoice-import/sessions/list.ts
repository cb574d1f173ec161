import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT } from '../../../../domain/invoice-import/invoice-import-service.js';
import { HistoryItemOut } from '../schemas.js';

export default {
  method: 'GET',
  path: '/api/invoice-import/sessions/',
  options: {
    tags: ['api', 'invoice-import'],
    description: 'Invoice import history of the current scope, newest first',
    notes: `limit: ${HISTORY_DEFAULT_LIMIT} by default, ${HISTORY_MAX_LIMIT} at most; anything else (0, negative, not an integer, over ${HISTORY_MAX_LIMIT}) is 400. count is the number of entries returned.`,
    validate: {
      query: Joi.object({
        limit: Joi.number().integer().min(1).max(HISTORY_MAX_LIMIT).default(HISTORY_DEFAULT_LIMIT).description(`entries to return (default ${HISTORY_DEFAULT_LIMIT}, max ${HISTORY_MAX_LIMIT})`),
      }).label('InvoiceImportHistoryQuery'),
    },
    response: {
      status: { 200: Joi.object({ status: Joi.string().valid('success').required(), count: Joi.number().integer().required(), results: Joi.array().items(HistoryItemOut).required() }).label('InvoiceImportHistory') },
    },
    plugins: errorDocs(400, 401, 403),
  },
  async handler(request) {
    const results = await request.server.app.services.invoiceImport.history(actor(request), (request.query as { limit: number }).limit);
    return { status: 'success', count: results.length, results };
  },
} satisfies ServerRoute;
