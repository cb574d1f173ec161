// Size: one benchmark run read top to bottom (set-up, timed loop, report); split into steps it would read less plainly.
// Field-level accuracy of the invoice extractor on real documents (not a test):
//   npx tsx scripts/bench/invoice-accuracy.ts [--set invoices|receipts|all] [--split tune|held-out|all]
//       [--only 000,017] [--text-only] [--no-second-look] [--ocr-threads N] [--ocr-cache <dir>] [--show-held-out] [--json <file>] [--in-process]
//       [--invoices-dir <dir>] [--receipts-dir <dir>] [--dir-split held-out|tune]
//
// Two development sets, scored separately:
// - invoices: ../shared/invoices/invoice2data (PDFs with the fields the invoice2data
//   project's per-supplier templates extract, as JSON beside each PDF);
// - receipts: ../shared/receipts/sroie (photographed and scanned shop receipts with
//   company, date and total as a person reads them; all Malaysian, so the currency is MYR).
// --invoices-dir / --receipts-dir measure another folder laid out the same way (a document
// and its JSON side by side; an invoices folder may hold PDFs, pictures, XML, CSV or text
// files: scripts/bench/corpus/fetch-text-receipts.ts writes receipts as text), for example more documents of the same public collections;
// every document of such a folder counts as held out (its files are not shown one by one),
// unless --dir-split tune says it is a tuning part (scripts/bench/corpus/fetch-corpus.ts
// builds such parts). A receipt JSON may say its `currency` (default MYR, SROIE's).
// The receipts are split: every 4th file (index 3, 7, 11, ...) is HELD OUT. Rules are
// tuned on the other three quarters only; the held-out part shows totals, never its
// per-file details (unless --show-held-out), so the numbers on it tell how the reader
// does on receipts nobody looked at.
//
// Scored per field: vendor (a name match: case, punctuation and legal form ignored,
// one name containing most of the other, or at most ~15 % of the characters different),
// invoice number (invoices; case, spaces and a leading "#" ignored), date, currency, total amount (to the cent) and the number of
// item lines (invoices). Also: how well the confidences are calibrated (share right per
// confidence band; --fit-confidence refits the curves of workers/invoice/text/
// confidence.ts on the tuning documents), latency p50/p90 (wall clock, and CPU time:
// what a document costs on a quiet machine when the cores are shared) and peak RSS per
// document set. Each set runs in its own child process so its peak RSS is its own.
//
// --no-second-look reads each photo once, by tesseract alone (the second engine of
// workers/invoice/second-look.ts never runs), to see what it adds in accuracy and latency.
// --ocr-threads N: tesseract workers one page is read by at once (default 2, OCR_THREADS's default).
// --ocr-cache <dir> keeps OCR output on disk (keyed by the image bytes and the OCR
// pipeline id), so reader changes can be measured in seconds; latencies are then not
// meaningful and are not printed. Exits 1 when an invoice target of the original
// suite is missed (vendor/number/date/currency right on all but one, line counts all right).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Table from 'cli-table3';
import { DEFAULT_EXTRACT_OPTIONS, extractInvoice, type OcrFunction } from '../../workers/invoice/extract.js';
import { shutdownOcr } from '../../workers/ocr/recognize.js';
import { cachedOcr, type OcrCache } from './ocr-cache.js';
import { printedLabels, printedText } from './printed-labels.js';
import { CALIBRATION, type HeaderFieldName } from '../../workers/invoice/text/confidence.js';
import { FIELDS, compactName, invoiceReference, receiptReference, score, type FieldName, type FieldResult, type Reference } from './invoice-accuracy-yardstick.js';

const here = path.dirname(fileURLToPath(import.meta.url));
// the development sets: ../shared beside the repository, or BENCH_SHARED_DIR (a worktree kept elsewhere)
const shared = process.env.BENCH_SHARED_DIR ?? path.join(here, '../../../shared');
type SetName = 'invoices' | 'receipts';
const SETS: Record<SetName, string> = {
  invoices: path.join(shared, 'invoices/invoice2data'),
  receipts: path.join(shared, 'receipts/sroie'),
};
type Split = 'tune' | 'held-out';

