// The staff admin's sign-in, session cookie, CSRF and sign-out, through server.inject
// as a browser would (test/helpers/admin.ts keeps the cookies).
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { AdminAgent, adminAgent } from '../../helpers/admin.js';
import { ADMIN_REFUSED } from '../../../domain/admin/admin-session-service.js';

let app: TestApp;
let staff: TestUser;
test.before(async () => {
  app = await startApp({ workers: false });
  staff = await buildUser(app.server, { is_staff: true });
});
test.after.always(async () => app?.stop());

const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;').replace(/=/g, '&#x3D;');
const auditRows = (actorId: string, action: string) => app.server.app.platform.knex('system_audit_logs').where({ actor_id: actorId, action });

test('a signed-out browser is sent to the sign-in page, which has a CSRF-protected form', async (t) => {
  const agent = new AdminAgent(app.server);
  const home = await agent.get('/admin/users/?search=x');
  t.is(home.status, 303);
  t.is(home.location, `/admin/login/?next=${encodeURIComponent('/admin/users/?search=x')}`);
  const form = await agent.get(home.location!);
  t.is(form.status, 200);
  t.regex(form.body, /<form method="post" action="\/admin\/login\/"/);
  t.truthy(agent.crumb, 'the crumb cookie is set');
  t.true(form.body.includes(`name="admin_crumb" value="${agent.crumb}"`), 'the form carries the token');
  const cookie = [form.headers['set-cookie']].flat().find((c) => String(c).startsWith('admin_crumb='));
  t.regex(String(cookie), /HttpOnly/);
  t.regex(String(cookie), /SameSite=Strict/);
});

test('staff sign in: an opaque HttpOnly SameSite cookie, a server-side session, the audit row', async (t) => {
  const agent = new AdminAgent(app.server);
  const res = await agent.signIn(staff.email, staff.password);
  t.is(res.status, 303);
  t.is(res.location, '/admin/');
  const cookie = String([res.headers['set-cookie']].flat().find((c) => String(c).startsWith('admin_sid=')));
  t.regex(cookie, /HttpOnly/);
  t.regex(cookie, /SameSite=Strict/);
  t.regex(cookie, /Path=\/admin/);
  t.notRegex(cookie, /Secure/, 'plain http here: no Secure flag');
  t.false(cookie.includes(staff.email) || cookie.includes(staff.id), 'the cookie names no user');
  const home = await agent.get('/admin/');
  t.is(home.status, 200);
  t.true(home.body.includes(staff.email));
  t.true((await auditRows(staff.id, 'admin_login')).length >= 1);
  // the session is a Redis entry named by the id's hash
  const keys = await app.server.app.platform.redis.keys(`${app.config.queuePrefix}:admin-session:*`);
  t.true(keys.length >= 1);
});

test('the sign-in goes back to where the browser was going, never to another site', async (t) => {
  const agent = new AdminAgent(app.server);
  await agent.get('/admin/login/');
  const local = await agent.post('/admin/login/', { email: staff.email, password: staff.password, next: '/admin/teams/?search=a' });
  t.is(local.location, '/admin/teams/?search=a');
  const other = new AdminAgent(app.server);
  await other.get('/admin/login/');
  for (const next of ['https://evil.example/', '//evil.example/admin/', '/admin/../api/']) {
    const res = await other.post('/admin/login/', { email: staff.email, password: staff.password, next });
    t.is(res.location, '/admin/', next);
  }
});

test('wrong password, unknown e-mail, non-staff, inactive and unverified accounts get the same answer', async (t) => {
  const plain = await buildUser(app.server);
  const inactive = await buildUser(app.server, { is_staff: true });
  await app.server.app.platform.knex('users').where({ id: inactive.id }).update({ is_active: false });
  const unverified = await buildUser(app.server, { is_staff: true, verified: false });
  const attempts = [
    [staff.email, 'wrong-password-1'],
    ['nobody-here@example.test', 'Str0ng-Passw0rd!'],
    [plain.email, plain.password],
    [inactive.email, inactive.password],
    [unverified.email, unverified.password],
  ];
  const answers: string[] = [];
  for (const [email, password] of attempts) {
    const agent = new AdminAgent(app.server);
    const res = await agent.signIn(email, password);
    t.is(res.status, 401, email);
    t.false(agent.jar.has('admin_sid'), `${email}: no session cookie`);
    answers.push(res.body.match(/<p class="error"[^>]*>([^<]*)<\/p>/)?.[1] ?? '');
  }
  t.is(new Set(answers).size, 1, 'one message for every refusal');
  t.is(answers[0], escaped(ADMIN_REFUSED));
});

