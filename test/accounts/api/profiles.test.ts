import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: false });
});
test.after.always(async () => app?.stop());

const call = (method: string, user: TestUser | null, payload?: unknown, headers: Record<string, string> = {}) =>
  app.server.inject({ method, url: '/api/profiles/me/', payload: payload as object, headers: { ...(user ? user.auth : {}), ...headers } });
const json = (res: { payload: string }) => JSON.parse(res.payload);
const paths = (res: { payload: string }) => [...new Set<string>(json(res).error.details.map((d: { path: string }) => d.path))].sort();

test('GET returns the caller\'s profile with defaults', async (t) => {
  const user = await buildUser(app.server, { first_name: 'Grace' });
  const res = await call('GET', user);
  t.is(res.statusCode, 200);
  const p = json(res);
  t.like(p, {
    id: user.id,
    user_id: user.id,
    email: user.email,
    first_name: 'Grace',
    last_name: 'User',
    full_name: 'Grace User',
    phone: '',
    is_verified: true,
    is_staff: false,
    team_id: null,
    team_role: null,
    kyc_status: 'not_started',
    kyc_verified: false,
  });
  t.truthy(p.language);
  t.truthy(p.timezone);
  t.deepEqual(p.preferences, {});
  t.false('password_hash' in p);
});

test('PUT replaces the profile and requires first_name and last_name', async (t) => {
  const user = await buildUser(app.server);
  const missing = await call('PUT', user, { phone: '+33 1 23 45 67 89' });
  t.is(missing.statusCode, 400);
  t.is(json(missing).error.code, 'validation_error');
  t.deepEqual(paths(missing), ['first_name', 'last_name']);

  const res = await call('PUT', user, {
    first_name: ' Ada ',
    last_name: 'Lovelace',
    phone: '+44 (20) 7946-0958',
    company: 'Analytical Engines',
    job_title: 'Programmer',
    bio: 'Notes on the engine.',
    language: 'en-GB',
    timezone: 'Europe/London',
    country: 'gb',
    preferences: { theme: 'dark', digest: { weekly: true } },
  });
  t.is(res.statusCode, 200);
  const p = json(res);
  t.like(p, { first_name: 'Ada', last_name: 'Lovelace', full_name: 'Ada Lovelace', phone: '+44 (20) 7946-0958', company: 'Analytical Engines', language: 'en-GB', timezone: 'Europe/London', country: 'GB' });
  t.deepEqual(p.preferences, { theme: 'dark', digest: { weekly: true } });
  t.like(json(await call('GET', user)), { first_name: 'Ada', country: 'GB', timezone: 'Europe/London' });
});

test('PATCH changes only the fields sent', async (t) => {
  const user = await buildUser(app.server);
  await call('PUT', user, { first_name: 'Alan', last_name: 'Turing', company: 'Bletchley', timezone: 'Europe/London' });
  const res = await call('PATCH', user, { job_title: 'Cryptanalyst' });
  t.is(res.statusCode, 200);
  t.like(json(res), { first_name: 'Alan', last_name: 'Turing', company: 'Bletchley', timezone: 'Europe/London', job_title: 'Cryptanalyst' });
  const cleared = await call('PATCH', user, { company: '' });
  t.is(json(cleared).company, '');
  t.is(json(cleared).job_title, 'Cryptanalyst');
});

test('bad timezone, language, phone, country and unknown fields are 400 with their paths', async (t) => {
  const user = await buildUser(app.server);
  const before = json(await call('GET', user));
  const cases: [Record<string, unknown>, string][] = [
    [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
    [{ language: 'english please' }, 'language'],
    [{ phone: 'call me maybe' }, 'phone'],
    [{ phone: '1'.repeat(40) }, 'phone'],
    [{ country: 'France' }, 'country'],
    [{ country: 'zz' }, 'country'],
    [{ country: 'XX' }, 'country'],
    [{ country: 'EU' }, 'country'],
    [{ preferences: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`key${i}`, 'x'.repeat(60)])) }, 'preferences'],
    [{ first_name: 'x'.repeat(151) }, 'first_name'],
    [{ preferences: 'dark' }, 'preferences'],
    [{ email: 'new@example.test' }, 'email'],
    [{ is_staff: true }, 'is_staff'],
  ];
  for (const [payload, path] of cases) {
    const res = await call('PATCH', user, payload);
    t.is(res.statusCode, 400, JSON.stringify(payload));
    t.is(json(res).error.code, 'validation_error');
    t.deepEqual(paths(res), [path]);
  }
  const several = await call('PATCH', user, { timezone: 'Nowhere/Land', language: '123' });
  t.deepEqual(paths(several), ['language', 'timezone'], 'every problem is reported at once');
  const empty = await call('PATCH', user, {});
  t.is(empty.statusCode, 400);
  const notObject = await call('PATCH', user, [1, 2]);
  t.is(notObject.statusCode, 400);
  t.deepEqual(json(await call('GET', user)), before, 'nothing changed');
});

test('profile writes are recorded in the caller\'s own activity', async (t) => {
  const user = await buildUser(app.server);
  await call('PATCH', user, { bio: 'hello' });
  const activity = JSON.parse((await app.server.inject({ method: 'GET', url: '/api/teams/recent-activity/', headers: user.auth })).payload);
  t.is(activity.results[0].action, 'update');
  // the field is named; free text a person wrote never enters the audit log
  t.is(activity.results[0].changes.bio, '[redacted]');
});

test('unauthenticated or invalid tokens are 401', async (t) => {
  for (const method of ['GET', 'PUT', 'PATCH']) {
    const res = await call(method, null, method === 'GET' ? undefined : { first_name: 'a', last_name: 'b' });
    t.is(res.statusCode, 401);
    t.is(json(res).error.code, 'not_authenticated');
    t.is(res.headers['www-authenticate'], 'Bearer');
  }
  const forged = await call('GET', null, undefined, { authorization: 'Bearer ipa_forged-token' });
  t.is(forged.statusCode, 401);
  t.is(json(forged).error.code, 'token_invalid');
  const basic = await call('GET', null, undefined, { authorization: 'Basic dXNlcjpwYXNz' });
  t.is(basic.statusCode, 401);
});
