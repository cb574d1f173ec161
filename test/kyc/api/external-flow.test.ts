// Full flows against the running microservice on loopback, the external provider
// mocked by nock: token → pending, webhooks → in_review → approved, RETRY → reset,
// FINAL, on hold, deleted applicants, and the user surface of the main service.
import crypto from 'node:crypto';
import test from 'ava';
import { jsonOf } from '../../helpers/http.js';
import nock from 'nock';
import { buildUser, type TestUser } from '../../factories/users.js';
import { MockProvider, signedWebhook, startKycStack, waitFor, type KycStack } from '../../helpers/kyc.js';
import { queueDrained } from '../../helpers/wait.js';

let stack: KycStack;
const provider = new MockProvider();

test.before(async () => {
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
  provider.install();
  stack = await startKycStack({ env: { KYC_ENGINE: 'external' } });
});
test.after.always(async () => {
  await stack?.stop();
  nock.cleanAll();
  nock.enableNetConnect();
});

const json = (res: { payload: string }) => JSON.parse(res.payload);
const call = (user: TestUser, method: 'GET' | 'POST', path: string) => stack.app.server.inject({ method, url: `/api/v1/kyc/${path}/`, headers: user.auth });
const knex = () => stack.app.server.app.platform.knex;
/** The signal that whatever a webhook enqueued (a re-pull, a callback) has run: the kyc queue has nothing left now. */
const kycJobsRan = () => queueDrained(stack.app.server.app.platform.producer.queue('kyc'), { timeoutMs: 30_000, message: 'kyc jobs ran' });
const mirror = (user: TestUser) => knex()('kyc_mirror').where({ user_id: user.id }).first();
const notifications = (user: TestUser) => knex()('notifications').where({ user_id: user.id, kind: 'kyc.status' }).orderBy('id');
const applicant = (user: TestUser) => knex()('kyc.applicants').where({ external_user_id: user.id, project_id: stack.project.id }).first();
const deliveries = async (user: TestUser) => knex()('kyc.callback_deliveries').where({ applicant_id: (await applicant(user)).id }).orderBy('version');

async function webhook(body: Record<string, unknown>, alg: Parameters<typeof signedWebhook>[2] = 'HMAC_SHA256_HEX', secret = stack.env.KYC_WEBHOOK_SECRET) {
  const { raw, headers } = signedWebhook(secret, body, alg);
  const res = await fetch(`${stack.kycUrl}/api/v1/kyc/webhook/sumsub/`, { method: 'POST', headers, body: raw });
  return { status: res.status, body: await jsonOf(res) };
}
const event = (user: TestUser, type: string, extra: Record<string, unknown> = {}) => ({ applicantId: provider.byUser(user.id).id, externalUserId: user.id, type, levelName: 'basic-kyc-level', createdAtMs: new Date().toISOString(), ...extra });
const mirrorIs = (user: TestUser, status: string, version?: number) => waitFor(`mirror ${status}`, async () => { const m = await mirror(user); return m && m.status === status && (version === undefined || m.version === version) && m; });

async function started(): Promise<TestUser> {
  const user = await buildUser(stack.app.server);
  const res = await call(user, 'POST', 'access-token');
  if (res.statusCode !== 200) throw new Error(res.payload);
  await waitFor('first callback', async () => (await mirror(user))?.notified_version === 1);
  return user;
}

test('first access token: applicant created at the provider, pending, SDK token, mirror and callback', async (t) => {
  const user = await buildUser(stack.app.server);
  const before = json(await call(user, 'GET', 'status'));
  t.is(before.status, 'not_started');
  t.true(before.can_start);
  t.is(before.provider, 'sumsub');

  const res = await call(user, 'POST', 'access-token');
  t.is(res.statusCode, 200, res.payload);
  const body = json(res);
  t.deepEqual(Object.keys(body).sort(), ['api_base', 'is_verified', 'level_name', 'project', 'provider', 'status', 'token', 'ttl_secs', 'user_id']);
  t.is(body.status, 'pending');
  t.is(body.provider, 'sumsub');
  t.is(body.api_base, '');
  t.is(body.ttl_secs, 600);
  t.is(body.user_id, user.id);
  t.is(body.project, stack.project.slug);
  t.false(body.is_verified);
  t.regex(body.token, /^_act-/);
  t.is(provider.byUser(user.id).levelName, 'basic-kyc-level');

  const m = await mirrorIs(user, 'pending');
  t.false(m.is_verified);
  await waitFor('callback delivered', async () => (await deliveries(user)).every((d: { state: string }) => d.state === 'delivered') && (await mirror(user))?.notified_version === 1);
  const notes = await notifications(user);
  t.is(notes.length, 1);
  t.is(notes[0].title, 'Verification started');
  t.is(provider.badSignatures, 0, 'every provider request carried a valid X-App-Access-Sig');

  // a second token links the same applicant and leaves the status alone
  const againRes = await call(user, 'POST', 'access-token');
  t.is(againRes.statusCode, 200, againRes.payload);
  t.is(json(againRes).status, 'pending');
  t.is([...provider.applicants.values()].filter((a) => a.externalUserId === user.id).length, 1);
});

