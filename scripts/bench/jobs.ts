// Size: one benchmark run read top to bottom (set-up, timed loop, report); split into steps it would read less plainly.
// Job round-trip benchmark (run: npx tsx scripts/bench/jobs.ts; not a test).
//
// enqueue → worker → result → client latency of the no-op `system.echo` job at a fixed
// rate (open loop, BENCH_RATE jobs/s, default 200), with the compiled gateway
// (node dist/gateway/index.js) and a compiled worker (node dist/workers/index.js,
// WORKER_QUEUES=system) as their own processes and this process as the client:
//   bare   the baseline: this process adds a job to a plain BullMQ queue, a bare BullMQ
//          worker process (dist/scripts/bench/bare-bullmq-worker.js) returns its data,
//          and QueueEvents tells this process it completed
//   http   POST /api/jobs/echo/ {"wait": 5000}: the answer carries the result
//   ws     POST /api/jobs/echo/ {"wait": 0}, the result arrives as job.completed on
//          /ws/notifications/ (latency from the POST to the push)
// The paths take turns in rounds (bare, http, ws, bare, …) so that a stall of the shared
// machine (or of a Redis shared with other work) hits them alike; percentiles are over
// all rounds. The client is node:http with a keep-alive agent (fetch's own warm-up
// showed up as latency). A result that never arrives is counted as lost, not waited
// for. Target: p99 < 50 ms for http and ws. Peak RSS (VmHWM) of every process is
// reported.
//
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/inventory_platform_bench,
// created and migrated), BENCH_REDIS_URL (default redis://127.0.0.1:6379/13), BENCH_RATE (200),
// BENCH_SECONDS per path and round (4), BENCH_ROUNDS (3), BENCH_SKIP_BUILD=1.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { Queue, QueueEvents } from 'bullmq';
import WebSocket from 'ws';
import { migrateAndSeed } from '../../db/migrate.js';
import { createKnex } from '../../db/knex.js';
import { hashPassword } from '../../jobs/runtime/secrets.js';
import { freePort, startChild, stats, type Child } from './ledger-support.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/inventory_platform_bench';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_P99_MS = 50;

/**
 * Fires `send(i)` at RATE per second for `seconds` (open loop: a slow answer does not
 * delay the next send) and resolves with each job's latency once all have finished.
 */
async function openLoop(seconds: number, send: (i: number) => Promise<number | null>): Promise<{ latencies: number[]; lost: number; wallMs: number }> {
  const total = Math.round(RATE * seconds);
  const pending: Promise<number | null>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(send(i));
  }
  const results = await Promise.all(pending);
  const latencies = results.filter((l): l is number => l !== null);
  return { latencies, lost: results.length - latencies.length, wallMs: performance.now() - started };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/** POST a JSON body over a keep-alive connection; resolves with the status and parsed answer. */
function postJson(url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; body: any }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (data += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data ? JSON.parse(data) : null }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

/** Matches results to their sends by a key carried in the job; null when none came in time. */
class Arrivals {
  private readonly waiting = new Map<string, (at: number | null) => void>();
  expect(key: string, timeoutMs = 10_000): Promise<number | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(key);
        resolve(null);
      }, timeoutMs);
      this.waiting.set(key, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
  }
  arrived(key: string) {
    const at = performance.now();
    this.waiting.get(key)?.(at);
    this.waiting.delete(key);
  }
}

