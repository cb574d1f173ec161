// Size: one benchmark run read top to bottom (set-up, timed runs, report); split into steps it would read less plainly.
// Stock ledger benchmark (run: npm run build && node dist/scripts/bench/ledger.js; not a test).
//
// 1. Throughput: 10,000 ledger transactions (60% consume, 25% receive, 5% adjust,
//    10% move) on 100 items from 20 concurrent HTTP clients against the real gateway
//    (a compiled `web` child process, dist/) with the alert worker running (a `worker`
//    child), against two floors in the same run from the same number of clients:
//    - bare ledger: a bare `pg` pool issuing the statements of a ledger transaction as
//      the issue defines them — BEGIN, insert the transaction row and lock the items
//      (one CTE), update the quantities and insert the legs (one CTE), insert the audit
//      entry, COMMIT — for the same sequence of operations (a move locks its source and
//      the destination item the HTTP run created; the ledger's destination lookup is not
//      repeated). Target: the ledger through HTTP at least 0.5 of it. (Since 2026-11-27
//      the ledger itself does a one-item movement in ONE statement without BEGIN/COMMIT,
//      and a move in a transaction: find the destination, the one statement, COMMIT.)
//    The CPU each process spent per transaction is reported beside the rates, the
//    database's own included (its backends, read from /proc), since on a machine
//    shared with other work the rates swing with the load and the CPU much less.
//    - raw single-row UPDATEs, each its own autocommit (the floor of one statement).
//    The ledger is checked for consistency afterwards (every item's quantity equals
//    the sum of its legs).
// 2. Query count of GET /api/inventory-items/ and /api/inventory-transactions/ with
//    10 and with 1,000 rows in the scope: it must not grow with the rows.
// 3. The bulk receive API (10,000 lines, as the invoice import calls it) against a bare
//    knex batchInsert of 10,000 item rows.
// Peak RSS (VmHWM) of the web and worker processes and of this process is reported.
//
// Env: BENCH_NODE_ARGS (node flags for the web and worker children), BENCH_PAIRS (HTTP/bare pairs, 1),
// BENCH_LEDGER_ONLY=1 (part 1 only), BENCH_SAME_STATEMENT=1 (also the ledger's own statement from
// the bench process, without HTTP), BENCH_HTTP_CLIENT=fetch (the load generator's client before
// 2026-11-27), BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/inventory_platform_bench,
// created and migrated), BENCH_REDIS_URL (default redis://127.0.0.1:6379/13), BENCH_TOTAL,
// BENCH_CLIENTS.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { migrateAndSeed } from '../../db/migrate.js';
import { loadConfig } from '../../jobs/runtime/config.js';
import { compose } from '../../gateway/server.js';
import { hashPassword } from '../../jobs/runtime/secrets.js';
import type { Scope } from '../../domain/shared/scope.js';
import { actorFor } from '../../domain/shared/actor.js';
import { recordMovement } from '../../domain/inventory/stock-sql.js';
import { auditRow } from '../../domain/audit/audit-service.js';
import { agent, bulkVersusBatchInsert, closedLoop, freePort, postJson, queriesOf, startChild, stats, withBackendCpu } from './ledger-support.js';

const DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/inventory_platform_bench';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const TOTAL = Number(process.env.BENCH_TOTAL ?? 10_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const ITEMS = 100;

await migrateAndSeed(DB);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = { DATABASE_URL: DB, REDIS_URL: REDIS, QUEUE_PREFIX: `bench${randomBytes(3).toString('hex')}`, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: base, LOG_LEVEL: 'info', NODE_ENV: 'development' };
const config = loadConfig({ ...process.env, ...env, LOG_LEVEL: 'silent' });
const server = await compose(config); // in-process, not listening: set-up and query counts
const { knex } = server.app.platform;

// compiled, as in production (npm run build first; BENCH_SOURCE=1 runs the sources under tsx)
const entry = (name: string) => (process.env.BENCH_SOURCE === '1' ? `${name}.ts` : `dist/${name}.js`);
// BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") go to node before the web and worker entries
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const web = await startChild('web', entry('gateway/index'), env, /gateway listening/, nodeArgs);
const worker = await startChild('worker', entry('workers/index'), { ...env, WORKER_QUEUES: 'inventory' }, /worker: consuming/, nodeArgs);

