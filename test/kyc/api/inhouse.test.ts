// The in-house engine end to end, through the main service and the microservice on
// loopback: token with api_base, documents (multipart), personal data, submit, the
// automatic checks (expiry, age, MRZ check digits, duplicate documents) and the
// staff review, each reported through the same callback path.
import zlib from 'node:zlib';
import test from 'ava';
import { jsonOf } from '../../helpers/http.js';
import nock from 'nock';
import sharp from 'sharp';
import { buildUser, type TestUser } from '../../factories/users.js';
import { startKycStack, waitFor, type KycStack } from '../../helpers/kyc.js';

let stack: KycStack;
let png: Buffer;

test.before(async () => {
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
  stack = await startKycStack({ env: { KYC_ENGINE: 'inhouse' } });
  png = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#ccddee' } }).png().toBuffer();
});
test.after.always(async () => {
  await stack?.stop();
  nock.enableNetConnect();
});

const json = (res: { payload: string }) => JSON.parse(res.payload);
const knex = () => stack.app.server.app.platform.knex;
const mirror = (user: TestUser) => knex()('kyc_mirror').where({ user_id: user.id }).first();
const mirrorIs = (user: TestUser, status: string) => waitFor(`mirror ${status}`, async () => { const m = await mirror(user); return m?.status === status && m; });
const staffHeaders = () => ({ 'x-api-key': stack.env.KYC_API_KEY, 'x-api-secret': stack.env.KYC_API_SECRET, 'content-type': 'application/json' });

