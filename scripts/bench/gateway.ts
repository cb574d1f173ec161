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
//   database-backed reads, each against the bare Hapi route of bare-hapi.ts that runs
//   the same necessary statement with a bare `pg` pool (target: at least 0.6 of it):
//     pg-profile / profile     GET /api/profiles/me/
//     pg-list / list           GET /api/inventories/ (a page of 20 of the caller's 25)
//     pg-product / product     GET /api/products/{id}/ (3 variants with tags and images, 2 tags)
// Every answer must be 200 (a 401 storm would look fast). Besides req/s, the CPU time
// the serving process spent per request (from /proc/<pid>/stat) is reported: on a
// machine shared with other work it is the steadier measure. Peak RSS (VmHWM) of each
// process is reported.
//
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/inventory_platform_bench,
// created and migrated), BENCH_REDIS_URL (default redis://127.0.0.1:6379/13),
// BENCH_SECONDS per run (5), BENCH_ROUNDS (5), BENCH_CONNECTIONS (50), BENCH_SKIP_BUILD=1,
// BENCH_TARGETS (a comma list of the paths above to load, e.g. auth; bare is always loaded),
// BENCH_CPU_PROF=<folder>: the gateway writes a V8 CPU profile there when it stops.
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
const DB_TARGET = 0.6;

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
    const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const webChild = await startChild('web', 'dist/gateway/index.js', env, async () => (await fetch(`${web}/api/health/`)).ok, prof);
    children.push(webChild);
    const [barePid, webPid] = [bareChild.proc.pid!, webChild.proc.pid!];

    const email = `bench-gateway-${randomBytes(4).toString('hex')}@bench.test`;
    const [user] = await knex('users').insert({ email, password_hash: await hashPassword('bench-password-1', 1024), email_verified_at: new Date() }).returning('id');
    await knex('profiles').insert({ user_id: user.id });
    const login = await fetch(`${web}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-password-1' }) });
    const { access } = (await login.json()) as { access: string };
    const auth = { authorization: `Bearer ${access}` };
    const { productId } = await seedReads(knex, user.id);

    const allTargets = {
      bare: (seconds = SECONDS) => load(`${bare}/me/`, {}, seconds, barePid),
      auth: (seconds = SECONDS) => load(`${web}/api/auth/me/`, auth, seconds, webPid),
      'pg-profile': (seconds = SECONDS) => load(`${bare}/pg/profiles/${user.id}/`, {}, seconds, barePid),
      profile: (seconds = SECONDS) => load(`${web}/api/profiles/me/`, auth, seconds, webPid),
      'pg-list': (seconds = SECONDS) => load(`${bare}/pg/inventories/${user.id}/`, {}, seconds, barePid),
      list: (seconds = SECONDS) => load(`${web}/api/inventories/`, auth, seconds, webPid),
      'pg-product': (seconds = SECONDS) => load(`${bare}/pg/products/${user.id}/${productId}/`, {}, seconds, barePid),
      product: (seconds = SECONDS) => load(`${web}/api/products/${productId}/`, auth, seconds, webPid),
    };
    // BENCH_TARGETS (e.g. bare,auth): only these paths are loaded (bare is always kept: every ratio needs it)
    const only = process.env.BENCH_TARGETS?.split(',');
    const targets = Object.fromEntries(Object.entries(allTargets).filter(([name]) => !only || name === 'bare' || only.includes(name))) as Partial<typeof allTargets> & Pick<typeof allTargets, 'bare'>;
    // the bare routes answer what ours answer (same statement, same shape)
    for (const [ours, theirs] of [[`${web}/api/profiles/me/`, `${bare}/pg/profiles/${user.id}/`], [`${web}/api/inventories/`, `${bare}/pg/inventories/${user.id}/`], [`${web}/api/products/${productId}/`, `${bare}/pg/products/${user.id}/${productId}/`]]) {
      const [a, b] = await Promise.all([fetch(ours, { headers: auth }).then((r) => r.json()), fetch(theirs).then((r) => r.json())]);
      const [ka, kb] = [JSON.stringify(Object.keys(a as object).sort()), JSON.stringify(Object.keys(b as object).sort())];
      if (ka !== kb) throw new Error(`${ours} and its bare route answer different shapes: ${ka} / ${kb}`);
    }
    // warm-up: JIT, connection pools, the token cache
    for (const name of Object.keys(targets) as (keyof typeof targets)[]) {
      process.stdout.write(`warming up ${name}…\n`);
      await targets[name]!(3);
    }
    const runs = Object.fromEntries(Object.keys(targets).map((k) => [k, [] as Run[]])) as Record<keyof typeof allTargets, Run[]>;
    for (let round = 1; round <= ROUNDS; round++) {
      for (const name of Object.keys(targets) as (keyof typeof targets)[]) {
        const r = await targets[name]!();
        runs[name].push(r);
        process.stdout.write(`round ${round} ${name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.cpuUs.toFixed(1)} µs CPU per request\n`);
      }
    }

    const peaks = Object.fromEntries(children.map((c) => [c.name, c.peakRssMiB()]));
    const bareRps = mean(runs.bare, 'rps');
    const bareCpu = median(runs.bare.map((r) => r.cpuUs));
    const row = (what: string, name: keyof typeof allTargets, target: string, baseline: keyof typeof allTargets = 'bare') => {
      if (!runs[name] || !runs[baseline]) return null;
      const ratio = median(runs[name].map((r, i) => r.rps / runs[baseline][i].rps));
      const cpu = median(runs[name].map((r) => r.cpuUs));
      const bareCpu = median(runs[baseline].map((r) => r.cpuUs));
      return {
        what,
        baseline,
        bare_req_s: Math.round(mean(runs[baseline], 'rps')),
        ours_req_s: Math.round(mean(runs[name], 'rps')),
        ratio: Math.round(ratio * 100) / 100,
        bare_cpu_us: Math.round(bareCpu * 10) / 10,
        ours_cpu_us: Math.round(cpu * 10) / 10,
        cpu_ratio: Math.round((bareCpu / cpu) * 100) / 100,
        p99_ms: Math.round(mean(runs[name], 'p99') * 10) / 10,
        target,
      };
    };
    const rows = [
      row('GET /api/auth/me/ (auth + scope)', 'auth', `≥ ${TARGET}`),
      row('GET /api/profiles/me/', 'profile', `≥ ${DB_TARGET}`, 'pg-profile'),
      row('GET /api/inventories/ (20 of 25)', 'list', `≥ ${DB_TARGET}`, 'pg-list'),
      row('GET /api/products/{id}/ (3 variants)', 'product', `≥ ${DB_TARGET}`, 'pg-product'),
      row('GET /api/profiles/me/ against bare Hapi without SQL', 'profile', 'reference'),
    ];
    const measured = rows.filter((r) => r !== null);
    const report = {
      machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
      settings: { seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS },
      bare_hapi: { req_s: Math.round(bareRps), p99_ms: Math.round(mean(runs.bare, 'p99') * 10) / 10, cpu_us_per_req: Math.round(bareCpu * 10) / 10 },
      results: measured,
      peak_rss: { web: mib(peaks.web), bare_hapi: mib(peaks.bare), load_generator: mib(process.resourceUsage().maxRSS / 1024) },
      uptime: (await import('node:os')).loadavg().map((n) => Math.round(n * 100) / 100),
      target_met: { auth: rows[0] ? rows[0].ratio >= TARGET : 'not measured', database_reads: rows.slice(1, 4).every((r) => r !== null) ? rows.slice(1, 4).every((r) => r!.ratio >= DB_TARGET) : 'not measured' },
    };
    console.table(measured);
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    await knex.destroy();
  }
}

/** The rows the database-backed reads answer: 25 inventories and a product with 3 variants (2 tags each, 1 image) and 2 tags. */
async function seedReads(knex: ReturnType<typeof createKnex>, userId: string): Promise<{ productId: number }> {
  const scope = { owner_id: userId, team_id: null, created_by: userId };
  await knex('inventories').insert(Array.from({ length: 25 }, (_, i) => ({ name: `Bench inventory ${String(i).padStart(2, '0')}`, description: 'A benchmark inventory', location: 'Shelf 4', ...scope })));
  const [product] = await knex('products').insert({ name: 'Bench product', supplier: 'Bench supplier', description: 'A product with variants', category: 'Tools', ...scope }).returning('id');
  for (let t = 0; t < 2; t++) {
    const [tag] = await knex('product_tags').insert({ product_id: product.id, label: `tag ${t}`, position: t }).returning('id');
    await knex('product_tag_values').insert([0, 1].map((i) => ({ tag_id: tag.id, value: `value ${t}.${i}`, position: i })));
  }
  for (let v = 0; v < 3; v++) {
    const [variant] = await knex('product_variants').insert({ product_id: product.id, name: `Variant ${v}`, sku: `BENCH-${product.id}-${v}`, barcode: '', position: v, owner_id: userId, team_id: null }).returning('id');
    await knex('variant_tags').insert([0, 1].map((i) => ({ variant_id: variant.id, label: `size ${i}`, value: `${v}${i}`, position: i })));
    await knex('product_images').insert({ variant_id: variant.id, product_id: product.id, path: `bench/${variant.id}.png`, content_type: 'image/png', size: 1234, width: 10, height: 10, alt_text: '', is_primary: true, position: 0 });
  }
  return { productId: product.id };
}

await main();
