// Builds the multi-country invoice corpus of docs/research/document-reading.md (round 5)
// OUTSIDE git, under /work/corpus (or --out), from a local clone of a public repository:
//
//   git clone https://github.com/ZUGFeRD/corpus /tmp/zugferd-corpus        # any commit; round 5 used 47b61be
//   npx tsx scripts/bench/corpus/fetch-corpus.ts --zugferd /tmp/zugferd-corpus [--out /work/corpus]
//   npx tsx scripts/bench/corpus/fetch-corpus.ts --rescan [--scan-dir invoices-scan] [--out /work/corpus]   # only the scan form, from invoices-pdf
//   npx tsx scripts/bench/corpus/fetch-corpus.ts --rescan --rough --from ferd-invoices-pdf --scan-dir ferd-invoices-rough
//       # round 11: a rough form (150 dpi, turned 0.8°, JPEG 70) of a part's PDFs, what a phone or a cheap scanner gives
//   npx tsx scripts/bench/corpus/fetch-corpus.ts --zugferd /tmp/zugferd-corpus --also /tmp/mustangproject --also /tmp/horstoeko-zugferd --also /tmp/factur-x
//       # round 9: more producers' hybrid e-invoices, in <part>/more-invoices-pdf and more-invoices-scan
//   ... --also /tmp/zugferd-csharp=ferd-invoices
//       # round 11: github.com/stephanstapel/ZUGFeRD-csharp's copies of the FeRD examples (ZUGFeRD 1.0-2.4), in <part>/ferd-invoices-*
//   ... --also /tmp/securibox-facturx=fx-invoices --also /tmp/FacturXDotNet=fx-invoices --also /tmp/easybill-zugferd-php=fx-invoices
//       --also /tmp/node-zugferd=fx-invoices --also /tmp/tulo-eInvoiceCreatorZUGFeRD=fx-invoices
//       # round 12: Factur-X invoices and credit notes from five more producers' test suites, in <part>/fx-invoices-*
//       # (github.com/Securibox/facturx, FacturX-NET/FacturXDotNet, easybill/zugferd-php, jslno/node-zugferd,
//       #  TuloSharp/tulo.eInvoiceCreatorZUGFeRD; then --rescan --rough --from fx-invoices-pdf --scan-dir fx-invoices-rough)
//   ... --also /tmp/factur-x-kit=kit-invoices --also /tmp/i7js-zugferd=kit-invoices --also /tmp/factur-x-ng=kit-invoices
//       --also /tmp/dolibarr_einvoicing=kit-invoices --also /tmp/factur-x.js=kit-invoices
//       # round 16: other generators' own invoice designs (github.com/ahelmberger/factur-x-kit, itext/i7js-zugferd,
//       #  cnfilms/factur-x-ng, scopen-coop/dolibarr_einvoicing, schwarmdigital/factur-x.js), in <part>/kit-invoices-*
//       #  (then --rescan --rough --from kit-invoices-pdf --scan-dir kit-invoices-rough)
//
// (a bare git directory works too: --zugferd /path/to/repo.git; files are read with `git show HEAD:<path>`.)
//
// What it takes: every PDF of ZUGFeRD/corpus that is not under a `fail/` folder (hybrid
// ZUGFeRD 1/2 and Factur-X invoices from German and French producers: intarsys, symtrax,
// Mustangproject, FNFE, Konik, 4s4u, atgp, XRechnung samples). Labels: the embedded XML
// (CII) parsed by workers/invoice/formats/xml.ts — seller, invoice number, issue date,
// currency (the document's currency code) and the grand total (amount due) as the
// structured data states them. A PDF whose XML cannot be read, or gives no seller and no
// total, is skipped. The same sample is published by several producers and versions
// (zugferd_2p0_EN16931_Einfach, …_2p1_…, XML-Rechnung/FX/EN16931_Einfach): only the first
// PDF (in path order) of each identical label set (seller, number, date, currency, total)
// is kept.
//
// Two forms of each document, scored separately by scripts/bench/invoice-accuracy.ts:
// - invoices-pdf/<name>.pdf: the PDF itself, read from its text layer with --text-only
//   (the bench then never opens the embedded XML);
// - invoices-scan/<name>.png (one page) or <name>.pdf (several): each page drawn at 150 dpi
//   in grey (what a scanner gives: a picture, or a PDF of one picture a page), read by OCR:
//   the printed pages only, no text layer, no XML. (Round 7 kept page 1 alone, so the total
//   of a longer invoice, printed on its last page, was not on the picture at all: 20 of the
//   33 tuning documents. `--rescan` rebuilds this form from invoices-pdf in place.)
// Beside each: <name>.json, an invoice2data-style array with one object
// ({issuer, invoice_number, date, currency, amount}), the layout the bench reads.
//
// The split was fixed before any document was looked at: a document is HELD OUT when the
// first byte of sha256(<name>) is below 0x55 (about one in three); held-out documents go
// to /work/corpus/held-out/, the others to /work/corpus/tune/. Rules may be tuned on
// tune/ only; held-out/ is measured, never inspected per file.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import PDFDocument from 'pdfkit';
import { openPdf, readPdfAttachments, renderPages } from '../../../workers/invoice/formats/pdf.js';
import { parseXmlInvoice } from '../../../workers/invoice/formats/xml.js';
import { heldOutName } from './split.js';