interface DocResult {
  file: string;
  split: Split;
  format: string;
  ms: number;
  /** CPU time of this process (the OCR engine runs in a thread of it): what the document costs on a quiet machine */
  cpu_ms: number;
  ocr_seconds: number;
  /** OCR came from the cache: the latency says nothing */
  cached: boolean;
  /** receipts: whether the OCR text holds the printed company, date and total at all (what a reader could find) */
  seen?: { vendor: boolean | null; date: boolean | null; total: boolean | null };
  error?: string;
  fields: Record<FieldName, FieldResult>;
}
interface SetResult {
  set: SetName;
  docs: DocResult[];
  peak_rss_mib: number;
}

const { values: args } = parseArgs({
  options: {
    set: { type: 'string', default: 'all' },
    split: { type: 'string', default: 'all' },
    only: { type: 'string' },
    'text-only': { type: 'boolean', default: false },
    'no-second-look': { type: 'boolean', default: false },
    'ocr-threads': { type: 'string', default: '2' },
    'ocr-cache': { type: 'string' },
    'show-held-out': { type: 'boolean', default: false },
    json: { type: 'string' },
    'in-process': { type: 'boolean', default: false },
    'invoices-dir': { type: 'string' },
    'receipts-dir': { type: 'string' },
    'dir-split': { type: 'string', default: 'held-out' },
    'fit-confidence': { type: 'boolean', default: false },
    child: { type: 'string' },
  },
});
for (const set of ['invoices', 'receipts'] as const) {
  const dir = args[`${set}-dir`];
  if (dir) SETS[set] = path.resolve(dir);
}

// ── one set, in this process ─────────────────────────────────────────────────────

let cache: OcrCache | null = null;
const cacheHits = () => cache?.hits() ?? 0;
let ocrText = '';

/** Keeps the text of the last OCR call, to score what the engine saw apart from what the reader made of it. */
function recording(ocr: OcrFunction): OcrFunction {
  return async (...a) => {
    const out = await ocr(...a);
    ocrText += `${out.tokens.map((t) => t.text).join(' ')}\n`;
    return out;
  };
}

function seenIn(text: string, printed: NonNullable<Reference['printed']>): NonNullable<DocResult['seen']> {
  const squeezed = text.replace(/\s+/g, '').toLowerCase();
  const has = (v: string | undefined) => (v ? squeezed.includes(v.replace(/\s+/g, '').toLowerCase()) : null);
  return { vendor: printed.company ? compactName(text.replace(/\n/g, ' ')).includes(compactName(printed.company)) : null, date: has(printed.date), total: has(printed.total) };
}

function listDocuments(set: SetName): { file: string; split: Split }[] {
  const folder = SETS[set];
  const external = Boolean(args[`${set}-dir`]);
  const pattern = set === 'receipts' ? /\.(png|jpe?g|webp|tiff?)$/i : /\.(pdf|png|jpe?g|xml|csv|txt)$/i;
  const only = args.only ? new Set(args.only.split(',')) : null;
  return fs
    .readdirSync(folder)
    .filter((f) => pattern.test(f) && fs.existsSync(path.join(folder, f.replace(/\.[^.]+$/, '.json'))))
    .sort()
    .map((f, i) => ({ file: f, split: (external ? (args['dir-split'] === 'tune' ? 'tune' : 'held-out') : set === 'receipts' && i % 4 === 3 ? 'held-out' : 'tune') as Split }))
    .filter((d) => args.split === 'all' || d.split === args.split)
    .filter((d) => !only || only.has(d.file.replace(/\.[^.]+$/, '')));
}

