// What operators watch: /metrics (Prometheus text, behind METRICS_TOKEN), X-Request-Id on
// every answer and carried into the jobs a request enqueues and their workers' lines,
// and readiness reporting a queue nobody consumes.
import test from 'ava';
import { createRequire } from 'node:module';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { startEntry, type RunningProcess } from '../../helpers/processes.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../../helpers/env.js';

// the parser ships no types: a family is { name, type, metrics: [{ labels, value | buckets }] }
type Family = { name: string; type: string; metrics: { labels?: Record<string, string>; value?: string; buckets?: Record<string, string>; count?: string }[] };
const parsePrometheus = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => Family[];

const TOKEN = 'metrics-token-0123456789abcdef';
let app: TestApp;
let plain: TestApp;
let user: TestUser;
const running: RunningProcess[] = [];
test.before(async () => {
  app = await startApp({ workers: false, env: { METRICS_TOKEN: TOKEN } });
  plain = await startApp({ workers: false });
  user = await buildUser(app.server);
});
test.after.always(async () => {
  for (const p of running) p.kill('SIGKILL');
  await app?.stop();
  await plain?.stop();
});

test('/metrics: 404 without METRICS_TOKEN, 401 without or with a wrong bearer', async (t) => {
  t.is((await plain.server.inject('/metrics')).statusCode, 404);
  t.is((await app.server.inject('/metrics')).statusCode, 401);
  t.is((await app.server.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode, 401);
});

test('/metrics: Prometheus text with HTTP, queue, WebSocket and process metrics', async (t) => {
  await app.server.inject('/api/health/');
  await app.server.inject({ url: '/api/profiles/me/', headers: user.auth });
  await app.server.inject('/api/no-such-thing/');
  const res = await app.server.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  t.is(res.statusCode, 200);
  t.regex(res.headers['content-type'] as string, /^text\/plain/);
  const families = new Map(parsePrometheus(res.payload).map((f) => [f.name, f]));

  const requests = families.get('http_requests_total')!;
  t.is(requests.type, 'COUNTER');
  const find = (route: string, status: string) => requests.metrics.find((m) => m.labels?.route === route && m.labels?.status === status && m.labels?.method === 'GET');
  t.truthy(find('/api/health/', '200'));
  t.truthy(find('/api/profiles/me/', '200'), 'labelled by the route template');
  t.truthy(find('/{p*}', '404'), 'unknown paths share one label');
  const latency = families.get('http_request_duration_seconds')!;
  t.is(latency.type, 'HISTOGRAM');
  t.true(latency.metrics.every((m) => Object.keys(m.buckets ?? {}).length > 5));
  // the parser keeps no labels on histogram series: read the route's +Inf bucket off the text
  t.regex(res.payload, /^http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/profiles\/me\/",status="200"\} [1-9]/m);

  const jobs = families.get('bullmq_queue_jobs')!;
  for (const queue of ['system', 'mail', 'invoices']) t.truthy(jobs.metrics.find((m) => m.labels?.queue === queue && m.labels?.state === 'failed'), queue);
  t.truthy(families.get('bullmq_queue_workers'));
  t.truthy(families.get('bullmq_job_duration_seconds'));
  t.is(families.get('websocket_connections')?.metrics[0].value, '0');
  t.truthy(families.get('process_cpu_user_seconds_total'));
  t.truthy(families.get('nodejs_eventloop_lag_seconds'));
});

test('X-Request-Id: a well-formed one is kept, anything else replaced, on answers and errors alike', async (t) => {
  const kept = await app.server.inject({ url: '/api/health/', headers: { 'x-request-id': 'trace-abc_123.def' } });
  t.is(kept.headers['x-request-id'], 'trace-abc_123.def');
  const replaced = await app.server.inject({ url: '/api/health/', headers: { 'x-request-id': 'bad id\twith<junk>' } });
  t.regex(replaced.headers['x-request-id'] as string, /^[0-9a-f-]{36}$/);
  const generated = await app.server.inject('/api/profiles/me/');
  t.is(generated.statusCode, 401);
  t.regex(generated.headers['x-request-id'] as string, /^[0-9a-f-]{36}$/);
  const notFound = await app.server.inject({ url: '/api/nothing-here/', headers: { 'x-request-id': 'trace-not-found-1' } });
  t.is(notFound.statusCode, 404);
  t.is(notFound.headers['x-request-id'], 'trace-not-found-1');
});

test.serial('readiness: ok with idle queues, degraded when jobs wait and no worker consumes their queue', async (t) => {
  const ready = await app.server.inject('/api/health/ready/');
  t.is(ready.statusCode, 200);
  t.is(JSON.parse(ready.payload).status, 'ok');
  await app.server.inject({ method: 'POST', url: '/api/jobs/echo/', headers: { ...user.auth, 'content-type': 'application/json' }, payload: '{}' });
  const degraded = JSON.parse((await app.server.inject('/api/health/ready/')).payload);
  t.is(degraded.status, 'degraded');
  t.true(degraded.degraded.some((line: string) => /^system: no worker consumes it/.test(line)));
  t.is(degraded.queues.system.workers, 0);
});

test.serial('X-Request-Id is carried into the job a request enqueues and the worker logs it', async (t) => {
  const worker = startEntry('workers/index.ts', { DATABASE_URL: TEST_DATABASE_URL, REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: app.config.queuePrefix, SECRET_KEY: app.config.secretKey, WORKER_QUEUES: 'system', LOG_LEVEL: 'info' });
  running.push(worker);
  await worker.waitFor(/worker: consuming system/);
  const res = await app.server.inject({ method: 'POST', url: '/api/jobs/echo/', headers: { ...user.auth, 'content-type': 'application/json', 'x-request-id': 'trace-into-the-job-42' }, payload: JSON.stringify({ echo: 'hi', wait: 20_000 }) });
  t.is(res.statusCode, 200);
  t.is(res.headers['x-request-id'], 'trace-into-the-job-42');
  const job = await app.server.app.platform.producer.getJob(JSON.parse(res.payload).id, 'system');
  t.is((job?.opts as { requestId?: string }).requestId, 'trace-into-the-job-42');
  const line = await worker.waitFor(/\{[^\n]*"request_id":"trace-into-the-job-42"[^\n]*\}/, 20_000);
  t.like(JSON.parse(line), { msg: 'job completed', name: 'system.echo', queue: 'system' });
});

/** the request id kept with the queued job (no worker runs here) whose data matches */
async function requestIdOfQueued(queue: 'reports' | 'mail', matches: (data: Record<string, unknown>) => boolean): Promise<string | undefined> {
  const jobs = await app.server.app.platform.producer.queue(queue).getJobs(['waiting', 'prioritized', 'delayed']);
  const job = jobs.find((j) => matches(j.data));
  return (job?.opts as { requestId?: string } | undefined)?.requestId ?? (job ? 'no request id' : 'no such job');
}

test.serial('the id also rides on the jobs a domain flow enqueues: an authenticated report request, an unauthenticated sign-up mail', async (t) => {
  const report = await app.server.inject({ method: 'POST', url: '/api/generate-report/', headers: { ...user.auth, 'content-type': 'application/json', 'x-request-id': 'trace-report-request-7' }, payload: JSON.stringify({ kind: 'inventory_valuation', format: 'csv' }) });
  t.is(report.statusCode, 202);
  t.is(await requestIdOfQueued('reports', (data) => data.report_id === JSON.parse(report.payload).id), 'trace-report-request-7');

  const email = `trace-${Date.now()}@example.test`;
  const register = await app.server.inject({ method: 'POST', url: '/api/auth/register/', headers: { 'content-type': 'application/json', 'x-request-id': 'trace-sign-up-mail-8' }, payload: JSON.stringify({ email, password: 'Correct-horse-42!', first_name: 'Tra', last_name: 'Ce' }) });
  t.is(register.statusCode, 201);
  const mail = await app.server.app.platform.knex('outbound_emails').where({ to_address: email }).first();
  t.is(await requestIdOfQueued('mail', (data) => data.email_id === Number(mail.id)), 'trace-sign-up-mail-8');
});
