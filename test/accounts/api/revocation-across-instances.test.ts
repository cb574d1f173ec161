// Each gateway instance answers most requests from its own caches (the principal of
// a token for 30 s, the scope of a request with no team header without SQL). Whatever
// ends a right on one instance must end it on every other at once, not when a cache
// runs out: two composed servers share Redis and one queue prefix, as the instances of
// one install do; the second has the user's token cached before the first revokes.
// (Staff demotion and deactivation: principal-cache.test.ts.)
import test from 'ava';
import { randomBytes } from 'node:crypto';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { joinTeam } from '../../factories/inventory.js';
import { waitFor } from '../../helpers/wait.js';

let first: TestApp;
let second: TestApp;
test.before(async () => {
  const env = { QUEUE_PREFIX: `t${randomBytes(5).toString('hex')}` };
  first = await startApp({ workers: false, env });
  second = await startApp({ workers: false, env });
});
test.after.always(async () => {
  await first?.stop();
  await second?.stop();
});

const me = (app: TestApp, auth: Record<string, string>, headers: Record<string, string> = {}) => app.server.inject({ method: 'GET', url: '/api/profiles/me/', headers: { ...auth, ...headers } });
/** the second instance refuses within the pub/sub delivery; a 30 s cache would fail the deadline */
const refusedOnSecond = (auth: Record<string, string>, status: number, what: string, headers: Record<string, string> = {}) =>
  waitFor(async () => (await me(second, auth, headers)).statusCode === status, { timeoutMs: 5_000, intervalMs: 20, message: `the second instance to refuse after ${what}` });

test('a logout on one instance refuses the token on the other at once', async (t) => {
  const user = await buildUser(first.server);
  t.is((await me(second, user.auth)).statusCode, 200, 'cached on the second instance');
  t.is((await first.server.inject({ method: 'POST', url: '/api/auth/logout/', headers: user.auth })).statusCode, 200);
  await refusedOnSecond(user.auth, 401, 'logout');
  t.is((await me(first, user.auth)).statusCode, 401);
});

test('a password change on one instance ends the other logins on the other instance at once', async (t) => {
  const user = await buildUser(first.server);
  const otherLogin = await first.server.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: user.email, password: user.password } });
  const other = { authorization: `Bearer ${(otherLogin.result as { access: string }).access}` };
  t.is((await me(second, other)).statusCode, 200, 'cached on the second instance');
  const changed = await first.server.inject({ method: 'POST', url: '/api/auth/change-password/', headers: user.auth, payload: { current_password: user.password, new_password: 'An0ther-Str0ng-Pass!' } });
  t.is(changed.statusCode, 200, changed.payload);
  await refusedOnSecond(other, 401, 'the password change');
  t.is((await me(second, user.auth)).statusCode, 200, 'the login that changed it stays');
});

test('a revoked personal API token is refused on the other instance at once', async (t) => {
  const user = await buildUser(first.server);
  const created = await first.server.inject({ method: 'POST', url: '/api/auth/api-tokens/', headers: user.auth, payload: { name: 'sync script' } });
  t.is(created.statusCode, 201, created.payload);
  const token = created.result as { id: number; token: string };
  const bearer = { authorization: `Bearer ${token.token}` };
  t.is((await me(second, bearer)).statusCode, 200, 'cached on the second instance');
  t.is((await first.server.inject({ method: 'DELETE', url: `/api/auth/api-tokens/${token.id}/`, headers: user.auth })).statusCode, 204);
  await refusedOnSecond(bearer, 401, 'the revocation');
});

test('a member removed from a team on one instance loses its scope on the other at once', async (t) => {
  const owner = await buildUser(first.server);
  const member: TestUser = await buildUser(first.server);
  const team = await first.server.inject({ method: 'POST', url: '/api/teams/', headers: owner.auth, payload: { name: `Crew ${randomBytes(3).toString('hex')}` } });
  const teamId = (team.result as { id: number }).id;
  await joinTeam(first.server, owner, member, teamId);
  const inTeam = { 'X-Team-Id': String(teamId) };
  const seen = await me(second, member.auth, inTeam);
  t.is(seen.statusCode, 200, 'a member on the second instance');
  t.is((seen.result as { team_id: number }).team_id, teamId);
  const removed = await first.server.inject({ method: 'POST', url: `/api/teams/${teamId}/remove-member/`, headers: owner.auth, payload: { user_id: member.id } });
  t.is(removed.statusCode, 200, removed.payload);
  await refusedOnSecond(member.auth, 403, 'the removal', inTeam);
  const self = await me(second, member.auth);
  t.is(self.statusCode, 200, 'still signed in, in their own scope');
  t.is((self.result as { team_id: number | null }).team_id, null);
});
