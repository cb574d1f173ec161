// Size: one benchmark run read top to bottom (set-up, timed loop, report); split into steps it would read less plainly.
// Projected catalog benchmark (run: npx tsx scripts/bench/projected-catalog.ts; not a test).
//
// 500 products × 3 variants × 2 images, 2 tags of 2 values each and a tag per variant,
// in one scope. The compiled gateway runs as its own process (node
// dist/gateway/index.js, LOG_LEVEL=warn) and autocannon loads it from this process,
// in rounds that alternate the targets so drift of a shared machine hits all alike:
//   plain      GET /api/products/?page_size=100 (pages 1..5): the plain list, full shape
//   full       GET /restqlapi/products/records-one-shot/?page_size=100 with a full-depth
//              projection (depth 3: variants{images}, tags{values}) over the same rows
//   narrow     the same with ?query={id,name} (depth 1)
//   full-500   the full-depth projection of all 500 products in one request
// Reported per target: requests/s, rows/s, mean/p50/p99 latency, SQL queries per
// request (counted in-process with knex 'query' events on the same requests).
// Targets: queries per request ≤ depth + 2; full-depth latency within 1.5× the plain
// list's (same 100 rows per request); the narrow projection faster than the plain list.
//
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/inventory_platform_bench,
// created and migrated), BENCH_REDIS_URL (default redis://127.0.0.1:6379/13),
// BENCH_SECONDS per run (5), BENCH_ROUNDS (3), BENCH_CONNECTIONS (10), BENCH_PORT (a free one),
// BENCH_SKIP_BUILD=1.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import { migrateAndSeed } from '../../db/migrate.js';
import { loadConfig } from '../../jobs/runtime/config.js';
import { compose } from '../../gateway/server.js';
import { hashPassword } from '../../jobs/runtime/secrets.js';
import { freePort, queriesOf, startChild, type Child } from './ledger-support.js';
import { BENCH_SHAPE, seedProducts } from './projected-catalog-seed.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/inventory_platform_bench';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PRODUCTS = 500;

const FULL =
  '{id,name,product_name,supplier,description,category,base_unit,family_id,product_family_name,tags{id,label,values{id,value}},variants{id,name,sku,barcode,position,tags{id,label,value},images{id,image_url,alt_text,is_primary,content_type,size,width,height,position,created_at,updated_at}},primary_image_url,profile_type,team_id,created_by,created_at,updated_at}';
const NARROW = '{id,name}';
const q = (query: string) => `query=${encodeURIComponent(query)}`;
const pages = (path: (page: number) => string) => Array.from({ length: PRODUCTS / 100 }, (_, i) => path(i + 1));

interface Target {
  name: string;
  paths: string[];
  rowsPerRequest: number;
  /** projection depth (null: the plain list) */
  depth: number | null;
}

const TARGETS: Target[] = [
  { name: 'plain', paths: pages((p) => `/api/products/?page_size=100&page=${p}`), rowsPerRequest: 100, depth: null },
  { name: 'full', paths: pages((p) => `/restqlapi/products/records-one-shot/?page_size=100&page=${p}&${q(FULL)}`), rowsPerRequest: 100, depth: 3 },
  { name: 'narrow', paths: pages((p) => `/restqlapi/products/records-one-shot/?page_size=100&page=${p}&${q(NARROW)}`), rowsPerRequest: 100, depth: 1 },
  { name: 'full-500', paths: [`/restqlapi/products/records-one-shot/?page_size=500&${q(FULL)}`], rowsPerRequest: 500, depth: 3 },
];

interface Run {
  rps: number;
  mean: number;
  p50: number;
  p99: number;
}

async function load(base: string, target: Target, headers: Record<string, string>, seconds: number): Promise<Run> {
  const result = await autocannon({ url: base, headers, connections: CONNECTIONS, duration: seconds, requests: target.paths.map((path) => ({ method: 'GET', path })) });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad) throw new Error(`${target.name}: ${bad} of ${result.requests.total} answers were not 2xx (errors ${result.errors}, timeouts ${result.timeouts})`);
  return { rps: result.requests.average, mean: result.latency.mean, p50: result.latency.p50, p99: result.latency.p99 };
}

