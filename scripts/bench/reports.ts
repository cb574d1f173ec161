// Reports benchmark (run: npx tsx scripts/bench/reports.ts; not a test).
//
// Seeds one user with 200 items and 100,000 ledger legs spread over the last 30 days
// (set-based SQL), then, against a real `worker` child (WORKER_QUEUES=reports; compiled
// dist/ when built, as in production, else tsx) and a real `web` child:
// 1. the stock-movements report over those 100,000 rows as CSV and as PDF: the job's
//    own time (started_at → finished_at) and the request → completed wall time, with
//    the bare baseline of the same query read through the same kind of cursor (2,000
//    rows a round trip, as the worker reads) into a file without formatting (what
//    streaming alone costs);
// 2. GET /api/analytics/ over the same period: 300 requests from 4 clients after 20
//    warm-ups, p50/p99, against the bare baseline of the same SQL statement run
//    directly through knex (no HTTP, no auth);
// 3. the worker's peak RSS (VmHWM) over both reports.
// Targets: CSV < 5 s, analytics p99 < 200 ms, worker peak RSS < 300 MiB.
//
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/invp_bench_reports,
// created and migrated), BENCH_REDIS_URL (default redis://127.0.0.1:6379/7), BENCH_LEGS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { finished } from 'node:stream/promises';
import { migrateAndSeed } from '../../db/migrate.js';
import { loadConfig } from '../../jobs/runtime/config.js';
import { compose } from '../../gateway/server.js';
import { hashPassword } from '../../jobs/runtime/secrets.js';
import { selfScope } from '../../domain/shared/scope.js';
import { reportRows } from '../../domain/reports/report-sql.js';
import { analyticsOf } from '../../domain/reports/analytics-sql.js';
import { closedLoop, freePort, startChild, stats } from './ledger-support.js';

const DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/invp_bench_reports';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const LEGS = Number(process.env.BENCH_LEGS ?? 100_000);
const ITEMS = 200;

await migrateAndSeed(DB);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const media = fs.mkdtempSync(path.join(os.tmpdir(), 'invp-bench-reports-'));
const env = { DATABASE_URL: DB, REDIS_URL: REDIS, QUEUE_PREFIX: `bench${randomBytes(3).toString('hex')}`, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: base, LOG_LEVEL: 'info', NODE_ENV: 'development', MEDIA_ROOT: media };
const config = loadConfig({ ...process.env, ...env, LOG_LEVEL: 'silent' });
const server = await compose(config);
const { knex } = server.app.platform;
const compiled = fs.existsSync('dist/workers/index.js');
const worker = await startChild('worker', compiled ? 'dist/workers/index.js' : 'workers/index.ts', { ...env, WORKER_QUEUES: 'reports' }, /worker: consuming/);
const web = await startChild('web', compiled ? 'dist/gateway/index.js' : 'gateway/index.ts', env, /gateway listening/);

// ── seed: one user, one box, ITEMS items, LEGS legs (one per transaction) over 30 days
const email = `bench-reports-${randomBytes(4).toString('hex')}@example.test`;
const [u] = await knex('users').insert({ email, password_hash: await hashPassword('bench-password-1', config.passwordScryptCost), email_verified_at: new Date() }).returning('id');
await knex('profiles').insert({ user_id: u.id });
const login = await server.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password: 'bench-password-1' } });
const headers = { authorization: `Bearer ${(JSON.parse(login.payload) as { access: string }).access}` };
const own = { owner_id: u.id, created_by: u.id };
const [inv] = await knex('inventories').insert({ name: 'Bench', ...own }).returning('id');
const [st] = await knex('storages').insert({ inventory_id: inv.id, name: 'Hall', ...own }).returning('id');
const [box] = await knex('storage_boxes').insert({ storage_id: st.id, inventory_id: inv.id, name: 'Bin', ...own }).returning('id');
const seeded = Date.now();
await knex.raw(`
  WITH p AS (
    INSERT INTO products (name, supplier, owner_id, created_by) SELECT 'Product ' || g, 'Supplier ' || (g % 7), ?, ? FROM generate_series(1, ?) g RETURNING id
  )
  INSERT INTO inventory_items (inventory_id, storage_box_id, product_id, quantity, unit_cost, min_quantity, target_quantity, owner_id, created_by)
  SELECT ?, ?, p.id, 1000 + p.id % 500, 0.5 + (p.id % 40) / 4.0, 50, 200, ?, ? FROM p`, [u.id, u.id, ITEMS, inv.id, box.id, u.id, u.id]);