test('the sign-in is throttled by the accounts\' login throttle (a burst of wrong passwords meets 429)', async (t) => {
  const victim = await buildUser(app.server, { is_staff: true });
  const agent = new AdminAgent(app.server);
  await agent.get('/admin/login/');
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) statuses.push((await agent.post('/admin/login/', { email: victim.email, password: `wrong-${i}-password` })).status);
  t.true(statuses.includes(429), statuses.join(','));
  t.false(statuses.some((s) => s !== 401 && s !== 429));
});

test('a missing or wrong field of the sign-in form is a 400 page, not a 500', async (t) => {
  const agent = new AdminAgent(app.server);
  await agent.get('/admin/login/');
  t.is((await agent.post('/admin/login/', { email: staff.email })).status, 400);
  t.is((await agent.post('/admin/login/', { email: 'x'.repeat(300), password: 'p' })).status, 400);
  t.is((await agent.post('/admin/login/', { email: staff.email, password: staff.password, extra: '1' })).status, 400);
});

test('a form posted without its CSRF token, or with another, is 403 and does nothing', async (t) => {
  const target = await buildUser(app.server);
  const agent = await adminAgent(app.server, staff.email, staff.password);
  const none = await agent.post(`/admin/users/${target.id}/deactivate/`, {}, { crumb: false });
  t.is(none.status, 403);
  t.regex(none.body, /security token/);
  const wrong = await agent.post(`/admin/users/${target.id}/deactivate/`, {}, { crumb: 'not-the-token' });
  t.is(wrong.status, 403);
  t.is((await app.server.app.platform.knex('users').where({ id: target.id }).first()).is_active, true);
  // the sign-in and sign-out forms too
  const fresh = new AdminAgent(app.server);
  await fresh.get('/admin/login/');
  t.is((await fresh.post('/admin/login/', { email: staff.email, password: staff.password }, { crumb: false })).status, 403);
  t.is((await agent.post('/admin/logout/', {}, { crumb: false })).status, 403);
  t.is((await agent.get('/admin/')).status, 200, 'still signed in');
});

