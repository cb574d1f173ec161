// Pages whose text sits in boxes and ruled tables (a broadcaster's invoice form, a
// Factur-X template): the column lines and a box's sides ink every row they cross, so the
// row profile the preparation scales by (workers/ocr/measure-page.ts) sees one tall row where
// there are many, and the page is shrunk until nothing on it is legible. The rows are measured
// again without the vertical rules' ink, and the page is said to be ruled when the two differ;
// a ruled page the first pass reads little of is read next as it came (recognize.ts), not by
// the passes meant for faint print. Each picture is drawn here (sharp from SVG).
import test from 'ava';
import sharp from 'sharp';
import { ANALYSIS_SIDE, measure, otsu, verticalRules } from '../../../workers/ocr/measure-page.js';
import { prepareDocumentImage } from '../../../workers/ocr/prepare-document.js';
import { recognize, shutdownOcr } from '../../../workers/ocr/recognize.js';

test.after.always(() => shutdownOcr());

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const FONT = 'font-family="DejaVu Sans, sans-serif" font-size="14"';
/** Pixels from one text row to the next in the drawn forms. */
const PITCH = 22;

/** A box at (x, y) holding `lines`, its four sides drawn (or only its text). */
function box(x: number, y: number, w: number, lines: string[], ruled: boolean): string {
  const h = lines.length * PITCH + 10;
  const text = lines.map((l, i) => `<text x="${x + 8}" y="${y + (i + 1) * PITCH}" ${FONT}>${esc(l)}</text>`).join('');
  return ruled ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="black" stroke-width="2"/>${text}` : text;
}

/** A table of `rows` with a column line between each of its cells (or none). */
function table(x: number, y: number, widths: number[], rows: string[][], ruled: boolean): string {
  const h = rows.length * PITCH + 10;
  let out = '';
  let cx = x;
  for (const w of widths) {
    if (ruled) out += `<line x1="${cx}" y1="${y}" x2="${cx}" y2="${y + h}" stroke="black" stroke-width="2"/>`;
    cx += w;
  }
  if (ruled) out += `<line x1="${cx}" y1="${y}" x2="${cx}" y2="${y + h}" stroke="black" stroke-width="2"/><line x1="${x}" y1="${y}" x2="${cx}" y2="${y}" stroke="black" stroke-width="2"/><line x1="${x}" y1="${y + h}" x2="${cx}" y2="${y + h}" stroke="black" stroke-width="2"/>`;
  rows.forEach((cells, i) => {
    let tx = x;
    cells.forEach((c, j) => {
      out += `<text x="${tx + 8}" y="${y + (i + 1) * PITCH}" ${FONT}>${esc(c)}</text>`;
      tx += widths[j];
    });
  });
  return out;
}

const ROWS = Array.from({ length: 11 }, (_, i) => [`${String(i + 3).padStart(2, '0')}/0${(i % 7) + 1}/20`, 'Mon-Fri 6a-9a News at Six', '30', `${(i + 1) * 45}.00`]);

/** An A4 invoice form at 150 dpi: a title, boxed addresses, a ruled table of spots, a boxed total. */
async function formPage(ruled: boolean): Promise<Buffer> {
  const w = 1240;
  const h = 1754;
  const body = [
    `<text x="80" y="110" font-family="DejaVu Sans, sans-serif" font-size="22">KXYZ-TV Invoice 7302924</text>`,
    `<text x="80" y="140" ${FONT}>Invoice date 03/02/20</text>`,
    box(80, 180, 520, ['Bill to: Smith Media Buying', '1200 Main Street Suite 400', 'Springfield IL 62701', 'Attn: Accounts Payable'], ruled),
    box(640, 180, 520, ['Advertiser: Citizens for Jones', 'Product: Political', 'Contract 40512 Estimate 22', 'Salesperson: R. Lopez'], ruled),
    table(80, 340, [160, 520, 120, 280], ROWS, ruled),
    box(640, 640, 520, ['Gross Total $2,970.00', 'Agency Commission $445.50', 'Net Total $2,524.50'], ruled),
  ].join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="white"/>${body}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: 'white' }).grayscale().png().toBuffer();
}

/** The grey pixels of a picture, shrunk as the preparation measures it (at most ANALYSIS_SIDE a side). */
async function greyPixels(png: Buffer, side = ANALYSIS_SIDE) {
  const { data, info } = await sharp(png).resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true, kernel: 'linear' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

test('the rows of a page of boxes and a ruled table are measured without the rules: the same as the page without them', async (t) => {
  const ruled = await greyPixels(await formPage(true));
  const bare = await greyPixels(await formPage(false));
  const m = measure(ruled.data, ruled.width, ruled.height);
  const plain = measure(bare.data, bare.width, bare.height);
  // with the rules' ink, the rows inside each box are one row
  t.true(m.rowHeight >= 1.6 * m.bareRowHeight, `${JSON.stringify(m)} against ${JSON.stringify(plain)}`);
  // without it, a row is as high as on the page that has no rules
  t.true(Math.abs(m.bareRowHeight - plain.rowHeight) <= 3, `${m.bareRowHeight} against ${plain.rowHeight}`);
  t.is(plain.bareRowHeight, plain.rowHeight);
});

test("a vertical rule's ink is marked, a letter's stem, a heading and a horizontal rule are not", async (t) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="100%" height="100%" fill="white"/>
    <line x1="100" y1="50" x2="100" y2="750" stroke="black" stroke-width="2"/>
    <line x1="300" y1="100" x2="304" y2="700" stroke="black" stroke-width="2"/>
    <line x1="150" y1="760" x2="550" y2="760" stroke="black" stroke-width="2"/>
    <text x="400" y="300" font-family="DejaVu Sans, sans-serif" font-size="14">Invoice lIl 1</text>
    <text x="380" y="400" font-family="DejaVu Sans, sans-serif" font-size="20">HEADING</text></svg>`;
  const { data, width, height } = await greyPixels(await sharp(Buffer.from(svg)).png().toBuffer());
  const mask = verticalRules(data, width, height, otsu(data));
  const marked = (x0: number, x1: number, y0: number, y1: number) => {
    let n = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) n += mask[y * width + x];
    return n;
  };
  t.true(marked(95, 106, 50, 750) > 1000, 'the straight rule');
  t.true(marked(295, 310, 100, 700) > 800, 'the rule turned by a fraction of a degree');
  t.is(marked(370, 600, 270, 420), 0, 'the words');
  t.is(marked(150, 560, 755, 766), 0, 'the horizontal rule');
});

