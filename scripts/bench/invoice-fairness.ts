// Invoice fairness benchmark (run: npx tsx scripts/bench/invoice-fairness.ts; not a test).
// The real gateway (`web` child) and a `worker` child consuming the sandboxed `invoices`
// queue (MEDIA_CONCURRENCY children, 2 by default), driven over HTTP:
//   1. bare baseline in the same run: user B's one-page text invoice previewed alone, p50;
//   2. user A uploads two PDF bombs at once (ten blank 5000 × 5000 pt pages with a few
//      specks, ~4 KB each), user B's one-page invoice BENCH_DELAY_MS (500) later: B's
//      latency against its baseline (target: within 2×), and what A's uploads came to;
//   3. the same with two heavy but honest scans (BENCH_SCAN_PAGES scanned pages each):
//      the per-user lease leaves B a child;
//   4. peak RSS (VmHWM) of the web process, the worker, its sandboxed children and this
//      process, then the children's RSS after SANDBOX_IDLE_EXIT_MS (BENCH_IDLE_EXIT_MS, 60 s here:
//      shorter, a child idle during the baseline exits and the next run pays a cold start).
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/invp_bench_invoices,
// created and migrated), BENCH_REDIS_URL (default redis://127.0.0.1:6379/12), BENCH_RUNS (5).
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { migrateAndSeed } from '../../db/migrate.js';
import { loadConfig } from '../../jobs/runtime/config.js';
import { createKnex } from '../../db/knex.js';
import { freePort, startChild } from './ledger-support.js';
import { invoicePng, sampleInvoice, textPdf } from './invoice-documents.js';
import { benchOwner, type BenchOwner } from './bench-owner.js';

const DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/invp_bench_invoices';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 500);
const SCAN_PAGES = Number(process.env.BENCH_SCAN_PAGES ?? 3);
const IDLE_EXIT_MS = Number(process.env.BENCH_IDLE_EXIT_MS ?? 60_000);

await migrateAndSeed(DB);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = { DATABASE_URL: DB, REDIS_URL: REDIS, QUEUE_PREFIX: `bench${randomBytes(3).toString('hex')}`, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: base, LOG_LEVEL: 'warn', NODE_ENV: 'development', INVOICE_PREVIEWS_PER_MINUTE: '100000', SANDBOX_IDLE_EXIT_MS: String(IDLE_EXIT_MS), MEDIA_ROOT: fs.mkdtempSync('/tmp/invoice-fairness-') };
const config = loadConfig({ ...process.env, ...env });
const knex = createKnex(DB, { min: 0, max: 4 });
const web = await startChild('web', 'gateway/index.ts', env, async () => (await fetch(`${base}/api/health/`).catch(() => null))?.ok ?? false);
const worker = await startChild('worker', 'workers/index.ts', { ...env, WORKER_QUEUES: 'invoices' }, /worker: consuming/);

const owner = () => benchOwner(knex, base, config.passwordScryptCost);
type Owner = BenchOwner;

/** A preview, end to end (polling a 202): its milliseconds and how it ended. */
async function preview(o: Owner, name: string, data: Buffer): Promise<{ ms: number; outcome: string }> {
  const form = new FormData();
  form.set('document', new Blob([data], { type: 'application/pdf' }), name);
  form.set('inventory_id', String(o.inventory.id));
  form.set('storage_box_id', String(o.box.id));
  form.set('product_family_name', 'Bench');
  const t0 = performance.now();
  const res = await fetch(`${base}/api/invoice-import/preview/`, { method: 'POST', body: form, headers: o.headers });
  let body: any = await res.json();
  let outcome = res.status === 200 ? `200 ${body.summary?.total_lines} lines` : `${res.status} ${body.error?.code ?? ''}`;
  while (res.status === 202) {
    await new Promise((r) => setTimeout(r, 100));
    const job: any = await (await fetch(body.poll_url, { headers: o.headers })).json();
    if (job.state === 'completed') outcome = `done ${job.result?.summary?.total_lines} lines`;
    else if (job.state === 'failed') outcome = `failed ${job.error?.code}`;
    else continue;
    break;
  }
  body = null;
  return { ms: performance.now() - t0, outcome };
}

