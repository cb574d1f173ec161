// The account routes probed as an attacker would: no account data and no difference
// between known and unknown addresses before a code is right, no scrypt before the
// code is checked, per-address budgets on every route that hashes or tells accounts
// apart, and no way for a stranger to lock an owner out of logging in or resetting.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { codeFor, mailsTo } from '../../helpers/mail.js';
import { buildUser, uniqueEmail } from '../../factories/users.js';
import { hashPassword } from '../../../jobs/runtime/secrets.js';
import { pacingDelay } from '../../helpers/wait.js';

let app: TestApp;
test.before(async () => {
  app = await startApp();
});
test.after.always(async () => app?.stop());

const json = (res: { payload: string }) => JSON.parse(res.payload);
const from = (remoteAddress: string, url: string, payload: unknown, a: TestApp = app) => a.server.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
const STRANGER = '198.51.100.23';
const OWNER = '192.0.2.10';

test('verify-email: a wrong code for a verified address answers exactly like any wrong code, with no user data', async (t) => {
  const verified = await buildUser(app.server, { first_name: 'Grace' });
  const res = await from('192.0.2.50', '/api/auth/verify-email/', { email: verified.email, otp_code: '123456' });
  t.is(res.statusCode, 400);
  const body = json(res);
  t.is(body.error.code, 'invalid_otp');
  for (const leak of [verified.id, 'Grace', 'is_staff', 'first_name']) t.false(res.payload.includes(leak), `no ${leak} in the answer`);
  const unknown = await from('192.0.2.50', '/api/auth/verify-email/', { email: uniqueEmail('ghost'), otp_code: '123456' });
  t.deepEqual(json(unknown), body, 'the same body as for an address nobody registered');
  t.is(unknown.statusCode, res.statusCode);
});

test('verify-email: the right code still verifies (and answers the account to its owner)', async (t) => {
  const email = uniqueEmail('verify');
  t.is((await from(OWNER, '/api/auth/register/', { email, password: 'Sup3r-Secret!', first_name: 'Ada' })).statusCode, 201);
  const code = await codeFor(app.config, email);
  const ok = await from(OWNER, '/api/auth/verify-email/', { email, otp_code: code });
  t.is(ok.statusCode, 200);
  t.true(json(ok).user.is_verified);
  const replay = await from(OWNER, '/api/auth/verify-email/', { email, otp_code: code });
  t.is(replay.statusCode, 400, 'a spent code, now for a verified address, is a wrong code');
  t.false(replay.payload.includes('Ada'));
});

test('reset-password: the code is checked first, with one answer for known and unknown e-mails', async (t) => {
  const user = await buildUser(app.server);
  const weak = '123';
  const known = await from('192.0.2.60', '/api/auth/reset-password/', { email: user.email, otp_code: '123456', new_password: weak });
  const unknown = await from('192.0.2.60', '/api/auth/reset-password/', { email: uniqueEmail('ghost'), otp_code: '123456', new_password: weak });
  t.is(known.statusCode, 400);
  t.is(json(known).error.code, 'invalid_otp', 'not weak_password: the password is not looked at before the code is right');
  t.deepEqual(json(known), json(unknown));

  // with a pending code (a reset was requested) the answer is still the same
  await from('192.0.2.60', '/api/auth/forgot-password/', { email: user.email });
  const code = await codeFor(app.config, user.email);
  const wrong = code === '000000' ? '111111' : '000000';
  const pending = await from('192.0.2.61', '/api/auth/reset-password/', { email: user.email, otp_code: wrong, new_password: 'Brand-New-1' });
  const nobody = await from('192.0.2.61', '/api/auth/reset-password/', { email: uniqueEmail('ghost'), otp_code: wrong, new_password: 'Brand-New-1' });
  t.deepEqual(json(pending), json(nobody));

  // the right code with a weak password: weak_password, and the code stays usable
  const weakRight = await from('192.0.2.61', '/api/auth/reset-password/', { email: user.email, otp_code: code, new_password: weak });
  t.is(json(weakRight).error.code, 'weak_password');
  const ok = await from('192.0.2.61', '/api/auth/reset-password/', { email: user.email, otp_code: code, new_password: 'Brand-New-1' });
  t.is(ok.statusCode, 200);
  t.is((await from('192.0.2.61', '/api/auth/reset-password/', { email: user.email, otp_code: code, new_password: 'Brand-New-2' })).statusCode, 400, 'spent');
});

