import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, uniqueEmail } from '../../factories/users.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: false });
});
test.after.always(async () => app?.stop());

const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
  app.server.inject({ method, url, headers, payload: payload as object });

test('staff list every user; a regular user sees only themselves', async (t) => {
  const staff = await buildUser(app.server, { is_staff: true });
  const user = await buildUser(app.server);
  const mine = await call('GET', '/api/users/', user.auth);
  t.is(mine.statusCode, 200);
  t.is(mine.result && (mine.result as { count: number }).count, 1);
  t.is((mine.result as { results: { id: string }[] }).results[0].id, user.id);
  const all = await call('GET', `/api/users/?search=${encodeURIComponent(user.email)}`, staff.auth);
  t.is((all.result as { count: number }).count, 1);
  const page = await call('GET', '/api/users/?page_size=1&ordering=-date_joined', staff.auth);
  t.is((page.result as { results: unknown[] }).results.length, 1);
  t.truthy((page.result as { next: string }).next);
  const badOrder = await call('GET', '/api/users/?ordering=password_hash', staff.auth);
  t.is(badOrder.statusCode, 400);
});

test('read: self or staff; another user is 404', async (t) => {
  const staff = await buildUser(app.server, { is_staff: true });
  const a = await buildUser(app.server);
  const b = await buildUser(app.server);
  t.is((await call('GET', `/api/users/${a.id}/`, a.auth)).statusCode, 200);
  t.is((await call('GET', `/api/users/${b.id}/`, a.auth)).statusCode, 404);
  t.is((await call('GET', `/api/users/${b.id}/`, staff.auth)).statusCode, 200);
  t.is((await call('GET', '/api/users/not-a-uuid/', staff.auth)).statusCode, 400);
});

test('staff create users; others cannot', async (t) => {
  const staff = await buildUser(app.server, { is_staff: true });
  const user = await buildUser(app.server);
  const email = uniqueEmail('made');
  const denied = await call('POST', '/api/users/', user.auth, { email, password: 'Made-by-staff1' });
  t.is(denied.statusCode, 403);
  const made = await call('POST', '/api/users/', staff.auth, { email, password: 'Made-by-staff1', first_name: 'M' });
  t.is(made.statusCode, 201);
  t.true((made.result as { is_verified: boolean }).is_verified);
  const login = await app.server.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password: 'Made-by-staff1' } });
  t.is(login.statusCode, 200);
  t.is((await call('POST', '/api/users/', staff.auth, { email, password: 'Made-by-staff1' })).statusCode, 409);
});

test('users edit their names but not their flags; staff deactivate users', async (t) => {
  const staff = await buildUser(app.server, { is_staff: true });
  const user = await buildUser(app.server);
  const renamed = await call('PATCH', `/api/users/${user.id}/`, user.auth, { first_name: 'Grace' });
  t.is(renamed.statusCode, 200);
  t.is((renamed.result as { first_name: string }).first_name, 'Grace');
  t.is((await call('PATCH', `/api/users/${user.id}/`, user.auth, { is_staff: true })).statusCode, 403);
  t.is((await call('PUT', `/api/users/${user.id}/`, user.auth, { first_name: 'Only' })).statusCode, 400);
  const self = await call('DELETE', `/api/users/${user.id}/`, user.auth);
  t.is(self.statusCode, 403);
  t.is((self.result as { error: { code: string } }).error.code, 'deletion_by_staff');
  t.is((await call('DELETE', `/api/users/${staff.id}/`, staff.auth)).statusCode, 409);
  const minted = await call('POST', '/api/auth/api-tokens/', user.auth, { name: 'script' });
  t.is(minted.statusCode, 201, minted.payload);
  const apiToken = { authorization: `Bearer ${(minted.result as { token: string }).token}` };
  t.is((await call('GET', '/api/profiles/me/', apiToken)).statusCode, 200);
  t.is((await call('DELETE', `/api/users/${user.id}/`, staff.auth)).statusCode, 204);
  t.is((await call('GET', '/api/profiles/me/', user.auth)).statusCode, 401, 'tokens of a deactivated user stop working');
  t.is((await call('GET', '/api/profiles/me/', apiToken)).statusCode, 401, 'and so do personal API tokens');
  const login = await app.server.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: user.email, password: user.password } });
  t.is(login.statusCode, 403);
  t.is((await call('PATCH', `/api/users/${user.id}/`, staff.auth, { is_active: true })).statusCode, 200);
  t.is((await call('GET', '/api/profiles/me/', apiToken)).statusCode, 401, 'reactivating does not bring a revoked token back');
  t.is((await call('GET', '/api/profiles/me/', user.auth)).statusCode, 401);
});
