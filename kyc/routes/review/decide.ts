import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { StatusOutSchema } from '../../../jobs/kyc-contract.js';
import { errorDocs } from '../../../gateway/http/errors.js';
import type { Decision } from '../../services/review-service.js';
import { kycOf, projectOf } from '../../plugins/auth.js';
import { versioned } from '../respond.js';

export default {
  method: 'POST',
  path: '/api/v1/kyc/review/applicants/{applicant_id}/decision',
  options: {
    auth: 'project-staff',
    tags: ['kyc'],
    description: 'Staff: approve, reject (RETRY or FINAL, with a moderation comment) or hold the current attempt',
    notes: 'The answer carries the applicant\'s status version in X-Kyc-Version. The decision goes through the same status-change path as the external provider (version bump, signed callback). 409 not_reviewable unless the attempt is submitted or on hold.',
    validate: {
      params: Joi.object({ applicant_id: Joi.string().guid().required() }),
      payload: Joi.object({
        decision: Joi.string().valid('approve', 'reject', 'hold').required(),
        reject_type: Joi.string().valid('RETRY', 'FINAL').when('decision', { is: 'reject', then: Joi.required(), otherwise: Joi.forbidden() }),
        moderation_comment: Joi.string().max(2000).allow('').description('shown to the user'),
        client_comment: Joi.string().max(2000).allow('').description('private: never leaves the microservice'),
        reject_labels: Joi.array().items(Joi.string().max(64)).max(20),
        reviewer: Joi.string().trim().min(1).max(200).required().description('who decides (recorded on the attempt)'),
      }).label('ReviewDecisionIn'),
    },
    response: { status: { 200: StatusOutSchema } },
    plugins: errorDocs(400, 401, 404, 409),
  },
  handler: async (request, h) => versioned(h, await kycOf(request).reviews.decide(projectOf(request), (request.params as { applicant_id: string }).applicant_id, request.payload as Decision)),
} satisfies ServerRoute;
