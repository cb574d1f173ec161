// Personal API tokens: created (shown once), listed, revoked; hashed at rest; usable
// as a bearer exactly like a login (same user, same scope headers, staff rights,
// WebSocket); optional expiry; last use recorded; a reset revokes them; they cannot
// manage credentials themselves.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { codeFor, mailsTo } from '../../helpers/mail.js';
import { connect, wsUrl } from '../../helpers/ws.js';
import { waitFor } from '../../helpers/kyc.js';
import { sha256Hex } from '../../../jobs/runtime/secrets.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ listen: true });
});
test.after.always(async () => app?.stop());

const json = (res: { payload: string }) => JSON.parse(res.payload);
const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) => app.server.inject({ method, url, headers, payload: payload as object });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const knex = () => app.server.app.platform.knex;

async function minted(user: TestUser, body: Record<string, unknown> = { name: 'scanner PC' }) {
  const res = await call('POST', '/api/auth/api-tokens/', user.auth, body);
  if (res.statusCode !== 201) throw new Error(res.payload);
  return json(res) as { id: number; token: string; name: string; token_prefix: string; expires_at: string | null; last_used_at: string | null };
}

test('create: shown once, stored as a hash, listed without its value', async (t) => {
  const user = await buildUser(app.server);
  const res = await call('POST', '/api/auth/api-tokens/', user.auth, { name: '  invoice import  ' });
  t.is(res.statusCode, 201);
  t.is(res.headers['cache-control'], 'no-store');
  const created = json(res);
  t.regex(created.token, /^ipt_[A-Za-z0-9_-]{40,}$/);
  t.like(created, { name: 'invoice import', last_used_at: null, expired: false });
  const days = (Date.parse(created.expires_at) - Date.now()) / 86_400_000;
  t.true(days > 89.9 && days <= 90, 'expires after API_TOKEN_DEFAULT_DAYS by default');
  t.true(created.token.startsWith(created.token_prefix));

  const row = await knex()('api_tokens').where({ id: created.id }).first();
  t.is(row.token_hash, sha256Hex(created.token));
  t.false(JSON.stringify(row).includes(created.token), 'the value itself is not stored');

  const list = await call('GET', '/api/auth/api-tokens/', user.auth);
  t.is(list.statusCode, 200);
  const body = json(list);
  t.is(body.count, 1);
  t.is(body.results[0].id, created.id);
  t.false(list.payload.includes(created.token), 'never shown again');
  t.false('token' in body.results[0]);
});

test('a token acts as its user, like a login: same scope headers, profile, WebSocket', async (t) => {
  const user = await buildUser(app.server);
  const { token } = await minted(user);
  const me = await call('GET', '/api/auth/me/', bearer(token));
  t.is(me.statusCode, 200);
  t.like(json(me), { id: user.id, email: user.email, credential: 'api_token' });
  t.is((await call('GET', '/api/profiles/me/', bearer(token))).statusCode, 200);

  const team = json(await call('POST', '/api/teams/', bearer(token), { name: 'Token team' }));
  const scoped = json(await call('GET', '/api/auth/me/', { ...bearer(token), 'X-Profile-Type': 'team', 'X-Team-Id': String(team.id) }));
  t.deepEqual(scoped.scope, { profile_type: 'team', team_id: team.id, team_role: 'owner' });
  const stranger = await buildUser(app.server);
  const strangerToken = (await minted(stranger)).token;
  t.is((await call('GET', '/api/auth/me/', { ...bearer(strangerToken), 'X-Profile-Type': 'team', 'X-Team-Id': String(team.id) })).statusCode, 403, 'no other scope than a login would have');

  const socket = connect(wsUrl(app.url, '/ws/notifications/', token));
  t.teardown(() => socket.close());
  await socket.next('connection.ready');
  t.pass();
});

test('staff rights follow the user; a plain user\'s token has none', async (t) => {
  const staff = await buildUser(app.server, { is_staff: true });
  const user = await buildUser(app.server);
  t.is((await call('GET', '/api/auth/otp/history/', bearer((await minted(staff)).token))).statusCode, 200);
  t.is((await call('GET', '/api/auth/otp/history/', bearer((await minted(user)).token))).statusCode, 403);
});

