// KYC review in the admin (/admin/kyc/…) against the real microservice on loopback:
// the queue, the applicant page with its data, checks and images, the image route
// (the microservice's bytes, their type, no-store, staff only), and the decision form
// (approve, reject RETRY or FINAL with a comment) — CSRF-protected, audited, the user's
// status moving over the API. Bad ids 404, bad input the page again with the problem.
import test from 'ava';
import nock from 'nock';
import { buildUser, type TestUser } from '../../factories/users.js';
import { startKycStack, type KycStack } from '../../helpers/kyc.js';
import { documentPng, submitInhouseApplicant } from '../../helpers/kyc-inhouse.js';
import { AdminAgent, adminAgent } from '../../helpers/admin.js';

let stack: KycStack;
let staff: TestUser;
let agent: AdminAgent;

test.before(async () => {
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
  stack = await startKycStack({ env: { KYC_ENGINE: 'inhouse' } });
  staff = await buildUser(stack.app.server, { is_staff: true });
  agent = await adminAgent(stack.app.server, staff.email, staff.password);
});
test.after.always(async () => {
  await stack?.stop();
  nock.enableNetConnect();
});

const server = () => stack.app.server;
const knex = () => server().app.platform.knex;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** A user with a submitted in-house applicant; its id read from the admin's own queue page. */
async function submittedApplicant(front?: Buffer) {
  const user = await buildUser(server());
  const res = await server().inject({ method: 'POST', url: '/api/v1/kyc/access-token/', headers: user.auth });
  if (res.statusCode !== 200) throw new Error(res.payload);
  const submitted = await submitInhouseApplicant(JSON.parse(res.payload), { front });
  const queue = await agent.get('/admin/kyc/');
  const row = new RegExp(`<tr data-applicant="([0-9a-f-]{36})">(?:(?!</tr>).)*${user.email.replace(/[.+]/g, '\\$&')}`, 's').exec(queue.body);
  if (!row) throw new Error(`the applicant of ${user.email} is not on the queue page`);
  return { user, applicantId: row[1], ...submitted };
}

const userStatus = async (user: TestUser) => JSON.parse((await server().inject({ method: 'GET', url: '/api/v1/kyc/status/', headers: user.auth })).payload) as { status: string; reject_type: string; moderation_comment: string };

test('the queue page lists the applicant with its user and links to the applicant page', async (t) => {
  const { user, applicantId } = await submittedApplicant();
  const page = await agent.get('/admin/kyc/');
  t.is(page.status, 200);
  t.is(page.headers['cache-control'], 'no-store');
  t.true(page.body.includes(user.email));
  t.true(page.body.includes(`href="/admin/kyc/${applicantId}/"`));
  t.is((await agent.get('/admin/kyc/?state=onHold')).status, 200);
  t.is((await agent.get('/admin/kyc/?state=everything')).status, 400);
});

test('the applicant page: user, document number, personal data, checks, the image and the decision form', async (t) => {
  const { user, applicantId, number } = await submittedApplicant();
  const page = await agent.get(`/admin/kyc/${applicantId}/`);
  t.is(page.status, 200);
  t.true(page.body.includes(user.email));
  t.true(page.body.includes(number));
  t.true(page.body.includes('Lovelace'));
  t.regex(page.body, /<td>mrz<\/td><td>passed/);
  t.true(page.body.includes(`<img src="/admin/kyc/${applicantId}/images/front"`));
  t.true(page.body.includes('id="decision-form"'));
  t.true(page.body.includes(`name="admin_crumb" value="${agent.crumb}"`));
  t.regex(String(page.headers['content-security-policy']), /img-src 'self'/, 'the page may show its own images');
});

