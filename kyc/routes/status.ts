import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { StatusOutSchema, externalUserId } from '../../jobs/kyc-contract.js';
import { errorDocs } from '../../gateway/http/errors.js';
import { kycOf, projectOf } from '../plugins/auth.js';
import { versioned } from './respond.js';

export default {
  method: 'GET',
  path: '/api/v1/kyc/status/{external_user_id}',
  options: {
    tags: ['kyc'],
    description: "The user's current verification snapshot (stored; safe to poll)",
    validate: { params: Joi.object({ external_user_id: externalUserId.required() }) },
    response: { status: { 200: StatusOutSchema } },
    plugins: errorDocs(400, 401, 429),
  },
  async handler(request, h) {
    const answer = await kycOf(request).applicants.status(projectOf(request), (request.params as { external_user_id: string }).external_user_id);
    return versioned(h, answer);
  },
} satisfies ServerRoute;
