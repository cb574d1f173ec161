// The platform as a deployment runs it (scripts/cluster.ts): two gateway processes,
// two worker processes and kyc on one PostgreSQL and Redis. A job asked for through
// gateway A is answered on a socket held by gateway B (a report's progress and
// completion, an AI chat reply); a revoked token and a per-user budget hold across
// gateways; workers scaled to 0 and back lose no job accepted meanwhile.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildReportFixture } from '../../factories/reports.js';
import { selfScope } from '../../factories/inventory.js';
import { startTestCluster, httpJson, type Cluster } from '../../helpers/cluster.js';
import { connect, wsUrl } from '../../helpers/ws.js';
import { startOpenAiStub, modelJson, type OpenAiStub } from '../../helpers/openai-stub.js';
import { createSession } from '../../support/chat-helpers.js';
import { waitFor } from '../../helpers/wait.js';

let app: TestApp;
let cluster: Cluster;
let stub: OpenAiStub;

test.before(async (t) => {
  // several files start their processes at once on a busy machine: longer than ava's idle timeout (120 s)
  t.timeout(480_000);
  stub = await startOpenAiStub();
  const env = { AI_ENGINE: 'openai', OPENAI_BASE_URL: stub.baseUrl, AI_ANSWER_TIMEOUT_MS: '30000', REPORTS_PER_HOUR: '3', MEDIA_CONCURRENCY: '1' };
  app = await startApp({ workers: false, env });
  cluster = await startTestCluster(app, { gateways: 2, workers: 2, workerEnv: { WORKER_QUEUES: 'system,mail,reports,ai' } });
});
test.after.always(async () => {
  await cluster?.stop(10_000);
  await app?.stop();
  await stub?.close();
});

const a = () => cluster.gateways[0].url!;
const b = () => cluster.gateways[1].url!;

test.serial('the harness runs two gateways on their own ports, two workers and kyc', async (t) => {
  t.timeout(300_000);
  t.is(cluster.gateways.length, 2);
  t.not(a(), b());
  t.is(cluster.workers.length, 2);
  for (const base of [a(), b()]) t.is((await fetch(`${base}/api/health/`)).status, 200);
  t.is((await fetch(`${cluster.kycUrl}/api/v1/kyc/openapi.json`)).status, 200);
});

test.serial('a report asked for through gateway A is pushed to the socket held by gateway B: progress, then completion', async (t) => {
  t.timeout(300_000);
  const user = await buildUser(app.server);
  await buildReportFixture(app.server, user, selfScope(user));
  const socket = connect(wsUrl(b(), '/ws/notifications/', user.access));
  t.teardown(() => socket.close());
  await socket.next('connection.ready', undefined, 30_000);

  const res = await httpJson(a(), 'POST', '/api/generate-report/', user.auth, { kind: 'inventory_valuation', format: 'csv' });
  t.is(res.status, 202, JSON.stringify(res.body));
  const id = res.body.id;
  const done = await socket.next('report.progress', (m) => m.data.report_id === id && m.data.status === 'completed', 60_000);
  t.is(done.data.progress, 100);
  const completed = await socket.next('job.completed', (m) => m.data.job_id === `reports-generate-${id}`, 30_000);
  t.truthy(completed);
  t.is((await httpJson(b(), 'GET', `/api/reports/${id}/`, user.auth)).body.status, 'completed');
});

test.serial('an AI chat question asked through gateway A is answered on the chat socket held by gateway B', async (t) => {
  t.timeout(300_000);
  stub.respond(() => ({ content: modelJson({ answer: 'Open the team page and invite them by e-mail.', cited_sources: [1] }) }));
  const user = await buildUser(app.server);
  const session = await createSession(app.server, user);
  const socket = connect(wsUrl(b(), '/ws/support/ai-chat/', user.access));
  t.teardown(() => socket.close());
  await socket.next('support.chat.ready', undefined, 30_000);
  const asked = await httpJson(a(), 'POST', `/api/v1/support/chat/sessions/${session.id}/messages/`, user.auth, { message: 'how do I add a member to my team' });
  t.true([200, 201, 202].includes(asked.status), JSON.stringify(asked.body));
  const reply = await socket.next('support.chat.reply', undefined, 60_000);
  t.is(reply.data.message.content, 'Open the team page and invite them by e-mail.');
  t.is(reply.data.session.id, session.id);
});

test.serial('a token revoked through gateway A is refused by gateway B at once, though B had it cached', async (t) => {
  t.timeout(300_000);
  const user = await buildUser(app.server);
  // B resolves the token once and keeps it in its cache
  t.is((await httpJson(b(), 'GET', '/api/auth/me/', user.auth)).status, 200);
  t.is((await httpJson(b(), 'GET', '/api/auth/me/', user.auth)).status, 200);
  t.is((await httpJson(a(), 'POST', '/api/auth/logout/', user.auth, {})).status, 200);
  const refused = await httpJson(b(), 'GET', '/api/auth/me/', user.auth);
  t.is(refused.status, 401, JSON.stringify(refused.body));
  t.is(refused.body.error.code, 'token_invalid', JSON.stringify(refused.body));
  t.is((await httpJson(a(), 'GET', '/api/auth/me/', user.auth)).status, 401);
});

test.serial('the per-user report budget (REPORTS_PER_HOUR=3) is shared by both gateways', async (t) => {
  t.timeout(300_000);
  const user: TestUser = await buildUser(app.server);
  const ask = (base: string) => httpJson(base, 'POST', '/api/generate-report/', user.auth, { kind: 'inventory_valuation', format: 'csv' });
  for (const base of [a(), b(), a()]) t.is((await ask(base)).status, 202);
  for (const base of [b(), a()]) {
    const res = await ask(base);
    t.is(res.status, 429, JSON.stringify(res.body));
    t.is(res.body.error.code, 'rate_limited');
  }
});

test.serial('workers scaled to 0 and back: every job accepted through either gateway meanwhile runs, once', async (t) => {
  t.timeout(300_000);
  const user = await buildUser(app.server);
  await cluster.scaleWorkers(0);
  t.is(cluster.workers.length, 0);
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await httpJson(i % 2 ? a() : b(), 'POST', '/api/jobs/echo/', user.auth, { echo: i });
    t.is(res.status, 202, JSON.stringify(res.body));
    ids.push(res.body.job_id);
  }
  const counts = await app.server.app.platform.producer.queue('system').getJobCounts('waiting', 'active', 'completed');
  t.true(counts.waiting >= 20, `nothing runs them while no worker runs: ${JSON.stringify(counts)}`);

  await cluster.scaleWorkers(2);
  t.is(cluster.workers.length, 2);
  const states = await waitFor(
    async () => {
      const all = await Promise.all(ids.map((id) => httpJson(a(), 'GET', `/api/jobs/${id}/`, user.auth)));
      return all.every((s) => s.body.state === 'completed') ? all : null;
    },
    { timeoutMs: 60_000, intervalMs: 250, message: 'every echo job completed' },
  );
  t.deepEqual(states.map((s) => s.body.result), ids.map((_, i) => ({ echo: i })));
  for (const id of ids) t.is((await app.server.app.platform.producer.getJob(id, 'system'))?.attemptsMade, 1, `${id} ran once`);
});
