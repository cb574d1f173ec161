import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { SessionOut } from '../schemas.js';

export default {
  method: 'GET',
  path: '/api/invoice-import/sessions/latest/',
  options: {
    tags: ['api', 'invoice-import'],
    description: "The caller's most recent invoice import session, to restore unfinished work",
    notes: 'Newest by creation in the current scope (X-Profile-Type / X-Team-Id). 404 when the scope has none.',
    response: { status: { 200: Joi.object({ status: Joi.string().valid('success').required(), session: SessionOut.required() }).label('LatestInvoiceImportSession') } },
    plugins: errorDocs(401, 403, 404),
  },
  async handler(request) {
    return { status: 'success', session: await request.server.app.services.invoiceImport.latest(actor(request)) };
  },
} satisfies ServerRoute;