test('reset-password: no scrypt runs before the code is right (known and unknown e-mails take the same short time)', async (t) => {
  const slow = await startApp({ workers: false, env: { PASSWORD_SCRYPT_COST: '131072' } });
  t.teardown(() => slow.stop());
  const user = await buildUser(slow.server);
  const started = Date.now();
  await hashPassword('Measure-Me-1', 131072);
  const hashMs = Date.now() - started;
  const timed = async (email: string) => {
    const t0 = Date.now();
    const res = await from('192.0.2.70', '/api/auth/reset-password/', { email, otp_code: '123456', new_password: 'Brand-New-1' }, slow);
    return { ms: Date.now() - t0, code: json(res).error.code };
  };
  const known = [];
  const unknown = [];
  for (let i = 0; i < 3; i++) {
    known.push(await timed(user.email));
    unknown.push(await timed(uniqueEmail('ghost')));
  }
  t.true([...known, ...unknown].every((r) => r.code === 'invalid_otp'), JSON.stringify({ known, unknown }));
  // the fastest of three (one scheduling hiccup on a busy machine cannot fail it); before the fix every known-address call hashed
  const fastest = Math.min(...known.map((r) => r.ms));
  t.true(fastest < hashMs / 3, `a wrong code for a known address answered in ${fastest} ms at best; one scrypt takes ${hashMs} ms`);
});

test('per-address budgets on login, register, reset, verify and check-email (429 with Retry-After; other addresses unaffected)', async (t) => {
  const tight = await startApp({ workers: false, env: { AUTH_IP_LIMIT_PER_MINUTE: '3' } });
  t.teardown(() => tight.stop());
  const cases: [string, () => unknown][] = [
    ['/api/auth/login/', () => ({ email: uniqueEmail(), password: 'whatever-1' })],
    ['/api/auth/register/', () => ({ email: uniqueEmail(), password: 'Sup3r-Secret!' })],
    ['/api/auth/reset-password/', () => ({ email: uniqueEmail(), otp_code: '123456', new_password: 'Brand-New-1' })],
    ['/api/auth/verify-email/', () => ({ email: uniqueEmail(), otp_code: '123456' })],
    ['/api/auth/check-email/', () => ({ email: uniqueEmail() })],
  ];
  for (const [url, body] of cases) {
    for (let i = 0; i < 3; i++) t.not((await from('192.0.2.80', url, body(), tight)).statusCode, 429, `${url} #${i + 1}`);
    const limited = await from('192.0.2.80', url, body(), tight);
    t.is(limited.statusCode, 429, url);
    t.is(json(limited).error.code, 'rate_limited');
    t.truthy(limited.headers['retry-after']);
    t.not((await from('192.0.2.81', url, body(), tight)).statusCode, 429, `${url} from another address`);
  }
  const getLimited = await tight.server.inject({ method: 'GET', url: `/api/auth/check-email/?email=${encodeURIComponent(uniqueEmail())}`, remoteAddress: '192.0.2.80' });
  t.is(getLimited.statusCode, 429, 'GET check-email shares the budget');
});