async function runSet(set: SetName): Promise<SetResult> {
  cache = args['ocr-cache'] ? await cachedOcr(path.resolve(args['ocr-cache'])) : null;
  const ocr = recording(cache?.ocr ?? (await import('../../workers/invoice/formats/image.js')).ocrTokens);
  const docs: DocResult[] = [];
  for (const { file, split } of listDocuments(set)) {
    const full = path.join(SETS[set], file);
    const ref = set === 'receipts' ? receiptReference(full) : invoiceReference(full);
    if (!ref) continue;
    const started = performance.now();
    const cpu = process.cpuUsage();
    const hitsBefore = cacheHits();
    ocrText = '';
    const page = set === 'invoices' ? await printedText(full) : null;
    try {
      const { invoice, stats } = await extractInvoice(fs.readFileSync(full), { ...DEFAULT_EXTRACT_OPTIONS, embeddedXml: !args['text-only'], secondLook: !args['no-second-look'], ocrThreads: Number(args['ocr-threads']), ocr });
      docs.push({ file, split, format: invoice.format, ms: Math.round(performance.now() - started), cpu_ms: cpuMs(cpu), ocr_seconds: stats.ocr_seconds, cached: cacheHits() > hitsBefore, fields: withPrinted(score(invoice, ref), page, ref), ...(ref.printed ? { seen: seenIn(ocrText, ref.printed) } : {}) });
    } catch (err) {
      const fields = Object.fromEntries(FIELDS.map((f) => [f, { ok: (ref as Record<string, unknown>)[f] === undefined ? null : false, ours: null, ref: (ref as Record<string, unknown>)[f], confidence: 0 }])) as Record<FieldName, FieldResult>;
      docs.push({ file, split, format: 'error', ms: Math.round(performance.now() - started), cpu_ms: cpuMs(cpu), ocr_seconds: 0, cached: cacheHits() > hitsBefore, error: (err as Error).message, fields });
    }
  }
  await shutdownOcr();
  return { set, docs, peak_rss_mib: peakRssMiB() };
}

function withPrinted(fields: Record<FieldName, FieldResult>, page: string | null, ref: Reference): Record<FieldName, FieldResult> {
  if (page) for (const [f, printed] of Object.entries(printedLabels(page, ref))) if (fields[f as FieldName].ok !== null) fields[f as FieldName].printed = printed;
  return fields;
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return Math.round((d.user + d.system) / 1000);
}

function peakRssMiB(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return Math.round(process.memoryUsage().rss / 1024 / 1024);
  }
}

/** The set in a child process of its own (a fair peak RSS); its result comes back as JSON on stdout. */
function runChild(set: SetName): Promise<SetResult> {
  const passOn = process.argv.slice(2).filter((a, i, all) => a !== '--set' && all[i - 1] !== '--set' && a !== '--json' && all[i - 1] !== '--json');
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...passOn, '--child', set], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  return new Promise((resolve, reject) =>
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line) reject(new Error(`the ${set} child exited with ${code}`));
      else resolve(JSON.parse(line.slice(7)));
    }),
  );
}

// ── report ───────────────────────────────────────────────────────────────────────

