import type { ServerRoute } from '@hapi/hapi';
import { ExternalUserIn, StatusOutSchema } from '../../jobs/kyc-contract.js';
import { errorDocs } from '../../gateway/http/errors.js';
import { kycOf, projectOf } from '../plugins/auth.js';
import { versioned } from './respond.js';

export default {
  method: 'POST',
  path: '/api/v1/kyc/refresh',
  options: {
    tags: ['kyc'],
    description: 'Force an authoritative re-pull from the provider',
    validate: { payload: ExternalUserIn },
    response: { status: { 200: StatusOutSchema } },
    plugins: errorDocs(400, 401, 429, 503),
  },
  async handler(request, h) {
    const { external_user_id } = request.payload as { external_user_id: string };
    return versioned(h, await kycOf(request).applicants.refresh(projectOf(request), external_user_id));
  },
} satisfies ServerRoute;
