// Size: one benchmark run read top to bottom (set-up, timed loop, report); split into steps it would read less plainly.
// Job round-trip benchmark (run: npx tsx scripts/bench/jobs.ts; not a test).
//
// enqueue → worker → result → client latency of the no-op `system.echo` job at fixed
// rates (open loop; BENCH_RATES, a comma list of jobs/s, default 200), with BENCH_WEB
// compiled gateways (node dist/gateway/index.js, default 2) and BENCH_WORKERS compiled
// workers (node dist/workers/index.js, WORKER_QUEUES=system, default 2) as their own
// processes and this process as the client. Requests go to the gateways in turn and the
// notification socket is held by the last one, so with two gateways half of the results
// cross instances (enqueued through A, pushed by B). At each rate, in rounds:
//   bare   the baseline: this process adds a job to a plain BullMQ queue, as many bare
//          BullMQ worker processes as workers (dist/scripts/bench/bare-bullmq-worker.js)
//          return its data, and QueueEvents tells this process it completed
//   http   POST /api/jobs/echo/ {"wait": 5000}: the answer carries the result
//   ws     POST /api/jobs/echo/ {"wait": 0}, the result arrives as job.completed on
//          /ws/notifications/ (latency from the POST to the push)
// The paths take turns in rounds (bare, http, ws, bare, …) so that a stall of the shared
// machine (or of a Redis shared with other work) hits them alike; percentiles are over
// all rounds. The client is node:http with a keep-alive agent (fetch's own warm-up
// showed up as latency). A result that never arrives is counted as lost, not waited
// for. A path climbs while it keeps up (nothing lost, answers at ≥ 95 % of the offered
// rate); the report gives, per path, the highest rate that held p99 < 50 ms with
// nothing lost (target: ≥ 2,000 jobs/s for http and ws) and the highest it kept up with. Peak RSS (VmHWM) per process
// type is reported.
//
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/inventory_platform_bench,
// created and migrated), BENCH_REDIS_URL (default redis://127.0.0.1:6379/13), BENCH_RATES (200;
// BENCH_RATE is read too), BENCH_WEB (2), BENCH_WORKERS (2), BENCH_SECONDS per path and round (4),
// BENCH_ROUNDS (3), BENCH_SKIP_BUILD=1, BENCH_NODE_ARGS (node flags for the web and worker children).
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Queue, QueueEvents } from 'bullmq';
import WebSocket from 'ws';
import { migrateAndSeed } from '../../db/migrate.js';
import { createKnex } from '../../db/knex.js';
import { hashPassword } from '../../jobs/runtime/secrets.js';
import { agent, freePort, postJson, startChild, stats, type Child } from './ledger-support.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/inventory_platform_bench';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const RATES = (process.env.BENCH_RATES ?? process.env.BENCH_RATE ?? '200').split(',').map(Number);
const WEBS = Number(process.env.BENCH_WEB ?? 2);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
let RATE = RATES[0];
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
  const ports = await Promise.all(Array.from({ length: WEBS }, () => freePort()));
  const webs = ports.map((p) => `http://127.0.0.1:${p}`);
  const prefix = `bench${randomBytes(3).toString('hex')}`;
  const env = { DATABASE_URL, REDIS_URL, QUEUE_PREFIX: prefix, HOST: '127.0.0.1', PUBLIC_BASE_URL: webs[0], LOG_LEVEL: 'warn', NODE_ENV: 'development', BARE_QUEUE: 'bare-echo' };
  const children: Child[] = [];
  const knex = createKnex(DATABASE_URL, { min: 0, max: 2 });
  const connection = { url: REDIS_URL };
  const bareQueue = new Queue('bare-echo', { connection, prefix });
  const bareEvents = new QueueEvents('bare-echo', { connection, prefix });
  let socket: WebSocket | undefined;
  try {
    // BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") go to node before the web and worker entries
    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
    for (const [i, web] of webs.entries()) children.push(await startChild(`web${i + 1}`, 'dist/gateway/index.js', { ...env, PORT: String(ports[i]) }, async () => (await fetch(`${web}/api/health/`)).ok, nodeArgs));
    for (let i = 1; i <= WORKERS; i++) children.push(await startChild(`worker${i}`, 'dist/workers/index.js', { ...env, WORKER_QUEUES: 'system', LOG_LEVEL: 'info' }, /worker: consuming/, nodeArgs));
    for (let i = 1; i <= WORKERS; i++) children.push(await startChild(`bare-worker${i}`, 'dist/scripts/bench/bare-bullmq-worker.js', env, /bare worker ready/));
    await bareEvents.waitUntilReady();

    const email = `bench-jobs-${randomBytes(4).toString('hex')}@bench.test`;
    const [user] = await knex('users').insert({ email, password_hash: await hashPassword('bench-password-1', 1024), email_verified_at: new Date() }).returning('id');
    await knex('profiles').insert({ user_id: user.id });
    const login = await fetch(`${webs[0]}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-password-1' }) });
    const { access } = (await login.json()) as { access: string };
    const headers = { authorization: `Bearer ${access}` };
    const webOf = (i: number) => webs[i % webs.length];

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
      const res = await postJson(`${webOf(i)}/api/jobs/echo/`, headers, { echo: { seq: i }, wait: 5000 });
      if (res.status !== 200 || res.body.state !== 'completed' || res.body.result?.echo.seq !== i) throw new Error(`${res.status} ${res.body?.error?.code ?? res.body?.state ?? ''}`);
      return performance.now() - t0;
    };

    // ws: job.completed pushed to the user's socket on the last gateway, matched by the echoed sequence number
    const wsArrivals = new Arrivals();
    socket = new WebSocket(`${webs[webs.length - 1].replace(/^http/, 'ws')}/ws/notifications/?token=${access}`);
    await new Promise<void>((resolve, reject) => {
      socket!.once('error', reject);
      socket!.on('message', (raw) => {
        const m = JSON.parse(raw.toString()) as { type: string; data: { result?: { echo?: { seq?: number; run?: string } } } };
        if (m.type === 'connection.ready') resolve();
        if (m.type === 'job.completed') wsArrivals.arrived(`${m.data.result?.echo?.run}:${m.data.result?.echo?.seq}`);
      });
    });
    // a dropped socket loses the pushes still to come (counted as lost), it does not end the run
    socket.on('error', (err) => process.stdout.write(`notification socket: ${err.message}\n`));
    socket.on('close', (code) => process.stdout.write(`notification socket closed (${code})\n`));
    let run = 'warm';
    const ws = async (i: number) => {
      const arrived = wsArrivals.expect(`${run}:${i}`);
      const t0 = performance.now();
      const res = await postJson(`${webOf(i)}/api/jobs/echo/`, headers, { echo: { seq: i, run }, wait: 0 });
      if (res.status !== 202 && res.status !== 200) throw new Error(`${res.status} ${res.body?.error?.code ?? ''}`);
      const at = await arrived;
      return at === null ? null : at - t0;
    };

    // warm-up: JIT, connection pools, the token cache
    RATE = Math.min(...RATES);
    for (const [name, path] of [['bare', bare], ['http', httpWait], ['ws', ws]] as const) {
      process.stdout.write(`warming up ${name}…\n`);
      await openLoop(2, (i) => path(i).catch(() => null));
    }
    for (const c of children) c.proc.once('exit', (code) => process.stdout.write(`${c.name} exited (${code})\n`));
    const paths = { bare, http: httpWait, ws };
    type PathName = keyof typeof paths;
    const levels: { rate: number; path: PathName; p50_ms: number; p99_ms: number; max_ms: number; achieved_per_s: number; lost: number; held: boolean; sustained: boolean }[] = [];
    const climbing = new Set<PathName>(['bare', 'http', 'ws']);
    // CPU each process type spent per job, by path (the load generator included): where a path's cost sits
    const typeOf = (c: Child) => c.name.replace(/\d+$/, '');
    const cpuByType = () => {
      const out: Record<string, number> = { load_generator: (process.cpuUsage().user + process.cpuUsage().system) / 1e6 };
      for (const c of children) out[typeOf(c)] = (out[typeOf(c)] ?? 0) + c.cpuSeconds();
      return out;
    };
    const cpuSpent: Record<PathName, Record<string, number>> = { bare: {}, http: {}, ws: {} };
    const jobsRun: Record<PathName, number> = { bare: 0, http: 0, ws: 0 };
    let seq = 0;
    const lostWhy: Record<string, number> = {};
    for (const rate of RATES) {
      RATE = rate;
      const samples: Record<PathName, number[]> = { bare: [], http: [], ws: [] };
      const wall: Record<PathName, number> = { bare: 0, http: 0, ws: 0 };
      const lost: Record<PathName, number> = { bare: 0, http: 0, ws: 0 };
      for (let round = 1; round <= ROUNDS; round++) {
        for (const name of Object.keys(paths) as PathName[]) {
          if (!climbing.has(name)) continue;
          run = `${rate}-r${round}`;
          const base = seq;
          const before = cpuByType();
          const r = await openLoop(SECONDS, (i) => paths[name](base + i).catch((err: Error) => {
            lostWhy[`${name}: ${err.message}`] = (lostWhy[`${name}: ${err.message}`] ?? 0) + 1;
            return null;
          }));
          const after = cpuByType();
          for (const k of Object.keys(after)) cpuSpent[name][k] = (cpuSpent[name][k] ?? 0) + after[k] - (before[k] ?? 0);
          jobsRun[name] += r.latencies.length + r.lost;
          seq += Math.round(rate * SECONDS);
          samples[name].push(...r.latencies);
          wall[name] += r.wallMs;
          lost[name] += r.lost;
          const st = stats(r.latencies, r.wallMs);
          process.stdout.write(`${rate}/s round ${round} ${name}: p50 ${st.p50_ms} ms, p99 ${st.p99_ms} ms, max ${st.max_ms} ms${r.lost ? `, ${r.lost} results lost` : ''}\n`);
        }
      }
      for (const name of Object.keys(paths) as PathName[]) {
        if (!climbing.has(name)) continue;
        const st = stats(samples[name], wall[name]);
        const held = st.p99_ms < TARGET_P99_MS && lost[name] === 0;
        // kept up: nothing lost and the answers came at (nearly) the offered rate, whatever the tail
        const sustained = lost[name] === 0 && st.per_second >= 0.95 * rate;
        levels.push({ rate, path: name, p50_ms: st.p50_ms, p99_ms: st.p99_ms, max_ms: st.max_ms, achieved_per_s: st.per_second, lost: lost[name], held, sustained });
        if (!sustained) climbing.delete(name);
      }
      if (climbing.size === 0) break;
    }
    const ceiling = (path: PathName) => Math.max(0, ...levels.filter((l) => l.path === path && l.held).map((l) => l.rate));
    const keptUp = (path: PathName) => Math.max(0, ...levels.filter((l) => l.path === path && l.sustained).map((l) => l.rate));
    const peaks: Record<string, number> = {};
    for (const c of children) {
      const type = c.name.replace(/\d+$/, '');
      peaks[type] = Math.max(peaks[type] ?? 0, c.peakRssMiB());
    }
    console.table(levels);
    const rows = (['http', 'ws'] as const).map((path) => ({
      what: `echo over ${path === 'http' ? 'HTTP wait' : 'WebSocket push'}, ${WEBS} web + ${WORKERS} workers`,
      highest_rate_p99_under_50ms: ceiling(path),
      bare_bullmq_highest_rate: ceiling('bare'),
      ratio: ceiling('bare') ? Math.round((ceiling(path) / ceiling('bare')) * 100) / 100 : null,
      highest_rate_kept_up: keptUp(path),
      bare_bullmq_kept_up: keptUp('bare'),
      target: '≥ 2,000 jobs/s',
    }));
    console.table(rows);
    console.log(
      JSON.stringify(
        {
          machine: { cpus: os.cpus().length, node: process.version, load_average: os.loadavg().map((n) => Math.round(n * 100) / 100) },
          settings: { rates_per_s: RATES, web_processes: WEBS, worker_processes: WORKERS, seconds_per_round: SECONDS, rounds: ROUNDS, bare_worker_concurrency: 20 },
          levels,
          results: rows,
          cpu_ms_per_job: Object.fromEntries((Object.keys(cpuSpent) as PathName[]).map((p) => [p, Object.fromEntries(Object.entries(cpuSpent[p]).filter(([, v]) => v > 0).map(([k, v]) => [k, Math.round(((v * 1000) / Math.max(1, jobsRun[p])) * 100) / 100]))])),
          peak_rss_per_process_type: Object.fromEntries(Object.entries(peaks).map(([k, v]) => [k, mib(v)])),
          load_generator_rss: mib(process.resourceUsage().maxRSS / 1024),
          target_met: rows.every((r) => r.highest_rate_p99_under_50ms >= 2000),
          // requests that failed outright (status and error code), apart from results that never came
          lost_because: lostWhy,
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
