// A change of is_staff or is_active reaches every gateway instance at once: two
// composed servers share Redis (one queue prefix, as instances of one install do); the
// second has the user's principal cached, and must stop granting staff rights as soon
// as the first demotes them, not when its 30-second cache runs out.
import test from 'ava';
import { randomBytes } from 'node:crypto';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { waitFor } from '../../helpers/wait.js';

let first: TestApp;
let second: TestApp;
test.before(async () => {
  const env = { QUEUE_PREFIX: `t${randomBytes(5).toString('hex')}` };
  first = await startApp({ workers: false, listen: true, env });
  second = await startApp({ workers: false, listen: true, env });
});
test.after.always(async () => {
  await first?.stop();
  await second?.stop();
});

const staffOnly = (app: TestApp, auth: Record<string, string>) => app.server.inject({ method: 'GET', url: '/api/auth/otp/history/', headers: auth });

test('demoting staff on one instance drops their cached rights on the other at once', async (t) => {
  const admin = await buildUser(first.server, { is_staff: true });
  const demoted = await buildUser(first.server, { is_staff: true });
  t.is((await staffOnly(second, demoted.auth)).statusCode, 200, 'cached as staff on the second instance');
  const res = await first.server.inject({ method: 'PATCH', url: `/api/users/${demoted.id}/`, headers: admin.auth, payload: { is_staff: false } });
  t.is(res.statusCode, 200);
  const started = Date.now();
  await waitFor(async () => (await staffOnly(second, demoted.auth)).statusCode === 403, { timeoutMs: 5_000, intervalMs: 50, message: 'the second instance to forget the staff rights' });
  t.true(Date.now() - started < 5_000);
  t.is((await second.server.inject({ method: 'GET', url: '/api/auth/me/', headers: demoted.auth })).statusCode, 200, 'still signed in, as a plain user');
});

test('deactivating on one instance signs the user out on the other at once', async (t) => {
  const admin = await buildUser(first.server, { is_staff: true });
  const user = await buildUser(first.server);
  t.is((await second.server.inject({ method: 'GET', url: '/api/auth/me/', headers: user.auth })).statusCode, 200);
  t.is((await first.server.inject({ method: 'PATCH', url: `/api/users/${user.id}/`, headers: admin.auth, payload: { is_active: false } })).statusCode, 200);
  await waitFor(async () => (await second.server.inject({ method: 'GET', url: '/api/auth/me/', headers: user.auth })).statusCode === 401, { timeoutMs: 5_000, intervalMs: 50, message: 'the second instance to refuse the user' });
  t.pass();
});
