// Redis restarted, then PostgreSQL cut off, under a steady stream of requests to a
// gateway process and a worker process of the harness: while a dependency is down the
// gateway answers 503 with the JSON error body (never a 500, never a hang); when it
// returns, both processes recover by themselves (no restart); and every request that
// got a 2xx finds its effect (its job completed, its row stored). Redis is a private
// durable redis-server (append-only, fsync always) killed with SIGKILL and started again
// on its data; PostgreSQL sits behind a TCP proxy that cuts every connection and refuses
// new ones. The machine's shared Redis and PostgreSQL are never touched.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { startTestCluster, httpJson, type Cluster } from '../../helpers/cluster.js';
import { privateRedis, type PrivateRedis } from '../../helpers/redis-server.js';
import { tcpProxy, type TcpProxy } from '../../helpers/tcp-proxy.js';
import { TEST_DATABASE_URL } from '../../helpers/env.js';
import { pacingDelay, waitFor } from '../../helpers/wait.js';

let app: TestApp;
let cluster: Cluster;
let redis: PrivateRedis;
let pg: TcpProxy;
let user: TestUser;

test.before(async (t) => {
  // several files start their processes at once on a busy machine: longer than ava's idle timeout (120 s)
  t.timeout(480_000);
  redis = await privateRedis({ durable: true });
  const pgUrl = new URL(TEST_DATABASE_URL);
  pg = await tcpProxy(pgUrl.hostname, Number(pgUrl.port || 5432));
  const viaProxy = new URL(TEST_DATABASE_URL);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(pg.port);
  // the test's own app reads PostgreSQL directly (to check effects); the cluster goes through the proxy
  app = await startApp({ workers: false, env: { REDIS_URL: redis.url } });
  user = await buildUser(app.server);
  cluster = await startTestCluster(app, { gateways: 1, workers: 1, kyc: false, env: { DATABASE_URL: viaProxy.toString() }, workerEnv: { WORKER_QUEUES: 'system' } });
});
test.after.always(async () => {
  await pg?.up();
  await redis?.start().catch(() => undefined);
  await cluster?.stop(10_000);
  await app?.stop();
  await pg?.down();
  await redis?.dispose();
});

interface Outcome {
  kind: 'echo' | 'inventory';
  status: number;
  /** the error code of a refusal, or how the request failed without an answer */
  code?: string;
  /** the job id or row id a 2xx promised */
  effect?: string | number;
}

/** Two clients alternating a job (echo) and a row (an inventory), back to back, until stopped. */
function steadyLoad(base: string) {
  const outcomes: Outcome[] = [];
  let running = true;
  const client = async (k: number) => {
    for (let n = k; running; n += 2) {
      const kind = n % 2 ? 'echo' : 'inventory';
      try {
        const res = kind === 'echo' ? await httpJson(base, 'POST', '/api/jobs/echo/', user.auth, { echo: n }) : await httpJson(base, 'POST', '/api/inventories/', user.auth, { name: `load ${n}` });
        // an echo answers 202 with its job_id, or 200 with the finished job (its id) when it ran at once
        outcomes.push({ kind, status: res.status, code: res.body?.error?.code, effect: res.status < 300 ? (kind === 'echo' ? (res.body.job_id ?? res.body.id) : res.body.id) : undefined });
      } catch (err) {
        outcomes.push({ kind, status: 0, code: (err as Error).message });
      }
      await pacingDelay(25, 'a steady arrival rate, not a flood');
    }
  };
  const clients = [0, 1].map(client);
  return {
    outcomes,
    since: (i: number) => outcomes.slice(i),
    async stop() {
      running = false;
      await Promise.all(clients);
    },
  };
}

const accepted = (o: Outcome[], kind: Outcome['kind']) => o.filter((x) => x.kind === kind && x.status >= 200 && x.status < 300);

