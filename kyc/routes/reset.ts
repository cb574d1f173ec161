import type { ServerRoute } from '@hapi/hapi';
import { ExternalUserIn, MessageOutSchema } from '../../jobs/kyc-contract.js';
import { errorDocs } from '../../gateway/http/errors.js';
import { kycOf, projectOf } from '../plugins/auth.js';
import { versioned } from './respond.js';

export default {
  method: 'POST',
  path: '/api/v1/kyc/reset',
  options: {
    tags: ['kyc'],
    description: 'Reset a failed or stuck attempt; a new access-token then starts again (pending)',
    notes: 'MessageOut.status is the coarse status after the reset. 409 already_verified for an approved user, 409 verification_final for a final rejection, 409 verification_in_review while a submitted attempt awaits its review, 409 verification_on_hold during a hold.',
    validate: { payload: ExternalUserIn },
    response: { status: { 200: MessageOutSchema } },
    plugins: errorDocs(400, 401, 409, 429, 503),
  },
  async handler(request, h) {
    const { external_user_id } = request.payload as { external_user_id: string };
    return versioned(h, await kycOf(request).applicants.reset(projectOf(request), external_user_id));
  },
} satisfies ServerRoute;