function pdfOf(pages: number, size: [number, number], draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, compress: true });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let i = 0; i < pages; i++) draw(doc.addPage({ size, margin: 0 }));
    doc.end();
  });
}
const bomb = () => pdfOf(10, [5000, 5000], (d) => [1000, 2500, 4000].forEach((x) => d.circle(x, x, 12).fill('#222')));
const scanPicture = await invoicePng(sampleInvoice(), { scale: 2.5 });
const scans = () => pdfOf(SCAN_PAGES, [595.28, 841.89], (d) => d.image(scanPicture, 0, 0, { width: 595.28 }));
const invoiceB = await textPdf(sampleInvoice());

const [a, b] = [await owner(), await owner()];
const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)];
console.log(`invoice fairness benchmark: web + worker (invoices, ${config.mediaConcurrency} sandboxed children), budget ${config.invoiceWork.ocrBudgetMs / 1000} s per document`);

// ── 1. B alone ──────────────────────────────────────────────────────────────────
// forks and warms both children (two users at once: one user's two would take turns)
for (let i = 0; i < 2; i++) await Promise.all([preview(a, 'warm-a.pdf', invoiceB), preview(b, 'warm-b.pdf', invoiceB)]);
const alone: number[] = [];
for (let i = 0; i < RUNS; i++) alone.push((await preview(b, `b-${i}.pdf`, invoiceB)).ms);
const baseline = median(alone);
console.log(`1. B's one-page text invoice alone: p50 ${Math.round(baseline)} ms (${alone.map(Math.round).join(', ')})`);

// ── 2./3. B behind A's two heavy uploads ──────────────────────────────────────────
async function contended(label: string, heavy: Buffer) {
  const started = performance.now();
  const aJobs = [preview(a, 'a1.pdf', heavy), preview(a, 'a2.pdf', heavy)];
  await new Promise((r) => setTimeout(r, DELAY_MS));
  const bResult = await preview(b, 'b.pdf', invoiceB);
  const aResults = await Promise.all(aJobs);
  console.log(`${label}: B ${Math.round(bResult.ms)} ms (${bResult.outcome}) = ${(bResult.ms / baseline).toFixed(2)}x its baseline (target ≤ 2x); A's uploads (${Math.round(heavy.length / 1024)} KB each): ${aResults.map((r) => `${(r.ms / 1000).toFixed(1)} s ${r.outcome}`).join(', ')}; all done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
await contended('2. two blank-page bombs (10 × 5000² pt)', await bomb());
await contended(`3. two ${SCAN_PAGES}-page scans`, await scans());

// ── 4. memory ─────────────────────────────────────────────────────────────────────
const childrenOf = (parent: number) =>
  fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((pid) => {
    try {
      return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === parent;
    } catch {
      return false;
    }
  });
const field = (pid: number, name: string) => {
  try {
    return Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
};
const kids = childrenOf(worker.proc.pid!);
console.log(`4. peak RSS: web ${Math.round(web.peakRssMiB())} MiB, worker ${Math.round(worker.peakRssMiB())} MiB, sandboxed invoice children ${kids.map((c) => `${field(c, 'VmHWM')} MiB`).join(', ') || 'none'}, this process ${field(process.pid, 'VmHWM')} MiB`);
console.log(`   children's RSS now: ${kids.map((c) => `${field(c, 'VmRSS')} MiB`).join(', ') || 'none'}; waiting ${IDLE_EXIT_MS / 1000} s idle...`);
await new Promise((r) => setTimeout(r, IDLE_EXIT_MS + 3000));
const left = childrenOf(worker.proc.pid!);
console.log(`   after ${IDLE_EXIT_MS / 1000} s idle: ${left.length ? left.map((c) => `${c}: ${field(c, 'VmRSS')} MiB`).join(', ') : 'no child left (they exited)'}; worker RSS ${field(worker.proc.pid!, 'VmRSS')} MiB`);
const again = await preview(b, 'after-idle.pdf', invoiceB);
console.log(`   the next invoice after the children exited: ${Math.round(again.ms)} ms (${again.outcome}; a cold child)`);

await web.stop();
await worker.stop();
await knex.destroy();
fs.rmSync(env.MEDIA_ROOT, { recursive: true, force: true });
