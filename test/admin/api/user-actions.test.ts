// The account actions of a user's admin page: verify, deactivate / reactivate,
// promote / demote, revoke all logins. Each is audited with the staff member as the
// actor; taking rights away ends the account's logins everywhere at once.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { AdminAgent, adminAgent } from '../../helpers/admin.js';
import { callApi } from '../../helpers/http.js';
import { connect, wsUrl } from '../../helpers/ws.js';

let app: TestApp;
let staff: TestUser;
let agent: AdminAgent;
test.before(async () => {
  app = await startApp({ workers: false, listen: true });
  staff = await buildUser(app.server, { is_staff: true });
  agent = await adminAgent(app.server, staff.email, staff.password);
});
test.after.always(async () => app?.stop());

const userRow = (id: string) => app.server.app.platform.knex('users').where({ id }).first();
const auditOf = (id: string, action: string) => app.server.app.platform.knex('system_audit_logs').where({ entity_type: 'user', entity_id: id, action }).orderBy('id', 'desc');
const me = (auth: Record<string, string>) => callApi(app.server, 'GET', '/api/profiles/me/', auth);
const act = (id: string, action: string) => agent.post(`/admin/users/${id}/${action}/`);

async function apiToken(user: TestUser): Promise<string> {
  const res = await callApi(app.server, 'POST', '/api/auth/api-tokens/', user.auth, { name: 'script', current_password: user.password });
  if (res.status !== 201) throw new Error(`api token: ${res.status}`);
  return res.body.token;
}

test('a user\'s page offers the actions that fit the account', async (t) => {
  const user = await buildUser(app.server);
  const page = await agent.get(`/admin/users/${user.id}/`);
  t.is(page.status, 200);
  for (const action of ['deactivate', 'promote', 'revoke-logins']) t.true(page.body.includes(`action="/admin/users/${user.id}/${action}/"`), action);
  t.false(page.body.includes(`/${user.id}/reactivate/`));
  t.false(page.body.includes(`/${user.id}/verify/`), 'already verified');
  const own = await agent.get(`/admin/users/${staff.id}/`);
  t.false(own.body.includes(`/${staff.id}/deactivate/`), 'nothing that turns on oneself');
  t.regex(page.body, new RegExp(`name="admin_crumb" value="${agent.crumb}"`), 'every action form carries the CSRF token');
});

test('deactivate: the account\'s next API call is 401, its refresh and API tokens and sockets are dead; audited with the staff actor', async (t) => {
  const user = await buildUser(app.server);
  const token = await apiToken(user);
  t.is((await me(user.auth)).status, 200, 'the access token is known (and cached) before');
  t.is((await me({ authorization: `Bearer ${token}` })).status, 200);
  const socket = connect(wsUrl(app.url, '/ws/notifications/', user.access));
  t.teardown(() => socket.close());
  await socket.next('connection.ready');

  const res = await act(user.id, 'deactivate');
  t.is(res.status, 303);
  t.is(res.location, `/admin/users/${user.id}/?done=deactivate`);
  t.regex((await agent.get(res.location!)).body, /deactivated/);

  t.is((await me(user.auth)).status, 401, 'the access token');
  t.is((await me({ authorization: `Bearer ${token}` })).status, 401, 'the API token');
  t.is((await callApi(app.server, 'POST', '/api/token/refresh/', {}, { refresh: user.refresh })).status, 401, 'the refresh token');
  t.is((await callApi(app.server, 'POST', '/api/auth/login/', {}, { email: user.email, password: user.password })).status, 403, 'no new login');
  t.is(await socket.closeCode(10_000), 4401, 'the open socket is closed');
  t.is((await userRow(user.id)).is_active, false);
  const [row] = await auditOf(user.id, 'deactivate');
  t.is(row.actor_id, staff.id);
  t.deepEqual(row.changes, { is_active: { from: true, to: false } });

  t.is((await act(user.id, 'reactivate')).status, 303);
  t.is((await userRow(user.id)).is_active, true);
  t.is((await auditOf(user.id, 'reactivate'))[0].actor_id, staff.id);
  t.is((await callApi(app.server, 'POST', '/api/auth/login/', {}, { email: user.email, password: user.password })).status, 200, 'signs in again once reactivated');
});

