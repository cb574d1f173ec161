// How much of a page the OCR loses (not a test): each invoice is read twice — page 1 of
// its PDF from the text layer, and a photo-like picture of that page by OCR — and the
// fields on which the picture agrees with the text layer are counted.
//
//   npx tsx scripts/bench/invoice-picture-agreement.ts [--dir /work/corpus/fcc] [--ocr-cache <dir>]
//       [--only <id>,<id>] [--show] [--json <file>]
//
// The set: scripts/bench/corpus/fetch-fcc.ts (real US broadcasters' invoices with a text
// layer; <dir>/pdf/<id>.pdf and <dir>/rough/<id>.jpg). The text layer is the yardstick,
// whatever the reader makes of it: a field counts when the text layer gives it, and agrees
// when the picture gives the same (the seller by the accuracy bench's name match). So the
// figures move only with what the OCR and the preparation of the picture lose or mend.
// --show prints each document's fields; --ocr-cache keeps the OCR on disk (./ocr-cache.ts).
// Exploration only: these invoices are read by no other bench and tuned on by none.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Table from 'cli-table3';
import { DEFAULT_EXTRACT_OPTIONS, extractInvoice, type ExtractOptions } from '../../workers/invoice/extract.js';
import { shutdownOcr } from '../../workers/ocr/recognize.js';
import type { ExtractedHeader } from '../../workers/invoice/types.js';
import { sameNumber, sameVendor } from './invoice-accuracy-yardstick.js';
import { cachedOcr } from './ocr-cache.js';

const { values: args } = parseArgs({ options: { dir: { type: 'string', default: '/work/corpus/fcc' }, 'ocr-cache': { type: 'string' }, only: { type: 'string' }, show: { type: 'boolean', default: false }, json: { type: 'string' } } });

const FIELDS = ['vendor', 'number', 'date', 'currency', 'total'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string | number | null>;

const values = (h: ExtractedHeader): Values => ({ vendor: h.vendor_name.value, number: h.invoice_number.value, date: h.invoice_date.value, currency: h.currency.value, total: h.total_amount.value });
const agrees: Record<FieldName, (picture: Values[FieldName], text: NonNullable<Values[FieldName]>) => boolean> = {
  vendor: (p, t) => sameVendor(p as string | null, t as string),
  number: (p, t) => sameNumber(p as string | null, t as string),
  date: (p, t) => p === t,
  currency: (p, t) => p === t,
  total: (p, t) => typeof p === 'number' && Math.abs(p - (t as number)) < 0.005,
};

const cache = args['ocr-cache'] ? await cachedOcr(path.resolve(args['ocr-cache'])) : null;
const options: ExtractOptions = { ...DEFAULT_EXTRACT_OPTIONS, embeddedXml: false, ...(cache ? { ocr: cache.ocr } : {}) };
const only = args.only ? new Set(args.only.split(',')) : null;
const ids = fs
  .readdirSync(path.join(args.dir!, 'rough'))
  .filter((f) => f.endsWith('.jpg'))
  .map((f) => f.slice(0, -4))
  .filter((id) => !only || only.has(id))
  .sort();

interface Doc {
  id: string;
  text: Values;
  picture: Values | null;
  error?: string;
  ocr_seconds: number;
  ms: number;
}
const docs: Doc[] = [];
for (const id of ids) {
  const pdf = fs.readFileSync(path.join(args.dir!, 'pdf', `${id}.pdf`));
  // page 1 alone: the picture holds no more
  const text = await extractInvoice(pdf, { ...options, maxPages: 1 });
  const started = performance.now();
  try {
    const picture = await extractInvoice(fs.readFileSync(path.join(args.dir!, 'rough', `${id}.jpg`)), options);
    docs.push({ id, text: values(text.invoice.header), picture: values(picture.invoice.header), ocr_seconds: picture.stats.ocr_seconds, ms: Math.round(performance.now() - started) });
  } catch (err) {
    docs.push({ id, text: values(text.invoice.header), picture: null, error: (err as Error).message, ocr_seconds: 0, ms: Math.round(performance.now() - started) });
  }
}
await shutdownOcr();

const tally = Object.fromEntries(FIELDS.map((f) => [f, { agree: 0, missing: 0, other: 0 }])) as Record<FieldName, { agree: number; missing: number; other: number }>;
for (const d of docs)
  for (const f of FIELDS) {
    const t = d.text[f];
    if (t === null) continue;
    const p = d.picture?.[f] ?? null;
    if (agrees[f](p, t)) tally[f].agree++;
    else if (p === null) tally[f].missing++;
    else tally[f].other++;
  }

if (args.show) {
  const table = new Table({ head: ['id', ...FIELDS], style: { head: [], border: [] } });
  const short = (v: unknown) => (v === null || v === undefined ? '∅' : String(v).slice(0, 24));
  for (const d of docs) table.push([d.id.slice(0, 8), ...FIELDS.map((f) => (d.text[f] === null ? `– ${short(d.picture?.[f])}` : agrees[f](d.picture?.[f] ?? null, d.text[f]!) ? `✓ ${short(d.text[f])}` : `✗ ${short(d.picture?.[f])} ≠ ${short(d.text[f])}`))]);
  console.log(table.toString());
}
const summary = new Table({ head: ['field', 'agree', 'picture gives none', 'picture gives another'], style: { head: [], border: [] } });
for (const f of FIELDS) {
  const n = tally[f].agree + tally[f].missing + tally[f].other;
  summary.push([f, `${tally[f].agree}/${n}`, tally[f].missing, tally[f].other]);
}
console.log(`${docs.length} pictures (${docs.filter((d) => d.error).length} failed)${cache ? `, OCR from the cache on ${cache.hits()} readings` : ''}; OCR seconds ${docs.reduce((s, d) => s + d.ocr_seconds, 0).toFixed(1)}`);
console.log(summary.toString());
if (args.json) fs.writeFileSync(args.json, JSON.stringify({ docs, tally }, null, 1));
