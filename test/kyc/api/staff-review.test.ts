// The main service's staff review (domain/kyc/kyc-review-service.ts) against the real
// microservice on loopback: the queue, one applicant with its documents and data, the
// document image's bytes, approve / reject RETRY / reject FINAL with a comment — each
// decision moving the user's mirror and recorded in the audit log with the staff actor.
import test from 'ava';
import nock from 'nock';
import { buildUser, type TestUser } from '../../factories/users.js';
import { startKycStack, waitFor, type KycStack } from '../../helpers/kyc.js';
import { documentPng, submitInhouseApplicant } from '../../helpers/kyc-inhouse.js';
import { selfScope } from '../../../domain/shared/scope.js';
import type { Actor } from '../../../domain/shared/actor.js';
import { DomainError } from '../../../jobs/runtime/errors.js';
import { KycReviewService } from '../../../domain/kyc/kyc-review-service.js';
import { KycClient } from '../../../domain/kyc/kyc-client.js';
import { httpStatusOf } from '../../../gateway/http/errors.js';

let stack: KycStack;
let staff: TestUser;
let staffActor: Actor;

test.before(async () => {
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
  stack = await startKycStack({ env: { KYC_ENGINE: 'inhouse' } });
  staff = await buildUser(stack.app.server, { is_staff: true });
  staffActor = { userId: staff.id, isStaff: true, scope: selfScope(staff.id) };
});
test.after.always(async () => {
  await stack?.stop();
  nock.enableNetConnect();
});

const reviews = () => stack.app.server.app.services.kycReview;
const knex = () => stack.app.server.app.platform.knex;
const json = (res: { payload: string }) => JSON.parse(res.payload);

async function applicantOf(user: TestUser, front?: Buffer) {
  const res = await stack.app.server.inject({ method: 'POST', url: '/api/v1/kyc/access-token/', headers: user.auth });
  if (res.statusCode !== 200) throw new Error(res.payload);
  const submitted = await submitInhouseApplicant(json(res), { front });
  const queue = await reviews().queue(staffActor, 'all', 200);
  const entry = queue.find((e) => e.external_user_id === user.id);
  if (!entry) throw new Error('the submitted applicant is not in the review queue');
  return { ...submitted, entry };
}

async function refused(t: import('ava').ExecutionContext, promise: Promise<unknown>, status: number, code: string) {
  const err = await t.throwsAsync(promise);
  t.true(err instanceof DomainError, String(err));
  t.is(httpStatusOf(err as DomainError), status, err?.message);
  t.is((err as DomainError).code, code);
}

test('the queue and one applicant: user, documents, data and checks, straight from the microservice', async (t) => {
  const user = await buildUser(stack.app.server, { first_name: 'Queued' });
  const { entry, number } = await applicantOf(user);
  t.is(entry.user?.email, user.email);
  t.is(entry.review_status, 'pending');
  t.is(entry.document_type, 'PASSPORT');
  t.true(entry.checks!.every((c) => c.passed));

  const one = await reviews().applicant(staffActor, entry.applicant_id);
  t.is(one.applicant_id, entry.applicant_id);
  t.true(one.reviewable);
  t.is(one.user?.id, user.id);
  t.is(one.status.status, 'in_review');
  t.is(one.attempt?.document?.document_number, number);
  t.is(one.attempt?.personal_data?.last_name, 'Lovelace');
  t.deepEqual(one.attempt?.images, { front: 'image/png', back: null });
  t.true(one.attempt!.checks!.some((c) => c.check === 'mrz' && c.passed));
});

test('a document image: the uploaded bytes and their type; a missing side, a bad side or id is 404', async (t) => {
  const user = await buildUser(stack.app.server);
  const front = await documentPng('#8844aa');
  const { entry } = await applicantOf(user, front);
  const image = await reviews().image(staffActor, entry.applicant_id, 'front');
  t.is(image.contentType, 'image/png');
  t.true(image.bytes.equals(front));
  await refused(t, reviews().image(staffActor, entry.applicant_id, 'back'), 404, 'image_not_found');
  await refused(t, reviews().image(staffActor, entry.applicant_id, 'side'), 404, 'image_not_found');
  await refused(t, reviews().image(staffActor, 'not-a-uuid', 'front'), 404, 'applicant_not_found');
  await refused(t, reviews().image(staffActor, '00000000-0000-4000-8000-000000000000', 'front'), 404, 'applicant_not_found');
  await refused(t, reviews().applicant(staffActor, '../../status/x'), 404, 'applicant_not_found');
  // the microservice's image route itself wants the project's key and secret
  const url = `${stack.kycUrl}/api/v1/kyc/review/applicants/${entry.applicant_id}/images/front`;
  t.is((await fetch(url)).status, 401);
  t.is((await fetch(url, { headers: { 'x-api-key': stack.env.KYC_API_KEY, 'x-api-secret': 'wrong-secret-wrong-secret' } })).status, 401);
  const direct = await fetch(url, { headers: { 'x-api-key': stack.env.KYC_API_KEY, 'x-api-secret': stack.env.KYC_API_SECRET } });
  t.is(direct.status, 200);
  t.is(direct.headers.get('cache-control'), 'no-store');
  t.is((await fetch(`${stack.kycUrl}/api/v1/kyc/review/applicants/${entry.applicant_id}/images/left`, { headers: { 'x-api-key': stack.env.KYC_API_KEY, 'x-api-secret': stack.env.KYC_API_SECRET } })).status, 400);
});

