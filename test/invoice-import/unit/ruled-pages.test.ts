// Ruled pages (workers/ocr/dashed-lines.ts, measure-page.ts): dashed lines between a
// table's rows are taken off a scanned page before the OCR engine reads it (solid lines
// stay), and a table's column lines do not join its rows when the row height is measured. Pixels are drawn here; the whole page is an SVG drawn by sharp.
import test from 'ava';
import sharp from 'sharp';
import { removeDashedLines } from '../../../workers/ocr/dashed-lines.js';
import { measure } from '../../../workers/ocr/measure-page.js';
import { shutdownOcr } from '../../../workers/ocr/recognize.js';
import { extractInvoice, DEFAULT_EXTRACT_OPTIONS } from '../../../workers/invoice/extract.js';

test.after.always(() => shutdownOcr());

/** A white page of w × h grey pixels, with `paint(set)` drawing ink (0) on it. */
function page(w: number, h: number, paint: (set: (x: number, y: number, v?: number) => void) => void) {
  const data = Buffer.alloc(w * h, 255);
  paint((x, y, v = 0) => {
    if (x >= 0 && x < w && y >= 0 && y < h) data[y * w + x] = v;
  });
  return { data, width: w, height: h };
}
const box = (set: (x: number, y: number, v?: number) => void, x0: number, y0: number, x1: number, y1: number, v = 0) => {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) set(x, y, v);
};
const inkIn = (p: { data: Buffer; width: number }, x0: number, y0: number, x1: number, y1: number) => {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (p.data[y * p.width + x] < 200) n++;
  return n;
};

test('a dashed line along a row goes, with its grey edge and where a column line crosses it; a letter touching a dash keeps its stroke', (t) => {
  const p = page(800, 300, (set) => {
    for (let x = 40; x < 760; x += 20) box(set, x, 50, x + 12, 52), box(set, x, 52, x + 12, 53, 160); // 36 dashes of 12 px, 8 px apart, a grey edge under them
    box(set, 300, 20, 302, 280); // a column line crossing the dashes: it stays, but where it crosses
    box(set, 121, 30, 124, 53); // a letter's stem (23 px) touching a dash from above
  });
  t.true(removeDashedLines(p, 30) > 0);
  t.is(inkIn(p, 0, 48, 120, 55) + inkIn(p, 125, 48, 298, 55) + inkIn(p, 304, 48, 800, 55), 0, 'the dashes and their grey edge are gone');
  t.is(inkIn(p, 121, 30, 124, 53), 3 * 23, 'the stem is whole');
  t.is(inkIn(p, 300, 20, 302, 280), 2 * (260 - 5), 'the column line stays, but where it crossed the dashes (and a pixel either side)');
});

test('a few dashes, solid rules (also broken by the scan), column lines, a thick bar, text and short lines stay', (t) => {
  const p = page(800, 400, (set) => {
    for (let x = 40; x < 140; x += 20) box(set, x, 150, x + 12, 152); // 5 dashes: a row of minus signs, say
    box(set, 40, 30, 760, 32); // a solid rule
    for (let x = 40; x < 760; x++) if (x % 97 > 3) box(set, x, 100, x + 1, 102); // a solid rule the scan broke in places
    box(set, 600, 150, 602, 390); // a column line
    box(set, 40, 200, 560, 220); // a bar 20 px thick (reverse-video heading): not a rule
    box(set, 40, 300, 120, 302); // a line under a word, shorter than 5 rows
    for (let x = 200; x < 560; x += 14) box(set, x, 290, x + 3, 320); // letters' stems along a row
  });
  const before = Buffer.from(p.data);
  t.is(removeDashedLines(p, 30), 0);
  t.true(before.equals(p.data));
});

test('a scanned dashed line that wanders by a pixel goes too', (t) => {
  const p = page(800, 200, (set) => {
    for (let x = 40; x < 760; x += 20) {
      const y = 100 + Math.floor((x - 40) / 240); // steps down a pixel every 240 px, a dash at a time
      box(set, x, y, x + 12, y + 2);
    }
  });
  removeDashedLines(p, 30);
  t.is(inkIn(p, 0, 95, 800, 110), 0);
});

test('without a measured row height nothing is taken off', (t) => {
  const p = page(800, 100, (set) => {
    for (let x = 40; x < 760; x += 20) box(set, x, 50, x + 12, 52);
  });
  t.is(removeDashedLines(p, 0), 0);
  t.is(inkIn(p, 0, 50, 800, 52), 36 * 12 * 2);
});

