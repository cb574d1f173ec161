import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { codeFor, mailsTo } from '../../helpers/mail.js';
import { buildUser, uniqueEmail } from '../../factories/users.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ env: { OTP_MAX_ATTEMPTS: '3', OTP_SEND_LIMIT_PER_HOUR: '4', LOGIN_MAX_FAILURES: '4' } });
});
test.after.always(async () => app?.stop());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => app.server.inject({ method: 'POST', url, payload: payload as object, headers });
const json = (res: { payload: string }) => JSON.parse(res.payload);

async function registered(email = uniqueEmail('reg'), password = 'Sup3r-Secret!') {
  const res = await post('/api/auth/register/', { email, password, first_name: 'Ada', last_name: 'Lovelace' });
  if (res.statusCode !== 201) throw new Error(res.payload);
  return { email, password };
}

test('register, read the e-mailed code, verify, log in', async (t) => {
  const email = uniqueEmail('Flow').toUpperCase();
  const res = await post('/api/auth/register/', { email, password: 'Sup3r-Secret!', first_name: 'Ada', last_name: 'Lovelace' });
  t.is(res.statusCode, 201);
  const body = json(res);
  t.is(body.user.email, email.toLowerCase());
  t.false(body.user.is_verified);
  t.false('password_hash' in body.user);

  const before = await post('/api/auth/login/', { email, password: 'Sup3r-Secret!' });
  t.is(before.statusCode, 403);
  t.is(json(before).error.code, 'email_not_verified');

  const code = await codeFor(app.config, email);
  const verify = await post('/api/auth/verify-email/', { email, otp_code: code });
  t.is(verify.statusCode, 200);
  t.true(json(verify).user.is_verified);

  const login = await post('/api/auth/login/', { email, password: 'Sup3r-Secret!' });
  t.is(login.statusCode, 200);
  const tokens = json(login);
  t.regex(tokens.access, /^ipa_/);
  t.regex(tokens.refresh, /^ipr_/);
  t.is(tokens.token_type, 'Bearer');
  t.true(tokens.expires_in >= 15 * 60 && tokens.expires_in <= 60 * 60);

  const me = await app.server.inject({ method: 'GET', url: '/api/profiles/me/', headers: { authorization: `Bearer ${tokens.access}` } });
  t.is(me.statusCode, 200);
  t.is(json(me).email, email.toLowerCase());
});

test('codes and tokens are stored only as hashes', async (t) => {
  const { email, password } = await registered();
  const code = await codeFor(app.config, email);
  await post('/api/auth/verify-email/', { email, otp_code: code });
  const tokens = json(await post('/api/auth/login/', { email, password }));
  const { knex } = app.server.app.platform;
  const otps = await knex('otps').where({ email });
  t.true(otps.length > 0);
  for (const o of otps) t.false(JSON.stringify(o).includes(code));
  const rows = await knex('auth_tokens').join('users', 'users.id', 'auth_tokens.user_id').where('users.email', email).select('auth_tokens.*');
  t.is(rows.length, 2);
  for (const r of rows) t.false(JSON.stringify(r).includes(tokens.access) || JSON.stringify(r).includes(tokens.refresh));
  const user = await knex('users').where({ email }).first();
  t.regex(user.password_hash, /^scrypt\$/);
  const mail = await knex('outbound_emails').where({ to_address: email }).first();
  t.is(mail.status, 'sent');
  t.is(mail.body_sealed, null, 'the sealed body is erased once delivered');
});

test('register rejects duplicates, bad e-mails, weak passwords and missing fields', async (t) => {
  const { email } = await registered();
  const dup = await post('/api/auth/register/', { email, password: 'Another-Pass1', first_name: 'A', last_name: 'B' });
  t.is(dup.statusCode, 409);
  t.is(json(dup).error.code, 'email_taken');

  const badEmail = await post('/api/auth/register/', { email: 'not-an-email', password: 'Sup3r-Secret!' });
  t.is(badEmail.statusCode, 400);
  t.is(json(badEmail).error.code, 'validation_error');
  t.is(json(badEmail).error.details[0].path, 'email');

  const weak = await post('/api/auth/register/', { email: uniqueEmail(), password: '12345678' });
  t.is(weak.statusCode, 400);
  t.is(json(weak).error.code, 'weak_password');

  const missing = await post('/api/auth/register/', { password: 'Sup3r-Secret!' });
  t.is(missing.statusCode, 400);
  t.deepEqual(json(missing).error.details.map((d: { path: string }) => d.path), ['email']);

  const wrongType = await post('/api/auth/register/', { email: 42, password: ['x'] });
  t.is(wrongType.statusCode, 400);

  const malformed = await app.server.inject({ method: 'POST', url: '/api/auth/register/', payload: '{"email":', headers: { 'content-type': 'application/json' } });
  t.is(malformed.statusCode, 400);
  t.is(json(malformed).error.code, 'malformed_json');
});