// ICAO 9303 check digit (weights 7, 3, 1)
function cd(s: string): string {
  const v = (c: string) => (c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
  return String([...s].reduce((sum, c, i) => sum + v(c) * [7, 3, 1][i % 3], 0) % 10);
}
const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
function td3(number: string, dob: string, expiry: string): string {
  const doc = number.padEnd(9, '<');
  const personal = '<'.repeat(14);
  const a = doc + cd(doc);
  const b = yymmdd(dob) + cd(yymmdd(dob));
  const c = yymmdd(expiry) + cd(yymmdd(expiry)) + personal + cd(personal);
  const line2 = `${a}UTO${b}F${c}${cd(a + b + c)}`;
  return `${'P<UTOLOVELACE<<ADA'.padEnd(44, '<')}\n${line2}`;
}
const future = `${new Date().getUTCFullYear() + 5}-06-30`;
const past = `${new Date().getUTCFullYear() - 1}-01-31`;
const uniqueNumber = () => `X${Math.floor(Math.random() * 1e8).toString().padStart(8, '0')}`;

async function token(user: TestUser) {
  const res = await stack.app.server.inject({ method: 'POST', url: '/api/v1/kyc/access-token/', headers: user.auth });
  if (res.statusCode !== 200) throw new Error(res.payload);
  return json(res) as { token: string; api_base: string; status: string; provider: string };
}
async function sdk(t: { token: string; api_base: string }, path: string, body: FormData | object | null, bearer = t.token) {
  const init: RequestInit = { method: 'POST', headers: { authorization: `Bearer ${bearer}` } };
  if (body instanceof FormData) init.body = body;
  else if (body) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await fetch(`${t.api_base}/applicant/${path}`, init);
  return { status: res.status, body: await jsonOf(res) };
}
function documentForm(o: { number: string; expiry?: string; mrz?: string; type?: string; front?: Buffer; back?: Buffer | null }) {
  const fd = new FormData();
  fd.append('document_type', o.type ?? 'PASSPORT');
  fd.append('issuing_country', 'UTO');
  fd.append('document_number', o.number);
  fd.append('expiry_date', o.expiry ?? future);
  if (o.mrz) fd.append('mrz', o.mrz);
  fd.append('front', new Blob([o.front ?? png], { type: 'image/png' }), 'front.png');
  if (o.back !== null && o.back !== undefined) fd.append('back', new Blob([o.back], { type: 'image/png' }), 'back.png');
  return fd;
}
const person = (dob = '1990-08-12') => ({ first_name: 'Ada', last_name: 'Lovelace', date_of_birth: dob, nationality: 'GB', address: { city: 'London' } });

async function submitted(user: TestUser, o: { number?: string; expiry?: string; mrz?: string | null; dob?: string } = {}) {
  const t = await token(user);
  const number = o.number ?? uniqueNumber();
  const dob = o.dob ?? '1990-08-12';
  const expiry = o.expiry ?? future;
  const mrz = o.mrz === null ? undefined : (o.mrz ?? td3(number, dob, expiry));
  const d = await sdk(t, 'documents', documentForm({ number, expiry, mrz }));
  if (d.status !== 200) throw new Error(JSON.stringify(d.body));
  const p = await sdk(t, 'data', person(dob));
  if (p.status !== 200) throw new Error(JSON.stringify(p.body));
  const s = await sdk(t, 'submit', null);
  return { t, submit: s, number };
}

test('end to end: token with api_base, documents, data, submit → in_review, staff approval → approved', async (t) => {
  const user = await buildUser(stack.app.server);
  const tok = await token(user);
  t.is(tok.provider, 'inhouse');
  t.is(tok.status, 'pending');
  t.regex(tok.api_base, /^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/kyc\/inhouse$/);

  const number = uniqueNumber();
  const doc = await sdk(tok, 'documents', documentForm({ number, mrz: td3(number, '1990-08-12', future) }));
  t.is(doc.status, 200, JSON.stringify(doc.body));
  t.is((await sdk(tok, 'data', person())).status, 200);
  const sub = await sdk(tok, 'submit', null);
  t.is(sub.status, 200, JSON.stringify(sub.body));
  t.is(sub.body.status, 'in_review');
  await mirrorIs(user, 'in_review');

  // personal data and images are sealed at rest
  const applicant = await knex()('kyc.applicants').where({ external_user_id: user.id }).first();
  const attempt = await knex()('kyc.inhouse_attempts').where({ applicant_id: applicant.id }).first();
  const stored = JSON.stringify(attempt);
  t.false(stored.includes('Lovelace'));
  t.false(stored.includes(number));
  t.false(stored.includes(png.toString('base64').slice(0, 40)));
  t.true(attempt.checks.every((c: { passed: boolean }) => c.passed));

  const queue = await jsonOf(await fetch(`${stack.kycUrl}/api/v1/kyc/review/applicants`, { headers: staffHeaders() }));
  t.true(queue.results.some((r: { applicant_id: string }) => r.applicant_id === applicant.id));
  const details = await jsonOf(await fetch(`${stack.kycUrl}/api/v1/kyc/review/applicants/${applicant.id}`, { headers: staffHeaders() }));
  t.is(details.attempt.personal_data.last_name, 'Lovelace');
  t.is(details.attempt.document.document_number, number);

  const decision = await fetch(`${stack.kycUrl}/api/v1/kyc/review/applicants/${applicant.id}/decision`, { method: 'POST', headers: staffHeaders(), body: JSON.stringify({ decision: 'approve', reviewer: 'staff@example.test' }) });
  t.is(decision.status, 200);
  t.is((await jsonOf(decision)).status, 'approved');
  const m = await mirrorIs(user, 'approved');
  t.true(m.is_verified);
  await waitFor('notified', async () => (await knex()('notifications').where({ user_id: user.id, title: 'Identity verified' })).length === 1);
  const again = await fetch(`${stack.kycUrl}/api/v1/kyc/review/applicants/${applicant.id}/decision`, { method: 'POST', headers: staffHeaders(), body: JSON.stringify({ decision: 'approve', reviewer: 'x' }) });
  t.is(again.status, 409);
  t.is((await stack.app.server.inject({ method: 'POST', url: '/api/v1/kyc/access-token/', headers: user.auth })).statusCode, 409);
});

test('an expired, unknown or missing SDK token is 401', async (t) => {
  const user = await buildUser(stack.app.server);
  const tok = await token(user);
  t.is((await sdk(tok, 'data', person(), 'kyc_sdk_forged-token')).status, 401);
  t.is((await sdk(tok, 'data', person(), 'not-even-a-token')).status, 401);
  const res = await fetch(`${tok.api_base}/applicant/submit`, { method: 'POST' });
  t.is(res.status, 401);
  t.is((await jsonOf(res)).error.code, 'sdk_token_invalid');
  // the user's own bearer token is not an SDK token
  t.is((await sdk(tok, 'data', person(), user.access)).status, 401);
  await knex()('kyc.sdk_tokens').update({ expires_at: new Date(Date.now() - 1000) }).whereIn('applicant_id', knex()('kyc.applicants').where({ external_user_id: user.id }).select('id'));
  const expired = await sdk(tok, 'data', person());
  t.is(expired.status, 401);
  t.is(expired.body.error.code, 'sdk_token_invalid');
});

test('a bad MRZ check digit is a RETRY; reset, a new token and a good MRZ go back to review', async (t) => {
  const user = await buildUser(stack.app.server);
  const number = uniqueNumber();
  const good = td3(number, '1990-08-12', future);
  const lines = good.split('\n');
  const broken = `${lines[0]}\n${lines[1].slice(0, 9)}${(Number(lines[1][9]) + 1) % 10}${lines[1].slice(10)}`;
  const { submit } = await submitted(user, { number, mrz: broken });
  t.is(submit.status, 200);
  t.is(submit.body.status, 'retry');
  await mirrorIs(user, 'retry');
  const status = json(await stack.app.server.inject({ method: 'GET', url: '/api/v1/kyc/status/', headers: user.auth }));
  t.is(status.reject_type, 'RETRY');
  t.deepEqual(status.reject_labels, ['ID_INVALID']);
  t.regex(status.moderation_comment, /MRZ/);

  const tok = await token(user); // still retry: the attempt is closed until a reset
  t.is(tok.status, 'retry');
  t.is((await sdk(tok, 'data', person())).status, 409);
  const reset = await stack.app.server.inject({ method: 'POST', url: '/api/v1/kyc/reset/', headers: user.auth });
  t.is(reset.statusCode, 200);
  const fresh = await token(user);
  t.is(fresh.status, 'pending');
  await mirrorIs(user, 'pending');
  t.is((await sdk(fresh, 'documents', documentForm({ number, mrz: good }))).status, 200);
  t.is((await sdk(fresh, 'data', person())).status, 200);
  const resubmit = await sdk(fresh, 'submit', null);
  t.is(resubmit.body.status, 'in_review', 'the same document may be reused by the same applicant');
});

test('the same document number used by another applicant is rejected FINAL', async (t) => {
  const first = await buildUser(stack.app.server);
  const number = uniqueNumber();
  const a = await submitted(first, { number });
  t.is(a.submit.body.status, 'in_review');
  const second = await buildUser(stack.app.server);
  const b = await submitted(second, { number: ` ${number.toLowerCase()}`, mrz: td3(number, '1990-08-12', future) });
  t.is(b.submit.body.status, 'rejected');
  const s = json(await stack.app.server.inject({ method: 'GET', url: '/api/v1/kyc/status/', headers: second.auth }));
  t.deepEqual(s.reject_labels, ['DUPLICATE']);
  t.is(s.reject_type, 'FINAL');
  await mirrorIs(second, 'rejected');
});

test('underage is FINAL, an expired document a RETRY', async (t) => {
  const young = await buildUser(stack.app.server);
  const y = new Date();
  const dob = `${y.getUTCFullYear() - 16}-01-01`;
  t.is((await submitted(young, { dob })).submit.body.status, 'rejected');
  const expired = await buildUser(stack.app.server);
  const e = await submitted(expired, { expiry: past, mrz: null });
  t.is(e.submit.body.status, 'retry');
  t.regex(e.submit.body.detail, /expired/);
});

test('bad input: incomplete submission, wrong fields, non-images, uploads after submit', async (t) => {
  const user = await buildUser(stack.app.server);
  const tok = await token(user);
  const early = await sdk(tok, 'submit', null);
  t.is(early.status, 400);
  t.is(early.body.error.code, 'incomplete_submission');
  t.deepEqual(early.body.error.details.map((d: { path: string }) => d.path).sort(), ['data', 'documents']);

  const missing = await sdk(tok, 'data', { first_name: 'Ada' });
  t.is(missing.status, 400);
  t.true(missing.body.error.details.some((d: { path: string }) => d.path === 'date_of_birth'));
  const badDate = await sdk(tok, 'data', { ...person(), date_of_birth: '1990-02-31' });
  t.is(badDate.status, 400);
  const text = await sdk(tok, 'documents', documentForm({ number: uniqueNumber(), front: Buffer.from('just some text, not an image') }));
  t.is(text.status, 415);
  // the right magic bytes are not enough: the picture must decode, within a pixel budget
  const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#88aa55' } }).jpeg().toBuffer();
  const pngHeader = Buffer.from(png); // a small PNG whose header (IHDR) is made to declare 40,000 × 40,000 below
  pngHeader.writeUInt32BE(40_000, 16);
  pngHeader.writeUInt32BE(40_000, 20);
  pngHeader.writeUInt32BE(zlib.crc32(pngHeader.subarray(12, 29)), 29);
  for (const [what, front, code] of [
    ['a JPEG signature and garbage', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('garbage')]), 'invalid_image'],
    ['half a JPEG', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'invalid_image'],
    ['a PNG header declaring 40,000 × 40,000 pixels', pngHeader, 'image_too_large'],
    ['a PDF signature alone', Buffer.from('%PDF-1.4\n'), 'invalid_image'],
  ] as const) {
    const bad = await sdk(tok, 'documents', documentForm({ number: uniqueNumber(), front }));
    t.is(bad.status, 400, `${what}: ${JSON.stringify(bad.body)}`);
    t.is(bad.body.error.code, code, what);
    t.is(bad.body.error.details[0].path, 'front');
  }
  t.is((await sdk(tok, 'documents', documentForm({ number: uniqueNumber(), front: jpeg }))).status, 200, 'a whole JPEG is accepted');
  const badType = documentForm({ number: uniqueNumber() });
  badType.set('document_type', 'LIBRARY_CARD');
  t.is((await sdk(tok, 'documents', badType)).status, 400);
  const json400 = await sdk(tok, 'documents', { document_type: 'PASSPORT' });
  t.is(json400.status, 415, 'documents are multipart only');

  // an ID card needs its back side
  t.is((await sdk(tok, 'documents', documentForm({ number: uniqueNumber(), type: 'ID_CARD' }))).status, 200);
  t.is((await sdk(tok, 'data', person())).status, 200);
  const noBack = await sdk(tok, 'submit', null);
  t.is(noBack.status, 400);
  t.is(noBack.body.error.details[0].path, 'documents.back');
  t.is((await sdk(tok, 'documents', documentForm({ number: uniqueNumber(), back: png }))).status, 200);
  t.is((await sdk(tok, 'submit', null)).body.status, 'in_review');
  const late = await sdk(tok, 'documents', documentForm({ number: uniqueNumber() }));
  t.is(late.status, 409);
  t.is(late.body.error.code, 'already_submitted');
});