test('webhooks move pending → in_review → approved with one notification and one callback per change', async (t) => {
  const user = await started();
  provider.set(user.id, { reviewStatus: 'pending' });
  const w1 = await webhook(event(user, 'applicantPending', { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } }));
  t.is(w1.status, 200);
  t.is(w1.body.status, 'ok');
  // the body claimed GREEN; the re-pull says pending: only the provider's review counts
  await mirrorIs(user, 'in_review', 2);

  provider.set(user.id, { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } });
  t.is((await webhook(event(user, 'applicantReviewed'))).status, 200);
  const m = await mirrorIs(user, 'approved', 3);
  t.true(m.is_verified);
  await waitFor('notified', async () => (await mirror(user)).notified_version === 3);

  const notes = await notifications(user);
  t.deepEqual(notes.map((n: { title: string }) => n.title), ['Verification started', 'Verification under review', 'Identity verified']);
  // the gateway answers after updating the mirror; the delivery row is marked right after
  const ds = await waitFor('deliveries marked', async () => { const rows = await deliveries(user); return rows.every((d: { state: string }) => d.state === 'delivered') && rows; });
  t.deepEqual(ds.map((d: { version: number; state: string }) => [d.version, d.state]), [[1, 'delivered'], [2, 'delivered'], [3, 'delivered']]);
  t.is(ds.filter((d: { snapshot: { status: string } }) => d.snapshot.status === 'approved').length, 1);
  const push = await knex()('push_outbox').where({ user_id: user.id });
  t.is(push.length, 3, 'every notification also went to the mobile-push outbox');

  const status = json(await call(user, 'GET', 'status'));
  t.is(status.status, 'approved');
  t.true(status.is_verified);
  t.false(status.can_start);
  t.truthy(status.verified_at);
  t.is(status.review_answer, 'GREEN');

  const token = await call(user, 'POST', 'access-token');
  t.is(token.statusCode, 409);
  t.is(json(token).error.code, 'already_verified');
  const reset = await call(user, 'POST', 'reset');
  t.is(reset.statusCode, 409);
});

test('RETRY: moderation comment shown, private comment kept; reset then a new token → pending', async (t) => {
  const user = await started();
  provider.set(user.id, { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'RETRY', rejectLabels: ['UNSATISFACTORY_PHOTOS'], moderationComment: 'The photo is blurred.', clientComment: 'internal: suspicious lighting' } });
  await webhook(event(user, 'applicantReviewed'));
  await mirrorIs(user, 'retry');
  const res = await call(user, 'GET', 'status');
  const s = json(res);
  t.is(s.status, 'retry');
  t.is(s.reject_type, 'RETRY');
  t.deepEqual(s.reject_labels, ['UNSATISFACTORY_PHOTOS']);
  t.is(s.moderation_comment, 'The photo is blurred.');
  t.true(s.can_start);
  t.false(res.payload.includes('suspicious'), 'the provider private comment never leaves the microservice');
  const callbackBodies = (await deliveries(user)).map((d: { snapshot: unknown }) => JSON.stringify(d.snapshot)).join();
  t.false(callbackBodies.includes('suspicious'));
  await waitFor('retry notice', async () => (await notifications(user)).some((n: { title: string }) => n.title === 'Verification needs another try'));

  const reset = await call(user, 'POST', 'reset');
  t.is(reset.statusCode, 200, reset.payload);
  t.deepEqual(Object.keys(json(reset)).sort(), ['detail', 'status']);
  const token = await call(user, 'POST', 'access-token');
  t.is(token.statusCode, 200);
  t.is(json(token).status, 'pending');
  await mirrorIs(user, 'pending');
  t.true(provider.calls.some((c) => c.method === 'POST' && c.path.endsWith('/reset')));
});