async function everyEffectFound(t: import('ava').ExecutionContext, outcomes: Outcome[]) {
  const jobs = accepted(outcomes, 'echo').map((o) => String(o.effect));
  let last: string[] = [];
  await waitFor(async () => {
    const states = await Promise.all(jobs.map((id) => httpJson(cluster.gateways[0].url!, 'GET', `/api/jobs/${id}/`, user.auth)));
    last = states.map((s, i) => `${jobs[i]}: ${s.status} ${s.body.state ?? JSON.stringify(s.body)}`);
    return states.every((s) => s.body.state === 'completed');
  }, { timeoutMs: 60_000, intervalMs: 500, message: `${jobs.length} accepted jobs completed` }).catch((err) => {
    throw new Error(`${err.message}: ${last.filter((l) => !l.endsWith('completed')).join('; ')}`);
  });
  const rows = accepted(outcomes, 'inventory').map((o) => Number(o.effect));
  const found = await app.server.app.platform.knex('inventories').whereIn('id', rows).count('* as n');
  t.is(Number(found[0].n), rows.length, 'every inventory answered 201 is stored');
  t.true(jobs.length > 0 && rows.length > 0);
}

function onlyServiceAnswers(t: import('ava').ExecutionContext, outcomes: Outcome[]) {
  const odd = outcomes.filter((o) => !(o.status >= 200 && o.status < 300) && !(o.status === 503 && o.code));
  t.deepEqual(odd, [], 'every answer is a 2xx or a 503 with its error code');
}

const servedAgain = (load: ReturnType<typeof steadyLoad>, from: number, kind: Outcome['kind']) =>
  waitFor(() => accepted(load.since(from), kind).length > 0, { timeoutMs: 60_000, intervalMs: 100, message: `a ${kind} accepted again` });

test.serial('Redis killed and restarted under load: 503 while down, recovery without a process restart, no accepted job lost', async (t) => {
  t.timeout(300_000);
  const pids = [cluster.gateways[0].child.pid, cluster.workers[0].child.pid];
  const load = steadyLoad(cluster.gateways[0].url!);
  await waitFor(() => accepted(load.outcomes, 'echo').length >= 5, { timeoutMs: 60_000, message: 'load under way' });

  await redis.stop('SIGKILL');
  const down = load.outcomes.length;
  const refused = await waitFor(() => load.since(down).find((o) => o.kind === 'echo' && o.status === 503), { timeoutMs: 30_000, message: 'a 503 while Redis is down' });
  t.is(refused.code, 'queue_unavailable');
  await pacingDelay(1500, 'the outage lasts a while under load');
  await redis.start();
  const up = load.outcomes.length;
  await servedAgain(load, up, 'echo');
  await load.stop();

  onlyServiceAnswers(t, load.outcomes);
  await everyEffectFound(t, load.outcomes);
  t.deepEqual([cluster.gateways[0].child.pid, cluster.workers[0].child.pid], pids);
  t.false(cluster.gateways[0].ended() || cluster.workers[0].ended(), 'neither process was restarted');
});

test.serial('PostgreSQL cut off under load: 503 database_unavailable while down, recovery by itself, no accepted write lost', async (t) => {
  t.timeout(300_000);
  const load = steadyLoad(cluster.gateways[0].url!);
  await waitFor(() => accepted(load.outcomes, 'inventory').length >= 5, { timeoutMs: 60_000, message: 'load under way' });

  await pg.down();
  const down = load.outcomes.length;
  const refused = await waitFor(() => load.since(down).find((o) => o.kind === 'inventory' && o.status === 503), { timeoutMs: 30_000, message: 'a 503 while PostgreSQL is down' });
  t.is(refused.code, 'database_unavailable');
  await pacingDelay(1500, 'the outage lasts a while under load');
  await pg.up();
  const up = load.outcomes.length;
  await servedAgain(load, up, 'inventory');
  await load.stop();

  onlyServiceAnswers(t, load.outcomes);
  await everyEffectFound(t, load.outcomes);
  t.false(cluster.gateways[0].ended() || cluster.workers[0].ended(), 'neither process was restarted');
});
