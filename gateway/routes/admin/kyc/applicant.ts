import Joi from 'joi';
import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import { actor } from '../../../plugins/scope.js';
import { pageOptions, validationFailAction } from '../routes-shared.js';
import type { FormProblem } from '../form-problem.js';

export const VERDICTS = { approve: 'approve', reject_retry: 'reject RETRY', reject_final: 'reject FINAL' } as const;
export type Verdict = keyof typeof VERDICTS;

const DONE: Record<Verdict, string> = {
  approve: 'Approved: the user is verified.',
  reject_retry: 'Rejected (RETRY): the user may correct the documents and submit again.',
  reject_final: 'Rejected (FINAL): the user cannot verify again.',
};

/** The applicant's page: status, user, document, personal data, checks, images, and the decision form while one is due. */
export async function renderApplicant(request: Request, h: ResponseToolkit, opts: { problem?: FormProblem; values?: Record<string, unknown>; done?: Verdict } = {}) {
  const id = String(request.params.applicant_id);
  const a = await request.server.app.services.kycReview.applicant(actor(request), id);
  const attempt = a.attempt;
  const images = attempt
    ? (['front', 'back'] as const)
        .filter((side) => attempt.images[side])
        .map((side) => ({ side, href: `/admin/kyc/${a.applicant_id}/images/${side}`, isPdf: attempt.images[side] === 'application/pdf', type: attempt.images[side] }))
    : [];
  const data = Object.entries(attempt?.personal_data ?? {}).map(([key, value]) => ({ key, value: typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value) }));
  return h.view('kyc-applicant', {
    title: `KYC applicant ${a.user?.email ?? a.status.external_user_id}`,
    a,
    attempt,
    images,
    data,
    userHref: a.user ? `/admin/users/${a.user.id}/` : null,
    notice: opts.done ? DONE[opts.done] : null,
    problem: opts.problem ?? null,
    comment: typeof opts.values?.comment === 'string' ? opts.values.comment : '',
  });
}

export default {
  method: 'GET',
  path: '/admin/kyc/{applicant_id}/',
  options: {
    ...pageOptions,
    description: 'Staff admin: one KYC applicant and the decision form',
    // a malformed id is a 404 from the service, like an unknown one
    validate: { params: Joi.object({ applicant_id: Joi.string().max(64).required() }), query: Joi.object({ done: Joi.string().valid(...Object.keys(VERDICTS)) }), failAction: validationFailAction },
  },
  handler: (request, h) => renderApplicant(request, h, { done: (request.query as { done?: Verdict }).done }),
} satisfies ServerRoute;