test('revoke: at once, only your own, once', async (t) => {
  const user = await buildUser(app.server);
  const other = await buildUser(app.server);
  const tok = await minted(user);
  t.is((await call('GET', '/api/auth/me/', bearer(tok.token))).statusCode, 200, 'used (and cached) before the revocation');
  const socket = connect(wsUrl(app.url, '/ws/notifications/', tok.token));
  t.teardown(() => socket.close());
  await socket.next('connection.ready');

  t.is((await call('DELETE', `/api/auth/api-tokens/${tok.id}/`, other.auth)).statusCode, 404, 'another user cannot revoke it');
  t.is((await call('GET', '/api/auth/me/', bearer(tok.token))).statusCode, 200);
  const res = await call('DELETE', `/api/auth/api-tokens/${tok.id}/`, user.auth);
  t.is(res.statusCode, 204);
  const after = await call('GET', '/api/auth/me/', bearer(tok.token));
  t.is(after.statusCode, 401);
  t.is(json(after).error.code, 'token_invalid');
  t.is(await socket.closeCode(), 4401, 'an open socket of the token is closed');
  t.is((await call('DELETE', `/api/auth/api-tokens/${tok.id}/`, user.auth)).statusCode, 404, 'already revoked');
  t.is(json(await call('GET', '/api/auth/api-tokens/', user.auth)).count, 0);
  t.is((await call('DELETE', '/api/auth/api-tokens/abc/', user.auth)).statusCode, 400);
  t.is((await call('DELETE', '/api/auth/api-tokens/99999999999/', user.auth)).statusCode, 400);
});

test('expiry: optional, in days; an expired token is refused', async (t) => {
  const user = await buildUser(app.server);
  const tok = await minted(user, { name: 'short', expires_in_days: 7 });
  const days = (Date.parse(tok.expires_at!) - Date.now()) / 86_400_000;
  t.true(days > 6.9 && days <= 7);
  await knex()('api_tokens').where({ id: tok.id }).update({ expires_at: new Date(Date.now() - 1000) });
  t.is((await call('GET', '/api/auth/me/', bearer(tok.token))).statusCode, 401);
  t.true(json(await call('GET', '/api/auth/api-tokens/', user.auth)).results[0].expired);
});

test('last_used_at is recorded', async (t) => {
  const user = await buildUser(app.server);
  const tok = await minted(user);
  t.is((await call('GET', '/api/auth/me/', bearer(tok.token))).statusCode, 200);
  const row = await waitFor('last use', async () => (await knex()('api_tokens').where({ id: tok.id }).first())?.last_used_at);
  t.true(Date.now() - new Date(row).getTime() < 60_000);
  t.truthy(json(await call('GET', '/api/auth/api-tokens/', user.auth)).results[0].last_used_at);
});

test('a token cannot manage credentials: no new tokens, no logout, no password change (403 session_required)', async (t) => {
  const user = await buildUser(app.server);
  const { token, id } = await minted(user);
  for (const [method, url, payload] of [
    ['POST', '/api/auth/api-tokens/', { name: 'sibling' }],
    ['GET', '/api/auth/api-tokens/', undefined],
    ['DELETE', `/api/auth/api-tokens/${id}/`, undefined],
    ['POST', '/api/auth/logout/', { all: true }],
    ['POST', '/api/auth/change-password/', { current_password: user.password, new_password: 'N3w-Password!' }],
  ] as const) {
    const res = await call(method, url, bearer(token), payload);
    t.is(res.statusCode, 403, `${method} ${url}`);
    t.is(json(res).error.code, 'session_required');
  }
  t.is((await call('GET', '/api/auth/me/', bearer(token))).statusCode, 200, 'still valid');
});