async function user(tag: string) {
  const email = `bench-${tag}-${randomBytes(4).toString('hex')}@example.test`;
  const [row] = await knex('users').insert({ email, password_hash: await hashPassword('bench-password-1', config.passwordScryptCost), email_verified_at: new Date() }).returning('id');
  await knex('profiles').insert({ user_id: row.id });
  const login = await server.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password: 'bench-password-1' } });
  const access = (JSON.parse(login.payload) as { access: string }).access;
  return { id: row.id as string, headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' } };
}
async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
  return json as any;
}
async function tree(headers: Record<string, string>) {
  const inventory = await call('POST', '/api/inventories/', headers, { name: 'Bench inventory' });
  const storage = await call('POST', '/api/storages/', headers, { inventory_id: inventory.id, name: 'Bench storage' });
  const box = await call('POST', '/api/storage-boxes/', headers, { storage_id: storage.id, name: 'Box A' });
  const box2 = await call('POST', '/api/storage-boxes/', headers, { storage_id: storage.id, name: 'Box B' });
  return { inventory, storage, box, box2 };
}

// ── 1. throughput through HTTP ──────────────────────────────────────────────
const owner = await user('load');
const t = await tree(owner.headers);
const products = await knex('products').insert(Array.from({ length: ITEMS }, (_, i) => ({ name: `Bench product ${i}`, owner_id: owner.id, created_by: owner.id }))).returning('id');
const items: number[] = [];
for (const [i, p] of products.entries()) {
  // ten items sit near their minimum so the run raises and resolves alerts through the worker
  const near = i < 10;
  const it = await call('POST', '/api/inventory-items/', owner.headers, { storage_box_id: t.box.id, product_id: p.id, quantity: near ? 100 : 100_000, min_quantity: near ? 50 : 0 });
  items.push(it.id);
}
const ledgerOp = (i: number) => {
  const item = items[(i * 37) % ITEMS];
  const slot = Math.floor(i / ITEMS) % 20; // every item sees every kind over the run
  if (slot < 12) return { kind: 'consume', item_id: item, quantity: 1 };
  if (slot < 17) return { kind: 'receive', item_id: item, quantity: 1 };
  if (slot < 18) return { kind: 'adjust', item_id: item, delta: i % 40 < 20 ? 1 : -1 };
  return { kind: 'move', item_id: item, quantity: 1, to_storage_box_id: t.box2.id };
};
let failures: Record<string, number> = {};
// the load generator shares the 2 cores: node:http over keep-alive connections, not fetch (BENCH_HTTP_CLIENT=fetch, as before 2026-11-27)
const useFetch = process.env.BENCH_HTTP_CLIENT === 'fetch';
const post = async (i: number) => {
  const url = `${base}/api/inventory-transactions/`;
  const res = useFetch
    ? await fetch(url, { method: 'POST', headers: owner.headers, body: JSON.stringify(ledgerOp(i)) }).then(async (r) => ({ status: r.status, body: await r.json() }))
    : await postJson(url, { authorization: owner.headers.authorization }, ledgerOp(i));
  const body = res.body as { error?: { code: string } };
  if (res.status !== 201) failures[`${res.status} ${body.error?.code}`] = (failures[`${res.status} ${body.error?.code}`] ?? 0) + 1;
};
await closedLoop(400, CLIENTS, post); // warm-up
failures = {};
/** One timed HTTP run: throughput, latency, and the CPU each process (Postgres backends included) spent. */
const httpRun = async () => {
  const cpu0 = { web: web.cpuSeconds(), worker: worker.cpuSeconds(), bench: process.cpuUsage() };
  const { result: run, postgresSeconds } = await withBackendCpu(knex, () => closedLoop(TOTAL, CLIENTS, post));
  const cpu = { web: web.cpuSeconds() - cpu0.web, worker: worker.cpuSeconds() - cpu0.worker, postgres: postgresSeconds, load_generator: cpuSecondsUsed(cpu0.bench) };
  return {
    ...stats(run.latencies, run.wallMs),
    // share of one core each process used during the run (the load generator shares the cores)
    cpu_percent: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, Math.round((v / (run.wallMs / 1000)) * 100)])),
    cpu_ms_per_tx: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, Math.round((v * 1e6) / TOTAL) / 1000])),
  };
};
const cpuSecondsUsed = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1e6;
};
const ledger = { ...(await httpRun()), failures };