const mib = (n: number) => `${Math.round(n)} MiB`;

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') execSync('npm run build --silent', { stdio: 'inherit' });
  await migrateAndSeed(DATABASE_URL);
  const webPort = await freePort();
  const web = `http://127.0.0.1:${webPort}`;
  const prefix = `bench${randomBytes(3).toString('hex')}`;
  const env = { DATABASE_URL, REDIS_URL, QUEUE_PREFIX: prefix, HOST: '127.0.0.1', PORT: String(webPort), PUBLIC_BASE_URL: web, LOG_LEVEL: 'warn', NODE_ENV: 'development', BARE_QUEUE: 'bare-echo' };
  const children: Child[] = [];
  const knex = createKnex(DATABASE_URL, { min: 0, max: 2 });
  const connection = { url: REDIS_URL };
  const bareQueue = new Queue('bare-echo', { connection, prefix });
  const bareEvents = new QueueEvents('bare-echo', { connection, prefix });
  let socket: WebSocket | undefined;
  try {
    children.push(await startChild('web', 'dist/gateway/index.js', env, async () => (await fetch(`${web}/api/health/`)).ok));
    children.push(await startChild('worker', 'dist/workers/index.js', { ...env, WORKER_QUEUES: 'system', LOG_LEVEL: 'info' }, /worker: consuming/));
    children.push(await startChild('bare-worker', 'dist/scripts/bench/bare-bullmq-worker.js', env, /bare worker ready/));
    await bareEvents.waitUntilReady();

    const email = `bench-jobs-${randomBytes(4).toString('hex')}@bench.test`;
    const [user] = await knex('users').insert({ email, password_hash: await hashPassword('bench-password-1', 1024), email_verified_at: new Date() }).returning('id');
    await knex('profiles').insert({ user_id: user.id });
    const login = await fetch(`${web}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-password-1' }) });
    const { access } = (await login.json()) as { access: string };
    const headers = { authorization: `Bearer ${access}` };

    // bare: QueueEvents reports completions by job id
    const bareArrivals = new Arrivals();
    bareEvents.on('completed', ({ jobId }) => bareArrivals.arrived(jobId));
    const bare = async (i: number) => {
      const id = `b${i}-${randomBytes(3).toString('hex')}`;
      const arrived = bareArrivals.expect(id);
      const t0 = performance.now();
      await bareQueue.add('echo', { seq: i }, { jobId: id, removeOnComplete: true });
      const at = await arrived;
      return at === null ? null : at - t0;
    };

    // http: the answer itself carries the result
    const httpWait = async (i: number) => {
      const t0 = performance.now();
      const res = await postJson(`${web}/api/jobs/echo/`, headers, { echo: { seq: i }, wait: 5000 });
      if (res.status !== 200 || res.body.state !== 'completed' || res.body.result?.echo.seq !== i) throw new Error(`http job ${i}: ${res.status} ${JSON.stringify(res.body)}`);
      return performance.now() - t0;
    };

    // ws: job.completed pushed to the user's socket, matched by the echoed sequence number
    const wsArrivals = new Arrivals();
    socket = new WebSocket(`${web.replace(/^http/, 'ws')}/ws/notifications/?token=${access}`);
    await new Promise<void>((resolve, reject) => {
      socket!.once('error', reject);
      socket!.on('message', (raw) => {
        const m = JSON.parse(raw.toString()) as { type: string; data: { result?: { echo?: { seq?: number; run?: string } } } };
        if (m.type === 'connection.ready') resolve();
        if (m.type === 'job.completed') wsArrivals.arrived(`${m.data.result?.echo?.run}:${m.data.result?.echo?.seq}`);
      });
    });
    let run = 'warm';
    const ws = async (i: number) => {
      const arrived = wsArrivals.expect(`${run}:${i}`);
      const t0 = performance.now();
      const res = await postJson(`${web}/api/jobs/echo/`, headers, { echo: { seq: i, run }, wait: 0 });
      if (res.status !== 202 && res.status !== 200) throw new Error(`ws job ${i}: ${res.status} ${JSON.stringify(res.body)}`);
      const at = await arrived;
      return at === null ? null : at - t0;
    };

    // warm-up: JIT, connection pools, the token cache
    for (const [name, path] of [['bare', bare], ['http', httpWait], ['ws', ws]] as const) {
      process.stdout.write(`warming up ${name}…\n`);
      await openLoop(2, path);
    }
    const paths = { bare, http: httpWait, ws };
    const samples = { bare: [] as number[], http: [] as number[], ws: [] as number[] };
    const wall = { bare: 0, http: 0, ws: 0 };
    const lost = { bare: 0, http: 0, ws: 0 };
    let seq = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      for (const name of Object.keys(paths) as (keyof typeof paths)[]) {
        run = `r${round}`;
        const base = seq;
        const r = await openLoop(SECONDS, (i) => paths[name](base + i));
        seq += r.latencies.length;
        samples[name].push(...r.latencies);
        wall[name] += r.wallMs;
        lost[name] += r.lost;
        const s = stats(r.latencies, r.wallMs);
        process.stdout.write(`round ${round} ${name}: p50 ${s.p50_ms} ms, p99 ${s.p99_ms} ms, max ${s.max_ms} ms${r.lost ? `, ${r.lost} results lost` : ''}\n`);
      }
    }
    const results = { bare: stats(samples.bare, wall.bare), http: stats(samples.http, wall.http), ws: stats(samples.ws, wall.ws) };
    const peaks = Object.fromEntries(children.map((c) => [c.name, c.peakRssMiB()]));
    const rows = (['http', 'ws'] as const).map((path) => ({
      what: `echo over ${path === 'http' ? 'HTTP wait' : 'WebSocket push'} at ${RATE}/s`,
      bare_p50_ms: results.bare.p50_ms,
      bare_p99_ms: results.bare.p99_ms,
      p50_ms: results[path].p50_ms,
      p99_ms: results[path].p99_ms,
      max_ms: results[path].max_ms,
      p99_ratio: Math.round((results[path].p99_ms / results.bare.p99_ms) * 10) / 10,
      achieved_per_s: results[path].per_second,
      lost: lost[path],
      target: `p99 < ${TARGET_P99_MS} ms`,
    }));
    console.table(rows);
    console.log(
      JSON.stringify(
        {
          machine: { cpus: os.cpus().length, node: process.version },
          settings: { rate_per_s: RATE, seconds_per_round: SECONDS, rounds: ROUNDS, jobs_per_path: RATE * SECONDS * ROUNDS, worker_concurrency: 20 },
          bare_bullmq: results.bare,
          results: rows,
          peak_rss: { web: mib(peaks.web), worker: mib(peaks.worker), bare_worker: mib(peaks['bare-worker']), load_generator: mib(process.resourceUsage().maxRSS / 1024) },
          target_met: rows.every((r) => r.p99_ms < TARGET_P99_MS && r.lost === 0),
        },
        null,
        2,
      ),
    );
  } finally {
    socket?.close();
    agent.destroy();
    await Promise.all(children.map((c) => c.stop()));
    await bareEvents.close();
    await bareQueue.obliterate({ force: true }).catch(() => undefined);
    await bareQueue.close();
    await knex.destroy();
  }
}

await main();
