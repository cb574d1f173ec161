// Process start-up and shutdown as the Procfile runs them: a missing dependency or
// a bad setting is one clear line and a non-zero exit (no stack trace); SIGTERM on
// the gateway drains in-flight requests.
import test from 'ava';
import net from 'node:net';
import { startEntry, meaningfulLines, type RunningProcess } from '../../helpers/processes.js';
import { closedPort } from '../../helpers/tcp-proxy.js';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../../helpers/env.js';
import { waitFor } from '../../helpers/wait.js';

const running: RunningProcess[] = [];
const apps: TestApp[] = [];
test.after.always(async () => {
  for (const p of running) p.kill('SIGKILL');
  for (const a of apps) await a.stop();
});

function run(entry: string, env: Record<string, string>): RunningProcess {
  const p = startEntry(entry, { DATABASE_URL: TEST_DATABASE_URL, REDIS_URL: TEST_REDIS_URL, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', KYC_PORT: '0', ...env });
  running.push(p);
  return p;
}

/** Runs an entry that must fail: exit code 1 and exactly one line on stderr, no stack trace. */
async function failsWithOneLine(t: import('ava').ExecutionContext, entry: string, env: Record<string, string>): Promise<string> {
  const p = run(entry, env);
  const { code } = await p.exited;
  const lines = meaningfulLines(p.output());
  t.is(code, 1, p.output());
  t.is(lines.length, 1, `one line, got:\n${p.output()}`);
  t.notRegex(p.output(), /^\s+at /m, 'no stack trace');
  return lines[0];
}

for (const [entry, name] of [['gateway/index.ts', 'web'], ['workers/index.ts', 'worker']]) {
  test(`${name}: unreachable PostgreSQL stops start-up with one line naming the URL and how to start it`, async (t) => {
    const port = await closedPort();
    const line = await failsWithOneLine(t, entry, { DATABASE_URL: `postgres://postgres:s3cret@127.0.0.1:${port}/inventory_x` });
    t.true(line.startsWith(`${name}: PostgreSQL is not reachable at postgres://postgres:***@127.0.0.1:${port}/inventory_x`), line);
    t.regex(line, /start it with: pg_ctlcluster/);
    t.false(line.includes('s3cret'), 'the password is not printed');
  });

  test(`${name}: unreachable Redis stops start-up with one line naming the URL and how to start it`, async (t) => {
    const port = await closedPort();
    const line = await failsWithOneLine(t, entry, { REDIS_URL: `redis://127.0.0.1:${port}/3` });
    t.true(line.startsWith(`${name}: Redis is not reachable at redis://127.0.0.1:${port}/3`), line);
    t.regex(line, /start it with: redis-server/);
  });

  test(`${name}: a bad setting is one line naming it`, async (t) => {
    const line = await failsWithOneLine(t, entry, { PORT: 'abc', JOB_LOCK_MS: 'soon' });
    t.regex(line, new RegExp(`^${name}: invalid configuration: `));
    t.regex(line, /"PORT" must be a number/);
    t.regex(line, /"JOB_LOCK_MS" must be a number/);
  });
}

test('web: a database that does not exist says how to create it', async (t) => {
  const line = await failsWithOneLine(t, 'gateway/index.ts', { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/invp_missing_db_zz' });
  t.regex(line, /^web: the database of postgres:\/\/postgres@127\.0\.0\.1:5432\/invp_missing_db_zz does not exist; .*npm run release/);
});

test('web: a port in use is one line', async (t) => {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  t.teardown(() => blocker.close());
  const port = (blocker.address() as net.AddressInfo).port;
  const line = await failsWithOneLine(t, 'gateway/index.ts', { PORT: String(port) });
  t.regex(line, new RegExp(`^web: cannot listen on 127\\.0\\.0\\.1:${port}: the port is already in use`));
});

test('worker: an unknown queue in WORKER_QUEUES is one line', async (t) => {
  const line = await failsWithOneLine(t, 'workers/index.ts', { WORKER_QUEUES: 'system,bogus' });
  t.regex(line, /^worker: invalid configuration: WORKER_QUEUES names unknown queue\(s\) bogus; known: system, mail/);
});

test('web: starts, serves, and on SIGTERM stops accepting, lets an in-flight request finish, and exits 0', async (t) => {
  // a user and a queue prefix shared with the processes under test
  const app = await startApp({ workers: false });
  apps.push(app);
  const user = await buildUser(app.server);
  const port = await closedPort();
  const shared = { QUEUE_PREFIX: app.config.queuePrefix, SECRET_KEY: app.config.secretKey, PORT: String(port), LOG_LEVEL: 'info' };
  const web = run('gateway/index.ts', shared);
  const worker = run('workers/index.ts', { ...shared, WORKER_QUEUES: 'system' });
  await Promise.all([web.waitFor(/gateway listening/), worker.waitFor(/worker: consuming system/)]);
  const base = `http://127.0.0.1:${port}`;

  const health = await fetch(`${base}/api/health/`);
  t.is(health.status, 200);

  // a request waiting for a 1.5 s job when SIGTERM arrives still gets its answer
  const inFlight = fetch(`${base}/api/jobs/echo/`, { method: 'POST', headers: { ...user.auth, 'content-type': 'application/json' }, body: JSON.stringify({ echo: 'drained', wait: 10_000, delay_ms: 1500 }) });
  // the signal: the worker took the request's job, so the request is in flight
  await waitFor(async () => (await app.server.app.platform.producer.queue('system').getJobCounts('active')).active > 0, { message: 'the echo job active' });
  web.kill('SIGTERM');
  await web.waitFor(/SIGTERM: draining requests/);
  await t.throwsAsync(fetch(`${base}/api/health/`), undefined, 'new connections are refused while draining');

  const res = await inFlight;
  t.is(res.status, 200);
  const body = (await res.json()) as { state: string; result: unknown };
  t.is(body.state, 'completed');
  t.deepEqual(body.result, { echo: 'drained' });
  t.deepEqual(await web.exited, { code: 0, signal: null });
  t.regex(web.output(), /gateway stopped/);

  worker.kill('SIGTERM');
  t.is((await worker.exited).code, 0);
});
