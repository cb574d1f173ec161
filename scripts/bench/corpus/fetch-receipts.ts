// Builds the multi-country RECEIPT corpus of docs/research/document-reading.md (round 7)
// OUTSIDE git, under /work/corpus (or --out), beside the invoices of fetch-corpus.ts, from
// local copies (a clone or a bare git directory) of two public repositories:
//
//   git clone https://github.com/softmatic/vision-data /tmp/vision-data          # round 7 used 9062feb
//   git clone https://github.com/zzzDavid/ICDAR-2019-SROIE /tmp/sroie            # round 7 used the newest snapshot
//   npx tsx scripts/bench/corpus/fetch-receipts.ts --vision-data /tmp/vision-data --sroie /tmp/sroie [--out /work/corpus]
//
// What it takes:
// - receipts-de: every receipt scan of softmatic/vision-data `2D/Receipts/` (German
//   supermarkets, DIY stores, drugstores, electronics chains, a pharmacy, petrol stations;
//   300 dpi flatbed scans, cropped and uncropped; CC-BY-4.0). Labels from the file name,
//   which the publisher made the ground truth: `<merchant>_<DDMMYYYY>_<items>_<cents>`
//   (items may be missing). The merchant token is written as the brand is printed
//   (`mediamarkt` → Media Markt); a token that names a kind of shop, not a seller
//   (`apotheke`, `tanke`), gives no seller label. Currency EUR.
// - receipts-my: every 6th receipt of zzzDavid/ICDAR-2019-SROIE `data/img` + `data/key`
//   from index 260 on (Malaysian receipts, MYR): receipts 000–259 of that collection are the
//   development receipts and the ones earlier rounds tuned on; 260–625 were only ever
//   measured in aggregate.
// Each receipt lands as <name>.jpg beside <name>.json ({company, date, total, currency}),
// the layout scripts/bench/invoice-accuracy.ts --receipts-dir reads.
//
// The split is fixed by the same rule as the invoices (fetch-corpus.ts), decided before any
// receipt was looked at: HELD OUT when the first byte of sha256(<key>) is below 0x55, the key
// being the receipt's name without a second scan's `_B` (two scans of one receipt stay on
// one side). Held-out receipts go to held-out/receipts-<country>/, the others to tune/.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { heldOutName } from './split.js';

const { values: args } = parseArgs({ options: { 'vision-data': { type: 'string' }, sroie: { type: 'string' }, out: { type: 'string', default: '/work/corpus' } } });
if (!args['vision-data'] || !args.sroie) throw new Error('--vision-data <copy of github.com/softmatic/vision-data> and --sroie <copy of github.com/zzzDavid/ICDAR-2019-SROIE> are required');

function gitOf(dir: string) {
  const gitDir = fs.existsSync(path.join(dir, '.git')) ? path.join(dir, '.git') : dir;
  return (...a: string[]) => execFileSync('git', ['--git-dir', gitDir, ...a], { maxBuffer: 256 * 1024 * 1024 });
}

// brands as printed; kinds of shop carry no seller label
const BRANDS: Record<string, string | null> = {
  aldi: 'ALDI', lidl: 'Lidl', marktkauf: 'Marktkauf', real: 'real', rossmann: 'Rossmann', toom: 'toom', ikea: 'IKEA', hornbach: 'Hornbach',
  roller: 'Roller', mediamarkt: 'Media Markt', saturn: 'Saturn', thalia: 'Thalia', dm: 'dm-drogerie markt', kaufland: 'Kaufland', apotheke: null, tanke: null,
};

interface Label { company?: string; date: string; total: string; currency: string }

function write(part: string, folder: string, name: string, image: Buffer, label: Label): void {
  const dir = path.join(args.out!, part, folder);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.jpg`), image);
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(label, null, 2));
}

const manifest: Record<string, unknown>[] = [];

const vision = gitOf(path.resolve(args['vision-data']));
for (const p of vision('ls-tree', '-r', '--name-only', 'HEAD').toString().split('\n').filter((f) => /^2D\/Receipts\/.*\.jpe?g$/i.test(f)).sort()) {
  const stem = path.basename(p).replace(/\.jpe?g$/i, '');
  const m = /^([a-z]+)_(\d{2})(\d{2})(\d{4})(?:_(\d+))?_(\d+)(_B)?$/.exec(stem);
  if (!m || !(m[1] in BRANDS)) {
    console.log(`skip (name not <merchant>_<date>_<items>_<cents>): ${p}`);
    continue;
  }
  const [, merchant, d, mo, y, , cents] = m;
  const brand = BRANDS[merchant];
  const label: Label = { ...(brand ? { company: brand } : {}), date: `${d}.${mo}.${y}`, total: (Number(cents) / 100).toFixed(2), currency: 'EUR' };
  const key = stem.replace(/_B$/, '');
  const name = `de_${stem}`;
  const part = heldOutName(key) ? 'held-out' : 'tune';
  write(part, 'receipts-de', name, vision('show', `HEAD:${p}`), label);
  manifest.push({ name, source: `github.com/softmatic/vision-data ${p}`, part });
}

const sroie = gitOf(path.resolve(args.sroie));
for (let i = 260; i <= 625; i += 6) {
  const id = String(i).padStart(3, '0');
  let key: { company?: string; date?: string; total?: string };
  try {
    key = JSON.parse(sroie('show', `HEAD:data/key/${id}.json`).toString());
  } catch {
    console.log(`skip (no key): ${id}`);
    continue;
  }
  if (!key.total || !key.date) {
    console.log(`skip (no date or total in its key): ${id}`);
    continue;
  }
  const name = `my_sroie_${id}`;
  const part = heldOutName(name) ? 'held-out' : 'tune';
  write(part, 'receipts-my', name, sroie('show', `HEAD:data/img/${id}.jpg`), { company: key.company, date: key.date, total: key.total, currency: 'MYR' });
  manifest.push({ name, source: `github.com/zzzDavid/ICDAR-2019-SROIE data/img/${id}.jpg`, part });
}

fs.writeFileSync(path.join(args.out!, 'receipts-manifest.json'), JSON.stringify({ vision_data: vision('rev-parse', 'HEAD').toString().trim(), sroie: sroie('rev-parse', 'HEAD').toString().trim(), receipts: manifest }, null, 2));
const count = (prefix: string, part: string) => manifest.filter((r) => String(r.name).startsWith(prefix) && r.part === part).length;
console.log(`German receipts: ${count('de_', 'tune')} tuning, ${count('de_', 'held-out')} held out; Malaysian: ${count('my_', 'tune')} tuning, ${count('my_', 'held-out')} held out`);