test('the preparation says a page of boxes is ruled; the same page without its rules is not', async (t) => {
  t.true((await prepareDocumentImage(await formPage(true), { maxInputPixels: 60e6 })).steps.ruled);
  t.false((await prepareDocumentImage(await formPage(false), { maxInputPixels: 60e6 })).steps.ruled);
});

test('a ruled page the first pass cannot read is read next as one block, as it came, not by the passes for faint print', async (t) => {
  const ruled = await recognize(await formPage(true), { document: true, words: true });
  // the rows measured joined shrank the page until nothing on it was legible
  t.regex(ruled.passes![0], /^psm 3, .*scale 0\.\d+, .*\(ruled\)/);
  t.is(ruled.passes!.length, 2, JSON.stringify(ruled.passes));
  t.regex(ruled.passes![1], /^ruled page, as it came, psm 6: \d+ words against 0/);
  // the header, a table row and the boxed total are all there, in the page's own pixels
  t.regex(ruled.text, /Invoice 7302924/);
  t.regex(ruled.text, /News at Six/);
  const net = ruled.lines.find((l) => /Net Total/.test(l.text));
  t.truthy(net, ruled.text);
  t.true(net!.bbox.x0 > 600 && net!.bbox.y0 > 600 && net!.bbox.y1 < 760, JSON.stringify(net!.bbox));
  // the same page without its rules is read at its measured scale, once
  const plain = await recognize(await formPage(false), { document: true, words: true });
  t.is(plain.passes!.length, 1, JSON.stringify(plain.passes));
  t.regex(plain.passes![0], /^psm 3, /);
  t.regex(plain.text, /Net Total/);
});