test('login: a stranger\'s failures never lock the owner out; they slow the stranger', async (t) => {
  const owner = await buildUser(app.server); // signed in from 127.0.0.1: a known address
  for (let i = 0; i < 15; i++) {
    const res = await from(STRANGER, '/api/auth/login/', { email: owner.email, password: `guess-${i}-xx` });
    if (res.statusCode === 429) break;
    t.is(res.statusCode, 401);
  }
  const stopped = await from(STRANGER, '/api/auth/login/', { email: owner.email, password: owner.password });
  t.is(stopped.statusCode, 429, 'the stranger waits, even with the right password');
  t.is(json(stopped).error.code, 'too_many_attempts');

  const usual = await app.server.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: owner.email, password: owner.password } });
  t.is(usual.statusCode, 200, 'the owner, from an address they signed in from before, is not delayed');

  // from a new address the owner meets at most a short, account-wide delay
  for (let i = 0; i < 12; i++) await from(`198.51.100.${100 + i}`, '/api/auth/login/', { email: owner.email, password: `spray-${i}-xx` });
  const fresh = await from('203.0.113.200', '/api/auth/login/', { email: owner.email, password: owner.password });
  if (fresh.statusCode === 429) t.true(Number(fresh.headers['retry-after']) <= 60, `a delay of at most a minute, not a lock: ${fresh.headers['retry-after']}`);
  else t.is(fresh.statusCode, 200);
});

test('login: the same address guessing one account is slowed progressively', async (t) => {
  const owner = await buildUser(app.server);
  const answers: number[] = [];
  for (let i = 0; i < 7; i++) answers.push((await from('198.51.100.77', '/api/auth/login/', { email: owner.email, password: `guess-${i}-xx` })).statusCode);
  t.deepEqual(answers.slice(0, 5), [401, 401, 401, 401, 401]);
  t.true(answers.slice(5).every((s) => s === 429 || s === 401));
  const waiting = await from('198.51.100.77', '/api/auth/login/', { email: owner.email, password: 'another-1x' });
  t.is(waiting.statusCode, 429);
  t.true(Number(waiting.headers['retry-after']) >= 1);
});

test('codes sent from one client address across many e-mails stop at OTP_SENDS_PER_ADDRESS_PER_HOUR (200 by default); another address is unaffected', async (t) => {
  t.is(app.config.otpSendsPerAddressPerHour, 200, 'the default leaves room for an office or a test suite behind one address');
  const tight = await startApp({ workers: false, env: { OTP_SENDS_PER_ADDRESS_PER_HOUR: '3' } });
  t.teardown(() => tight.stop());
  const users = await Promise.all(Array.from({ length: 4 }, () => buildUser(tight.server)));
  for (const u of users.slice(0, 3)) t.is((await from('192.0.2.90', '/api/auth/forgot-password/', { email: u.email }, tight)).statusCode, 200);
  const spent = await from('192.0.2.90', '/api/auth/forgot-password/', { email: users[3].email }, tight);
  t.is(spent.statusCode, 429);
  t.regex(json(spent).error.message, /from this address/);
  t.is((await from('192.0.2.91', '/api/auth/forgot-password/', { email: users[3].email }, tight)).statusCode, 200);
});

test('a stranger can never keep someone from resetting their password', async (t) => {
  const owner = await buildUser(app.server);
  // the stranger asks for codes to the owner's address until refused...
  let refused = false;
  for (let i = 0; i < 10 && !refused; i++) refused = (await from(STRANGER, '/api/auth/forgot-password/', { email: owner.email })).statusCode === 429;
  t.true(refused, 'the stranger runs out of their own budget');
  const sentToOwner = (await mailsTo(app.config, owner.email)).length;
  // ...and guesses codes from several addresses
  for (const addr of ['198.51.100.31', '198.51.100.32', '198.51.100.33']) {
    for (let i = 0; i < 8; i++) await from(addr, '/api/auth/reset-password/', { email: owner.email, otp_code: String(100000 + i), new_password: 'Hijacked-123' });
  }
  // the owner still gets a code and resets with it
  const asked = await from(OWNER, '/api/auth/forgot-password/', { email: owner.email });
  t.is(asked.statusCode, 200);
  const code = await codeFor(app.config, owner.email, sentToOwner + 1);
  const reset = await from(OWNER, '/api/auth/reset-password/', { email: owner.email, otp_code: code, new_password: 'Owner-Again-1' });
  t.is(reset.statusCode, 200, reset.payload);
  t.is((await from(OWNER, '/api/auth/login/', { email: owner.email, password: 'Owner-Again-1' })).statusCode, 200);
});

