import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { actor } from '../../../plugins/scope.js';
import { REVIEW_STATES, type ReviewState } from '../../../../domain/kyc/kyc-review-service.js';
import { pageOptions, validationFailAction } from '../routes-shared.js';

const STATE_LABELS: Record<ReviewState, string> = { all: 'Awaiting a decision', pending: 'Submitted', onHold: 'On hold' };

// The in-house verification applicants awaiting review, oldest first, from the microservice's staff API.
export default {
  method: 'GET',
  path: '/admin/kyc/',
  options: {
    ...pageOptions,
    description: 'Staff admin: the KYC review queue',
    validate: { query: Joi.object({ state: Joi.string().valid(...REVIEW_STATES).default('all') }), failAction: validationFailAction },
  },
  async handler(request, h) {
    const { state } = request.query as { state: ReviewState };
    const entries = await request.server.app.services.kycReview.queue(actor(request), state, 200);
    return h.view('kyc-queue', {
      title: 'KYC review',
      states: REVIEW_STATES.map((s) => ({ value: s, label: STATE_LABELS[s], current: s === state })),
      entries: entries.map((e) => ({
        ...e,
        href: `/admin/kyc/${e.applicant_id}/`,
        who: e.user ? `${e.user.name || e.user.email} <${e.user.email}>` : e.external_user_id,
        failed: (e.checks ?? []).filter((c) => !c.passed).length,
      })),
    });
  },
} satisfies ServerRoute;