// the alert jobs the run caused drain, and the ledger adds up
const queue = new Queue('inventory', { connection: new Redis(REDIS, { maxRetriesPerRequest: null }), prefix: env.QUEUE_PREFIX });
for (let i = 0; i < 600; i++) {
  const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
  if (Object.values(c).every((n) => n === 0)) break;
  await new Promise((r) => setTimeout(r, 100));
}
const jobs = await queue.getJobCounts('completed', 'failed');
await queue.close();
const { rows: [consistency] } = await knex.raw(
  `SELECT count(*)::int AS items, count(*) FILTER (WHERE i.quantity <> coalesce(l.sum, 0))::int AS inconsistent
     FROM inventory_items i LEFT JOIN (SELECT item_id, sum(delta) AS sum FROM inventory_transaction_legs GROUP BY item_id) l ON l.item_id = i.id
    WHERE i.owner_id = ?`,
  [owner.id],
);
const alerts = await knex('inventory_alerts').where({ owner_id: owner.id }).select(knex.raw("count(*)::int AS total, count(*) FILTER (WHERE status = 'active')::int AS active"));

// the bare ledger: the same statements per transaction, issued with a bare pg pool
const pool = new pg.Pool({ connectionString: DB, max: CLIENTS });
const destinations = new Map<number, number>(
  (await knex.raw(
    `SELECT s.id AS source, d.id AS dest FROM inventory_items s JOIN inventory_items d ON d.product_id = s.product_id AND d.storage_box_id = ? WHERE s.storage_box_id = ?`,
    [t.box2.id, t.box.id],
  )).rows.map((r: { source: number; dest: number }) => [r.source, r.dest]),
);
let bareRefused = 0;
const bareLedger = async (i: number) => {
  const op = ledgerOp(i);
  const source = op.item_id;
  const dest = op.kind === 'move' ? destinations.get(source) : undefined;
  const deltas = new Map<number, number>(op.kind === 'consume' ? [[source, -1]] : op.kind === 'receive' ? [[source, 1]] : op.kind === 'adjust' ? [[source, op.delta!]] : [[source, -1], [dest!, 1]]);
  const ids = [...deltas.keys()].sort((a, b) => a - b);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows: locked } = await client.query(
      `WITH t AS (INSERT INTO inventory_transactions (kind, reference, note, idempotency_key, request_fingerprint, source_type, source_id, owner_id, team_id, created_by)
                  VALUES ($1, '', '', NULL, NULL, NULL, NULL, $2, NULL, $2) RETURNING id, created_at),
            locked AS (SELECT i.id, i.inventory_id, i.storage_box_id, i.product_id, i.variant_id, i.quantity, i.min_quantity, i.unit, i.lot_number,
                              i.serial_number, i.expiry_date, i.owner_id, i.team_id, p.name AS product_name, v.name AS inventory_name,
                              b.storage_id, s.name AS storage_name, b.name AS storage_box_name
                         FROM t JOIN inventory_items i ON i.id = ANY($3::int[]) AND i.owner_id = $2 AND i.team_id IS NULL
                         JOIN products p ON p.id = i.product_id JOIN storage_boxes b ON b.id = i.storage_box_id
                         JOIN storages s ON s.id = b.storage_id JOIN inventories v ON v.id = i.inventory_id
                        ORDER BY i.id FOR UPDATE OF i)
       SELECT t.id AS transaction_id, t.created_at AS transaction_created_at, locked.* FROM t LEFT JOIN locked ON true ORDER BY locked.id`,
      [op.kind, owner.id, ids],
    );
    const txId = locked[0].transaction_id;
    // the ledger's own rule: a quantity never goes below zero, the whole transaction is refused
    if (locked.some((r) => r.quantity + deltas.get(r.id)! < 0)) {
      bareRefused++;
      await client.query('ROLLBACK');
      return;
    }
    const { rows: legs } = await client.query(
      `WITH d AS (SELECT * FROM unnest($1::int[], $2::int[]) AS d(id, delta)),
            upd AS (UPDATE inventory_items i SET quantity = i.quantity + d.delta, updated_at = now() FROM d WHERE i.id = d.id RETURNING i.id, i.quantity)
       INSERT INTO inventory_transaction_legs (transaction_id, item_id, delta, quantity_before, quantity_after)
       SELECT $3::bigint, upd.id, d.delta, upd.quantity - d.delta, upd.quantity FROM upd JOIN d ON d.id = upd.id ORDER BY upd.id
       RETURNING id, item_id, delta, quantity_before, quantity_after`,
      [ids, ids.map((id) => deltas.get(id)!), txId],
    );
    await client.query(
      `INSERT INTO system_audit_logs (actor_id, profile_type, team_id, action, entity_type, entity_id, summary, changes, ip) VALUES ($1, 'self', NULL, $2, 'inventory_transaction', $3, $4, $5, NULL)`,
      [owner.id, `inventory_transaction.${op.kind}`, String(txId), legs.map((l) => `item ${l.item_id}: ${l.quantity_before} → ${l.quantity_after}`).join('; '), JSON.stringify({ kind: op.kind, reference: '', legs })],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
};
await closedLoop(400, CLIENTS, bareLedger); // warm-up
bareRefused = 0;
const bareRun = async () => {
  const bench0 = process.cpuUsage();
  const { result: run, postgresSeconds } = await withBackendCpu(knex, () => closedLoop(TOTAL, CLIENTS, bareLedger));
  const cpu = { bare_client: cpuSecondsUsed(bench0), postgres: postgresSeconds };
  return { ...stats(run.latencies, run.wallMs), cpu_ms_per_tx: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, Math.round((v * 1e6) / TOTAL) / 1000])) };
};
const bareLedgerStats = await bareRun();

