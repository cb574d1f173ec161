// Builds the SaaS-invoice part of the multi-country corpus of docs/research/document-reading.md (round 14)
// OUTSIDE git, under /work/corpus (or --out), from a local copy (a clone or a bare git directory)
// of a public repository:
//
//   git clone https://github.com/parsee-ai/parsee-datasets /tmp/parsee    # round 14 used its newest snapshot
//   npx tsx scripts/bench/corpus/fetch-parsee.ts --parsee /tmp/parsee [--out /work/corpus]
//   npx tsx scripts/bench/corpus/fetch-corpus.ts --rescan --from parsee-invoices-pdf --scan-dir parsee-invoices-scan
//   npx tsx scripts/bench/corpus/fetch-corpus.ts --rescan --rough --from parsee-invoices-pdf --scan-dir parsee-invoices-rough
//
// What it takes: the 15 real invoices of `datasets/invoices/raw_data` (software and services
// bought by a German company in 2022-2023, from German, Irish, Dutch, Israeli, Australian and
// US sellers; English and German; EUR and USD), and their labels from
// `datasets/invoices/parsee-loader/data/invoices_parsee.csv`, checked by a person (the
// dataset's README says so): the issuer, the invoice's date, its total and its currency.
// The CSV names each PDF by the sha256 of its bytes. The labels give no invoice number, so the
// number is not scored on this part.
//
// Each invoice lands as <name>.pdf beside <name>.json (invoice2data style: issuer, date, amount,
// currency), the layout scripts/bench/invoice-accuracy.ts --invoices-dir reads; the two commands
// after it above draw the scanned and photo-like forms. The split is the corpus's (split.ts),
// fixed before any invoice was read: HELD OUT when the first byte of sha256(<name>) is below 0x55.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { heldOutName } from './split.js';

const { values: args } = parseArgs({ options: { parsee: { type: 'string' }, out: { type: 'string', default: '/work/corpus' } } });
if (!args.parsee) throw new Error('--parsee <copy of github.com/parsee-ai/parsee-datasets> is required');
const repo = path.resolve(args.parsee);
const gitDir = fs.existsSync(path.join(repo, '.git')) ? path.join(repo, '.git') : repo;
const git = (...a: string[]) => execFileSync('git', ['--git-dir', gitDir, ...a], { maxBuffer: 256 * 1024 * 1024 });

const rows = parse(git('show', 'HEAD:datasets/invoices/parsee-loader/data/invoices_parsee.csv'), { columns: true }) as Record<string, string>[];
/** The answer's first line, without the dataset's "(main question):" prefix and its sources. */
const answer = (s: string) => s.split('\n')[0].replace(/^\(main question\):\s*/, '').trim();
const labels = new Map<string, { issuer?: string; date?: string; amount?: number; currency?: string }>();
for (const r of rows) {
  const l = labels.get(r.source_identifier) ?? {};
  const truth = r.TRUTH_answer ?? '';
  if (r.element_identifier === 'general0') {
    const amount = Number(answer(truth));
    if (Number.isFinite(amount) && amount !== 0) l.amount = amount;
    const currency = /\(meta0\):\s*\$\s*([A-Z]{3})\s*\$/.exec(truth)?.[1];
    if (currency) l.currency = currency; // "Other" names no currency: not scored
  } else if (r.element_identifier === 'general1') l.issuer = answer(truth) || undefined;
  else if (r.element_identifier === 'general2' && /^\d{4}-\d{2}-\d{2}$/.test(answer(truth))) l.date = answer(truth);
  labels.set(r.source_identifier, l);
}

const counts = { tune: 0, 'held-out': 0 };
for (const file of git('ls-tree', '-r', '--name-only', 'HEAD', 'datasets/invoices/raw_data/').toString().split('\n').filter((f) => f.endsWith('.pdf')).sort()) {
  const pdf = git('show', `HEAD:${file}`);
  const label = labels.get(createHash('sha256').update(pdf).digest('hex'));
  if (!label?.issuer && label?.amount === undefined) continue;
  const name = `parsee__${path.basename(file, '.pdf').replace(/[^A-Za-z0-9_-]+/g, '_')}`;
  const part = heldOutName(name) ? 'held-out' : 'tune';
  const dir = path.join(args.out!, part, 'parsee-invoices-pdf');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.pdf`), pdf);
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify([label], null, 2));
  counts[part]++;
}
console.log(`parsee-invoices: ${counts.tune} tuning, ${counts['held-out']} held out`);
