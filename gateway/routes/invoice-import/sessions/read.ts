import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { id } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { SessionOut } from '../schemas.js';

export default {
  method: 'GET',
  path: '/api/invoice-import/sessions/{session_id}/',
  options: {
    tags: ['api', 'invoice-import'],
    description: 'One invoice import session exactly as stored',
    notes: "A session of another scope (another user, or a team the request is not scoped to) is 404.",
    validate: { params: Joi.object({ session_id: id.required() }) },
    response: { status: { 200: SessionOut } },
    plugins: errorDocs(400, 401, 403, 404),
  },
  async handler(request) {
    return request.server.app.services.invoiceImport.get(actor(request), (request.params as { session_id: number }).session_id);
  },
} satisfies ServerRoute;