test('only staff review: a regular user is refused before anything is asked of the microservice', async (t) => {
  const user = await buildUser(stack.app.server);
  const { entry } = await applicantOf(user);
  const regular: Actor = { userId: user.id, isStaff: false, scope: selfScope(user.id) };
  await refused(t, reviews().queue(regular), 403, 'staff_only');
  await refused(t, reviews().applicant(regular, entry.applicant_id), 403, 'staff_only');
  await refused(t, reviews().image(regular, entry.applicant_id, 'front'), 403, 'staff_only');
  await refused(t, reviews().decide(regular, entry.applicant_id, { decision: 'approve' }), 403, 'staff_only');
  t.true((await reviews().applicant(staffActor, entry.applicant_id)).reviewable, 'nothing was decided');
});

test('approve: the mirror moves at once, the user sees approved over the API, the decision is audited with the staff actor', async (t) => {
  const user = await buildUser(stack.app.server);
  const { entry } = await applicantOf(user);
  const status = await reviews().decide(staffActor, entry.applicant_id, { decision: 'approve', comment: 'Looks right' }, { ip: '203.0.113.9' });
  t.is(status.status, 'approved');
  t.true(status.is_verified);
  const mirror = await knex()('kyc_mirror').where({ user_id: user.id }).first();
  t.is(mirror.status, 'approved', 'moved by the decision answer, before any callback');
  const seen = json(await stack.app.server.inject({ method: 'GET', url: '/api/v1/kyc/status/', headers: user.auth }));
  t.is(seen.status, 'approved');

  const [audit] = await knex()('system_audit_logs').where({ action: 'kyc.review_decision', entity_id: entry.applicant_id });
  t.is(audit.actor_id, staff.id);
  t.is(audit.entity_type, 'kyc_applicant');
  t.is(audit.ip, '203.0.113.9');
  t.is(audit.changes.decision, 'approve');
  t.is(audit.changes.user_id, user.id);
  t.is(audit.changes.status, 'approved');
  t.is(audit.changes.comment, '[redacted]', 'free text stays out of the log');
  const after = await reviews().applicant(staffActor, entry.applicant_id);
  t.false(after.reviewable);
  t.regex(after.attempt!.reviewed_by!, new RegExp(`${staff.email.replace(/[.+]/g, '\\$&')} \\(${staff.id}\\)`));

  await refused(t, reviews().decide(staffActor, entry.applicant_id, { decision: 'approve' }), 409, 'not_reviewable');
  t.is((await knex()('system_audit_logs').where({ action: 'kyc.review_decision', entity_id: entry.applicant_id })).length, 1, 'a refused decision records nothing');
  await waitFor('the approval notice', async () => (await knex()('notifications').where({ user_id: user.id, title: 'Identity verified' })).length === 1);
});

test('reject RETRY and reject FINAL: the user sees the type and the comment', async (t) => {
  const retryUser = await buildUser(stack.app.server);
  const retry = await applicantOf(retryUser);
  const r = await reviews().decide(staffActor, retry.entry.applicant_id, { decision: 'reject', reject_type: 'RETRY', comment: 'The photo is blurred; take it again in daylight.' });
  t.is(r.status, 'retry');
  const seenRetry = json(await stack.app.server.inject({ method: 'GET', url: '/api/v1/kyc/status/', headers: retryUser.auth }));
  t.is(seenRetry.reject_type, 'RETRY');
  t.is(seenRetry.moderation_comment, 'The photo is blurred; take it again in daylight.');

  const finalUser = await buildUser(stack.app.server);
  const final = await applicantOf(finalUser);
  const f = await reviews().decide(staffActor, final.entry.applicant_id, { decision: 'reject', reject_type: 'FINAL' });
  t.is(f.status, 'rejected');
  t.is((await knex()('kyc_mirror').where({ user_id: finalUser.id }).first()).status, 'rejected');
  const [audit] = await knex()('system_audit_logs').where({ action: 'kyc.review_decision', entity_id: final.entry.applicant_id });
  t.is(audit.changes.reject_type, 'FINAL');
  t.is(audit.actor_id, staff.id);
});

test('bad decisions are 400 with the field, and decide nothing', async (t) => {
  const user = await buildUser(stack.app.server);
  const { entry } = await applicantOf(user);
  const bad = async (input: unknown, field: string) => {
    const err = await t.throwsAsync(reviews().decide(staffActor, entry.applicant_id, input as never));
    t.is(httpStatusOf(err as DomainError), 400, `${JSON.stringify(input)}: ${err?.message}`);
    t.is(((err as DomainError).details as { path: string }[])[0].path, field);
  };
  await bad({ decision: 'reject' }, 'reject_type');
  await bad({ decision: 'reject', reject_type: 'SOMETIMES' }, 'reject_type');
  await bad({ decision: 'approve', reject_type: 'FINAL' }, 'reject_type');
  await bad({ decision: 'hold-my-beer' }, 'decision');
  await bad({ decision: 'approve', comment: 'x'.repeat(2001) }, 'comment');
  t.true((await reviews().applicant(staffActor, entry.applicant_id)).reviewable);
});

test('an unreachable microservice is 503 kyc_unavailable, not a 500', async (t) => {
  const platform = stack.app.server.app.platform;
  const closed = { ...platform, config: { ...platform.config, kycUrl: 'http://127.0.0.1:9' } } as typeof platform;
  const offline = new KycReviewService(closed, new KycClient(closed), stack.app.server.app.services.kyc.mirror);
  await refused(t, offline.queue(staffActor), 503, 'kyc_unavailable');
  await refused(t, offline.image(staffActor, '00000000-0000-4000-8000-000000000000', 'front'), 503, 'kyc_unavailable');
});
