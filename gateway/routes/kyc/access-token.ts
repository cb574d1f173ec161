import type { ServerRoute } from '@hapi/hapi';
import { AccessTokenOutSchema } from '../../../jobs/kyc-contract.js';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';

export default {
  method: 'POST',
  path: '/api/v1/kyc/access-token/',
  options: {
    tags: ['api', 'kyc'],
    description: 'Create or link your applicant and mint a short-lived SDK token (also renews it during a session)',
    notes: 'No body. 409 already_verified when you are already approved (treat it as success). At most 15 per minute (429 with Retry-After). 504 kyc_timeout / 503 kyc_unavailable when the verification service is slow or down. Branch on `provider`: inhouse clients call {api_base}/applicant/documents, /data and /submit with Authorization: Bearer <token>.',
    payload: { failAction: 'ignore' },
    response: { status: { 200: AccessTokenOutSchema } },
    plugins: errorDocs(401, 409, 429, 503, 504),
  },
  handler: (request) => request.server.app.services.kyc.accessToken(actor(request)),
} satisfies ServerRoute;