test('staff rejection with RETRY and a comment; the private comment stays inside', async (t) => {
  const user = await buildUser(stack.app.server);
  await submitted(user);
  const applicant = await knex()('kyc.applicants').where({ external_user_id: user.id }).first();
  const url = `${stack.kycUrl}/api/v1/kyc/review/applicants/${applicant.id}/decision`;
  const noType = await fetch(url, { method: 'POST', headers: staffHeaders(), body: JSON.stringify({ decision: 'reject', reviewer: 'r' }) });
  t.is(noType.status, 400);
  const wrongProject = await fetch(url, { method: 'POST', headers: { ...staffHeaders(), 'x-api-secret': 'nope' }, body: JSON.stringify({ decision: 'approve', reviewer: 'r' }) });
  t.is(wrongProject.status, 401);
  const res = await fetch(url, {
    method: 'POST',
    headers: staffHeaders(),
    body: JSON.stringify({ decision: 'reject', reject_type: 'RETRY', moderation_comment: 'Please upload a sharper photo.', client_comment: 'staff-only remark', reject_labels: ['UNSATISFACTORY_PHOTOS'], reviewer: 'r' }),
  });
  t.is(res.status, 200);
  await mirrorIs(user, 'retry');
  const status = await stack.app.server.inject({ method: 'GET', url: '/api/v1/kyc/status/', headers: user.auth });
  t.is(json(status).moderation_comment, 'Please upload a sharper photo.');
  t.false(status.payload.includes('staff-only'));
  await waitFor('notice', async () => (await knex()('notifications').where({ user_id: user.id, title: 'Verification needs another try' })).length === 1);
});
