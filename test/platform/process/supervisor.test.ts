// `npm start` (scripts/start.ts) as a real process tree: a worker killed with SIGKILL
// is restarted with one line while the gateway keeps serving, and the restarted worker
// runs jobs; SIGTERM stops every process cleanly; a process that crashes at every start
// is a crash loop that stops the platform with one line and exit code 1.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { alive, startEntry, whenTestProcessEnds, type RunningProcess } from '../../helpers/processes.js';
import { closedPort } from '../../helpers/tcp-proxy.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../../helpers/env.js';
import { restartDelay } from '../../../scripts/supervisor.js';

let app: TestApp;
const running: RunningProcess[] = [];
const pids: number[] = [];

test.before(async () => {
  app = await startApp({ workers: false });
});
test.after.always(async () => {
  for (const p of running) p.kill('SIGKILL');
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await app?.stop();
});


/** scripts/start.ts on free ports, on this file's queue prefix and secret, restarting quickly */
async function startPlatform(env: Record<string, string> = {}) {
  const port = await closedPort();
  const kycPort = await closedPort();
  const p = startEntry('scripts/start.ts', {
    DATABASE_URL: TEST_DATABASE_URL,
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: app.config.queuePrefix,
    SECRET_KEY: app.config.secretKey,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    KYC_PORT: String(kycPort),
    WORKER_QUEUES: 'system',
    DRAIN_MS: '200',
    SUPERVISOR_RESTART_DELAY_MS: '300',
    ...env,
  });
  running.push(p);
  // ended by ava at its timeout, this file still stops the platform it started (its supervisor stops the rest)
  whenTestProcessEnds(() => p.kill('SIGTERM'));
  return { p, base: `http://127.0.0.1:${port}` };
}

/** the pid the supervisor printed for the n-th start of a process (0: the first) */
function pidOf(output: string, name: string, nth = 0): number {
  const all = [...output.matchAll(new RegExp(`start: ${name} started \\(pid (\\d+)\\)`, 'g'))];
  const pid = Number(all[nth]?.[1]);
  if (pid) pids.push(pid);
  return pid;
}

const count = (text: string, pattern: RegExp) => (text.match(new RegExp(pattern, 'g')) ?? []).length;

test('the restart delay doubles per crash within the window and stops at the cap', (t) => {
  const policy = { restartDelayMs: 500, maxRestartDelayMs: 3000 };
  t.deepEqual([1, 2, 3, 4, 5].map((n) => restartDelay(policy, n)), [500, 1000, 2000, 3000, 3000]);
});

test('a worker killed with SIGKILL is restarted with one line, the gateway serves throughout, SIGTERM stops everything', async (t) => {
  t.timeout(480_000, 'three processes start under tsx at once, beside other files doing the same');
  const user = await buildUser(app.server);
  const { p, base } = await startPlatform();
  // generous: three processes load the code base under tsx at once on a busy machine
  await Promise.all([p.waitFor(/gateway listening/, 240_000), p.waitFor(/worker: consuming system/, 240_000), p.waitFor(/kyc: listening on/, 240_000)]);
  const web = pidOf(p.output(), 'web');
  const kyc = pidOf(p.output(), 'kyc');
  const worker = pidOf(p.output(), 'worker');
  t.true(web > 0 && kyc > 0 && worker > 0, p.output());

  process.kill(worker, 'SIGKILL');
  const line = await p.waitFor(/start: worker crashed \(signal SIGKILL\); restarting in \d+ ms[^\n]*/, 60_000);
  t.regex(line, /restarting in 300 ms \(crash 1 within 60 s; 5 stop the platform\)/);
  const health = await fetch(`${base}/api/health/`);
  t.is(health.status, 200, 'the gateway serves while the worker is down');

  await p.waitFor(/start: worker started \(pid \d+\)[\s\S]*start: worker started \(pid \d+\)/, 60_000);
  const again = pidOf(p.output(), 'worker', 1);
  t.not(again, worker);
  await p.waitFor(/worker: consuming system[\s\S]*worker: consuming system/, 240_000);
  // the restarted worker runs a job asked for through the gateway that never stopped
  const res = await fetch(`${base}/api/jobs/echo/`, { method: 'POST', headers: { ...user.auth, 'content-type': 'application/json' }, body: JSON.stringify({ echo: 'after restart', wait: 30_000 }) });
  t.is(res.status, 200);
  t.like(await res.json(), { state: 'completed', result: { echo: 'after restart' } });
  t.is(count(p.output(), /start: web started/), 1, 'web was not restarted');
  t.is(count(p.output(), /start: kyc started/), 1, 'kyc was not restarted');
  t.true(alive(web) && alive(kyc));

  p.kill('SIGTERM');
  const exit = await p.exited;
  t.deepEqual(exit, { code: 0, signal: null }, p.output().slice(-3000));
  t.regex(p.output(), /start: SIGTERM, stopping web, worker, kyc/);
  t.regex(p.output(), /gateway stopped/);
  t.false([web, kyc, again].some(alive), 'no process is left behind');
  t.is(count(p.output(), /crashed/), 1, 'stopping is not a crash');
});

test('a process that crashes at every start is a crash loop: the platform stops with one line and exit code 1', async (t) => {
  t.timeout(480_000, 'three processes start under tsx at once, beside other files doing the same');
  // an unknown queue stops the worker at start-up (exit code 1), every time
  const { p } = await startPlatform({ WORKER_QUEUES: 'system,bogus', SUPERVISOR_CRASH_LIMIT: '3', SUPERVISOR_CRASH_WINDOW_MS: '600000', SUPERVISOR_RESTART_DELAY_MS: '100' });
  const exit = await p.exited;
  const out = p.output();
  t.deepEqual(exit, { code: 1, signal: null }, out.slice(-3000));
  t.regex(out, /start: worker crashed \(exit code 1\); restarting in 100 ms/);
  t.regex(out, /start: worker crashed \(exit code 1\); restarting in 200 ms/);
  t.regex(out, /start: worker crashed 3 times within 600 s \(last: exit code 1\); a crash loop \(SUPERVISOR_CRASH_LIMIT=3 within SUPERVISOR_CRASH_WINDOW_MS=600000\), stopping the platform/);
  t.is(count(out, /start: worker started/), 3);
  const others = [pidOf(out, 'web'), pidOf(out, 'kyc')];
  t.false(others.some(alive), 'web and kyc were stopped with it');
});