test('promote and demote: staff rights follow at once, the admin session goes with them', async (t) => {
  const user = await buildUser(app.server);
  t.is((await callApi(app.server, 'GET', '/api/auth/otp/history/', user.auth)).status, 403, 'a staff-only endpoint, before');
  t.is((await new AdminAgent(app.server).signIn(user.email, user.password)).status, 401, 'no admin before');
  t.is((await act(user.id, 'promote')).status, 303);
  t.is((await userRow(user.id)).is_staff, true);
  t.is((await callApi(app.server, 'GET', '/api/auth/otp/history/', user.auth)).status, 200, 'the cached principal was forgotten');
  const theirs = await adminAgent(app.server, user.email, user.password);
  t.is((await theirs.get('/admin/')).status, 200);
  t.is((await act(user.id, 'demote')).status, 303);
  t.is((await userRow(user.id)).is_staff, false);
  t.is((await theirs.get('/admin/')).status, 303, 'their admin session ended');
  t.is((await callApi(app.server, 'GET', '/api/auth/otp/history/', user.auth)).status, 403);
  t.is((await auditOf(user.id, 'promote_staff'))[0].actor_id, staff.id);
  t.deepEqual((await auditOf(user.id, 'demote_staff'))[0].changes, { is_staff: { from: true, to: false } });
});

test('verify: an unverified account is marked verified and can log in', async (t) => {
  const user = await buildUser(app.server, { verified: false });
  t.is((await callApi(app.server, 'POST', '/api/auth/login/', {}, { email: user.email, password: user.password })).status, 403);
  t.true((await agent.get(`/admin/users/${user.id}/`)).body.includes(`/${user.id}/verify/`));
  t.is((await act(user.id, 'verify')).status, 303);
  t.truthy((await userRow(user.id)).email_verified_at);
  t.is((await callApi(app.server, 'POST', '/api/auth/login/', {}, { email: user.email, password: user.password })).status, 200);
  t.is((await auditOf(user.id, 'staff_verify_email'))[0].actor_id, staff.id);
});

test('revoke logins: every token and admin session of the account ends; the account stays active', async (t) => {
  const user = await buildUser(app.server, { is_staff: true });
  const token = await apiToken(user);
  const theirs = await adminAgent(app.server, user.email, user.password);
  t.is((await act(user.id, 'revoke-logins')).status, 303);
  t.is((await me(user.auth)).status, 401);
  t.is((await me({ authorization: `Bearer ${token}` })).status, 401);
  t.is((await callApi(app.server, 'POST', '/api/token/refresh/', {}, { refresh: user.refresh })).status, 401);
  t.is((await theirs.get('/admin/')).status, 303, 'the admin session too');
  t.is((await userRow(user.id)).is_active, true);
  t.is((await callApi(app.server, 'POST', '/api/auth/login/', {}, { email: user.email, password: user.password })).status, 200, 'a new login works');
  t.is((await auditOf(user.id, 'revoke_logins'))[0].actor_id, staff.id);
});

test('refused: on oneself, an unknown user, an unknown action, a malformed id; without a session', async (t) => {
  const self = await act(staff.id, 'deactivate');
  t.is(self.status, 409);
  t.regex(self.body, /cannot/);
  t.is((await userRow(staff.id)).is_active, true);
  t.is((await act('00000000-0000-4000-8000-000000000000', 'deactivate')).status, 404);
  const user = await buildUser(app.server);
  t.is((await act(user.id, 'delete-everything')).status, 400);
  t.is((await act('1; drop table users', 'deactivate')).status, 400);
  const stranger = new AdminAgent(app.server);
  await stranger.get('/admin/login/');
  const anonymous = await stranger.post(`/admin/users/${user.id}/deactivate/`);
  t.is(anonymous.status, 303, 'to the sign-in page');
  t.is((await userRow(user.id)).is_active, true);
  // a bearer token (even staff) is no admin session
  const bearer = await app.server.inject({ method: 'POST', url: `/admin/users/${user.id}/deactivate/`, headers: { ...staff.auth, 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  t.not(bearer.statusCode, 200);
  t.is((await userRow(user.id)).is_active, true);
});