test('FINAL rejection: rejected, declined notice, reset and access-token refused alike', async (t) => {
  const user = await started();
  provider.set(user.id, { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['FORGERY'] } });
  await webhook(event(user, 'applicantReviewed'));
  const m = await mirrorIs(user, 'rejected');
  t.false(m.is_verified);
  await waitFor('declined', async () => (await notifications(user)).some((n: { title: string }) => n.title === 'Verification declined'));
  const reset = await call(user, 'POST', 'reset');
  t.is(reset.statusCode, 409);
  t.is(json(reset).error.code, 'verification_final');
  // access-token agrees with reset: no new SDK token after a final rejection
  const token = await call(user, 'POST', 'access-token');
  t.is(token.statusCode, 409, token.payload);
  t.is(json(token).error.code, 'verification_final');
  t.is(json(await call(user, 'GET', 'status')).reject_type, 'FINAL');
});

test('on hold, and an unknown event type, are re-pulled like any other; neither a hold nor a review can be reset by the user', async (t) => {
  const user = await started();
  provider.set(user.id, { reviewStatus: 'onHold' });
  await webhook(event(user, 'applicantOnHold'));
  await mirrorIs(user, 'on_hold');
  const mine = provider.byUser(user.id).id;
  const resetCalls = () => provider.calls.filter((c) => c.method === 'POST' && c.path.includes(mine) && c.path.endsWith('/reset')).length;
  const before = resetCalls();
  const held = await call(user, 'POST', 'reset');
  t.is(held.statusCode, 409, held.payload);
  t.is(json(held).error.code, 'verification_on_hold');
  provider.set(user.id, { reviewStatus: 'queued' });
  t.is((await webhook(event(user, 'applicantSomethingNew'))).status, 200);
  await mirrorIs(user, 'in_review');
  const reviewing = await call(user, 'POST', 'reset');
  t.is(reviewing.statusCode, 409, reviewing.payload);
  t.is(json(reviewing).error.code, 'verification_in_review');
  t.is(resetCalls(), before, 'the provider was never asked to reset');
  t.is(json(await call(user, 'GET', 'status')).status, 'in_review');
});

