// Receipt speed and the invoice children's memory (not a test):
//   npx tsx scripts/bench/receipt-speed.ts [--part latency|memory|all] [--limit N] [--idle-s 240] [--no-second-look]
//
// 1. latency: every development receipt (../shared/receipts/sroie) read by the reader with
//    the worker's settings (extractInvoice: tesseract in bands on OCR_THREADS workers, the
//    second engine on an unsure photo), and right before it, as the bare baseline of the
//    same run, by plain tesseract.js (one warm worker, the English model, the picture as
//    it is). Wall p50/p90 of both and their ratio; where the reader's time goes (its first
//    reading: preparation and tesseract passes; the second engine; the rest: layout and
//    field readers); the preparation alone timed apart; CPU time of both.
// 2. memory: the real worker (compiled: run `npm run build` first) consuming the sandboxed
//    `invoices` queue with its two children, fed big scanned pages and receipt photos by two
//    users at once (one running job per user: both children work), then left idle; every
//    child's RSS is sampled every 15 s for --idle-s seconds (SANDBOX_IDLE_EXIT_MS as
//    configured: its default recycles an idle child). Baseline: a bare node process that
//    read the same big page with plain tesseract.js, its RSS after the reading.
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/invp_bench_reading),
// BENCH_REDIS_URL (default redis://127.0.0.1:6379/14), BENCH_SHARED_DIR (default ../shared). Prints `uptime` before and after.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';

const here = path.dirname(fileURLToPath(import.meta.url));
// the development receipts: ../shared beside the repository, or BENCH_SHARED_DIR (a worktree kept elsewhere)
const RECEIPTS = path.join(process.env.BENCH_SHARED_DIR ?? path.join(here, '../../../shared'), 'receipts/sroie');
const { values: args } = parseArgs({
  options: {
    part: { type: 'string', default: 'all' },
    limit: { type: 'string' },
    'idle-s': { type: 'string', default: '240' },
    'no-second-look': { type: 'boolean', default: false },
    'bare-child': { type: 'string' },
  },
});

