// A prepared page is cut into bands for two engine workers only through blank rows, so
// each band holds about half the text; a page that cannot be cut that way is read whole.
// The banded reading finds what the whole reading finds, with boxes in the page's pixels.
import test from 'ava';
import sharp from 'sharp';
import { bandCuts } from '../../../workers/ocr/page-bands.js';
import { recognize, shutdownOcr } from '../../../workers/ocr/recognize.js';

test.after.always(() => shutdownOcr());

/** A grey page of `rows` text-like rows (`rowPx` high, 8 px apart): each row is `strokes` dark bars. */
function page(rows: number[], rowPx = 20, gap = 8, width = 200): { data: Uint8Array; width: number; height: number } {
  const height = rows.length * (rowPx + gap) + gap;
  const data = new Uint8Array(width * height).fill(255);
  rows.forEach((strokes, r) => {
    const top = gap + r * (rowPx + gap);
    for (let y = top; y < top + rowPx; y++) for (let s = 0; s < strokes; s++) data[y * width + 2 + s * 4] = 0;
  });
  return { data, width, height };
}

test('cuts run through blank rows and split the strokes about evenly', (t) => {
  const p = page([10, 10, 10, 10, 10, 10, 10, 10]);
  const cuts = bandCuts(p.data, p.width, p.height, 2);
  t.is(cuts.length, 1);
  // between the 4th and 5th rows (rows at 8 + 28r, 20 px high)
  t.true(cuts[0] > 8 + 3 * 28 + 20 && cuts[0] < 8 + 4 * 28, String(cuts));
  const three = bandCuts(p.data, p.width, p.height, 3);
  t.is(three.length, 2);
  t.true(three[0] < three[1]);
});

test('the amount of text decides the cut, not the height: dense rows at the bottom pull it down', (t) => {
  const p = page([2, 2, 2, 2, 2, 2, 40, 40]);
  const [cut] = bandCuts(p.data, p.width, p.height, 2);
  t.true(cut > 8 + 6 * 28, `cut at ${cut}`);
});

test('no cut: one thread, too few rows, no blank row across, or a band that would hold almost nothing', (t) => {
  const p = page([10, 10, 10, 10, 10, 10, 10, 10]);
  t.deepEqual(bandCuts(p.data, p.width, p.height, 1), []);
  const few = page([10, 10, 10]);
  t.deepEqual(bandCuts(few.data, few.width, few.height, 2), []);
  // a vertical rule down the whole page leaves no blank row
  const ruled = page([10, 10, 10, 10, 10, 10, 10, 10]);
  for (let y = 0; y < ruled.height; y++) ruled.data[y * ruled.width + 190] = 0;
  t.deepEqual(bandCuts(ruled.data, ruled.width, ruled.height, 2), []);
  const blank = new Uint8Array(100 * 100).fill(255);
  t.deepEqual(bandCuts(blank, 100, 100, 2), []);
  // all the text in one row but for specks: the other band would hold almost nothing
  const lopsided = page([1, 1, 1, 1, 1, 1, 1, 150], 20, 8, 800);
  t.deepEqual(bandCuts(lopsided.data, lopsided.width, lopsided.height, 2), []);
});

const LINES = ['KEDAI BUKU MAJU SDN BHD', 'NO 12 JALAN MAWAR, 81100 JOHOR BAHRU', 'TAX INVOICE 0042', 'Date: 05/03/2018 18:24', 'Exercise book 2 x 4.50   9.00', 'Pen blue 1 x 3.50   3.50', 'Ruler 30cm 1 x 2.00   2.00', 'Eraser 1 x 1.00   1.00', 'TOTAL   RM 15.50', 'CASH   RM 20.00', 'CHANGE   RM 4.50', 'THANK YOU'];

test('a receipt read in two bands at once reads as it does whole, with its boxes in place', async (t) => {
  const size = 18;
  const text = LINES.map((l, i) => `<text x="30" y="${40 + i * size * 1.7}" font-family="DejaVu Sans Mono, monospace" font-size="${size}">${l}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="${60 + LINES.length * size * 1.7}"><rect width="100%" height="100%" fill="white"/>${text}</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const whole = await recognize(png, { document: true, words: true, threads: 1 });
  const banded = await recognize(png, { document: true, words: true, threads: 2 });
  t.regex(banded.passes![0], /2 bands/);
  t.notRegex(whole.passes![0], /bands/);
  t.is(banded.lines.length, whole.lines.length);
  t.regex(banded.text, /KEDAI BUKU MAJU SDN BHD/);
  t.regex(banded.text, /TOTAL\s+RM\s*15\.50/);
  // each line where the whole reading has it (within a few pixels), in the same order
  banded.lines.forEach((line, i) => {
    t.true(Math.abs(line.bbox.y0 - whole.lines[i].bbox.y0) < 4, `${line.text}: ${line.bbox.y0} vs ${whole.lines[i].bbox.y0}`);
  });
  t.true(banded.confidence > 70);
});