const short = (v: unknown) => {
  const s = v === null || v === undefined ? '∅' : String(v);
  return s.length > 26 ? `${s.slice(0, 24)}…` : s;
};
const pct = (right: number, scored: number) => (scored ? `${right}/${scored} (${Math.round((100 * right) / scored)} %)` : '–');
const quantile = (xs: number[], q: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

function detailTable(r: SetResult): string {
  const fields = FIELDS.filter((f) => r.docs.some((d) => d.fields[f].ok !== null));
  const table = new Table({ head: ['file', 'format', 'ms', ...fields], style: { head: [], border: [] } });
  for (const d of r.docs) {
    if (d.split === 'held-out' && !args['show-held-out']) continue;
    const cell = (x: FieldResult) => (x.ok === null ? `– ${short(x.ours)}` : x.ok ? `✓ ${short(x.ours)}` : `✗ ${short(x.ours)} ≠ ${short(x.ref)}`);
    table.push([d.file, d.error ? `error: ${short(d.error)}` : d.format, d.ms, ...fields.map((f) => cell(d.fields[f]))]);
  }
  return table.toString();
}

function totals(docs: DocResult[]): Record<FieldName, { right: number; scored: number }> {
  const t = Object.fromEntries(FIELDS.map((f) => [f, { right: 0, scored: 0 }])) as Record<FieldName, { right: number; scored: number }>;
  for (const d of docs)
    for (const f of FIELDS) {
      if (d.fields[f].ok === null) continue;
      t[f].scored++;
      if (d.fields[f].ok) t[f].right++;
    }
  return t;
}

function summaryTable(results: SetResult[]): string {
  const table = new Table({ head: ['set', 'part', 'docs', ...FIELDS], style: { head: [], border: [] } });
  for (const r of results) {
    const parts: [string, DocResult[]][] = r.set === 'receipts' ? [['tuning', r.docs.filter((d) => d.split === 'tune')], ['held-out', r.docs.filter((d) => d.split === 'held-out')], ['all', r.docs]] : [['all', r.docs]];
    for (const [name, docs] of parts) {
      if (!docs.length) continue;
      const t = totals(docs);
      table.push([r.set, name, docs.length, ...FIELDS.map((f) => pct(t[f].right, t[f].scored))]);
      if (docs.some((d) => FIELDS.some((f) => d.fields[f].printed === false))) {
        const onPage = (f: FieldName) => docs.filter((d) => d.fields[f].ok !== null && d.fields[f].printed !== false);
        table.push(['', '(label printed on the page)', '', ...FIELDS.map((f) => pct(onPage(f).filter((d) => d.fields[f].ok).length, onPage(f).length))]);
      }
      if (docs.some((d) => d.seen)) {
        const seen = (f: 'vendor' | 'date' | 'total') => {
          const scored = docs.filter((d) => d.seen?.[f] !== null && d.seen?.[f] !== undefined);
          return pct(scored.filter((d) => d.seen![f]).length, scored.length);
        };
        table.push(['', '(in the OCR text)', '', seen('vendor'), '', seen('date'), '', seen('total'), '']);
      }
    }
  }
  return table.toString();
}

/** Share right per confidence band: a field reported at ≥ 0.9 should be right at least 9 times in 10. */
function calibrationTable(results: SetResult[], part?: Split): string {
  const bands: [string, number, number][] = [['≥ 0.9', 0.9, 1.01], ['0.7–0.9', 0.7, 0.9], ['0.5–0.7', 0.5, 0.7], ['< 0.5', 0, 0.5]];
  const table = new Table({ head: ['field', ...bands.map((b) => b[0]), 'not found'], style: { head: [], border: [] } });
  for (const f of FIELDS.filter((x) => x !== 'lines')) {
    const all = results.flatMap((r) => r.docs.filter((d) => !part || d.split === part).map((d) => d.fields[f])).filter((x) => x.ok !== null);
    const row = bands.map(([, lo, hi]) => {
      const inBand = all.filter((x) => x.ours !== null && (x.confidence ?? 0) >= lo && (x.confidence ?? 0) < hi);
      return inBand.length ? pct(inBand.filter((x) => x.ok).length, inBand.length) : '–';
    });
    table.push([f, ...row, String(all.filter((x) => x.ours === null).length)]);
  }
  return table.toString();
}

function latencyTable(results: SetResult[]): string {
  const table = new Table({ head: ['set', 'format', 'docs', 'first (cold) ms', 'p50 ms', 'p90 ms', 'CPU p50 ms', 'CPU p90 ms', 'peak RSS MiB'], style: { head: [], border: [] } });
  for (const r of results) {
    const measured = r.docs.filter((d) => !d.cached);
    const formats = [...new Set(measured.map((d) => d.format))];
    for (const format of formats) {
      const docs = measured.filter((d) => d.format === format);
      const warm = r.docs[0] && docs[0] === r.docs[0] ? docs.slice(1) : docs;
      const ms = warm.map((d) => d.ms);
      const cpu = warm.map((d) => d.cpu_ms);
      table.push([r.set, format, docs.length, docs[0] === r.docs[0] ? docs[0].ms : '', quantile(ms, 0.5), quantile(ms, 0.9), quantile(cpu, 0.5), quantile(cpu, 0.9), r.peak_rss_mib]);
    }
  }
  return table.toString();
}

// ── calibration ──────────────────────────────────────────────────────────────────

const HEADER_NAMES: Record<Exclude<FieldName, 'lines'>, HeaderFieldName> = { vendor: 'vendor_name', number: 'invoice_number', date: 'invoice_date', currency: 'currency', total: 'total_amount' };

/**
 * Logistic regression per field, p = σ(a + b·strength + c·legibility), on the TUNING
 * documents only (the held-out receipts stay out), with a little L2 pull towards the
 * current constants so a field with few examples does not swing wildly.
 */
function fitConfidence(results: SetResult[]): string {
  const out: string[] = ['fitted confidence constants (tuning documents; paste into workers/invoice/text/confidence.ts):'];
  for (const [f, name] of Object.entries(HEADER_NAMES) as [Exclude<FieldName, 'lines'>, HeaderFieldName][]) {
    const rows = results.flatMap((r) => r.docs.filter((d) => d.split === 'tune').map((d) => d.fields[f])).filter((x) => x.ok !== null && x.basis);
    if (rows.length < 8) {
      out.push(`  ${name}: ${rows.length} examples, kept ${JSON.stringify(CALIBRATION[name])}`);
      continue;
    }
    let { a, b, c } = CALIBRATION[name];
    const prior = { a, b, c };
    const lambda = 0.02;
    for (let it = 0; it < 20000; it++) {
      let ga = 0, gb = 0, gc = 0;
      for (const x of rows) {
        const p = 1 / (1 + Math.exp(-(a + b * x.basis!.strength + c * x.basis!.legibility)));
        const e = p - (x.ok ? 1 : 0);
        ga += e;
        gb += e * x.basis!.strength;
        gc += e * x.basis!.legibility;
      }
      const n = rows.length;
      a -= 0.5 * (ga / n + lambda * (a - prior.a));
      b -= 0.5 * (gb / n + lambda * (b - prior.b));
      c -= 0.5 * (gc / n + lambda * (c - prior.c));
    }
    const r1 = (v: number) => Math.round(v * 10) / 10;
    out.push(`  ${name}: { a: ${r1(a)}, b: ${r1(b)}, c: ${r1(c)} },  // ${rows.length} examples, ${rows.filter((x) => x.ok).length} right`);
  }
  return out.join('\n');
}

// ── main ─────────────────────────────────────────────────────────────────────────

if (args.child) {
  const result = await runSet(args.child as SetName);
  // (stdout to a pipe is asynchronous: exit only once a large result has been written out)
  await new Promise<void>((resolve) => process.stdout.write(`RESULT ${JSON.stringify(result)}\n`, () => resolve()));
  process.exit(0);
}

const sets: SetName[] = args.set === 'all' ? ['invoices', 'receipts'] : [args.set as SetName];
const loadBefore = os.loadavg()[0];
const results: SetResult[] = [];
for (const set of sets) results.push(args['in-process'] ? await runSet(set) : await runChild(set));
const loadAfter = os.loadavg()[0];

for (const r of results) {
  console.log(`\n${r.set} (${SETS[r.set]})${r.set === 'receipts' && !args['show-held-out'] ? ' — held-out files not shown' : ''}`);
  console.log(detailTable(r));
}
console.log('\naccuracy per field');
console.log(summaryTable(results));
console.log('\nconfidence calibration (share right among the fields reported in each band)');
console.log(calibrationTable(results));
if (results.some((r) => r.docs.some((d) => d.split === 'held-out'))) {
  console.log('the same on the held-out receipts only');
  console.log(calibrationTable(results, 'held-out'));
}
if (results.every((r) => r.docs.every((d) => d.cached))) console.log('\n(OCR output cached: latency not measured)');
else {
  if (results.some((r) => r.docs.some((d) => d.cached))) console.log('\n(documents whose OCR came from the cache are left out of the latencies; peak RSS is then too low)');
  console.log(`\nlatency and memory (${os.cpus().length} cores, load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after${loadBefore > os.cpus().length / 2 ? ': MEASURED UNDER CONTENTION' : ''})`);
  console.log(latencyTable(results));
}
if (args.json) fs.writeFileSync(args.json, JSON.stringify(results, null, 2));
if (args['fit-confidence']) console.log(`\n${fitConfidence(results)}`);

const inv = results.find((r) => r.set === 'invoices');
if (inv) {
  const t = totals(inv.docs);
  const header = (['vendor', 'number', 'date', 'currency'] as const).every((f) => t[f].right >= t[f].scored - 1);
  const lines = t.lines.right === t.lines.scored;
  console.log(`\ninvoice targets: vendor/number/date/currency right on all but one at most: ${header ? 'met' : 'MISSED'}; line count right on every invoice that lists lines: ${lines ? 'met' : 'MISSED'}`);
  process.exitCode = header && lines ? 0 : 1;
}
