// PostgreSQL or Redis disappearing under a running gateway: health names the failed
// dependency, requests get a quick 503 in the error body, and everything recovers
// when the dependency returns. Each dependency sits behind a TCP proxy the test
// takes down. One app per file.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, uniqueEmail, type TestUser } from '../../factories/users.js';
import { tcpProxy, type TcpProxy } from '../../helpers/tcp-proxy.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../../helpers/env.js';
import { waitFor } from '../../helpers/wait.js';

let app: TestApp;
let pgProxy: TcpProxy;
let redisProxy: TcpProxy;
let user: TestUser;

const via = (url: string, proxy: TcpProxy) => {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
};

test.before(async () => {
  const pgUrl = new URL(TEST_DATABASE_URL);
  const redisUrl = new URL(TEST_REDIS_URL);
  pgProxy = await tcpProxy(pgUrl.hostname, Number(pgUrl.port || 5432));
  redisProxy = await tcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
  app = await startApp({ workers: false, env: { DATABASE_URL: via(TEST_DATABASE_URL, pgProxy), REDIS_URL: via(TEST_REDIS_URL, redisProxy) } });
  user = await buildUser(app.server);
});
test.after.always(async () => {
  await pgProxy?.up();
  await redisProxy?.up();
  await app?.stop();
  await pgProxy?.down();
  await redisProxy?.down();
});

const json = (res: { payload: string }) => JSON.parse(res.payload);
const health = () => app.server.inject('/api/health/');

async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  return waitFor(check, { timeoutMs, intervalMs: 100 }).then(() => true, () => false);
}

test.serial('Redis down: health 503 names redis, enqueueing is a quick 503, mail waits in the outbox', async (t) => {
  t.is((await health()).statusCode, 200);
  await redisProxy.down();

  const res = await health();
  t.is(res.statusCode, 503);
  t.is(res.headers['retry-after'], '5');
  const body = json(res);
  t.deepEqual(body.failed, ['redis']);
  t.is(body.checks.redis.status, 'unavailable');
  t.is(body.checks.database.status, 'ok');

  const started = Date.now();
  const echo = await app.server.inject({ method: 'POST', url: '/api/jobs/echo/', payload: { wait: 1000 }, headers: user.auth });
  t.is(echo.statusCode, 503);
  t.is(json(echo).error.code, 'queue_unavailable');
  t.true(Date.now() - started < 3000, 'producers fail fast instead of parking the request');

  // registration still works: the code e-mail is kept in the outbox until Redis returns
  const email = uniqueEmail('outage');
  const reg = await app.server.inject({ method: 'POST', url: '/api/auth/register/', payload: { email, password: 'Sup3r-Secret!', first_name: 'A', last_name: 'B' } });
  t.is(reg.statusCode, 201);
  const row = await app.server.app.platform.knex('outbound_emails').where({ to_address: email }).first();
  t.is(row.status, 'queued');

  await redisProxy.up();
  t.true(await eventually(async () => (await health()).statusCode === 200), 'health recovers when Redis is back');
  t.true((await app.server.app.services.mail.sweepStale(0)) >= 1, 'the outbox sweep re-enqueues the waiting e-mail');
  const job = await app.server.app.platform.producer.getJob(`mail-send-${row.id}`, 'mail');
  t.truthy(job);
  const after = await app.server.inject({ method: 'POST', url: '/api/jobs/echo/', payload: {}, headers: user.auth });
  t.is(after.statusCode, 202);
});

test.serial('PostgreSQL down: health 503 names database, requests answer 503 database_unavailable', async (t) => {
  t.is((await health()).statusCode, 200);
  await pgProxy.down();

  // first a request whose pooled connection is cut under it, then new connections refused;
  // the access token is still cached by this instance, so the request reaches the database
  for (let i = 0; i < 2; i++) {
    const profile = await app.server.inject({ method: 'GET', url: '/api/profiles/me/', headers: user.auth });
    t.is(profile.statusCode, 503);
    t.is(json(profile).error.code, 'database_unavailable');
    t.is(profile.headers['retry-after'], '5');
  }

  const res = await health();
  t.is(res.statusCode, 503);
  const body = json(res);
  t.deepEqual(body.failed, ['database']);
  t.is(body.checks.redis.status, 'ok');
  t.is(body.checks.database.status, 'unavailable');

  const login = await app.server.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: user.email, password: user.password } });
  t.is(login.statusCode, 503);
  t.is(json(login).error.code, 'database_unavailable');

  await pgProxy.up();
  t.true(await eventually(async () => (await health()).statusCode === 200), 'health recovers when PostgreSQL is back');
  const again = await app.server.inject({ method: 'GET', url: '/api/profiles/me/', headers: user.auth });
  t.is(again.statusCode, 200);
});