test('wrong codes are limited per client address and never lock the code for its owner', async (t) => {
  const { email } = await registered();
  const code = await codeFor(app.config, email);
  const wrong = code === '000000' ? '111111' : '000000';
  const stranger = (otp_code: string) => app.server.inject({ method: 'POST', url: '/api/auth/verify-email/', payload: { email, otp_code }, remoteAddress: '203.0.113.7' });
  const first = await stranger(wrong);
  t.is(first.statusCode, 400);
  t.is(json(first).error.code, 'invalid_otp');
  t.regex(json(first).error.message, /2 attempt\(s\) left/);
  await stranger(wrong);
  t.is((await stranger(wrong)).statusCode, 400);
  const fourth = await stranger(wrong);
  t.is(fourth.statusCode, 429, 'the guessing address is stopped');
  t.is(json(fourth).error.code, 'otp_attempts_exceeded');
  t.truthy(fourth.headers['retry-after']);
  t.is((await stranger(code)).statusCode, 429, 'even with the right code: it is stopped before any check');
  const { knex } = app.server.app.platform;
  t.is((await knex('otps').where({ email }).first()).attempts, 3, 'the wrong guesses are on record');
  const owner = await post('/api/auth/verify-email/', { email, otp_code: code });
  t.is(owner.statusCode, 200, 'the owner, from their own address, still verifies with the code they received');
});

// serial: the staff cleanup test deletes every expired code in the database
test.serial('an expired code is refused like any wrong code', async (t) => {
  const { email } = await registered();
  const code = await codeFor(app.config, email);
  await app.server.app.platform.knex('otps').where({ email }).update({ expires_at: new Date(Date.now() - 1000) });
  const res = await post('/api/auth/verify-email/', { email, otp_code: code });
  t.is(res.statusCode, 400);
  t.is(json(res).error.code, 'invalid_otp', res.payload);
  const unknown = await post('/api/auth/verify-email/', { email: uniqueEmail('ghost'), otp_code: code });
  t.deepEqual(json(unknown).error, json(res).error, 'an unknown address answers exactly the same');
});

test('verify-email validates the code format', async (t) => {
  const res = await post('/api/auth/verify-email/', { email: uniqueEmail(), otp_code: '12ab' });
  t.is(res.statusCode, 400);
  t.is(json(res).error.details[0].path, 'otp_code');
});

test('resend-verification sends a new code, keeps the earlier one valid, and is throttled', async (t) => {
  const { email } = await registered();
  const first = await codeFor(app.config, email, 1);
  const res = await post('/api/auth/resend-verification/', { email });
  t.is(res.statusCode, 200);
  await codeFor(app.config, email, 2);
  t.is((await mailsTo(app.config, email)).length, 2);
  await post('/api/auth/resend-verification/', { email });
  await post('/api/auth/resend-verification/', { email });
  const limited = await post('/api/auth/resend-verification/', { email });
  t.is(limited.statusCode, 429);
  t.truthy(limited.headers['retry-after']);
  const verify = await post('/api/auth/verify-email/', { email, otp_code: first });
  t.is(verify.statusCode, 200);
});

test('resend-verification answers the same for unknown e-mails', async (t) => {
  const res = await post('/api/auth/resend-verification/', { email: uniqueEmail('nobody') });
  t.is(res.statusCode, 200);
  t.regex(json(res).message, /If an unverified account exists/);
});

test('login: wrong password 401, unknown e-mail 401, and failures are limited', async (t) => {
  const user = await buildUser(app.server);
  const wrong = await post('/api/auth/login/', { email: user.email, password: 'nope-nope-1' });
  t.is(wrong.statusCode, 401);
  t.is(json(wrong).error.code, 'invalid_credentials');
  const unknown = await post('/api/auth/login/', { email: uniqueEmail(), password: 'whatever-1' });
  t.is(unknown.statusCode, 401);
  for (let i = 0; i < 4; i++) await post('/api/auth/login/', { email: user.email, password: 'nope-nope-1' });
  const blocked = await post('/api/auth/login/', { email: user.email, password: user.password });
  t.is(blocked.statusCode, 429);
  t.truthy(blocked.headers['retry-after']);
});