test('the image route: the uploaded bytes with their type, never cached; other sides and ids 404; no session, no image', async (t) => {
  const front = await documentPng('#336699');
  const { applicantId } = await submittedApplicant(front);
  const res = await server().inject({ method: 'GET', url: `/admin/kyc/${applicantId}/images/front`, headers: { cookie: agent.cookieHeader } });
  t.is(res.statusCode, 200);
  t.is(res.headers['content-type'], 'image/png');
  t.is(res.headers['cache-control'], 'no-store');
  t.is(res.headers['x-content-type-options'], 'nosniff');
  t.true(res.rawPayload.equals(front));
  for (const url of [`/admin/kyc/${applicantId}/images/back`, `/admin/kyc/${applicantId}/images/left`, `/admin/kyc/${UNKNOWN}/images/front`, '/admin/kyc/not-an-id/images/front']) {
    t.is((await agent.get(url)).status, 404, url);
  }
  const anonymous = await server().inject({ method: 'GET', url: `/admin/kyc/${applicantId}/images/front` });
  t.is(anonymous.statusCode, 303);
  t.regex(String(anonymous.headers.location), /^\/admin\/login\//);
  t.is(anonymous.rawPayload.length, 0);
  const bearer = await server().inject({ method: 'GET', url: `/admin/kyc/${applicantId}/images/front`, headers: staff.auth });
  t.is(bearer.statusCode, 303, 'an API token is no admin session');
});

test('approve: 303 to the page with a notice, the user approved over the API, the decision audited with the staff actor; a second decision is 409', async (t) => {
  const { user, applicantId } = await submittedApplicant();
  const res = await agent.post(`/admin/kyc/${applicantId}/decision/`, { verdict: 'approve', comment: '' });
  t.is(res.status, 303);
  t.is(res.location, `/admin/kyc/${applicantId}/?done=approve`);
  const page = await agent.get(res.location!);
  t.true(page.body.includes('id="notice"'));
  t.regex(page.body, /<td id="kyc-status">approved<\/td>/);
  t.false(page.body.includes('id="decision-form"'));
  t.is((await userStatus(user)).status, 'approved');

  const [audit] = await knex()('system_audit_logs').where({ action: 'kyc.review_decision', entity_id: applicantId });
  t.is(audit.actor_id, staff.id);
  t.is(audit.changes.decision, 'approve');
  t.is(audit.changes.user_id, user.id);

  const again = await agent.post(`/admin/kyc/${applicantId}/decision/`, { verdict: 'reject_final', comment: '' });
  t.is(again.status, 409);
  t.is((await userStatus(user)).status, 'approved');
});

test('reject RETRY with a comment (hostile text shown escaped) and reject FINAL', async (t) => {
  const retry = await submittedApplicant();
  const comment = '<img src=x onerror=alert(1)> Take the photo again.';
  t.is((await agent.post(`/admin/kyc/${retry.applicantId}/decision/`, { verdict: 'reject_retry', comment })).status, 303);
  const seen = await userStatus(retry.user);
  t.is(seen.status, 'retry');
  t.is(seen.reject_type, 'RETRY');
  t.is(seen.moderation_comment, comment);
  const page = await agent.get(`/admin/kyc/${retry.applicantId}/`);
  t.false(page.body.includes('<img src=x'));
  t.true(page.body.includes('&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;'));

  const final = await submittedApplicant();
  t.is((await agent.post(`/admin/kyc/${final.applicantId}/decision/`, { verdict: 'reject_final', comment: 'Document reported stolen.' })).status, 303);
  t.is((await userStatus(final.user)).status, 'rejected');
});

test('bad input is the page again with the problem (400), the comment kept, nothing decided', async (t) => {
  const { user, applicantId } = await submittedApplicant();
  for (const fields of [{ comment: 'no verdict' }, { verdict: 'maybe', comment: 'unknown verdict' }, { verdict: 'reject_retry', comment: 'x'.repeat(2001) }]) {
    const res = await agent.post(`/admin/kyc/${applicantId}/decision/`, fields);
    t.is(res.status, 400, JSON.stringify(fields).slice(0, 80));
    t.true(res.body.includes('id="form-error"'));
    t.true(res.body.includes('id="decision-form"'));
  }
  // a NUL is refused at the edge (the input guard): the error page names it
  const nul = await agent.post(`/admin/kyc/${applicantId}/decision/`, { verdict: 'approve', comment: 'nul \u0000 inside' });
  t.is(nul.status, 400);
  t.regex(nul.body, /NUL/);
  const kept = await agent.post(`/admin/kyc/${applicantId}/decision/`, { comment: 'please keep me' });
  t.true(kept.body.includes('>please keep me</textarea>'));
  t.is((await userStatus(user)).status, 'in_review');
});

test('bad ids are 404 on the applicant page and the decision', async (t) => {
  for (const id of ['not-an-id', UNKNOWN]) {
    t.is((await agent.get(`/admin/kyc/${id}/`)).status, 404, id);
    t.is((await agent.post(`/admin/kyc/${id}/decision/`, { verdict: 'approve', comment: '' })).status, 404, id);
  }
});

test('CSRF: a decision without its token, or with another, is 403 and decides nothing', async (t) => {
  const { user, applicantId } = await submittedApplicant();
  t.is((await agent.post(`/admin/kyc/${applicantId}/decision/`, { verdict: 'approve', comment: '' }, { crumb: false })).status, 403);
  t.is((await agent.post(`/admin/kyc/${applicantId}/decision/`, { verdict: 'approve', comment: '' }, { crumb: 'x'.repeat(43) })).status, 403);
  t.is((await userStatus(user)).status, 'in_review');
  t.is((await knex()('system_audit_logs').where({ action: 'kyc.review_decision', entity_id: applicantId })).length, 0);
});

test('staff only: no session goes to the sign-in page; a regular user gets no session', async (t) => {
  const { user, applicantId } = await submittedApplicant();
  const anonymous = new AdminAgent(server());
  for (const url of ['/admin/kyc/', `/admin/kyc/${applicantId}/`]) {
    const res = await anonymous.get(url);
    t.is(res.status, 303, url);
    t.is(res.location, `/admin/login/?next=${encodeURIComponent(url)}`);
  }
  await anonymous.get('/admin/login/');
  const post = await anonymous.post(`/admin/kyc/${applicantId}/decision/`, { verdict: 'approve', comment: '' });
  t.is(post.status, 303);
  t.regex(post.location ?? '', /^\/admin\/login\//);
  const regular = new AdminAgent(server());
  await regular.signIn(user.email, user.password);
  t.false(regular.jar.has('admin_sid'));
  t.is((await regular.post(`/admin/kyc/${applicantId}/decision/`, { verdict: 'approve', comment: '' })).status, 303);
  t.is((await userStatus(user)).status, 'in_review');
});