test('sign-out ends the session on the server: the old cookie, replayed, opens nothing', async (t) => {
  const other = await buildUser(app.server, { is_staff: true });
  const agent = await adminAgent(app.server, other.email, other.password);
  const stolen = agent.cookieHeader;
  const out = await agent.post('/admin/logout/');
  t.is(out.status, 303);
  t.is(out.location, '/admin/login/');
  t.false(agent.jar.has('admin_sid'), 'the cookie is cleared');
  const replay = await app.server.inject({ url: '/admin/users/', headers: { cookie: stolen } });
  t.is(replay.statusCode, 303);
  t.regex(String(replay.headers.location), /^\/admin\/login\//);
  t.is((await app.server.inject({ url: '/admin/queues', headers: { cookie: stolen } })).statusCode, 401, 'nor the queue dashboard');
  t.true((await auditRows(other.id, 'admin_logout')).length === 1);
});

test('a staff member demoted or deactivated loses the admin session at once', async (t) => {
  for (const change of [{ is_staff: false }, { is_active: false }]) {
    const member = await buildUser(app.server, { is_staff: true });
    const agent = await adminAgent(app.server, member.email, member.password);
    t.is((await agent.get('/admin/')).status, 200);
    await app.server.app.platform.knex('users').where({ id: member.id }).update(change);
    t.is((await agent.get('/admin/')).status, 303, JSON.stringify(change));
  }
});

test('the admin session also opens the queue dashboard; a plain user\'s bearer token does not', async (t) => {
  const agent = await adminAgent(app.server, staff.email, staff.password);
  t.is((await agent.get('/admin/queues')).status, 200);
  t.is((await agent.get('/admin/queues/api/queues')).status, 200);
  t.true((await agent.get('/admin/')).body.includes('href="/admin/queues"'), 'linked from the navigation');
  const plain = await buildUser(app.server);
  t.is((await app.server.inject({ url: '/admin/queues', headers: plain.auth })).statusCode, 403);
  t.is((await app.server.inject({ url: '/admin/queues', headers: staff.auth })).statusCode, 200, 'bearer staff access still works');
});

test('with the admin cookie, a queue dashboard change must come from this site (Origin)', async (t) => {
  const agent = await adminAgent(app.server, staff.email, staff.password);
  const put = (headers: Record<string, string>) => app.server.inject({ method: 'PUT', url: '/admin/queues/api/queues/system/pause', headers: { cookie: agent.cookieHeader, ...headers } });
  t.is((await put({})).statusCode, 403, 'no Origin');
  t.is((await put({ origin: 'https://evil.example' })).statusCode, 403, 'another site');
  const resume = () => app.server.inject({ method: 'PUT', url: '/admin/queues/api/queues/system/resume', headers: { cookie: agent.cookieHeader, origin: app.config.publicBaseUrl } });
  t.teardown(async () => void (await resume()));
  const same = await put({ origin: app.config.publicBaseUrl });
  t.true(same.statusCode < 300, String(same.statusCode));
  t.true(await app.server.app.platform.producer.queue('system').isPaused());
  t.true((await resume()).statusCode < 300);
  t.is((await app.server.inject({ method: 'PUT', url: '/admin/queues/api/queues/system/resume', headers: staff.auth })).statusCode < 300, true, 'a staff bearer token needs no Origin');
});

test('idle and absolute expiry: the entry lives at most the idle time, and a session past its maximum age ends', async (t) => {
  const member = await buildUser(app.server, { is_staff: true });
  const agent = await adminAgent(app.server, member.email, member.password);
  const { redis } = app.server.app.platform;
  const [key] = await redis.smembers(`${app.config.queuePrefix}:admin-sessions-of:${member.id}`);
  const entry = `${app.config.queuePrefix}:admin-session:${key}`;
  const idleMs = app.config.adminSession.idleMinutes * 60_000;
  const ttl = await redis.pttl(entry);
  t.true(ttl > 0 && ttl <= idleMs, `ttl ${ttl}`);
  await redis.pexpire(entry, 5_000);
  t.is((await agent.get('/admin/')).status, 200);
  t.true((await redis.pttl(entry)) > 5_000, 'a request restarts the idle count');
  await redis.hset(entry, 'created_at', String(Date.now() - app.config.adminSession.maxHours * 3_600_000 - 1000));
  t.is((await agent.get('/admin/')).status, 303, 'past its maximum age');
  t.is(await redis.exists(entry), 0, 'and gone');
});

test('signing in again ends the browser\'s previous session', async (t) => {
  const agent = await adminAgent(app.server, staff.email, staff.password);
  const before = agent.cookieHeader;
  t.is((await agent.post('/admin/login/', { email: staff.email, password: staff.password })).status, 303);
  t.not(agent.cookieHeader, before, 'a new id');
  t.is((await app.server.inject({ url: '/admin/', headers: { cookie: before } })).statusCode, 303, 'the old one opens nothing');
  t.is((await agent.get('/admin/')).status, 200);
});

test('/admin/queues/ leads to the dashboard', async (t) => {
  const res = await app.server.inject('/admin/queues/');
  t.is(res.statusCode, 301);
  t.is(res.headers.location, '/admin/queues');
});

test('the admin pages run no script: a strict CSP, no caching, frames refused', async (t) => {
  const agent = await adminAgent(app.server, staff.email, staff.password);
  for (const url of ['/admin/login/', '/admin/', '/admin/users/', `/admin/users/${staff.id}/`, '/admin/users/not-a-uuid/']) {
    const res = await agent.get(url);
    const csp = String(res.headers['content-security-policy']);
    t.regex(csp, /default-src 'none'/, url);
    t.notRegex(csp, /script-src/, url);
    t.notRegex(res.body, /<script/i, url);
    t.is(res.headers['cache-control'], 'no-store', url);
    t.is(res.headers['x-frame-options'], 'DENY', url);
  }
});

test('the session cookie is Secure when PUBLIC_BASE_URL is https', async (t) => {
  const tls = await startApp({ workers: false, env: { PUBLIC_BASE_URL: 'https://admin.example.test' } });
  try {
    const agent = new AdminAgent(tls.server);
    const res = await agent.signIn(staff.email, staff.password);
    t.is(res.status, 303);
    const cookies = [res.headers['set-cookie']].flat().map(String);
    t.regex(String(cookies.find((c) => c.startsWith('admin_sid='))), /; Secure/);
  } finally {
    await tls.stop();
  }
});