test('refresh rotates; reusing a spent refresh token revokes the login', async (t) => {
  const user = await buildUser(app.server);
  const r1 = await post('/api/token/refresh/', { refresh: user.refresh });
  t.is(r1.statusCode, 200);
  const pair = json(r1);
  t.not(pair.refresh, user.refresh);
  t.truthy(pair.access);
  const ok = await app.server.inject({ method: 'GET', url: '/api/profiles/me/', headers: { authorization: `Bearer ${pair.access}` } });
  t.is(ok.statusCode, 200);

  // a copy sent from elsewhere, even within the grace of a concurrent refresh
  const reuse = await app.server.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: user.refresh }, remoteAddress: '203.0.113.77' });
  t.is(reuse.statusCode, 401);
  t.is(json(reuse).error.code, 'token_reused');
  const after = await post('/api/token/refresh/', { refresh: pair.refresh });
  t.is(after.statusCode, 401, 'the whole family is revoked');
  const access = await app.server.inject({ method: 'GET', url: '/api/profiles/me/', headers: { authorization: `Bearer ${pair.access}` } });
  t.is(access.statusCode, 401, 'access tokens of the family stop working too');
});

test('concurrent refreshes with one refresh token from one client all succeed, within a short grace', async (t) => {
  const user = await buildUser(app.server);
  const answers = await Promise.all(Array.from({ length: 4 }, () => post('/api/token/refresh/', { refresh: user.refresh })));
  t.deepEqual(answers.map((a) => a.statusCode), [200, 200, 200, 200], answers.map((a) => a.payload).join('\n'));
  for (const a of answers) {
    const me = await app.server.inject({ method: 'GET', url: '/api/profiles/me/', headers: { authorization: `Bearer ${json(a).access}` } });
    t.is(me.statusCode, 200, 'no new access token was revoked, the winner\'s included');
  }
  // past the grace, the same repeat is a stolen copy
  await app.server.app.platform.knex('auth_tokens').where({ user_id: user.id, revoked_reason: 'rotated' }).update({ revoked_at: new Date(Date.now() - 60_000) });
  const late = await post('/api/token/refresh/', { refresh: user.refresh });
  t.is(late.statusCode, 401);
  t.is(json(late).error.code, 'token_reused');
  t.is((await app.server.inject({ method: 'GET', url: '/api/profiles/me/', headers: { authorization: `Bearer ${json(answers[0]).access}` } })).statusCode, 401);
});

test('refresh rejects garbage, missing and access tokens', async (t) => {
  const user = await buildUser(app.server);
  t.is((await post('/api/token/refresh/', { refresh: 'ipr_garbage' })).statusCode, 401);
  t.is((await post('/api/token/refresh/', {})).statusCode, 400);
  t.is((await post('/api/token/refresh/', { refresh: user.access })).statusCode, 401);
});

test('an expired refresh token is refused', async (t) => {
  const user = await buildUser(app.server);
  await app.server.app.platform.knex('auth_tokens').where({ user_id: user.id, kind: 'refresh' }).update({ expires_at: new Date(Date.now() - 1000) });
  const res = await post('/api/token/refresh/', { refresh: user.refresh });
  t.is(res.statusCode, 401);
  t.is(json(res).error.code, 'token_expired');
});

test('logout revokes the login', async (t) => {
  const user = await buildUser(app.server);
  const out = await post('/api/auth/logout/', { refresh: user.refresh }, user.auth);
  t.is(out.statusCode, 200);
  t.is((await post('/api/token/refresh/', { refresh: user.refresh })).statusCode, 401);
  t.is((await app.server.inject({ method: 'GET', url: '/api/profiles/me/', headers: user.auth })).statusCode, 401);
});

test('logout with an unknown or another user\'s refresh token is 400 and signs nobody out', async (t) => {
  const user = await buildUser(app.server);
  const other = await buildUser(app.server);
  for (const refresh of [other.refresh, 'not-a-token']) {
    const res = await post('/api/auth/logout/', { refresh }, user.auth);
    t.is(res.statusCode, 400, res.payload);
    t.is(json(res).error.code, 'invalid_refresh');
  }
  t.is((await app.server.inject({ method: 'GET', url: '/api/profiles/me/', headers: user.auth })).statusCode, 200);
  t.is((await app.server.inject({ method: 'GET', url: '/api/profiles/me/', headers: other.auth })).statusCode, 200);
  t.is((await post('/api/token/refresh/', { refresh: other.refresh })).statusCode, 200);
});

