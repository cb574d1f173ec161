import type { ServerRoute } from '@hapi/hapi';
import { MessageOutSchema } from '../../../jobs/kyc-contract.js';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';

export default {
  method: 'POST',
  path: '/api/v1/kyc/reset/',
  options: {
    tags: ['api', 'kyc'],
    description: 'Reset a failed or stuck attempt; the next access-token starts again (pending)',
    notes: 'No body. MessageOut.status is your status after the reset. 409 already_verified when approved, 409 verification_final after a final rejection, 409 verification_in_review while your submitted attempt is being reviewed, 409 verification_on_hold during a hold (only a failed or unsubmitted attempt can be reset). At most 6 per minute (429 with Retry-After).',
    payload: { failAction: 'ignore' },
    response: { status: { 200: MessageOutSchema } },
    plugins: errorDocs(401, 409, 429, 503, 504),
  },
  handler: (request) => request.server.app.services.kyc.reset(actor(request)),
} satisfies ServerRoute;