const require = createRequire(import.meta.url);
const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
const uptime = () => execSync('uptime').toString().trim();
const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const sec = (ms: number) => (Number.isNaN(ms) ? '–' : `${(ms / 1000).toFixed(2)} s`);
const rssMiB = (pid: number, field = 'VmRSS') => {
  try {
    return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
};

async function bareEngine() {
  const { createWorker, OEM } = await import('tesseract.js');
  return createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
}

// ── a bare process's memory after one reading (the baseline of part 2) ───────────────
if (args['bare-child']) {
  const engine = await bareEngine();
  await engine.recognize(fs.readFileSync(args['bare-child']));
  console.log(JSON.stringify({ rss_mib: rssMiB(process.pid), peak_mib: rssMiB(process.pid, 'VmHWM') }));
  await engine.terminate();
  process.exit(0);
}

console.log(`receipt speed bench; before: ${uptime()}`);

// ── 1. latency ──────────────────────────────────────────────────────────────────────
if (args.part === 'all' || args.part === 'latency') {
  const { extractInvoice, DEFAULT_EXTRACT_OPTIONS } = await import('../../workers/invoice/extract.js');
  const { ocrTokens } = await import('../../workers/invoice/formats/image.js');
  const { prepareDocumentImage } = await import('../../workers/ocr/prepare-document.js');
  const { shutdownOcr } = await import('../../workers/ocr/recognize.js');
  const { shutdownPaddleOcr } = await import('../../workers/ocr/paddle-ocr.js');
  const { loadConfig } = await import('../../jobs/runtime/config.js');
  const config = loadConfig({ ...process.env, DATABASE_URL: 'postgres://unused', REDIS_URL: 'redis://unused' });
  const files = fs.readdirSync(RECEIPTS).filter((f) => /\.(jpe?g|png)$/i.test(f)).sort().slice(0, args.limit ? Number(args.limit) : undefined);
  const bare = await bareEngine();
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const rows: { bare: number; bareCpu: number; reader: number; readerCpu: number; first: number; second: number; prep: number }[] = [];
  let warm = true;
  for (const file of [files[0], ...files]) {
    const data = fs.readFileSync(path.join(RECEIPTS, file));
    let t = performance.now();
    let c = cpu();
    await bare.recognize(data);
    const bareMs = performance.now() - t;
    const bareCpu = cpu() - c;
    const spent = { first: 0, second: 0 };
    const timed: typeof ocrTokens = async (...a) => {
      const t0 = performance.now();
      try {
        return await ocrTokens(...a);
      } finally {
        spent[a[5]?.engine === 'paddle' ? 'second' : 'first'] += performance.now() - t0;
      }
    };
    t = performance.now();
    c = cpu();
    await extractInvoice(data, { ...DEFAULT_EXTRACT_OPTIONS, ocrTimeoutMs: config.ocrTimeoutMs, ocrBudgetMs: config.invoiceWork.ocrBudgetMs, ocrThreads: config.ocrThreads, secondLook: !args['no-second-look'] && config.invoiceSecondEngine !== 'off', ocr: timed });
    const readerMs = performance.now() - t;
    const readerCpu = cpu() - c;
    t = performance.now();
    await prepareDocumentImage(data, { maxInputPixels: 60_000_000 });
    const prep = performance.now() - t;
    if (warm) warm = false; // the first receipt only warms both engines up
    else rows.push({ bare: bareMs, bareCpu, reader: readerMs, readerCpu, ...spent, prep });
  }
  await bare.terminate();
  await shutdownOcr();
  await shutdownPaddleOcr();
  const col = (k: keyof (typeof rows)[number]) => rows.map((r) => r[k]);
  const twice = rows.filter((r) => r.second > 0);
  console.log(`1. receipt latency, ${rows.length} development receipts (after one warm-up), OCR_THREADS=${config.ocrThreads}, second engine ${args['no-second-look'] ? 'off (--no-second-look)' : config.invoiceSecondEngine}`);
  console.log(`   bare tesseract.js (one worker, picture as it is): wall p50 ${sec(pct(col('bare'), 0.5))}, p90 ${sec(pct(col('bare'), 0.9))}; CPU p50 ${sec(pct(col('bareCpu'), 0.5))}`);
  console.log(`   reader (extractInvoice):                       wall p50 ${sec(pct(col('reader'), 0.5))}, p90 ${sec(pct(col('reader'), 0.9))}; CPU p50 ${sec(pct(col('readerCpu'), 0.5))}`);
  console.log(`   ratio reader / bare: p50 ${(pct(col('reader'), 0.5) / pct(col('bare'), 0.5)).toFixed(2)}x, p90 ${(pct(col('reader'), 0.9) / pct(col('bare'), 0.9)).toFixed(2)}x`);
  console.log(`   where the reader's time goes (p50): first reading ${sec(pct(col('first'), 0.5))} (of which preparation alone ${sec(pct(col('prep'), 0.5))}), rest ${sec(pct(rows.map((r) => r.reader - r.first - r.second), 0.5))}; second engine on ${twice.length}/${rows.length} receipts: p50 ${sec(pct(twice.map((r) => r.second), 0.5))} each; receipts read once: wall p50 ${sec(pct(rows.filter((r) => !r.second).map((r) => r.reader), 0.5))}`);
}

// ── 2. memory of the sandboxed children when idle ───────────────────────────────────
if (args.part === 'all' || args.part === 'memory') {
  const { migrateAndSeed } = await import('../../db/migrate.js');
  const { loadConfig } = await import('../../jobs/runtime/config.js');
  const { createKnex } = await import('../../db/knex.js');
  const { freePort, startChild } = await import('./ledger-support.js');
  const { sampleInvoice, scannedPdf, invoicePng } = await import('./invoice-documents.js');
  const DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/invp_bench_reading';
  const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
  await migrateAndSeed(DB);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { DATABASE_URL: DB, REDIS_URL: REDIS, QUEUE_PREFIX: `bench${randomBytes(3).toString('hex')}`, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: base, LOG_LEVEL: 'warn', NODE_ENV: 'development', INVOICE_PREVIEWS_PER_MINUTE: '100000', MEDIA_ROOT: fs.mkdtempSync('/tmp/reading-bench-') };
  const config = loadConfig({ ...process.env, ...env });
  const knex = createKnex(DB, { min: 0, max: 2 });
  const web = await startChild('web', 'dist/gateway/index.js', env, async () => (await fetch(`${base}/api/health/`).catch(() => null))?.ok ?? false);
  const worker = await startChild('worker', 'dist/workers/index.js', { ...env, WORKER_QUEUES: 'invoices' }, /worker: consuming/);
  const { benchOwner } = await import('./bench-owner.js');
  const owner = () => benchOwner(knex, base, config.passwordScryptCost);
  type Owner = Awaited<ReturnType<typeof owner>>;
  const preview = async (o: Owner, name: string, data: Buffer, type: string) => {
    const form = new FormData();
    form.set('document', new Blob([data], { type }), name);
    form.set('inventory_id', String(o.inventory.id));
    form.set('storage_box_id', String(o.box.id));
    form.set('product_family_name', 'Bench');
    const res = await fetch(`${base}/api/invoice-import/preview/`, { method: 'POST', body: form, headers: o.headers });
    const body: any = await res.json();
    if (res.status !== 202) return res.status;
    for (;;) {
      await new Promise((r) => setTimeout(r, 300));
      const job: any = await (await fetch(body.poll_url, { headers: o.headers })).json();
      if (job.state === 'completed' || job.state === 'failed') return job.state;
    }
  };
  const children = () =>
    fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((pid) => {
      try {
        return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === worker.proc.pid;
      } catch {
        return false;
      }
    });
  // (five documents per user: the free plan's monthly allowance refused a sixth with 402)
  // big pages: a 60-line invoice drawn at 2.5x (a ~2,100 x 3,000 px page) as a photo, and as a scanned PDF
  const bigSpec = sampleInvoice({ lines: Array.from({ length: 60 }, (_, i) => ({ description: `Bench article ${i}`, quantity: (i % 9) + 1, unitPrice: 1.5 + i, sku: `B-${i}` })) });
  const bigPng = await invoicePng(bigSpec, { scale: 2.5 });
  const scan = await scannedPdf(bigSpec);
  const photos = fs.readdirSync(RECEIPTS).filter((f) => /\.jpe?g$/i.test(f)).sort().slice(0, 6).map((f) => fs.readFileSync(path.join(RECEIPTS, f)));
  const users = [await owner(), await owner()];
  const work: [string, Buffer, string][] = [['big.png', bigPng, 'image/png'], ['scan.pdf', scan, 'application/pdf'], ...photos.map((p, i) => [`r${i}.jpg`, p, 'image/jpeg'] as [string, Buffer, string])];
  const t0 = performance.now();
  const states = await Promise.all(users.map(async (u, k) => {
    const out: unknown[] = [];
    for (const [i, [name, data, type]] of work.entries()) if (i % 2 === k || i < 2) out.push(await preview(u, name, data, type));
    return out;
  }));
  const kids = children();
  const peaks = kids.map((pid) => rssMiB(pid, 'VmHWM'));
  console.log(`2. sandboxed invoice children after ${work.length + 2} documents from two users at once (${((performance.now() - t0) / 1000).toFixed(0)} s; ${states.flat().join(', ')}); SANDBOX_IDLE_EXIT_MS=${config.invoiceWork.sandboxIdleExitMs}`);
  const idleS = Number(args['idle-s']);
  const samples: string[] = [];
  for (let s = 0; s <= idleS; s += 15) {
    if (s) await new Promise((r) => setTimeout(r, 15_000));
    const now = children();
    samples.push(`${String(s).padStart(3)} s: ${kids.map((pid) => (now.includes(pid) ? `${rssMiB(pid)} MiB` : 'exited')).join(', ')}${now.filter((p) => !kids.includes(p)).map((p) => `, new ${rssMiB(p)} MiB`).join('')}`);
  }
  console.log(`   peak RSS (VmHWM) per child: ${peaks.join(', ')} MiB; RSS while idle, every 15 s:`);
  for (const line of samples) console.log(`   ${line}`);
  const bigFile = path.join(env.MEDIA_ROOT, 'big.png');
  fs.writeFileSync(bigFile, bigPng);
  const bareOut = await new Promise<string>((resolve) => {
    const p = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--bare-child', bigFile], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('exit', () => resolve(out.trim().split('\n').pop() ?? ''));
  });
  console.log(`   baseline: a bare node process (tsx) that read the big page with plain tesseract.js: ${bareOut}`);
  await web.stop();
  await worker.stop();
  await knex.destroy();
  fs.rmSync(env.MEDIA_ROOT, { recursive: true, force: true });
}

console.log(`after: ${uptime()} (${os.cpus().length} cores)`);
process.exit(0);
