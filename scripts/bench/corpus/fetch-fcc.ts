// Builds the FCC picture set of docs/research/document-reading.md (round 19) OUTSIDE git,
// under /work/corpus/fcc (or --out), from local copies (clones or bare git directories) of two
// public repositories:
//
//   npx tsx scripts/bench/corpus/fetch-fcc.ts --vrdu <copy of github.com/google-research-datasets/vrdu> \
//       --deepform <copy of github.com/jstray/deepform> [--out /work/corpus]
//
// What it takes: the political-ad invoices that US broadcasters filed with the FCC in 2020,
// as vrdu publishes them (`ad-buy-form/main/pdfs`, commit 04a4df7), chosen by deepform's
// manifest (`data/fcc-data-2020-labeled-manifest.csv`, commit 1d3fc27): every file whose
// title says "invoice" (192). They are real invoices from dozens of billing systems.
//
// They are no corpus part: the manifest's labels (the contract number, the gross amount, the
// advertiser, who is the buyer) answer another question than the reader's. What the set
// measures is how much of a page the OCR loses: each PDF whose page 1 has a text layer
// (at least 40 words) is also drawn as a photo-like picture of page 1 (150 dpi grey, turned
// 0.8°, JPEG 70: the corpus's rough form), and scripts/bench/invoice-picture-agreement.ts
// reads both and counts the fields on which the picture agrees with the text layer.
//
// Written: <out>/fcc/pdf/<file_id>.pdf (every invoice) and <out>/fcc/rough/<file_id>.jpg.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { parse } from 'csv-parse/sync';
import { openPdf, readPdfText, renderPages } from '../../../workers/invoice/formats/pdf.js';

const { values: args } = parseArgs({ options: { vrdu: { type: 'string' }, deepform: { type: 'string' }, out: { type: 'string', default: '/work/corpus' } } });
if (!args.vrdu || !args.deepform) throw new Error('--vrdu <copy of github.com/google-research-datasets/vrdu> and --deepform <copy of github.com/jstray/deepform> are required');

const gitOf = (dir: string) => {
  const repo = path.resolve(dir);
  const gitDir = fs.existsSync(path.join(repo, '.git')) ? path.join(repo, '.git') : repo;
  return (...a: string[]) => execFileSync('git', ['--git-dir', gitDir, ...a], { maxBuffer: 256 * 1024 * 1024 });
};
const vrdu = gitOf(args.vrdu);
const deepform = gitOf(args.deepform);

/** Words a page 1 needs in its text layer to stand for what the picture should read. */
const MIN_TEXT_WORDS = 40;
const DPI = 150;

const manifest = parse(deepform('show', '1d3fc27:data/fcc-data-2020-labeled-manifest.csv'), { columns: true, skip_empty_lines: true }) as { file_id: string; title: string }[];
const published = new Set(vrdu('ls-tree', '-r', '--name-only', 'HEAD', 'ad-buy-form/main/pdfs/').toString().split('\n').filter(Boolean));
const pdfDir = path.join(args.out!, 'fcc', 'pdf');
const roughDir = path.join(args.out!, 'fcc', 'rough');
fs.mkdirSync(pdfDir, { recursive: true });
fs.mkdirSync(roughDir, { recursive: true });

let taken = 0;
let drawn = 0;
for (const { file_id: id, title } of manifest) {
  const file = `ad-buy-form/main/pdfs/${id.trim()}.pdf`;
  if (!/invoice/i.test(title) || !published.has(file)) continue;
  const data = vrdu('show', `HEAD:${file}`);
  fs.writeFileSync(path.join(pdfDir, `${id.trim()}.pdf`), data);
  taken++;
  let doc;
  try {
    doc = await openPdf(data);
  } catch {
    continue;
  }
  try {
    const text = await readPdfText(doc, 1);
    const words = text.tokens.reduce((n, t) => n + t.text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length, 0);
    if (words < MIN_TEXT_WORDS) continue;
    const box = (await doc.getPage(1)).getViewport({ scale: 1 });
    const [{ image }] = await renderPages(doc, [{ number: 1, box: { width: box.width, height: box.height } }], ((box.width * DPI) / 72) * ((box.height * DPI) / 72));
    const grey = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } }).grayscale().rotate(0.8, { background: '#ffffff' }).png().toBuffer();
    fs.writeFileSync(path.join(roughDir, `${id.trim()}.jpg`), await sharp(grey).jpeg({ quality: 70 }).toBuffer());
    drawn++;
  } finally {
    await doc.destroy();
  }
}
console.log(`${taken} FCC invoices in ${pdfDir}; ${drawn} with a text layer on page 1 drawn as pictures in ${roughDir}`);