// BENCH_PAIRS > 1: more HTTP-then-bare pairs back to back, so a shared machine's load swings
// hit both sides of each pair alike (the ratio of each pair and their median are reported)
const pairOf = (h: Awaited<ReturnType<typeof httpRun>>, b: Awaited<ReturnType<typeof bareRun>>) => ({
  http_per_s: h.per_second, bare_per_s: b.per_second, ratio: Math.round((h.per_second / b.per_second) * 100) / 100,
  http_cpu_ms_per_tx: h.cpu_ms_per_tx, bare_cpu_ms_per_tx: b.cpu_ms_per_tx, load_1min: Math.round(os.loadavg()[0] * 100) / 100,
});
const pairs = [pairOf(ledger, bareLedgerStats)];
for (let p = 1; p < Number(process.env.BENCH_PAIRS ?? 1); p++) pairs.push(pairOf(await httpRun(), await bareRun()));
// the ledger's own statement without HTTP: recordMovement (one statement; a move BEGIN, it, COMMIT) from
// the same number of clients, on the bench's knex; how much of the gap is the edge rather than SQL
const sameStatement = async (i: number) => {
  const op = ledgerOp(i);
  const changes = op.kind === 'move' ? [{ id: op.item_id, delta: -1 }, { id: destinations.get(op.item_id)!, delta: 1 }] : [{ id: op.item_id, delta: op.kind === 'consume' ? -1 : op.kind === 'receive' ? 1 : op.delta! }];
  const scope = { type: 'self', userId: owner.id, teamId: null, role: null } as const;
  const head = { kind: op.kind, reference: '', note: '', idempotency_key: null, request_fingerprint: null, source_type: null, source_id: null };
  const audit = auditRow({ actorId: owner.id, scope: { type: 'self', teamId: null } }, { action: `inventory_transaction.${op.kind}`, entityType: 'inventory_transaction', changes: { kind: op.kind, reference: '' } });
  if (op.kind === 'move') await knex.transaction((trx) => recordMovement(trx, scope, owner.id, head, changes, audit));
  else await recordMovement(knex, scope, owner.id, head, changes, audit);
};
let sameStatementStats: ReturnType<typeof stats> | null = null;
if (process.env.BENCH_SAME_STATEMENT === '1') {
  await closedLoop(400, CLIENTS, sameStatement);
  const run = await closedLoop(TOTAL, CLIENTS, sameStatement);
  sameStatementStats = stats(run.latencies, run.wallMs);
}
const medianPairRatio = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(pairs.length / 2)].ratio;