const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const r1 = (n: number) => Math.round(n * 10) / 10;

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') execSync('npm run build --silent', { stdio: 'inherit' });
  await migrateAndSeed(DATABASE_URL);
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { DATABASE_URL, REDIS_URL, QUEUE_PREFIX: `bench${randomBytes(3).toString('hex')}`, HOST: '127.0.0.1', PORT: String(port), PUBLIC_BASE_URL: base, LOG_LEVEL: 'warn', NODE_ENV: 'development' };
  // in-process and not listening: set-up, and the query counts of the same requests
  const server = await compose(loadConfig({ ...process.env, ...env, LOG_LEVEL: 'silent' }));
  const { knex } = server.app.platform;
  const children: Child[] = [];
  try {
    const web = await startChild('web', 'dist/gateway/index.js', env, async () => (await fetch(`${base}/api/health/`)).ok);
    children.push(web);

    const email = `bench-projected-catalog-${randomBytes(4).toString('hex')}@bench.test`;
    const [user] = await knex('users').insert({ email, password_hash: await hashPassword('bench-password-1', 1024), email_verified_at: new Date() }).returning('id');
    await knex('profiles').insert({ user_id: user.id });
    const login = await server.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password: 'bench-password-1' } });
    const headers = { authorization: `Bearer ${(JSON.parse(login.payload) as { access: string }).access}` };
    const seeded = Date.now();
    await seedProducts(knex, { ownerId: user.id }, PRODUCTS, BENCH_SHAPE);
    process.stdout.write(`seeded ${PRODUCTS} products × ${BENCH_SHAPE.variants} variants × ${BENCH_SHAPE.imagesPerVariant} images in ${Date.now() - seeded} ms\n`);

    // queries per request, and a check that every target answers what it should
    await queriesOf(server, TARGETS[0].paths[0], headers); // token cache warm
    const queries: Record<string, number> = {};
    for (const t of TARGETS) {
      const counts = [];
      for (const path of t.paths) {
        const r = await queriesOf(server, path, headers);
        if (r.status !== 200 || r.rows !== t.rowsPerRequest) throw new Error(`${t.name} ${path}: ${r.status}, ${r.rows} rows`);
        counts.push(r.queries);
      }
      queries[t.name] = Math.max(...counts);
    }
    const sample = JSON.parse((await server.inject({ method: 'GET', url: TARGETS[1].paths[0], headers })).payload).results[0];
    if (sample.variants.length !== 3 || sample.variants[0].images.length !== 2 || sample.tags[0].values.length !== 2) throw new Error('the full projection does not reach depth 3');

    for (const t of TARGETS) {
      process.stdout.write(`warming up ${t.name}…\n`);
      await load(base, t, headers, 2);
    }
    const runs: Record<string, Run[]> = Object.fromEntries(TARGETS.map((t) => [t.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const t of TARGETS) {
        const r = await load(base, t, headers, SECONDS);
        runs[t.name].push(r);
        process.stdout.write(`round ${round} ${t.name}: ${Math.round(r.rps)} req/s, mean ${r1(r.mean)} ms, p50 ${r.p50} ms, p99 ${r.p99} ms\n`);
      }
    }

    const vsPlain = (name: string) => median(runs[name].map((r, i) => r.mean / runs.plain[i].mean));
    const rows = TARGETS.map((t) => ({
      target: t.name,
      rows_per_request: t.rowsPerRequest,
      req_s: Math.round(avg(runs[t.name].map((r) => r.rps))),
      rows_s: Math.round(avg(runs[t.name].map((r) => r.rps)) * t.rowsPerRequest),
      mean_ms: r1(avg(runs[t.name].map((r) => r.mean))),
      p50_ms: r1(avg(runs[t.name].map((r) => r.p50))),
      p99_ms: r1(avg(runs[t.name].map((r) => r.p99))),
      latency_vs_plain: t.rowsPerRequest === 100 ? Math.round(vsPlain(t.name) * 100) / 100 : null,
      queries_per_request: queries[t.name],
      depth: t.depth,
      query_target: t.depth === null ? 'reference' : `≤ ${t.depth + 2}`,
    }));
    const met = {
      queries_at_most_depth_plus_2: TARGETS.every((t) => t.depth === null || queries[t.name] <= t.depth + 2),
      full_within_1_5x_plain: vsPlain('full') <= 1.5,
      narrow_faster_than_plain: vsPlain('narrow') < 1,
    };
    console.table(rows);
    console.log(
      JSON.stringify(
        {
          machine: { cpus: os.cpus().length, node: process.version, load_avg_1m: r1(os.loadavg()[0]) },
          settings: { seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS, products: PRODUCTS, shape: BENCH_SHAPE },
          results: rows,
          peak_rss_web: `${Math.round(web.peakRssMiB())} MiB`,
          targets_met: met,
        },
        null,
        2,
      ),
    );
    if (!Object.values(met).every(Boolean)) process.exitCode = 1;
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    await server.stop();
  }
}

await main();
