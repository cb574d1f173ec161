// Invoice import benchmark (run: npx tsx scripts/bench/invoice-import.ts, or compiled:
// npm run build && BENCH_COMPILED=1 node dist/scripts/bench/invoice-import.js; not a test).
// The real gateway (`web` child) and a `worker` child consuming the sandboxed `invoices`
// queue and the `imports` queue, driven over HTTP:
//   1. preview of a one-page text PDF, end to end (upload -> parse job -> session -> answer): p50/p95;
//   2. OCR: preview of a one-page photo (PNG) and of a one-page scanned PDF, end to end,
//      and the recognition seconds per page the extractor reports;
//   3. bulk store of 1,000- and 10,000-line sessions (every line a new product) in
//      lines/s, next to a bare knex batchInsert of the same product and item rows in
//      the same run (one transaction, chunks of 1,000), and the ratio;
//   4. peak RSS (VmHWM) of the web process, the worker, its sandboxed children and this process.
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/invp_bench_invoices,
// created and migrated), BENCH_REDIS_URL (default redis://127.0.0.1:6379/12), BENCH_RUNS (30).
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { migrateAndSeed } from '../../db/migrate.js';
import { loadConfig } from '../../jobs/runtime/config.js';
import { createKnex } from '../../db/knex.js';
import { freePort, startChild, stats } from './ledger-support.js';
import { invoiceCsv, invoicePng, sampleInvoice, scannedPdf, textPdf } from './invoice-documents.js';
import { benchOwner, type BenchOwner } from './bench-owner.js';

const DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/invp_bench_invoices';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const compiled = process.env.BENCH_COMPILED === '1';
const entry = (f: string) => (compiled ? `dist/${f}.js` : `${f}.ts`);

await migrateAndSeed(DB);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = { DATABASE_URL: DB, REDIS_URL: REDIS, QUEUE_PREFIX: `bench${randomBytes(3).toString('hex')}`, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: base, LOG_LEVEL: 'warn', NODE_ENV: 'development', INVOICE_PREVIEWS_PER_MINUTE: '100000', MEDIA_ROOT: fs.mkdtempSync('/tmp/invoice-bench-') };
const config = loadConfig({ ...process.env, ...env });
const knex = createKnex(DB, { min: 0, max: 4 });
const web = await startChild('web', entry('gateway/index'), env, async () => (await fetch(`${base}/api/health/`).catch(() => null))?.ok ?? false);
const worker = await startChild('worker', entry('workers/index'), { ...env, WORKER_QUEUES: 'invoices,imports' }, /worker: consuming/);

const owner = () => benchOwner(knex, base, config.passwordScryptCost);
type Owner = BenchOwner;