test('a password change, a reset and "log out everywhere" each revoke every API token', async (t) => {
  const user = await buildUser(app.server);
  const first = await minted(user);
  t.is((await call('POST', '/api/auth/change-password/', user.auth, { current_password: user.password, new_password: 'Changed-Pass-1' })).statusCode, 200);
  t.is((await call('GET', '/api/auth/me/', bearer(first.token))).statusCode, 401, 'password change');

  const second = await minted(user);
  t.is((await call('GET', '/api/auth/me/', bearer(second.token))).statusCode, 200);
  t.is((await call('POST', '/api/auth/logout/', user.auth, { all: true })).statusCode, 200);
  t.is((await call('GET', '/api/auth/me/', bearer(second.token))).statusCode, 401, 'log out everywhere');

  const relogged = await call('POST', '/api/auth/login/', {}, { email: user.email, password: 'Changed-Pass-1' });
  const third = await minted({ ...user, auth: bearer(json(relogged).access) });
  // three "token created" e-mails and one "password changed" before the code
  await waitFor('earlier mails', async () => (await mailsTo(app.config, user.email)).length >= 4);
  await call('POST', '/api/auth/forgot-password/', {}, { email: user.email });
  const code = await codeFor(app.config, user.email, 5);
  t.is((await call('POST', '/api/auth/reset-password/', {}, { email: user.email, otp_code: code, new_password: 'Recovered-1' })).statusCode, 200);
  t.is((await call('GET', '/api/auth/me/', bearer(third.token))).statusCode, 401, 'reset');
});

test('create needs the current password unless the login is a few minutes old', async (t) => {
  const user = await buildUser(app.server);
  // the login is now older than API_TOKEN_RECENT_LOGIN_MINUTES
  await knex()('auth_tokens').where({ user_id: user.id }).update({ created_at: new Date(Date.now() - 6 * 60_000) });
  const bare = await call('POST', '/api/auth/api-tokens/', user.auth, { name: 'from a stolen access token' });
  t.is(bare.statusCode, 403);
  t.is(json(bare).error.code, 'reauthentication_required');
  const wrong = await call('POST', '/api/auth/api-tokens/', user.auth, { name: 'guess', current_password: 'not-it-at-all' });
  t.is(wrong.statusCode, 400);
  t.is(json(wrong).error.code, 'invalid_password');
  t.is(Number((await knex()('api_tokens').where({ user_id: user.id }).count('* as n'))[0].n), 0, 'nothing was minted');
  const ok = await call('POST', '/api/auth/api-tokens/', user.auth, { name: 'confirmed', current_password: user.password, expires_in_days: 30 });
  t.is(ok.statusCode, 201);
  const days = (Date.parse(json(ok).expires_at) - Date.now()) / 86_400_000;
  t.true(days > 29.9 && days <= 30, 'an explicit expiry shortens the default');
});

test('the owner is e-mailed when a token is created (without its value)', async (t) => {
  const user = await buildUser(app.server);
  const created = await minted(user, { name: 'nightly export' });
  const mail = await waitFor('token mail', async () => (await mailsTo(app.config, user.email)).find((m) => m.includes('API token was created')));
  t.true(mail.includes('nightly export'));
  t.true(mail.includes(created.token_prefix));
  t.false(mail.includes(created.token), 'the value is never mailed');
});

test('create validates its input and caps the active tokens', async (t) => {
  const user = await buildUser(app.server);
  const bad: unknown[] = [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 42 }, { name: 'a', expires_in_days: 0 }, { name: 'a', expires_in_days: 366 }, { name: 'a', expires_in_days: 'soon' }, { name: 'a', scope: 'admin' }];
  for (const body of bad) {
    const res = await call('POST', '/api/auth/api-tokens/', user.auth, body);
    t.is(res.statusCode, 400, JSON.stringify(body));
    t.is(json(res).error.code, 'validation_error');
  }
  t.is((await call('POST', '/api/auth/api-tokens/', {}, { name: 'x' })).statusCode, 401);
  t.is((await call('POST', '/api/auth/api-tokens/', bearer('ipt_forged-token-value'), { name: 'x' })).statusCode, 401);

  await knex()('api_tokens').insert(Array.from({ length: 50 }, (_, i) => ({ user_id: user.id, name: `bulk ${i}`, token_hash: sha256Hex(`${user.id}-${i}`), token_prefix: 'ipt_bulk' })));
  const over = await call('POST', '/api/auth/api-tokens/', user.auth, { name: 'one too many' });
  t.is(over.statusCode, 409);
  t.is(json(over).error.code, 'too_many_api_tokens');
});

test('the API token endpoints are in the OpenAPI document', async (t) => {
  const doc = JSON.parse((await app.server.inject('/api/openapi.json')).payload);
  t.truthy(doc.paths['/api/auth/api-tokens/']?.post);
  t.truthy(doc.paths['/api/auth/api-tokens/']?.get);
  t.truthy(doc.paths['/api/auth/api-tokens/{id}/']?.delete);
  t.truthy(doc.paths['/api/auth/api-tokens/'].post.responses['201']);
});
