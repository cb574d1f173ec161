import type { ServerRoute } from '@hapi/hapi';
import { StatusOutSchema } from '../../../jobs/kyc-contract.js';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';

export default {
  method: 'POST',
  path: '/api/v1/kyc/refresh/',
  options: {
    tags: ['api', 'kyc'],
    description: 'Force an authoritative re-pull of your status from the provider',
    notes: 'No body. At most 6 per minute (429 with Retry-After).',
    payload: { failAction: 'ignore' },
    response: { status: { 200: StatusOutSchema } },
    plugins: errorDocs(401, 429, 503, 504),
  },
  handler: (request) => request.server.app.services.kyc.refresh(actor(request)),
} satisfies ServerRoute;