test('a signed webhook with a NUL, half a surrogate pair or nesting 6,000 deep is recorded and re-pulled, never a 500', async (t) => {
  const user = await started();
  provider.set(user.id, { reviewStatus: 'queued' });
  const mine = provider.byUser(user.id).id;
  const head = JSON.stringify(event(user, 'applicantPending')).slice(0, -1);
  const bodies = [`${head},"note":"a\\u0000b"}`, `${head},"note":"\\ud800"}`, `${head},"deep":${'['.repeat(6000)}${']'.repeat(6000)}}`];
  for (const raw of bodies) {
    const digest = crypto.createHmac('sha256', stack.env.KYC_WEBHOOK_SECRET).update(raw).digest('hex');
    const res = await fetch(`${stack.kycUrl}/api/v1/kyc/webhook/sumsub/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-payload-digest': digest }, body: raw });
    t.is(res.status, 200, await res.text());
  }
  await mirrorIs(user, 'in_review');
  const rows = await knex()('kyc.webhooks').where({ provider_applicant_id: mine, event_type: 'applicantPending' });
  t.deepEqual(rows.map((r: { payload: { unstorable: string } }) => r.payload.unstorable).sort(), ['invalid_unicode', 'nesting_too_deep', 'nul_character']);
});

test('a bad digest is 400 and changes nothing', async (t) => {
  const user = await started();
  provider.set(user.id, { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } });
  const mine = provider.byUser(user.id).id;
  const statusReads = () => provider.calls.filter((c) => c.path === `/resources/applicants/${mine}/status`).length;
  const reads = statusReads();
  const recorded = () => knex()('kyc.webhooks').where({ provider_applicant_id: mine }).count({ n: '*' }).first();
  const webhooks = await recorded();
  const forged = await webhook(event(user, 'applicantReviewed'), 'HMAC_SHA256_HEX', 'not-the-secret');
  t.is(forged.status, 400);
  t.is(forged.body.error.code, 'invalid_signature');
  const { raw } = signedWebhook(stack.env.KYC_WEBHOOK_SECRET, event(user, 'applicantReviewed'));
  const missing = await fetch(`${stack.kycUrl}/api/v1/kyc/webhook/sumsub/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw });
  t.is(missing.status, 400);
  const badAlg = await fetch(`${stack.kycUrl}/api/v1/kyc/webhook/sumsub/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-payload-digest': 'ab', 'x-payload-digest-alg': 'MD5' }, body: raw });
  t.is(badAlg.status, 400);
  // a correct digest over a different body (the body was altered in transit)
  const { headers } = signedWebhook(stack.env.KYC_WEBHOOK_SECRET, event(user, 'applicantReviewed'));
  const altered = await fetch(`${stack.kycUrl}/api/v1/kyc/webhook/sumsub/`, { method: 'POST', headers, body: raw.replace('applicantReviewed', 'applicantPending') });
  t.is(altered.status, 400);
  await kycJobsRan();
  t.is(statusReads(), reads, 'no re-pull');
  t.deepEqual(await recorded(), webhooks, 'nothing recorded');
  t.is((await mirror(user)).status, 'pending');
  const wrongProvider = await fetch(`${stack.kycUrl}/api/v1/kyc/webhook/other/`, { method: 'POST', headers, body: raw });
  t.is(wrongProvider.status, 404);
});

for (const alg of ['HMAC_SHA256_HEX', 'HMAC_SHA1_HEX', 'HMAC_SHA512_HEX', null] as const) {
  test(`digest algorithm ${alg ?? '(header absent: SHA-256)'} is accepted`, async (t) => {
    const user = await started();
    provider.set(user.id, { reviewStatus: 'prechecked' });
    const res = await webhook(event(user, 'applicantPending', { nonce: alg }), alg);
    t.is(res.status, 200);
    await mirrorIs(user, 'in_review');
    if (alg && alg !== 'HMAC_SHA256_HEX') {
      // the header names the algorithm: a SHA-256 digest under another name is refused
      const { raw, headers } = signedWebhook(stack.env.KYC_WEBHOOK_SECRET, event(user, 'applicantPending'), 'HMAC_SHA256_HEX');
      const res2 = await fetch(`${stack.kycUrl}/api/v1/kyc/webhook/sumsub/`, { method: 'POST', headers: { ...headers, 'x-payload-digest-alg': alg }, body: raw });
      t.is(res2.status, 400);
    }
  });
}

test('duplicate and reordered webhooks change nothing twice', async (t) => {
  const user = await started();
  provider.set(user.id, { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } });
  const reviewed = event(user, 'applicantReviewed');
  const late = event(user, 'applicantPending', { createdAtMs: '2020-01-01T00:00:00Z' });
  const results = await Promise.all([webhook(reviewed), webhook(reviewed), webhook(late), webhook(reviewed), webhook(late)]);
  t.true(results.every((r) => r.status === 200));
  await mirrorIs(user, 'approved');
  await kycJobsRan();
  await webhook(late); // arrives after the decision
  await kycJobsRan();
  const ds = await deliveries(user);
  t.deepEqual(ds.map((d: { snapshot: { status: string } }) => d.snapshot.status), ['pending', 'approved']);
  const notes = await notifications(user);
  t.is(notes.filter((n: { title: string }) => n.title === 'Identity verified').length, 1);
  const history = await knex()('kyc.status_history').where({ applicant_id: (await applicant(user)).id }).orderBy('version');
  t.deepEqual(history.map((h: { to_status: string }) => h.to_status), ['pending', 'approved']);
  const recorded = await knex()('kyc.webhooks').where({ applicant_id: (await applicant(user)).id });
  t.is(recorded.length, 2, 'one row per distinct body');
  t.true(recorded.some((w: { received_count: number }) => w.received_count >= 3));
  t.is((await mirror(user)).status, 'approved');
});

test('applicantDeleted: the re-pull answers 404, a terminal state, not an endless retry', async (t) => {
  const user = await started();
  const a = provider.byUser(user.id);
  a.deleted = true;
  await webhook({ applicantId: a.id, externalUserId: user.id, type: 'applicantDeleted' });
  await mirrorIs(user, 'not_started');
  const row = await applicant(user);
  t.truthy(row.provider_deleted_at);
  const reads = provider.calls.filter((c) => c.path === `/resources/applicants/${a.id}/status`).length;
  await webhook({ applicantId: a.id, externalUserId: user.id, type: 'applicantDeleted', again: true });
  await kycJobsRan();
  t.is(provider.calls.filter((c) => c.path === `/resources/applicants/${a.id}/status`).length, reads, 'no more provider reads for a deleted applicant');
  const s = json(await call(user, 'GET', 'status'));
  t.is(s.status, 'not_started');
  t.is(s.applicant_id, '');
  // a new token creates a new applicant at the provider; the version keeps growing
  const token = await call(user, 'POST', 'access-token');
  t.is(json(token).status, 'pending');
  t.not(provider.byUser(user.id).id, a.id);
  await mirrorIs(user, 'pending', 3);
});

test('refresh forces a re-pull; a provider outage is a clear 503 and the job retries', async (t) => {
  const user = await started();
  provider.set(user.id, { reviewStatus: 'queued' });
  const res = await call(user, 'POST', 'refresh');
  t.is(res.statusCode, 200);
  t.is(json(res).status, 'in_review');
  t.truthy(json(res).last_synced_at);
  await mirrorIs(user, 'in_review');
  const mine = provider.byUser(user.id).id;
  provider.failStatus.set(mine, 500);
  const down = await call(user, 'POST', 'refresh');
  t.is(down.statusCode, 503);
  t.is(json(down).error.code, 'provider_error');
  // a webhook during the outage: the re-pull job retries until the provider answers again
  provider.set(user.id, { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } });
  await webhook(event(user, 'applicantReviewed'));
  await waitFor('a failed re-pull attempt', async () => provider.calls.filter((c) => c.path === `/resources/applicants/${mine}/status`).length >= 3);
  t.is((await mirror(user)).status, 'in_review');
  provider.failStatus.delete(mine);
  await mirrorIs(user, 'approved');
});

test('the sweeper re-pulls applicants left waiting longer than the sweep age', async (t) => {
  const user = await started();
  provider.set(user.id, { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } });
  // no webhook arrives (the provider gave up); the row looks stale
  await knex()('kyc.applicants').where({ id: (await applicant(user)).id }).update({ last_synced_at: new Date(Date.now() - 3 * 3600_000) });
  const result = await stack.kycServices.sweep.run();
  t.true(result.repulls_queued >= 1);
  await mirrorIs(user, 'approved');
});

test('the microservice surface: exact shapes, X-Api-Key and X-Api-Secret', async (t) => {
  const headers = { 'x-api-key': stack.env.KYC_API_KEY, 'x-api-secret': stack.env.KYC_API_SECRET, 'content-type': 'application/json' };
  const branding = await fetch(`${stack.kycUrl}/api/v1/kyc/branding`, { headers });
  t.is(branding.status, 200);
  t.deepEqual(Object.keys(await jsonOf(branding)).sort(), ['logo_url', 'name', 'primary_color', 'project', 'provider', 'support_email']);
  const status = await fetch(`${stack.kycUrl}/api/v1/kyc/status/someone-else`, { headers });
  const s = await jsonOf(status);
  t.is(status.status, 200);
  t.deepEqual(Object.keys(s).sort(), ['applicant_id', 'can_start', 'external_user_id', 'is_verified', 'last_synced_at', 'level_name', 'moderation_comment', 'project', 'provider', 'reject_labels', 'reject_type', 'review_answer', 'review_status', 'status', 'updated_at', 'verified_at']);
  t.is(s.status, 'not_started');
  t.deepEqual(s.reject_labels, []);
  t.is(s.verified_at, null);
  const noKey = await fetch(`${stack.kycUrl}/api/v1/kyc/branding`);
  t.is(noKey.status, 401);
  t.is((await jsonOf(noKey)).error.code, 'api_key_missing');
  const badKey = await fetch(`${stack.kycUrl}/api/v1/kyc/branding`, { headers: { 'x-api-key': 'kyc_nope_0000000' } });
  t.is(badKey.status, 401);
  const badSecret = await fetch(`${stack.kycUrl}/api/v1/kyc/branding`, { headers: { ...headers, 'x-api-secret': 'wrong' } });
  t.is(badSecret.status, 401);
  t.is((await jsonOf(badSecret)).error.code, 'api_secret_invalid');
  const missingField = await fetch(`${stack.kycUrl}/api/v1/kyc/access-token`, { method: 'POST', headers, body: JSON.stringify({ level_name: null }) });
  t.is(missingField.status, 400);
  t.is((await jsonOf(missingField)).error.details[0].path, 'external_user_id');
  const wrongType = await fetch(`${stack.kycUrl}/api/v1/kyc/reset`, { method: 'POST', headers, body: JSON.stringify({ external_user_id: 42 }) });
  t.is(wrongType.status, 400);
  const malformed = await fetch(`${stack.kycUrl}/api/v1/kyc/refresh`, { method: 'POST', headers, body: '{"external_user_id":' });
  t.is(malformed.status, 400);
  const staffWithoutSecret = await fetch(`${stack.kycUrl}/api/v1/kyc/review/applicants`, { headers: { 'x-api-key': stack.env.KYC_API_KEY } });
  t.is(staffWithoutSecret.status, 401);
  const index = await jsonOf(await fetch(`${stack.kycUrl}/`));
  t.is(index.interface_version, '2.0.0');
  const root = await stack.app.server.inject({ method: 'GET', url: '/api/' });
  t.is(json(root).verification.interface_version, '2.0.0');
});
