import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: false });
});
test.after.always(async () => app?.stop());

const me = (headers: Record<string, string>) => app.server.inject({ method: 'GET', url: '/api/auth/me/', headers });
const json = (res: { payload: string }) => JSON.parse(res.payload);

test('GET /api/auth/me/ answers the identity behind the token and the resolved scope', async (t) => {
  const user = await buildUser(app.server);
  const res = await me(user.auth);
  t.is(res.statusCode, 200);
  const body = json(res);
  t.deepEqual(body.scope, { profile_type: 'self', team_id: null, team_role: null });
  t.like(body, { id: user.id, email: user.email, is_staff: false });
  const expires = Date.parse(body.access_expires_at) - Date.now();
  t.true(expires > 14 * 60_000 && expires <= 60 * 60_000);

  const team = json(await app.server.inject({ method: 'POST', url: '/api/teams/', payload: { name: 'Me team' }, headers: user.auth }));
  const scoped = json(await me({ ...user.auth, 'X-Profile-Type': 'team', 'X-Team-Id': String(team.id) }));
  t.deepEqual(scoped.scope, { profile_type: 'team', team_id: team.id, team_role: 'owner' });
});

test('GET /api/auth/me/: staff flag, foreign scope 403, no token 401, revoked token 401', async (t) => {
  const staff = await buildUser(app.server, { is_staff: true });
  t.true(json(await me(staff.auth)).is_staff);

  const owner = await buildUser(app.server);
  const team = json(await app.server.inject({ method: 'POST', url: '/api/teams/', payload: { name: 'Not yours' }, headers: owner.auth }));
  const foreign = await me({ ...staff.auth, 'X-Profile-Type': 'team', 'X-Team-Id': String(team.id) });
  t.is(foreign.statusCode, 403);
  t.is((await me({ ...staff.auth, 'X-Profile-Type': 'nobody' })).statusCode, 400);

  t.is((await me({})).statusCode, 401);
  await app.server.inject({ method: 'POST', url: '/api/auth/logout/', headers: owner.auth, payload: {} });
  const revoked = await me(owner.auth);
  t.is(revoked.statusCode, 401);
  t.is(json(revoked).error.code, 'token_invalid');
});
