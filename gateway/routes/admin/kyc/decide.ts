import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { actor } from '../../../plugins/scope.js';
import { clientAddress } from '../../../plugins/client-address.js';
import { MAX_COMMENT, type ReviewDecisionIn } from '../../../../domain/kyc/kyc-review-service.js';
import { formOptions } from '../routes-shared.js';
import { formProblem, reRenderOnInvalid } from '../form-problem.js';
import { renderApplicant, VERDICTS, type Verdict } from './applicant.js';

const DECISIONS: Record<Verdict, ReviewDecisionIn> = {
  approve: { decision: 'approve' },
  reject_retry: { decision: 'reject', reject_type: 'RETRY' },
  reject_final: { decision: 'reject', reject_type: 'FINAL' },
};

// The decision on an applicant (one button per verdict, a comment shown to the user); audited by the service.
export default {
  method: 'POST',
  path: '/admin/kyc/{applicant_id}/decision/',
  options: {
    ...formOptions,
    description: 'Staff admin: approve or reject a KYC applicant',
    validate: {
      params: Joi.object({ applicant_id: Joi.string().max(64).required() }),
      payload: Joi.object({
        verdict: Joi.string().valid(...Object.keys(VERDICTS)).required().messages({ 'any.required': 'choose approve, reject (retry) or reject (final)' }),
        comment: Joi.string().max(MAX_COMMENT).allow('').default(''),
      }),
      failAction: reRenderOnInvalid('decision', (request, h, problem) => renderApplicant(request, h, { problem, values: request.payload as Record<string, unknown> })),
    },
  },
  async handler(request, h) {
    const id = String(request.params.applicant_id);
    const { verdict, comment } = request.payload as { verdict: Verdict; comment: string };
    try {
      await request.server.app.services.kycReview.decide(actor(request), id, { ...DECISIONS[verdict], comment }, { ip: clientAddress(request) });
    } catch (err) {
      const problem = formProblem('decision', err);
      if (!problem) throw err;
      return (await renderApplicant(request, h, { problem, values: { comment } })).code(400);
    }
    return h.redirect(`/admin/kyc/${encodeURIComponent(id)}/?done=${verdict}`).code(303);
  },
} satisfies ServerRoute;