const { values: args } = parseArgs({ options: { zugferd: { type: 'string' }, also: { type: 'string', multiple: true, default: [] }, rescan: { type: 'boolean', default: false }, rough: { type: 'boolean', default: false }, from: { type: 'string', default: 'invoices-pdf' }, 'scan-dir': { type: 'string', default: 'invoices-scan' }, out: { type: 'string', default: '/work/corpus' } } });

type OpenPdf = Awaited<ReturnType<typeof openPdf>>;

/**
 * Every page at 150 dpi in grey: a PNG for one page, else a PDF of one picture a page (a scanner's
 * multi-page output). `rough` (round 11): a photo-like form of the page instead — turned by 0.8°
 * and saved as a JPEG of quality 70.
 */
async function scanForm(doc: OpenPdf, rough = false): Promise<{ ext: 'png' | 'jpg' | 'pdf'; data: Buffer }> {
  const pngs: { png: Buffer; width: number; height: number }[] = [];
  const dpi = 150;
  for (let n = 1; n <= doc.numPages; n++) {
    const box = (await doc.getPage(n)).getViewport({ scale: 1 });
    const [{ image }] = await renderPages(doc, [{ number: n, box: { width: box.width, height: box.height } }], (box.width * dpi / 72) * (box.height * dpi / 72));
    const grey = sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } }).grayscale();
    const png = rough ? await sharp(await grey.rotate(0.8, { background: '#ffffff' }).png().toBuffer()).jpeg({ quality: 70 }).toBuffer() : await grey.png().toBuffer();
    pngs.push({ png, width: box.width, height: box.height });
  }
  if (pngs.length === 1) return { ext: rough ? 'jpg' : 'png', data: pngs[0].png };
  return new Promise((resolve, reject) => {
    const out = new PDFDocument({ autoFirstPage: false, compress: true });
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    out.on('end', () => resolve({ ext: 'pdf', data: Buffer.concat(chunks) }));
    out.on('error', reject);
    for (const p of pngs) out.addPage({ size: [p.width, p.height], margin: 0 }).image(p.png, 0, 0, { width: p.width, height: p.height });
    out.end();
  });
}

async function writeScanForm(doc: OpenPdf, dir: string, name: string, rough = false): Promise<void> {
  for (const ext of ['png', 'jpg', 'pdf']) fs.rmSync(path.join(dir, `${name}.${ext}`), { force: true });
  const scan = await scanForm(doc, rough);
  fs.writeFileSync(path.join(dir, `${name}.${scan.ext}`), scan.data);
}

