import type { ServerRoute } from '@hapi/hapi';
import { StatusOutSchema } from '../../../jobs/kyc-contract.js';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';

export default {
  method: 'GET',
  path: '/api/v1/kyc/status/',
  options: {
    tags: ['api', 'kyc'],
    description: 'Your current verification snapshot (StatusOut); safe to poll',
    response: { status: { 200: StatusOutSchema } },
    plugins: errorDocs(401, 503, 504),
  },
  handler: (request) => request.server.app.services.kyc.status(actor(request)),
} satisfies ServerRoute;
