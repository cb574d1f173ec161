// Builds the TEXT part of the multi-country corpus of docs/research/document-reading.md (round 9)
// OUTSIDE git, under /work/corpus (or --out), from a local copy (a clone or a bare git directory)
// of a public repository:
//
//   git clone https://github.com/themurtez/receipt-dataset-standardized /tmp/rds    # round 9 used its newest snapshot
//   npx tsx scripts/bench/corpus/fetch-text-receipts.ts --standardized /tmp/rds [--out /work/corpus]
//
// What it takes: the annotations of three of that repository's sources, each with the receipt's
// full text as a transcript (`ocr_raw.full_text`) and its fields — the pictures are not in the
// repository, so this part measures the READER on text (its labels, layouts and country rules),
// not the OCR:
// - text-pt: Portuguese receipts and simplified invoices (Cruz & Castelli 2022, Zenodo, CC-BY-4.0):
//   tolls, fuel, restaurants, shops; EUR.
// - text-us: United States receipts (ExpressExpense SRD, MIT): restaurants, shops; USD.
// - text-id: Indonesian restaurant receipts (CORD v2, CC-BY-4.0); IDR. Totals and currency only:
//   CORD blanks its merchants and dates, and the names in the annotations are not printed.
// Labels: merchant name, date, total and currency as the annotations give them. They were made
// with a model's help and reviewed (the repository says so), so they are not exact ground truth:
// a seller label whose letters the transcript does not contain is not scored (a name read from a
// logo, or a guess), nor a placeholder date (`YYYY-MM-DD`) or a total of 0. Each receipt lands as
// <name>.txt beside <name>.json (invoice2data style: issuer, date, amount, currency), the layout
// scripts/bench/invoice-accuracy.ts --invoices-dir reads.
//
// The split is the corpus's (split.ts), fixed before any receipt was looked at: HELD OUT when the
// first byte of sha256(<name>) is below 0x55. Held-out receipts go to held-out/text-<country>/.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { heldOutName } from './split.js';
import { compactName } from '../../../workers/invoice/text/vendor-name.js';

const { values: args } = parseArgs({ options: { standardized: { type: 'string' }, out: { type: 'string', default: '/work/corpus' } } });
if (!args.standardized) throw new Error('--standardized <copy of github.com/themurtez/receipt-dataset-standardized> is required');
const gitDir = fs.existsSync(path.join(args.standardized, '.git')) ? path.join(args.standardized, '.git') : args.standardized;
const git = (...a: string[]) => execFileSync('git', ['--git-dir', gitDir, ...a], { maxBuffer: 256 * 1024 * 1024 });

const SOURCES: Record<string, string> = { zenodo: 'text-pt', express: 'text-us', cord: 'text-id' };
const counts: Record<string, { tune: number; 'held-out': number }> = {};
for (const file of git('ls-tree', '-r', '--name-only', 'HEAD', 'annotations/').toString().split('\n').filter((f) => f.endsWith('.json')).sort()) {
  const name = path.basename(file, '.json');
  const source = Object.keys(SOURCES).find((s) => name.startsWith(`${s}_`));
  if (!source) continue;
  let a: { merchant?: { name?: string }; transaction?: { date?: string; total?: number; currency?: string }; ocr_raw?: { full_text?: string } };
  try {
    a = JSON.parse(git('show', `HEAD:${file}`).toString('utf8'));
  } catch {
    continue;
  }
  const text = a.ocr_raw?.full_text ?? '';
  if (text.trim().split('\n').length < 3) continue;
  const issuer = source !== 'cord' && a.merchant?.name && compactName(text.replace(/\n/g, ' ')).includes(compactName(a.merchant.name)) ? a.merchant.name : undefined;
  const date = a.transaction?.date && /^\d{4}-\d{2}-\d{2}$/.test(a.transaction.date) ? a.transaction.date : undefined;
  const amount = typeof a.transaction?.total === 'number' && a.transaction.total > 0 ? a.transaction.total : undefined;
  const currency = a.transaction?.currency && /^[A-Z]{3}$/.test(a.transaction.currency) ? a.transaction.currency : undefined;
  if (!issuer && !date && amount === undefined) continue;
  const part = heldOutName(name) ? 'held-out' : 'tune';
  const dir = path.join(args.out!, part, SOURCES[source]);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.txt`), text);
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify([{ issuer, date, amount, currency }], null, 2));
  const c = (counts[SOURCES[source]] ??= { tune: 0, 'held-out': 0 });
  c[part]++;
}
fs.writeFileSync(path.join(args.out!, 'manifest-text.json'), JSON.stringify({ commit: git('rev-parse', 'HEAD').toString().trim(), counts }, null, 2));
console.log(Object.entries(counts).map(([k, c]) => `${k}: ${c.tune} tuning, ${c['held-out']} held out`).join('; '));