if (args.rescan) {
  for (const part of ['tune', 'held-out']) {
    const from = path.join(args.out!, part, args.from!);
    if (!fs.existsSync(from)) continue;
    for (const f of fs.readdirSync(from).filter((x) => x.endsWith('.pdf'))) {
      const doc = await openPdf(fs.readFileSync(path.join(from, f)));
      try {
        const to = path.join(args.out!, part, args['scan-dir']!);
        fs.mkdirSync(to, { recursive: true });
        await writeScanForm(doc, to, f.replace(/\.pdf$/, ''), args.rough);
        fs.copyFileSync(path.join(from, f.replace(/\.pdf$/, '.json')), path.join(to, f.replace(/\.pdf$/, '.json')));
      } finally {
        await doc.destroy();
      }
    }
  }
  console.log(`scan form rebuilt from ${args.from}`);
  process.exit(0);
}
if (!args.zugferd) throw new Error('--zugferd <clone of github.com/ZUGFeRD/corpus> (or --rescan) is required');
const heldOut = heldOutName;
const gitOf = (dir: string) => {
  const repo = path.resolve(dir);
  return (...a: string[]) => execFileSync('git', ['--git-dir', fs.existsSync(path.join(repo, '.git')) ? path.join(repo, '.git') : repo, ...a], { maxBuffer: 256 * 1024 * 1024 });
};
// --also <repo>: more hybrid e-invoices from other producers' public test files (round 9:
// github.com/ZUGFeRD/mustangproject, horstoeko/zugferd, akretion/factur-x), written to
// <part>/more-invoices-pdf and more-invoices-scan so the round-5 parts stay as they were.
// A document whose labels equal one already taken (the same sample in another repository)
// is skipped; so are files that are not invoices or are broken on purpose (orders, the
// validators' invalid/corrupt samples, an empty PDF/A).
// `--also <repo>=<part>` writes that repository's documents to <part>-pdf and <part>-scan instead
// (round 11: the FeRD's own ZUGFeRD 2.2-2.4 examples, kept apart as `ferd-invoices`).
const sources = [
  { dir: args.zugferd, prefix: '', kinds: ['invoices-pdf', 'invoices-scan'] },
  ...args.also!.map((spec) => {
    const [dir, part = 'more-invoices'] = spec.split('=');
    return { dir, prefix: `${path.basename(path.resolve(dir, dir.endsWith('/repo') ? '..' : '.')).replace(/[^A-Za-z0-9_-]+/g, '_')}__`, kinds: [`${part}-pdf`, `${part}-scan`] };
  }),
];
const seen = new Set<string>();
const manifest: Record<string, unknown>[] = [];
const commits: Record<string, string> = {};
for (const source of sources) {
const git = gitOf(source.dir);
commits[source.dir] = git('rev-parse', 'HEAD').toString().trim();
const pdfs = git('ls-tree', '-r', '--name-only', 'HEAD')
  .toString()
  .split('\n')
  .filter((p) => /\.pdf$/i.test(p) && !/(^|\/)fail\//.test(p) && (source.prefix === '' || !/order|invalid|corrupt|fail|empty|plain|^doc\//i.test(p)))
  .sort();
const [pdfKind, scanKind] = source.kinds;
for (const p of pdfs) {
  let data: Buffer;
  try {
    data = git('show', `HEAD:${p}`);
  } catch {
    console.log(`skip (not in this copy of the repository: a large file a mirror may leave out): ${p}`);
    continue;
  }
  let label: { issuer: string | null; invoice_number: string | null; date: string | null; currency: string | null; amount: number | null } | null = null;
  try {
    const doc = await openPdf(data);
    const xml = (await readPdfAttachments(doc)).find((a) => /\.xml$/i.test(a.name));
    if (xml) {
      const h = parseXmlInvoice(xml.content.toString('utf8'), 'facturx').header;
      label = { issuer: h.vendor_name.value, invoice_number: h.invoice_number.value, date: h.invoice_date.value, currency: h.currency.value, amount: h.total_amount.value };
    }
    if (!label || (!label.issuer && label.amount === null)) {
      console.log(`skip (no readable XML): ${p}`);
      continue;
    }
    const key = JSON.stringify(label);
    if (seen.has(key)) {
      console.log(`skip (same labels as an earlier one): ${p}`);
      continue;
    }
    seen.add(key);
    const name = source.prefix + p.replace(/\.pdf$/i, '').replace(/[^A-Za-z0-9_-]+/g, '_');
    const part = heldOut(name) ? 'held-out' : 'tune';
    const json = JSON.stringify([Object.fromEntries(Object.entries(label).filter(([, v]) => v !== null))], null, 2);
    for (const kind of source.kinds) fs.mkdirSync(path.join(args.out!, part, kind), { recursive: true });
    manifest.push({ name, source: `${source.dir} ${p}`, part, kind: pdfKind });
    // (a document already written by an earlier run is left as it is: its scan form is the slow part)
    if (fs.existsSync(path.join(args.out!, part, pdfKind, `${name}.json`))) continue;
    fs.writeFileSync(path.join(args.out!, part, pdfKind, `${name}.pdf`), data);
    fs.writeFileSync(path.join(args.out!, part, pdfKind, `${name}.json`), json);
    await writeScanForm(doc, path.join(args.out!, part, scanKind), name);
    fs.writeFileSync(path.join(args.out!, part, scanKind, `${name}.json`), json);
  } catch (err) {
    console.log(`skip (${(err as Error).message}): ${p}`);
  }
}
}
fs.writeFileSync(path.join(args.out!, 'manifest.json'), JSON.stringify({ commits, documents: manifest }, null, 2));
console.log(`${manifest.length} documents: ${manifest.filter((m) => m.part === 'tune').length} tuning, ${manifest.filter((m) => m.part === 'held-out').length} held out`);
