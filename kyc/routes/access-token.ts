import type { ServerRoute } from '@hapi/hapi';
import { AccessTokenOutSchema, ExternalUserIn } from '../../jobs/kyc-contract.js';
import { errorDocs } from '../../gateway/http/errors.js';
import { kycOf, projectOf } from '../plugins/auth.js';
import { versioned } from './respond.js';

export default {
  method: 'POST',
  path: '/api/v1/kyc/access-token',
  options: {
    tags: ['kyc'],
    description: 'Create or link the applicant and mint a short-lived SDK token (ttl_secs 600)',
    notes: '409 already_verified for an approved user (clients treat it as success). The engine comes from the project; api_base is non-empty for inhouse.',
    validate: { payload: ExternalUserIn },
    response: { status: { 200: AccessTokenOutSchema } },
    plugins: errorDocs(400, 401, 409, 429, 503),
  },
  async handler(request, h) {
    const { external_user_id, level_name } = request.payload as { external_user_id: string; level_name?: string | null };
    const answer = await kycOf(request).applicants.accessToken(projectOf(request), external_user_id, level_name, request.server.app.kycApiBase ?? '');
    return versioned(h, answer);
  },
} satisfies ServerRoute;