// the raw floor: single-row UPDATEs, each its own autocommit, from a pool of CLIENTS connections
const rawItems = items.slice(10);
await closedLoop(400, CLIENTS, async (i) => void (await pool.query('UPDATE inventory_items SET quantity = quantity - 1, updated_at = now() WHERE id = $1', [rawItems[i % rawItems.length]])));
const rawRun = await closedLoop(TOTAL, CLIENTS, async (i) => void (await pool.query('UPDATE inventory_items SET quantity = quantity - 1, updated_at = now() WHERE id = $1', [rawItems[(i * 37) % rawItems.length]])));
await pool.end();
const raw = stats(rawRun.latencies, rawRun.wallMs);

// BENCH_LEDGER_ONLY=1 stops here (parts 2 and 3 do not depend on the ledger's write path)
const ledgerOnly = process.env.BENCH_LEDGER_ONLY === '1';
const scopeOf = (id: string): Scope => ({ type: 'self', userId: id, teamId: null, role: null });
const queryCounts: Record<string, unknown>[] = [];
let bulk: unknown = null;
if (!ledgerOnly) {
// ── 2. query count of a list endpoint ───────────────────────────────────────
const small = await user('small');
const large = await user('large');
for (const [who, n] of [[small, 10], [large, 1000]] as const) {
  const tr = await tree(who.headers);
  const ps = await knex('products').insert(Array.from({ length: n }, (_, i) => ({ name: `List product ${i}`, owner_id: who.id, created_by: who.id }))).returning('id');
  await knex.transaction((trx) => server.app.services.ledger.receive(trx, scopeOf(who.id), who.id, ps.map((p: { id: number }) => ({ storage_box_id: tr.box.id, product_id: p.id, quantity: 5 })), { kind: 'import' }));
  for (const p of ps.slice(0, Math.min(n, 100))) {
    const item = await knex('inventory_items').where({ product_id: p.id }).first('id');
    await server.app.services.ledger.record(actorFor(who.id, scopeOf(who.id)), { kind: 'consume', item_id: item.id, quantity: 1 });
  }
  const h = { authorization: who.headers.authorization };
  await queriesOf(server, '/api/inventory-items/?page_size=1', h); // token cache warm
  for (const url of ['/api/inventory-items/?page_size=100', '/api/inventory-items/?page_size=100&page=2&ordering=-quantity&search=product', '/api/inventory-transactions/?page_size=100', '/api/storage-boxes/?page_size=100']) {
    const r = await queriesOf(server, url, h);
    queryCounts.push({ rows_in_scope: n, url, status: r.status, rows_returned: r.rows, sql_queries: r.queries });
  }
}

// ── 3. bulk receive (invoice import path) vs bare batch insert ──────────────
const bulkUser = await user('bulk');
const bt = await tree(bulkUser.headers);
bulk = await bulkVersusBatchInsert(server, scopeOf(bulkUser.id), bt.box.id, bt.inventory.id, 10_000);
}

const rss = { web_mib: Math.round(web.peakRssMiB()), worker_mib: Math.round(worker.peakRssMiB()), bench_process_mib: Math.round(process.resourceUsage().maxRSS / 1024) };
agent.destroy();
await worker.stop();
await web.stop();
await server.stop();

const summary = {
  load_average: os.loadavg().map((n) => Math.round(n * 100) / 100),
  ledger_http: { ...ledger, clients: CLIENTS, items: ITEMS },
  bare_ledger_statements: { ...bareLedgerStats, clients: CLIENTS, refused_insufficient_stock: bareRefused },
  ledger_to_bare_ratio: Math.round((ledger.per_second / bareLedgerStats.per_second) * 100) / 100,
  ledger_target_met: ledger.per_second / bareLedgerStats.per_second >= 0.5,
  pairs,
  median_pair_ratio: medianPairRatio,
  ledger_statement_without_http: sameStatementStats && { ...sameStatementStats, ledger_http_ratio_to_it: Math.round((ledger.per_second / sameStatementStats.per_second) * 100) / 100 },
  raw_single_row_updates: { ...raw, clients: CLIENTS },
  raw_to_ledger_ratio: Math.round((raw.per_second / ledger.per_second) * 100) / 100,
  ledger_consistency: consistency,
  alerts: { ...alerts[0], jobs },
  list_query_counts: queryCounts,
  bulk_receive_vs_batch_insert: bulk,
  peak_rss: rss,
};
console.log(JSON.stringify(summary, null, 2));
process.exit(0);
