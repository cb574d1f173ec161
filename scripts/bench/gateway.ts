// Size: one benchmark run read top to bottom (set-up, timed loop, report); split into steps it would read less plainly.
// Gateway throughput benchmark (run: npx tsx scripts/bench/gateway.ts; not a test).
//
// Builds the project, then runs the compiled gateway (node dist/gateway/index.js,
// LOG_LEVEL=warn) and a bare Hapi server (dist/scripts/bench/bare-hapi.js) as their
// own processes; autocannon loads them from this process, so the load generator never
// shares an event loop with a server. Measured in short rounds (bare, auth, profile,
// bare, …); a ratio is the median of the per-round ratios, so that drift of a shared
// machine hits the baseline and ours alike:
//   bare      GET /me/ on the bare Hapi server: the baseline
//   auth      GET /api/auth/me/ with a bearer token: authentication, scope resolution,
//             response validation — the gateway's own overhead on every request.
//             Target: at least 50% of the bare req/s.
//   profile   GET /api/profiles/me/: the same plus two PostgreSQL reads (for reference)
// Every answer must be 200 (a 401 storm would look fast). Besides req/s, the CPU time
// the serving process spent per request (from /proc/<pid>/stat) is reported: on a
// machine shared with other work it is the steadier measure. Peak RSS (VmHWM) of each
// process is reported.
//
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/inventory_platform_bench,
// created and migrated), BENCH_REDIS_URL (default redis://127.0.0.1:6379/13),
// BENCH_SECONDS per run (5), BENCH_ROUNDS (5), BENCH_CONNECTIONS (50), BENCH_SKIP_BUILD=1.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { migrateAndSeed } from '../../db/migrate.js';
import { createKnex } from '../../db/knex.js';
import { hashPassword } from '../../jobs/runtime/secrets.js';
import { freePort, startChild, type Child } from './ledger-support.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/inventory_platform_bench';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET = 0.5;

interface Run {
  rps: number;
  p50: number;
  p99: number;
  /** CPU time of the serving process per request, µs */
  cpuUs: number;
}

/** user + system CPU time of a process so far, in ms (clock ticks of 10 ms) */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function load(url: string, headers: Record<string, string>, seconds: number, pid: number): Promise<Run> {
  const before = cpuMs(pid);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  const spent = cpuMs(pid) - before;
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad) throw new Error(`${url}: ${bad} of ${result.requests.total} answers were not 2xx (errors ${result.errors}, timeouts ${result.timeouts})`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuUs: (spent * 1000) / result.requests.total };
}

const mean = (runs: Run[], key: keyof Run) => runs.reduce((s, r) => s + r[key], 0) / runs.length;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mib = (n: number) => `${Math.round(n)} MiB`;

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') execSync('npm run build --silent', { stdio: 'inherit' });
  await migrateAndSeed(DATABASE_URL);
  const [webPort, barePort] = await Promise.all([freePort(), freePort()]);
  const web = `http://127.0.0.1:${webPort}`;
  const bare = `http://127.0.0.1:${barePort}`;
  const env = {
    DATABASE_URL,
    REDIS_URL,
    QUEUE_PREFIX: `bench${randomBytes(3).toString('hex')}`,
    HOST: '127.0.0.1',
    PORT: String(webPort),
    PUBLIC_BASE_URL: web,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    BARE_PORT: String(barePort),
  };
  const children: Child[] = [];
  const knex = createKnex(DATABASE_URL, { min: 0, max: 2 });
  try {
    const bareChild = await startChild('bare', 'dist/scripts/bench/bare-hapi.js', env, /bare hapi listening/);
    children.push(bareChild);
    const webChild = await startChild('web', 'dist/gateway/index.js', env, async () => (await fetch(`${web}/api/health/`)).ok);
    children.push(webChild);
    const [barePid, webPid] = [bareChild.proc.pid!, webChild.proc.pid!];

    const email = `bench-gateway-${randomBytes(4).toString('hex')}@bench.test`;
    const [user] = await knex('users').insert({ email, password_hash: await hashPassword('bench-password-1', 1024), email_verified_at: new Date() }).returning('id');
    await knex('profiles').insert({ user_id: user.id });
    const login = await fetch(`${web}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-password-1' }) });
    const { access } = (await login.json()) as { access: string };
    const auth = { authorization: `Bearer ${access}` };

    const targets = {
      bare: (seconds = SECONDS) => load(`${bare}/me/`, {}, seconds, barePid),
      auth: (seconds = SECONDS) => load(`${web}/api/auth/me/`, auth, seconds, webPid),
      profile: (seconds = SECONDS) => load(`${web}/api/profiles/me/`, auth, seconds, webPid),
    };
    // warm-up: JIT, connection pools, the token cache
    for (const name of Object.keys(targets) as (keyof typeof targets)[]) {
      process.stdout.write(`warming up ${name}…\n`);
      await targets[name](3);
    }
    const runs: Record<keyof typeof targets, Run[]> = { bare: [], auth: [], profile: [] };
    for (let round = 1; round <= ROUNDS; round++) {
      for (const name of Object.keys(targets) as (keyof typeof targets)[]) {
        const r = await targets[name]();
        runs[name].push(r);
        process.stdout.write(`round ${round} ${name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.cpuUs.toFixed(1)} µs CPU per request\n`);
      }
    }

    const peaks = Object.fromEntries(children.map((c) => [c.name, c.peakRssMiB()]));
    const bareRps = mean(runs.bare, 'rps');
    const bareCpu = median(runs.bare.map((r) => r.cpuUs));
    const row = (what: string, name: keyof typeof targets, target: string) => {
      const ratio = median(runs[name].map((r, i) => r.rps / runs.bare[i].rps));
      const cpu = median(runs[name].map((r) => r.cpuUs));
      return {
        what,
        bare_req_s: Math.round(bareRps),
        ours_req_s: Math.round(mean(runs[name], 'rps')),
        ratio: Math.round(ratio * 100) / 100,
        bare_cpu_us: Math.round(bareCpu * 10) / 10,
        ours_cpu_us: Math.round(cpu * 10) / 10,
        cpu_ratio: Math.round((bareCpu / cpu) * 100) / 100,
        p99_ms: Math.round(mean(runs[name], 'p99') * 10) / 10,
        target,
      };
    };
    const rows = [row('GET /api/auth/me/ (auth + scope)', 'auth', `≥ ${TARGET}`), row('GET /api/profiles/me/ (+ 2 SQL reads)', 'profile', 'reference')];
    const report = {
      machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
      settings: { seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS },
      bare_hapi: { req_s: Math.round(bareRps), p99_ms: Math.round(mean(runs.bare, 'p99') * 10) / 10, cpu_us_per_req: Math.round(bareCpu * 10) / 10 },
      results: rows,
      peak_rss: { web: mib(peaks.web), bare_hapi: mib(peaks.bare), load_generator: mib(process.resourceUsage().maxRSS / 1024) },
      target_met: rows[0].ratio >= TARGET,
    };
    console.table(rows);
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    await knex.destroy();
  }
}

await main();