/** A job-backed answer: the body, after polling when the call answered 202. */
async function settle(res: Response, o: Owner): Promise<any> {
  const body: any = await res.json();
  if (res.status !== 202) {
    if (res.status >= 300) throw new Error(`HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  }
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    const job: any = await (await fetch(body.poll_url, { headers: o.headers })).json();
    if (job.state === 'completed') return job.result;
    if (job.state === 'failed') throw new Error(JSON.stringify(job.error));
  }
}

async function preview(o: Owner, name: string, data: Buffer, type: string) {
  const form = new FormData();
  form.set('document', new Blob([data], { type }), name);
  form.set('inventory_id', String(o.inventory.id));
  form.set('storage_box_id', String(o.box.id));
  form.set('product_family_name', 'Bench');
  const t0 = performance.now();
  const body = await settle(await fetch(`${base}/api/invoice-import/preview/`, { method: 'POST', body: form, headers: o.headers }), o);
  return { ms: performance.now() - t0, body };
}

const o = await owner();
console.log(`invoice import benchmark (${compiled ? 'compiled JavaScript' : 'tsx'}), web + worker child processes`);

// ── 1. text PDF preview ───────────────────────────────────────────────────────────
const pdf = await textPdf(sampleInvoice());
for (let i = 0; i < 3; i++) await preview(o, 'warm.pdf', pdf, 'application/pdf');
const pdfTimes: number[] = [];
const t0 = performance.now();
for (let i = 0; i < RUNS; i++) pdfTimes.push((await preview(o, `bench-${i}.pdf`, pdf, 'application/pdf')).ms);
console.log('1. text PDF preview (one page, 3 lines), sequential:', stats(pdfTimes, performance.now() - t0));

// ── 2. OCR ────────────────────────────────────────────────────────────────────────
const png = await invoicePng(sampleInvoice());
const scan = await scannedPdf(sampleInvoice());
await preview(o, 'warm.png', png, 'image/png');
for (const [name, data, type] of [['photo.png', png, 'image/png'], ['scan.pdf', scan, 'application/pdf']] as const) {
  const ends: number[] = [];
  const ocr: number[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await preview(o, name, data, type);
    ends.push(r.ms / 1000);
    const session = await knex('invoice_import_sessions').where({ id: r.body.session_id }).first('extraction');
    ocr.push(session.extraction.ocr_seconds / Math.max(1, session.extraction.ocr_pages));
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(2);
  console.log(`2. OCR ${name}: end to end ${med(ends)} s (median of 5), recognition ${med(ocr)} s per page`);
}

// ── 3. bulk store vs bare batch insert ───────────────────────────────────────────
for (const n of [1000, 10000]) {
  const b = await owner();
  const spec = sampleInvoice({ lines: Array.from({ length: n }, (_, i) => ({ description: `Bench article ${i} ${randomBytes(3).toString('hex')}`, quantity: (i % 9) + 1, unitPrice: 1.5, sku: `B-${i}` })) });
  const p = await preview(b, `big-${n}.csv`, Buffer.from(invoiceCsv(spec)), 'text/csv');
  const session = p.body.session_id;
  const lines = (await knex('invoice_import_sessions').where({ id: session }).first('preview_lines')).preview_lines.map((l: Record<string, unknown>) => ({ line_number: l.line_number, product_id: null, product_name: l.product_name, selected_quantity: l.selected_quantity }));
  const t1 = performance.now();
  const res = await fetch(`${base}/api/invoice-import/bulk-store/`, { method: 'POST', headers: { ...b.headers, 'content-type': 'application/json' }, body: JSON.stringify({ session_id: session, product_family_name: 'Bench', lines }) });
  const stored = await settle(res, b);
  const storeMs = performance.now() - t1;
  if (stored.status !== 'success' && stored.status !== 'applied') throw new Error(JSON.stringify(stored).slice(0, 300));

  // the same rows (a product and an item per line), bare: one transaction, batchInsert in chunks of 1,000
  const bare = await owner();
  const t2 = performance.now();
  await knex.transaction(async (trx) => {
    const rows = spec.lines.map((l) => ({ name: l.description, owner_id: bare.id, created_by: bare.id })) as Record<string, unknown>[];
    const products = (await knex.batchInsert('products', rows, 1000).returning(['id'] as never).transacting(trx)) as unknown as { id: number }[];
    await knex.batchInsert('inventory_items', products.map((row, i) => ({ inventory_id: bare.inventory.id, storage_box_id: bare.box.id, product_id: row.id, quantity: spec.lines[i].quantity, owner_id: bare.id, created_by: bare.id })), 1000).transacting(trx);
  });
  const bareMs = performance.now() - t2;
  console.log(`3. bulk store ${n} lines (new products): ${Math.round(storeMs)} ms end to end = ${Math.round(n / (storeMs / 1000))} lines/s; bare batchInsert of the same ${n} products + ${n} items: ${Math.round(bareMs)} ms = ${Math.round(n / (bareMs / 1000))} lines/s; ratio ${(storeMs / bareMs).toFixed(2)}x (preview of the ${n}-line CSV: ${Math.round(p.ms)} ms)`);
}

// ── 4. memory ─────────────────────────────────────────────────────────────────────
const children = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((pid) => {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === worker.proc.pid;
  } catch {
    return false;
  }
});
const hwm = (pid: number) => Math.round(Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
console.log(`4. peak RSS: web ${Math.round(web.peakRssMiB())} MiB, worker ${Math.round(worker.peakRssMiB())} MiB, sandboxed invoice children ${children.map((c) => `${hwm(c)} MiB`).join(', ') || 'none'}, this process ${hwm(process.pid)} MiB`);

await web.stop();
await worker.stop();
await knex.destroy();
fs.rmSync(env.MEDIA_ROOT, { recursive: true, force: true });
process.exit(0);