const items = (await knex('inventory_items').where({ owner_id: u.id }).orderBy('id').pluck('id')) as number[];
await knex.raw(`
  WITH t AS (
    INSERT INTO inventory_transactions (kind, reference, owner_id, created_by, created_at)
    SELECT (ARRAY['receive','consume','consume','adjust'])[1 + g % 4], 'bench ' || g, ?, ?, now() - ((g::float / ?) * interval '29 days')
      FROM generate_series(1, ?) g RETURNING id, kind
  )
  INSERT INTO inventory_transaction_legs (transaction_id, item_id, delta, quantity_before, quantity_after)
  SELECT t.id, (?::int[])[1 + t.id % ?], d.delta, 500, 500 + d.delta
    FROM t, LATERAL (SELECT CASE t.kind WHEN 'consume' THEN -(1 + t.id % 5)::int WHEN 'adjust' THEN (t.id % 3 - 1)::int ELSE (5 + t.id % 20)::int END AS delta) d`,
[u.id, u.id, LEGS, LEGS, items, items.length]);
await knex.raw('ANALYZE inventory_transactions; ANALYZE inventory_transaction_legs; ANALYZE inventory_items');
console.log(`seeded ${ITEMS} items and ${LEGS} ledger legs in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

const period = { period_start: new Date(Date.now() - 30 * 86_400_000).toISOString(), period_end: new Date(Date.now() + 60_000).toISOString() };

async function report(format: 'csv' | 'pdf') {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/generate-report/`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'stock_movements', format, filters: period }) });
  const queued = (await res.json()) as { id: number };
  if (res.status !== 202) throw new Error(`generate ${format} -> ${res.status} ${JSON.stringify(queued)}`);
  for (;;) {
    const row = await knex('reports').where({ id: queued.id }).first();
    if (row.status === 'failed') throw new Error(`report failed: ${row.error}`);
    if (row.status === 'completed') {
      worker.peakRssMiB();
      return { format, rows: row.row_count, job_s: (new Date(row.finished_at).getTime() - new Date(row.started_at).getTime()) / 1000, wall_s: (performance.now() - t0) / 1000, file_kib: Math.round(Number(row.file_size) / 1024) };
    }
    worker.peakRssMiB();
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Bare baseline: the same rows through a cursor into a file, no CSV formatting, no job. */
async function bareCursor() {
  const t0 = performance.now();
  const out = fs.createWriteStream(path.join(media, 'bare.out'));
  let n = 0;
  for await (const row of reportRows(knex, "stock_movements", selfScope(u.id), period).stream({ highWaterMark: 2000 })) {
    n++;
    if (!out.write(`${(row as { transaction_id: number }).transaction_id}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  out.end();
  await finished(out);
  return { rows: n, s: (performance.now() - t0) / 1000 };
}

// each figure is printed as it comes, so a run cut short on a loaded machine still tells something
const csv = await report('csv');
console.log('csv', JSON.stringify(csv));
const pdf = await report('pdf');
console.log('pdf', JSON.stringify(pdf));
const bare = await bareCursor();
console.log('bare cursor', JSON.stringify(bare));

const analyticsUrl = `${base}/api/analytics/?period_start=${encodeURIComponent(period.period_start)}&period_end=${encodeURIComponent(period.period_end)}`;
const getAnalytics = async () => {
  const res = await fetch(analyticsUrl, { headers });
  if (res.status !== 200) throw new Error(`analytics -> ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
};
for (let i = 0; i < 20; i++) await getAnalytics();
const httpRun = await closedLoop(300, 4, getAnalytics);
const q = { period_start: new Date(period.period_start), period_end: new Date(period.period_end), limit: 10 };
const sqlRun = await closedLoop(300, 4, async () => void (await analyticsOf(knex, selfScope(u.id), q)));

const result = {
  legs: LEGS,
  worker: compiled ? 'dist (compiled)' : 'tsx',
  stock_movements_csv: csv,
  stock_movements_pdf: pdf,
  bare_cursor_to_file: bare,
  analytics_http: stats(httpRun.latencies, httpRun.wallMs),
  analytics_bare_sql: stats(sqlRun.latencies, sqlRun.wallMs),
  worker_peak_rss_mib: Math.round(worker.peakRssMiB()),
  web_peak_rss_mib: Math.round(web.peakRssMiB()),
  targets: { csv_under_5_s: csv.job_s < 5, analytics_p99_under_200_ms: stats(httpRun.latencies, httpRun.wallMs).p99_ms < 200, worker_rss_under_300_mib: worker.peakRssMiB() < 300 },
};
console.log(JSON.stringify(result, null, 2));
await Promise.all([worker.stop(), web.stop()]);
await server.stop();
await server.app.platform.knex.destroy().catch(() => undefined);
fs.rmSync(media, { recursive: true, force: true });
process.exit(0);
