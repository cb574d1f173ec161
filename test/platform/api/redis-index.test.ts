// REDIS_URL's database index is honoured, so two installs can share one Redis:
// queue keys land in that index, and realtime events (Redis pub/sub ignores the
// index) stay within the install.
import test from 'ava';
import { Redis } from 'ioredis';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { connect, wsUrl } from '../../helpers/ws.js';
import { TEST_REDIS_URL } from '../../helpers/env.js';

const apps: TestApp[] = [];
const indexOf = (url: string) => Number(new URL(url).pathname.slice(1) || 0);
const withIndex = (url: string, index: number) => {
  const u = new URL(url);
  u.pathname = `/${index}`;
  return u.toString();
};

test.after.always(async () => {
  for (const a of apps.reverse()) await a.stop();
});

test('queue keys land in the database index named by REDIS_URL', async (t) => {
  const index = indexOf(TEST_REDIS_URL);
  const elsewhere = index === 0 ? 1 : 0;
  const app = await startApp({ workers: false });
  apps.push(app);
  const user = await buildUser(app.server);
  // no worker runs in this app: the job waits in its queue
  const res = await app.server.inject({ method: 'POST', url: '/api/jobs/echo/', payload: {}, headers: user.auth });
  t.is(res.statusCode, 202);

  const mine = new Redis(TEST_REDIS_URL);
  const other = new Redis(withIndex(TEST_REDIS_URL, elsewhere));
  t.teardown(() => {
    mine.disconnect();
    other.disconnect();
  });
  const prefix = app.config.queuePrefix;
  t.true((await mine.keys(`${prefix}:system:*`)).length > 0, `keys in index ${index}`);
  t.true(await mine.exists(`${prefix}:system:${JSON.parse(res.payload).job_id}`) === 1);
  t.deepEqual(await other.keys(`${prefix}:*`), [], `nothing in index ${elsewhere}`);
});

test('a job result is pushed only to sockets of the install on the same index', async (t) => {
  const index = indexOf(TEST_REDIS_URL);
  const here = await startApp({ listen: true, workers: ['system'] });
  // another install: same Redis server, same queue prefix, another database index
  const there = await startApp({ listen: true, workers: ['system'], env: { REDIS_URL: withIndex(TEST_REDIS_URL, (index + 1) % 16), QUEUE_PREFIX: here.config.queuePrefix } });
  apps.push(here, there);
  const user = await buildUser(here.server);
  const near = connect(wsUrl(here.url, '/ws/notifications/', user.access));
  const far = connect(wsUrl(there.url, '/ws/notifications/', user.access));
  t.teardown(() => {
    near.close();
    far.close();
  });
  await Promise.all([near.next('connection.ready'), far.next('connection.ready')]);

  const res = await here.server.inject({ method: 'POST', url: '/api/jobs/echo/', payload: { echo: 'local' }, headers: user.auth });
  const jobId = JSON.parse(res.payload).job_id ?? JSON.parse(res.payload).id;
  await near.next('job.completed', (m) => m.data.job_id === jobId);
  // positive marker: a job of the other install, published after ours, reaches its socket
  const own = await there.server.inject({ method: 'POST', url: '/api/jobs/echo/', payload: { echo: 'remote' }, headers: user.auth });
  const ownId = JSON.parse(own.payload).job_id ?? JSON.parse(own.payload).id;
  await far.next('job.completed', (m) => m.data.job_id === ownId);
  t.false(far.messages.some((m) => m.type === 'job.completed' && m.data.job_id === jobId), 'the other install never sees it');
});
