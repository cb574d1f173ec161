// /admin/queues: bull-board over every queue, staff only (its page, files and API alike),
// served without any outside request, and retrying a failed job through its API.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE_NAMES } from '../../../jobs/catalog.js';

let app: TestApp;
let staff: TestUser;
let user: TestUser;
test.before(async () => {
  app = await startApp({ workers: false });
  staff = await buildUser(app.server, { is_staff: true });
  user = await buildUser(app.server);
});
test.after.always(async () => app?.stop());

test('non-staff are refused: 401 without a token, 403 for a plain user, on the page and the API', async (t) => {
  for (const url of ['/admin/queues', '/admin/queues/api/queues']) {
    t.is((await app.server.inject(url)).statusCode, 401, url);
    t.is((await app.server.inject({ url, headers: user.auth })).statusCode, 403, url);
  }
});

test('staff see the page (no outside request, its own CSP) and every queue with its counts', async (t) => {
  const page = await app.server.inject({ url: '/admin/queues', headers: staff.auth });
  t.is(page.statusCode, 200);
  t.notRegex(page.payload, /https?:\/\//, 'nothing loaded from another origin');
  t.regex(page.headers['content-security-policy'] as string, /script-src 'self'(;| )/);
  const api = await app.server.inject({ url: '/admin/queues/api/queues', headers: staff.auth });
  t.is(api.statusCode, 200);
  const names = (JSON.parse(api.payload).queues as { name: string; counts: Record<string, number> }[]).map((q) => q.name).sort();
  t.deepEqual(names, [...QUEUE_NAMES].sort());
});

test('a failed job shows its error and is retried from the dashboard', async (t) => {
  const queue = app.server.app.platform.producer.queue('system');
  const job = await queue.add('system.echo', { actor_id: staff.id, echo: 'x' }, { jobId: `dash-${Date.now()}` });
  // a worker of this test's own queue prefix that fails whatever it takes
  const connection = new Redis(app.config.redisUrl, { maxRetriesPerRequest: null });
  const worker = new Worker('system', async () => {
    throw new Error('smtp_unavailable: the test says so');
  }, { connection, prefix: app.config.queuePrefix });
  await new Promise<void>((resolve) => worker.on('failed', () => resolve()));
  await worker.close();
  connection.disconnect();
  t.is(await queue.getJobState(job.id!), 'failed');
  const listed = await app.server.inject({ url: '/admin/queues/api/queues?activeQueue=system&status=failed&page=1', headers: staff.auth });
  t.regex(listed.payload, /smtp_unavailable: the test says so/);
  const retry = await app.server.inject({ method: 'PUT', url: `/admin/queues/api/queues/system/${job.id}/retry`, headers: staff.auth });
  t.true(retry.statusCode >= 200 && retry.statusCode < 300, String(retry.statusCode));
  t.not(await queue.getJobState(job.id!), 'failed');
});

test('the dashboard API answers its errors with the documented body (code, message, details), keeping its own key for its page', async (t) => {
  const missing = await app.server.inject({ url: '/admin/queues/api/queues/no-such-queue/1', headers: staff.auth });
  t.is(missing.statusCode, 404);
  const body = JSON.parse(missing.payload);
  t.is(body.error.code, 'queue_not_found');
  t.is(body.error.message, 'Queue not found.');
  t.deepEqual(body.error.details, { key: 'ERRORS.QUEUE_NOT_FOUND', options: null });
  t.is(body.error.key, 'ERRORS.QUEUE_NOT_FOUND', 'the dashboard page still reads its key');
  const invalid = await app.server.inject({ method: 'PATCH', url: '/admin/queues/api/queues/system/1/priority', headers: staff.auth, payload: { priority: 'x' } });
  t.is(invalid.statusCode, 400);
  t.is(JSON.parse(invalid.payload).error.code.length > 0, true);
  t.is(typeof JSON.parse(invalid.payload).error.message, 'string');
});
