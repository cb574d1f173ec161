// Field-level accuracy of the invoice extractor on real invoices (not a test):
//   npx tsx scripts/bench/invoice-accuracy.ts [--text-only] [folder]
// Default folder: ../shared/invoices/invoice2data (PDFs with the fields the
// invoice2data project's per-supplier templates extract, as JSON beside each PDF).
// Our extractor is general — it has never seen these suppliers — and is scored per
// field: vendor (a name match: case, punctuation and legal form ignored, one name
// may contain the other), invoice number, date, currency, total amount (±0.01) and
// the number of item lines (section headers and notes are not items). A field the
// reference does not give is not scored. Exits 1 when a target is missed:
// vendor, number, date and currency right on all but one invoice at most, and the
// line count right on every invoice that lists lines.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Table from 'cli-table3';
import { DEFAULT_EXTRACT_OPTIONS, extractInvoice } from '../../workers/invoice/extract.js';
import { compactName } from '../../workers/invoice/text/vendor.js';
import { shutdownOcr } from '../../workers/ocr/recognize.js';

const here = path.dirname(fileURLToPath(import.meta.url));
// --text-only: ignore e-invoices embedded in PDFs, to score the layout readers alone
const textOnly = process.argv.includes('--text-only');
const folderArg = process.argv.slice(2).find((a) => !a.startsWith('--'));
const folder = path.resolve(folderArg ?? path.join(here, '../../../shared/invoices/invoice2data'));

interface Reference {
  issuer?: string;
  invoice_number?: string;
  date?: string;
  currency?: string;
  amount?: number;
  lines?: Record<string, unknown>[];
  line_items?: Record<string, unknown>[];
}

type Verdict = boolean | null; // null: not scored
const FIELDS = ['vendor', 'number', 'date', 'currency', 'amount', 'lines'] as const;
type FieldName = (typeof FIELDS)[number];

const sameName = (a: string | null, b: string | undefined): Verdict => {
  if (!b) return null;
  if (!a) return false;
  const x = compactName(a);
  const y = compactName(b);
  return x.length >= 3 && y.length >= 3 && (x === y || x.includes(y) || y.includes(x));
};
const itemCount = (ref: Reference) => {
  const list = ref.lines ?? ref.line_items;
  return list ? list.filter((l) => !('sectionheader' in l) && !('line_note' in l)).length : null;
};

const files = fs.readdirSync(folder).filter((f) => /\.(pdf|png|jpe?g|xml|csv)$/i.test(f)).sort();
const table = new Table({ head: ['invoice', 'format', 'ms', ...FIELDS], style: { head: [], border: [] } });
const totals = Object.fromEntries(FIELDS.map((f) => [f, { right: 0, scored: 0 }])) as Record<FieldName, { right: number; scored: number }>;

for (const file of files) {
  const refPath = path.join(folder, file.replace(/\.[^.]+$/, '.json'));
  if (!fs.existsSync(refPath)) continue;
  const ref = (JSON.parse(fs.readFileSync(refPath, 'utf8')) as Reference[])[0];
  const started = performance.now();
  const cells: Record<FieldName, string> = { vendor: '', number: '', date: '', currency: '', amount: '', lines: '' };
  let format = 'error';
  try {
    const { invoice } = await extractInvoice(fs.readFileSync(path.join(folder, file)), { ...DEFAULT_EXTRACT_OPTIONS, embeddedXml: !textOnly });
    format = invoice.format;
    const h = invoice.header;
    const expectedLines = itemCount(ref);
    const verdicts: Record<FieldName, [Verdict, unknown, unknown]> = {
      vendor: [sameName(h.vendor_name.value, ref.issuer), h.vendor_name.value, ref.issuer],
      number: [ref.invoice_number ? h.invoice_number.value?.toLowerCase() === ref.invoice_number.toLowerCase() : null, h.invoice_number.value, ref.invoice_number],
      date: [ref.date ? h.invoice_date.value === ref.date : null, h.invoice_date.value, ref.date],
      currency: [ref.currency ? h.currency.value === ref.currency.toUpperCase() : null, h.currency.value, ref.currency],
      amount: [typeof ref.amount === 'number' ? h.total_amount.value !== null && Math.abs(h.total_amount.value - ref.amount) <= 0.011 : null, h.total_amount.value, ref.amount],
      lines: [expectedLines === null ? null : invoice.lines.length === expectedLines, invoice.lines.length, expectedLines],
    };
    for (const f of FIELDS) {
      const [ok, ours, theirs] = verdicts[f];
      if (ok !== null) {
        totals[f].scored++;
        if (ok) totals[f].right++;
      }
      cells[f] = ok === null ? `– (${short(ours)})` : ok ? `✓ ${short(ours)}` : `✗ ${short(ours)} ≠ ${short(theirs)}`;
    }
  } catch (err) {
    for (const f of FIELDS) {
      totals[f].scored++;
      cells[f] = `✗ ${(err as Error).message.slice(0, 30)}`;
    }
  }
  table.push([file, format, Math.round(performance.now() - started), ...FIELDS.map((f) => cells[f])]);
}
await shutdownOcr();

table.push(['TOTAL', '', '', ...FIELDS.map((f) => `${totals[f].right}/${totals[f].scored}`)]);
console.log(table.toString());
const header = (['vendor', 'number', 'date', 'currency'] as const).every((f) => totals[f].right >= totals[f].scored - 1);
const lines = totals.lines.right === totals.lines.scored;
console.log(`targets: vendor/number/date/currency right on all but one at most: ${header ? 'met' : 'MISSED'}; line count right on every invoice that lists lines: ${lines ? 'met' : 'MISSED'}`);
process.exitCode = header && lines ? 0 : 1;

function short(v: unknown): string {
  const s = v === null || v === undefined ? '∅' : String(v);
  return s.length > 28 ? `${s.slice(0, 26)}…` : s;
}
