// The chat across processes: a reply reaches the socket on whichever gateway process
// holds it (two gateways, the worker elsewhere), and a worker killed in the middle of
// an answer has it retried once by another worker and answered exactly once.
import test from 'ava';
import net from 'node:net';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { startEntry, type RunningProcess } from '../../helpers/processes.js';
import { connect, wsUrl } from '../../helpers/ws.js';
import { startWorkers, type RunningWorkers } from '../../../workers/runner.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../../helpers/env.js';
import { startOpenAiStub, modelJson, type OpenAiStub } from '../../helpers/openai-stub.js';
import { ask, createSession, json } from '../chat-helpers.js';
import { waitFor } from '../../helpers/wait.js';

const LOCK_MS = 2000;
const SECRET = 'test-secret-key-0123456789abcdef0123456789';
let app: TestApp;
let stub: OpenAiStub;
const processes: RunningProcess[] = [];
const inProcess: RunningWorkers[] = [];

test.before(async () => {
  stub = await startOpenAiStub();
  // this gateway has no worker of its own: answers come from worker processes or in-process runners
  app = await startApp({
    listen: true,
    workers: false,
    env: { JOB_LOCK_MS: String(LOCK_MS), AI_ENGINE: 'openai', OPENAI_BASE_URL: stub.baseUrl, AI_ANSWER_TIMEOUT_MS: '30000', SECRET_KEY: SECRET },
  });
});
test.after.always(async () => {
  for (const p of processes) p.kill('SIGKILL');
  for (const w of inProcess) await w.close();
  await app?.stop();
  await stub?.close();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The same installation as `app`: database, Redis index, queue prefix, secrets, AI settings. */
const sharedEnv = () => ({
  DATABASE_URL: TEST_DATABASE_URL,
  REDIS_URL: TEST_REDIS_URL,
  QUEUE_PREFIX: app.config.queuePrefix,
  SECRET_KEY: SECRET,
  JOB_LOCK_MS: String(LOCK_MS),
  AI_ENGINE: 'openai',
  OPENAI_BASE_URL: stub.baseUrl,
  AI_ANSWER_TIMEOUT_MS: '30000',
  LOG_LEVEL: 'info',
  NODE_ENV: 'test',
});

async function gatewayProcess(): Promise<string> {
  const port = await freePort();
  const p = startEntry('gateway/index.ts', { ...sharedEnv(), PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: `http://127.0.0.1:${port}` });
  processes.push(p);
  await p.waitFor(/gateway listening/);
  return `http://127.0.0.1:${port}`;
}

async function aiWorkerProcess(): Promise<RunningProcess> {
  const p = startEntry('workers/index.ts', { ...sharedEnv(), WORKER_QUEUES: 'ai' });
  processes.push(p);
  await p.waitFor(/worker: consuming ai/);
  return p;
}

test.serial('a reply reaches the socket on another gateway process, whichever gateway took the question', async (t) => {
  stub.respond(() => ({ content: modelJson({ answer: 'Create the team, then add members by e-mail.', cited_sources: [1] }) }));
  const otherGateway = await gatewayProcess();
  const worker = await aiWorkerProcess();
  const user = await buildUser(app.server);
  const session = await createSession(app.server, user);

  // the socket lives on the gateway process; the question is asked over REST on this one
  const socket = connect(wsUrl(otherGateway, '/ws/support/ai-chat/', user.access));
  t.teardown(() => socket.close());
  await socket.next('support.chat.ready');
  const rest = json(await ask(app.server, user, session.id, 'how can I add a member to my team'));
  const pushed = await socket.next('support.chat.reply');
  t.is(pushed.data.message.id, rest.message.id);
  t.is(pushed.data.message.content, 'Create the team, then add members by e-mail.');

  // and asked on the socket itself: saved at once by that process, answered by the worker here
  socket.send({ type: 'support.chat.message.send', data: { session_id: session.id, message: 'how do I scan a barcode' } });
  const saved = await socket.next('support.chat.message.saved');
  const reply = await socket.next('support.chat.reply', (m) => m.data.message.reply_to === saved.data.message.id);
  t.is(reply.data.session.id, session.id);
  t.is(reply.data.session.message_count, 4);
  worker.kill('SIGTERM');
  await worker.exited;
});

test.serial('a worker killed mid-answer: the answer is retried once by another worker and given exactly once', async (t) => {
  let calls = 0;
  stub.respond(() => {
    calls++;
    // the first call hangs (its worker dies meanwhile); the retry answers at once
    return calls === 1 ? { content: modelJson({ answer: 'too late' }), delayMs: 25_000 } : { content: modelJson({ answer: 'Reset it with the e-mailed code.', cited_sources: [1] }) };
  });
  const doomed = await aiWorkerProcess();
  const user = await buildUser(app.server);
  const session = await createSession(app.server, user);
  const socket = connect(wsUrl(app.url, '/ws/support/ai-chat/', user.access));
  t.teardown(() => socket.close());
  await socket.next('support.chat.ready');
  socket.send({ type: 'support.chat.message.send', data: { session_id: session.id, message: 'I forgot my password' } });
  const saved = await socket.next('support.chat.message.saved');
  await waitFor(() => calls > 0, { timeoutMs: 30_000, intervalMs: 50, message: 'the doomed worker asking the model' });
  t.is(calls, 1, 'the doomed worker is asking the model');
  doomed.kill('SIGKILL');
  await doomed.exited;

  // in-process, and kept until the end: objection models use the knex composed last
  const rescuer = await startWorkers(app.config, ['ai']);
  inProcess.push(rescuer);
  const reply = await socket.next('support.chat.reply', undefined, 30_000);
  t.is(reply.data.message.content, 'Reset it with the e-mailed code.');
  t.is(reply.data.message.reply_to, saved.data.message.id);
  t.is(calls, 2, 'retried once');

  // positive marker: a second question, answered after the first, reaches the socket
  socket.send({ type: 'support.chat.message.send', data: { session_id: session.id, message: 'thanks, and my e-mail?' } });
  await socket.next('support.chat.reply', (m) => m.data.message.reply_to !== saved.data.message.id, 30_000);
  t.is(socket.messages.filter((m) => m.type === 'support.chat.reply' && m.data.message.reply_to === saved.data.message.id).length, 1, 'one push');
  const rows = await app.server.app.platform.knex('support_chat_messages').where({ reply_to: saved.data.message.id });
  t.is(rows.length, 1, 'one reply row');
  const job = await app.server.app.platform.producer.getJob(`ai-answer-${saved.data.message.id}`, 'ai');
  t.is(await job!.getState(), 'completed');
});
