// Workers as separate processes: a worker killed mid-job loses nothing (its lock
// lapses and another worker takes the job over), and SIGTERM lets an active job finish.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { startEntry, type RunningProcess } from '../../helpers/processes.js';
import { startWorkers, type RunningWorkers } from '../../../workers/runner.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../../helpers/env.js';
import { waitFor } from '../../helpers/wait.js';

const LOCK_MS = 2000;
let app: TestApp;
let user: TestUser;
const running: RunningProcess[] = [];
const inProcess: RunningWorkers[] = [];

test.before(async () => {
  app = await startApp({ workers: false, env: { JOB_LOCK_MS: String(LOCK_MS) } });
  user = await buildUser(app.server);
});
test.after.always(async () => {
  for (const p of running) p.kill('SIGKILL');
  for (const w of inProcess) await w.close();
  await app?.stop();
});

async function workerProcess(): Promise<RunningProcess> {
  const p = startEntry('workers/index.ts', {
    DATABASE_URL: TEST_DATABASE_URL,
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: app.config.queuePrefix,
    WORKER_QUEUES: 'system',
    JOB_LOCK_MS: String(LOCK_MS),
    LOG_LEVEL: 'warn',
  });
  running.push(p);
  try {
    await p.waitFor(/worker: consuming system/);
  } catch (err) {
    p.kill('SIGKILL'); // a worker that starts late must not take the next test's job
    throw err;
  }
  return p;
}

const json = (res: { payload: string }) => JSON.parse(res.payload);

async function slowJob(delayMs: number, echo: string): Promise<string> {
  const res = await app.server.inject({ method: 'POST', url: '/api/jobs/echo/', payload: { echo, delay_ms: delayMs }, headers: user.auth });
  if (res.statusCode !== 202) throw new Error(res.payload);
  return json(res).job_id;
}

async function stateOf(jobId: string) {
  return json(await app.server.inject({ method: 'GET', url: `/api/jobs/${jobId}/`, headers: user.auth }));
}

async function until(jobId: string, state: string, timeoutMs: number) {
  return waitFor(async () => {
    const last = await stateOf(jobId);
    return last.state === state && last;
  }, { timeoutMs, intervalMs: 50, message: `job ${jobId} ${state}` });
}

test.serial('a worker killed mid-job (SIGKILL): another worker recovers the job and completes it', async (t) => {
  const doomed = await workerProcess();
  const jobId = await slowJob(2000, 'survivor');
  await until(jobId, 'active', 30_000);
  doomed.kill('SIGKILL');
  t.is((await doomed.exited).signal, 'SIGKILL');
  t.is((await stateOf(jobId)).state, 'active', 'the job still looks active while its lock lasts');

  // a fresh worker takes it over once the dead worker's lock lapses (stalled-job check)
  const rescuer = await startWorkers({ ...app.config, jobLockMs: LOCK_MS }, ['system']);
  inProcess.push(rescuer);
  try {
    const done = await until(jobId, 'completed', 40_000);
    t.deepEqual(done.result, { echo: 'survivor' });
    t.is(done.error, null);
  } finally {
    inProcess.pop();
    await rescuer.close();
  }
});

test.serial('SIGTERM on a worker lets its active job finish, then it exits 0', async (t) => {
  const worker = await workerProcess();
  const jobId = await slowJob(1500, 'finished');
  await until(jobId, 'active', 30_000);
  worker.kill('SIGTERM');
  await worker.waitFor(/SIGTERM, finishing active jobs/);
  const { code } = await worker.exited;
  t.is(code, 0);
  // no other worker consumes this queue prefix now, so the dying worker finished it
  const done = await stateOf(jobId);
  t.is(done.state, 'completed', 'finished before the process exited');
  t.deepEqual(done.result, { echo: 'finished' });
});