test('change-password: wrong current passwords are limited per user', async (t) => {
  const user = await buildUser(app.server);
  const attempt = (current: string) => app.server.inject({ method: 'POST', url: '/api/auth/change-password/', headers: user.auth, payload: { current_password: current, new_password: 'N3w-Password!' } });
  for (let i = 0; i < 5; i++) t.is((await attempt(`wrong-${i}-pass`)).statusCode, 400);
  const limited = await attempt('wrong-6-pass');
  t.is(limited.statusCode, 429);
  t.truthy(limited.headers['retry-after']);
  t.is((await attempt(user.password)).statusCode, 429, 'blocked before the password is checked');
});

test('client addresses: IPv6 counts by its /64, IPv4-mapped as IPv4; X-Forwarded-For only behind trusted proxies', async (t) => {
  const { addressKey } = await import('../../../domain/accounts/auth-throttle.js');
  t.is(addressKey('203.0.113.9'), '203.0.113.9');
  t.is(addressKey('::ffff:203.0.113.9'), '203.0.113.9');
  t.is(addressKey('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
  t.is(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'), '2001:db8:1:2::/64', 'one host, one budget');
  t.is(addressKey('2001:db8::1'), '2001:db8:0:0::/64');
  t.is(addressKey(''), 'unknown');

  const check = (a: TestApp, xff: string) => a.server.inject({ method: 'POST', url: '/api/auth/check-email/', payload: { email: uniqueEmail() }, headers: { 'x-forwarded-for': xff }, remoteAddress: '10.0.0.1' });
  const direct = await startApp({ workers: false, env: { AUTH_IP_LIMIT_PER_MINUTE: '3' } });
  t.teardown(() => direct.stop());
  for (let i = 0; i < 3; i++) await check(direct, `198.51.100.${i + 1}`);
  t.is((await check(direct, '198.51.100.9')).statusCode, 429, 'without trusted proxies the header is ignored: the peer address counts');

  const proxied = await startApp({ workers: false, env: { AUTH_IP_LIMIT_PER_MINUTE: '3', TRUST_PROXY_HOPS: '1' } });
  t.teardown(() => proxied.stop());
  for (let i = 0; i < 3; i++) t.is((await check(proxied, '198.51.100.1')).statusCode, 200);
  t.is((await check(proxied, '198.51.100.1')).statusCode, 429);
  t.is((await check(proxied, '198.51.100.2')).statusCode, 200, 'another client behind the same proxy has its own budget');
  t.is((await check(proxied, '6.6.6.6, 198.51.100.1')).statusCode, 429, 'an address the client prepends does not help');
});

test('login: a stranger spraying accounts from a shared address slows only accounts that never signed in from there', async (t) => {
  const shared = '192.0.2.200';
  const owner = await buildUser(app.server);
  t.is((await from(shared, '/api/auth/login/', { email: owner.email, password: owner.password })).statusCode, 200, 'the owner signs in from the office');
  const other = await buildUser(app.server);
  // 31 failures start a 1 s delay; two more after it lapses make it 4 s, room for a busy machine
  for (let i = 0; i < 31; i++) await from(shared, '/api/auth/login/', { email: uniqueEmail('spray'), password: `spray-${i}-xx` });
  for (const pause of [1100, 2100]) {
    await pacingDelay(pause, 'the login delay lapses before the next failure');
    await from(shared, '/api/auth/login/', { email: uniqueEmail('spray'), password: 'spray-late-xx' });
  }
  const newcomer = await from(shared, '/api/auth/login/', { email: other.email, password: other.password });
  t.is(newcomer.statusCode, 429, 'an account new to this address waits');
  t.is((await from(shared, '/api/auth/login/', { email: owner.email, password: owner.password })).statusCode, 200, 'the owner does not');
});
