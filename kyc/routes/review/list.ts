import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../gateway/http/errors.js';
import { kycOf, projectOf } from '../../plugins/auth.js';

export default {
  method: 'GET',
  path: '/api/v1/kyc/review/applicants',
  options: {
    auth: 'project-staff',
    tags: ['kyc'],
    description: 'Staff: the in-house review queue (submitted attempts, oldest first)',
    notes: 'Staff authenticate with the project key and secret: X-Api-Key and X-Api-Secret.',
    validate: { query: Joi.object({ state: Joi.string().valid('pending', 'onHold', 'all').default('all'), limit: Joi.number().integer().min(1).max(200).default(50) }) },
    plugins: errorDocs(400, 401),
  },
  async handler(request) {
    const { state, limit } = request.query as { state: 'pending' | 'onHold' | 'all'; limit: number };
    return { results: await kycOf(request).reviews.queue(projectOf(request), state, limit) };
  },
} satisfies ServerRoute;