test("a table's column lines do not join its rows: the row height is the text's, with or without them", (t) => {
  const rows = (withRules: boolean) =>
    page(1000, 1400, (set) => {
      // rows of "letters" 14 px high, 30 px apart, with a soft (grey) right edge as print has
      for (let r = 0; r < 40; r++) for (let x = 60; x < 940; x += 16) box(set, x, 100 + r * 30, x + 9, 100 + r * 30 + 14), box(set, x + 9, 100 + r * 30, x + 10, 100 + r * 30 + 14, 128);
      if (withRules) for (const x of [50, 300, 600, 950]) box(set, x, 90, x + 2, 1310);
    });
  const plain = measure(rows(false).data, 1000, 1400, false).rowHeight;
  const ruled = measure(rows(true).data, 1000, 1400, false).rowHeight;
  t.true(plain >= 13 && plain <= 16, `plain ${plain}`);
  t.is(ruled, plain);
});

/** An A4 invoice at 200 dpi: the seller's box, a ruled table with column lines and dashed row lines, a boxed total. */
async function ruledInvoice(): Promise<{ png: Buffer; total: number }> {
  const text = (x: number, y: number, s: string, weight = 'normal') => `<text x="${x}" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="26" font-weight="${weight}">${s}</text>`;
  const parts = [`<rect x="60" y="60" width="1534" height="2200" fill="none" stroke="black" stroke-width="3"/>`, text(100, 140, 'Harbour Light Printing Co', 'bold'), text(100, 190, '12 Quay Street, Auckland 1010'), text(100, 230, 'GST No 123-456-789')];
  parts.push(`<rect x="1100" y="100" width="450" height="200" fill="none" stroke="black" stroke-width="3"/>`, text(1120, 150, 'Invoice'), text(1300, 150, '7302924'), text(1120, 200, 'Inv Date'), text(1300, 200, '3/8/2020'));
  const top = 480;
  const rowH = 50;
  parts.push(`<rect x="80" y="${top}" width="1494" height="${rowH * 14}" fill="none" stroke="black" stroke-width="3"/>`);
  for (const x of [300, 900, 1150, 1350]) parts.push(`<line x1="${x}" y1="${top}" x2="${x}" y2="${top + rowH * 14}" stroke="black" stroke-width="3"/>`);
  parts.push(text(100, top + 35, 'Line'), text(320, top + 35, 'Description'), text(920, top + 35, 'Qty'), text(1170, top + 35, 'Rate'), text(1370, top + 35, 'Amount'));
  parts.push(`<line x1="80" y1="${top + rowH}" x2="1574" y2="${top + rowH}" stroke="black" stroke-width="3"/>`);
  const items: [string, number, number][] = [['Flyers A5 colour', 4, 37.5], ['Business cards', 2, 45], ['Poster A2', 6, 12.25], ['Banner 2m', 1, 180], ['Stickers round', 10, 3.4], ['Letterheads', 3, 29.9], ['Envelopes C5', 5, 8.8], ['Menu cards', 8, 6.75], ['Roll-up stand', 1, 95], ['Booklets 16pp', 2, 61.2]];
  let sum = 0;
  items.forEach(([d, q, r], i) => {
    const y = top + rowH * (i + 2) - 15;
    const amount = Math.round(q * r * 100) / 100;
    sum += amount;
    parts.push(text(100, y, String(i + 1)), text(320, y, d), text(920, y, String(q)), text(1170, y, r.toFixed(2)), text(1370, y, amount.toFixed(2)));
    parts.push(`<line x1="80" y1="${y + 15}" x2="1574" y2="${y + 15}" stroke="black" stroke-width="2" stroke-dasharray="12 8"/>`);
  });
  const gst = Math.round(sum * 15) / 100;
  const total = Math.round((sum + gst) * 100) / 100;
  const ty = top + rowH * 14 + 20;
  parts.push(`<rect x="1100" y="${ty}" width="474" height="170" fill="none" stroke="black" stroke-width="3"/>`, text(1120, ty + 45, 'Subtotal'), text(1370, ty + 45, sum.toFixed(2)), text(1120, ty + 95, 'GST 15%'), text(1370, ty + 95, gst.toFixed(2)), text(1120, ty + 145, 'Total NZD', 'bold'), text(1370, ty + 145, total.toFixed(2), 'bold'));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1654" height="2339"><rect width="100%" height="100%" fill="white"/>${parts.join('')}</svg>`;
  return { png: await sharp(Buffer.from(svg)).flatten({ background: 'white' }).grayscale().png().toBuffer(), total };
}

test('a scanned invoice with a ruled table is read row by row, and its boxed number and total are found', async (t) => {
  const { png, total } = await ruledInvoice();
  const { invoice } = await extractInvoice(png, DEFAULT_EXTRACT_OPTIONS);
  t.is(invoice.header.invoice_number.value, '7302924');
  t.is(invoice.header.total_amount.value, total);
  t.is(invoice.header.currency.value, 'NZD');
  // the table's rows sit between column lines and dashed row lines: every one is read
  t.is(invoice.lines.length, 10, invoice.lines.map((l) => l.description.value).join(' | '));
});