test('change-password: needs the current password, signs out other logins, keeps this one', async (t) => {
  const user = await buildUser(app.server);
  const other = json(await post('/api/auth/login/', { email: user.email, password: user.password }));
  const wrong = await post('/api/auth/change-password/', { current_password: 'bad-password-1', new_password: 'N3w-Password!' }, user.auth);
  t.is(wrong.statusCode, 400);
  t.is(json(wrong).error.code, 'invalid_password');
  const noAuth = await post('/api/auth/change-password/', { current_password: user.password, new_password: 'N3w-Password!' });
  t.is(noAuth.statusCode, 401);
  const ok = await post('/api/auth/change-password/', { current_password: user.password, new_password: 'N3w-Password!' }, user.auth);
  t.is(ok.statusCode, 200);
  t.is((await app.server.inject({ method: 'GET', url: '/api/profiles/me/', headers: user.auth })).statusCode, 200);
  t.is((await app.server.inject({ method: 'GET', url: '/api/profiles/me/', headers: { authorization: `Bearer ${other.access}` } })).statusCode, 401);
  t.is((await post('/api/auth/login/', { email: user.email, password: user.password })).statusCode, 401);
  t.is((await post('/api/auth/login/', { email: user.email, password: 'N3w-Password!' })).statusCode, 200);
});

test('forgot-password answers the same for unknown e-mails; reset works with and without the trailing slash', async (t) => {
  const user = await buildUser(app.server);
  const known = await post('/api/auth/forgot-password/', { email: user.email });
  const unknown = await post('/api/auth/forgot-password/', { email: uniqueEmail('ghost') });
  t.is(known.statusCode, 200);
  t.is(unknown.statusCode, 200);
  t.deepEqual(json(known), json(unknown));
  const code = await codeFor(app.config, user.email, 1);
  const wrong = await post('/api/auth/reset-password', { email: user.email, otp_code: code === '123456' ? '654321' : '123456', new_password: 'Brand-New-1' });
  t.is(wrong.statusCode, 400);
  const ok = await post('/api/auth/reset-password', { email: user.email, otp_code: code, new_password: 'Brand-New-1' });
  t.is(ok.statusCode, 200);
  t.is((await app.server.inject({ method: 'GET', url: '/api/profiles/me/', headers: user.auth })).statusCode, 401, 'old logins are revoked');
  t.is((await post('/api/auth/login/', { email: user.email, password: 'Brand-New-1' })).statusCode, 200);

  await post('/api/auth/resend-password-reset/', { email: user.email });
  const code2 = await codeFor(app.config, user.email, 2);
  const slash = await post('/api/auth/reset-password/', { email: user.email, otp_code: code2, new_password: 'Brand-New-2' });
  t.is(slash.statusCode, 200);
  const replay = await post('/api/auth/reset-password/', { email: user.email, otp_code: code2, new_password: 'Brand-New-3' });
  t.is(replay.statusCode, 400, 'a used code cannot be replayed');
});

test('check-email by query and by body', async (t) => {
  const user = await buildUser(app.server);
  const taken = await app.server.inject({ method: 'GET', url: `/api/auth/check-email/?email=${encodeURIComponent(user.email)}` });
  t.is(taken.statusCode, 200);
  t.false(json(taken).available);
  const free = await post('/api/auth/check-email/', { email: uniqueEmail() });
  t.true(json(free).available);
  const bad = await app.server.inject({ method: 'GET', url: '/api/auth/check-email/' });
  t.is(bad.statusCode, 400);
});

test.serial('OTP history and cleanup are staff-only', async (t) => {
  const user = await buildUser(app.server);
  const staff = await buildUser(app.server, { is_staff: true });
  const { email } = await registered();
  t.is((await app.server.inject({ method: 'GET', url: '/api/auth/otp/history/', headers: user.auth })).statusCode, 403);
  t.is((await app.server.inject({ method: 'GET', url: '/api/auth/otp/history/' })).statusCode, 401);
  const hist = await app.server.inject({ method: 'GET', url: `/api/auth/otp/history/?email=${encodeURIComponent(email)}`, headers: staff.auth });
  t.is(hist.statusCode, 200);
  const body = json(hist);
  t.is(body.count, 1);
  t.is(body.results[0].status, 'active');
  t.false('code_hash' in body.results[0]);

  await app.server.app.platform.knex('otps').where({ email }).update({ expires_at: new Date(Date.now() - 1000) });
  t.is((await post('/api/auth/otp/cleanup/', {}, user.auth)).statusCode, 403);
  const clean = await post('/api/auth/otp/cleanup/', {}, staff.auth);
  t.is(clean.statusCode, 200);
  t.true(json(clean).deleted >= 1);
  t.is((await app.server.app.platform.knex('otps').where({ email })).length, 0);
});
