// OCR of receipt photos (workers/ocr/prepare-document.ts and recognize(…, {document})):
// a small slip in the middle of a big scan is cropped and enlarged, a skewed one is
// straightened, a photo's EXIF orientation is honoured, a dim one is still read, and a
// blank picture is no error. Each picture is drawn here (sharp from SVG). A rendered PDF
// page arrives as grey pixels, not a PNG: it reads as its PNG does, within the same pixel
// guard, and a shaded one is binarised into pixels again.
import test from 'ava';
import sharp from 'sharp';
import { greyRange, prepareDocumentImage } from '../../../workers/ocr/prepare-document.js';
import { orientationSuspect, recognize, shutdownOcr, type OcrLine } from '../../../workers/ocr/recognize.js';
import { extractInvoice, DEFAULT_EXTRACT_OPTIONS } from '../../../workers/invoice/extract.js';
import { flattenShading, ocrTokens } from '../../../workers/invoice/formats/image.js';
import { UnreadableImage } from '../../../workers/ocr/recognize.js';
import type { RawPicture } from '../../../workers/ocr/picture.js';

test.after.always(() => shutdownOcr());

const RECEIPT = ['KEDAI BUKU MAJU SDN BHD', '(123456-X)', 'NO 12 JALAN MAWAR, 81100 JOHOR BAHRU', 'TAX INVOICE', 'Date: 05/03/2018 18:24', 'Exercise book 2 x 4.50   9.00', 'Pen blue 1 x 3.50   3.50', 'TOTAL   RM 12.50', 'CASH   RM 20.00', 'CHANGE   RM 7.50', 'THANK YOU'];

/** A receipt of `lines` at `size` px text, placed at (x, y) on a page of w × h, optionally rotated and greyed. */
async function receiptPicture(opts: { w: number; h: number; x: number; y: number; size: number; rotate?: number; ink?: string; paper?: string }): Promise<Buffer> {
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const lines = RECEIPT.map((t, i) => `<text x="${opts.x}" y="${opts.y + (i + 1) * opts.size * 1.6}" font-family="DejaVu Sans Mono, monospace" font-size="${opts.size}" fill="${opts.ink ?? 'black'}">${esc(t)}</text>`).join('');
  const group = opts.rotate ? `<g transform="rotate(${opts.rotate} ${opts.w / 2} ${opts.h / 2})">${lines}</g>` : lines;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${opts.w}" height="${opts.h}"><rect width="100%" height="100%" fill="${opts.paper ?? 'white'}"/>${group}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: opts.paper ?? 'white' }).png().toBuffer();
}

test('a small slip in the middle of a big page is cropped to its text and enlarged, then read', async (t) => {
  const png = await receiptPicture({ w: 1600, h: 2200, x: 560, y: 700, size: 11 });
  const p = await prepareDocumentImage(png, { maxInputPixels: 60e6 });
  t.true(p.steps.crop.width < 900 && p.steps.crop.height < 1000, JSON.stringify(p.steps));
  t.true(p.steps.scale > 1.5, `scaled ${p.steps.scale}`);
  t.is(p.width, 1600);
  const { invoice } = await extractInvoice(png, DEFAULT_EXTRACT_OPTIONS);
  t.is(invoice.header.total_amount.value, 12.5);
  t.is(invoice.header.invoice_date.value, '2018-03-05');
  t.is(invoice.header.currency.value, 'MYR');
  t.regex(String(invoice.header.vendor_name.value), /KEDAI BUKU MAJU/);
  // word boxes are in the page's own pixels (the crop and the scaling undone)
  const r = await recognize(png, { document: true, words: true });
  const total = r.lines.find((l) => /TOTAL/.test(l.text))!;
  t.true(total.bbox.x0 > 500 && total.bbox.x0 < 700, JSON.stringify(total.bbox));
});

/** A page-wide printout (an A4 invoice at 150 dpi) of `rows` long lines, turned by `rotate` degrees (clockwise). */
async function widePage(rotate: number, w = 1240, h = 1754): Promise<Buffer> {
  const row = 'Pos 12  Lieferung Ersatzteile laut Auftrag 4711   3 Stk   12,50 EUR   37,50 EUR   19 %';
  const text = Array.from({ length: 40 }, (_, i) => `<text x="60" y="${120 + i * 34}" font-family="DejaVu Sans, sans-serif" font-size="17">${row}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="white"/><g transform="rotate(${rotate} ${w / 2} ${h / 2})">${text}</g></svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: 'white' }).png().toBuffer();
}

/** The skew the preparation finds in its own output: ~0 once the picture is truly straightened. */
async function skewLeft(png: Buffer): Promise<number> {
  const p = await prepareDocumentImage(png, { maxInputPixels: 60e6 });
  const out = await sharp(p.pixels.data, { raw: { width: p.pixels.width, height: p.pixels.height, channels: 1 } }).png().toBuffer();
  return (await prepareDocumentImage(out, { maxInputPixels: 60e6 })).steps.skew;
}

test('a turned page is turned back, not further: its prepared picture has no skew left, either way', async (t) => {
  for (const deg of [2.5, -2.5]) {
    const png = await widePage(deg);
    const p = await prepareDocumentImage(png, { maxInputPixels: 60e6 });
    t.true(Math.abs(p.steps.skew - deg) <= 0.15, `turned ${deg}°, measured ${p.steps.skew}°`);
    // (turned the wrong way, the prepared picture would be twice as skewed)
    t.true(Math.abs(await skewLeft(png)) <= 0.3, `turned ${deg}°: skew left after preparation`);
  }
});

test('skew is measured to a tenth of a degree; a wide page is straightened from 0.3°, a narrow slip keeps a small skew', async (t) => {
  const p = await prepareDocumentImage(await widePage(0.8), { maxInputPixels: 60e6 });
  t.true(Math.abs(p.steps.skew - 0.8) <= 0.15, `measured ${p.steps.skew}°`);
  // half a degree over a page's width drifts a row by half its height: straightened
  const wide = await prepareDocumentImage(await widePage(0.5), { maxInputPixels: 60e6 });
  t.true(Math.abs(wide.steps.skew - 0.5) <= 0.15, `wide page: ${wide.steps.skew}°`);
  // the same on a slip a third as wide is left to the engine
  const slip = await prepareDocumentImage(await receiptPicture({ w: 900, h: 900, x: 150, y: 180, size: 20, rotate: 0.5 }), { maxInputPixels: 60e6 });
  t.is(slip.steps.skew, 0);
});

test('word boxes of a straightened picture are mapped back to where the words are on the turned picture', async (t) => {
  const skewed = await receiptPicture({ w: 900, h: 900, x: 150, y: 180, size: 20, rotate: 4 });
  const r = await recognize(skewed, { document: true, words: true });
  const total = r.lines.find((l) => /TOTAL/.test(l.text))!;
  t.truthy(total, r.text);
  const word = total.words!.find((w) => /TOTAL/.test(w.text))!;
  // drawn at x 150-210, baseline 436 (centre ~429), then turned 4° clockwise about (450, 450)
  const [dx, dy] = [180 - 450, 429 - 450];
  const rad = (4 * Math.PI) / 180;
  const expected = { x: 450 + dx * Math.cos(rad) - dy * Math.sin(rad), y: 450 + dx * Math.sin(rad) + dy * Math.cos(rad) };
  const centre = { x: (word.bbox.x0 + word.bbox.x1) / 2, y: (word.bbox.y0 + word.bbox.y1) / 2 };
  t.true(Math.abs(centre.x - expected.x) < 15 && Math.abs(centre.y - expected.y) < 12, `centre ${JSON.stringify(centre)}, expected ${JSON.stringify(expected)}`);
});

test('a slip photographed a few degrees askew is straightened; a dim one is still read', async (t) => {
  const skewed = await receiptPicture({ w: 900, h: 900, x: 150, y: 180, size: 20, rotate: 4 });
  const p = await prepareDocumentImage(skewed, { maxInputPixels: 60e6 });
  t.true(Math.abs(Math.abs(p.steps.skew) - 4) <= 1, `skew ${p.steps.skew}`);
  const r = await recognize(skewed, { document: true });
  t.regex(r.text, /TOTAL\s+RM\s*12\.50/);

  const dim = await receiptPicture({ w: 900, h: 900, x: 150, y: 180, size: 20, ink: '#8a8a8a', paper: '#b4b4b4' });
  t.regex((await recognize(dim, { document: true })).text, /TOTAL\s+RM\s*12\.50/);
  // the stretch maps paper to white and ink to black, and hands the engine one grey channel
  const prepared = await prepareDocumentImage(dim, { maxInputPixels: 60e6 });
  t.is(prepared.pixels.channels, 1);
  const { width, height } = prepared.pixels;
  const header = `P5\n${width} ${height}\n255\n`;
  const pgm = prepared.encode();
  t.is(pgm.subarray(0, header.length).toString('latin1'), header);
  t.is(pgm.length, header.length + width * height);
  // a band of rows: its own header, its rows' bytes
  const band = prepared.encode({ top: 10, height: 20 });
  t.is(band.subarray(0, 20).toString('latin1').split('\n').slice(0, 2).join(' '), `P5 ${width} 20`);
  t.deepEqual(band.subarray(band.length - width * 20), prepared.pixels.data.subarray(10 * width, 30 * width));
  const data = prepared.pixels.data;
  const levels = data.reduce((r, v) => ({ min: Math.min(r.min, v), max: Math.max(r.max, v) }), { min: 255, max: 0 });
  t.is(levels.max, 255);
  t.true(levels.min < 40, `darkest ${levels.min}`);
});

test('the contrast stretch reads its range off the text box, ignoring the outermost 0.1 %', (t) => {
  const data = Buffer.alloc(100 * 100, 180);
  for (let i = 0; i < 3000; i++) data[(20 + Math.floor(i / 60)) * 100 + 20 + (i % 60)] = 90; // ink
  data[0] = 0; // a speck outside the box
  const r = greyRange(data, 100, { left: 10, top: 10, width: 80, height: 80 }, 0.001, 0.999);
  t.deepEqual(r, { lo: 90, hi: 180 });
});

test("a phone photo's EXIF orientation is honoured; a blank picture is no error", async (t) => {
  const upright = await receiptPicture({ w: 700, h: 500, x: 40, y: 20, size: 16 });
  // stored turned a quarter, with the EXIF tag that says how to show it
  const sideways = await sharp(upright).rotate(-90).jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toBuffer();
  const p = await prepareDocumentImage(sideways, { maxInputPixels: 60e6 });
  t.deepEqual([p.width, p.height], [700, 500]);
  t.regex((await recognize(sideways, { document: true })).text, /CHANGE\s+RM\s*7\.50/);

  const blank = await sharp({ create: { width: 400, height: 600, channels: 3, background: 'white' } }).png().toBuffer();
  const b = await prepareDocumentImage(blank, { maxInputPixels: 60e6 });
  t.deepEqual(b.steps.crop, { left: 0, top: 0, width: 400, height: 600 });
  t.is(b.steps.scale, 1);
});

test('a photo taken sideways or upside down without an EXIF orientation is turned and read', async (t) => {
  // a long slip: the receipt printed twice over
  const half = await receiptPicture({ w: 420, h: 260, x: 20, y: 0, size: 13 });
  const upright = await sharp({ create: { width: 420, height: 520, channels: 3, background: 'white' } })
    .composite([{ input: half, top: 0, left: 0 }, { input: half, top: 260, left: 0 }])
    .png()
    .toBuffer();
  for (const angle of [90, 180, 270]) {
    const turned = await sharp(upright).rotate(angle).jpeg({ quality: 92 }).toBuffer();
    const { invoice } = await extractInvoice(turned, DEFAULT_EXTRACT_OPTIONS);
    t.is(invoice.header.total_amount.value, 12.5, `${angle}°`);
    t.is(invoice.header.vendor_name.value, 'KEDAI BUKU MAJU SDN BHD', `${angle}°`);
  }
});

test('a reading whose words run down the picture, right to left, or is mostly unsure is suspected of being turned', (t) => {
  const word = (text: string, x0: number, y0: number, w: number, h: number, confidence = 90) => ({ text, confidence, bbox: { x0, y0, x1: x0 + w, y1: y0 + h } });
  const line = (words: ReturnType<typeof word>[]): OcrLine => ({ text: words.map((w) => w.text).join(' '), confidence: 90, bbox: words[0].bbox, words });
  const rows = (f: (i: number, j: number) => ReturnType<typeof word>) => Array.from({ length: 4 }, (_, i) => line(Array.from({ length: 3 }, (_, j) => f(i, j))));
  t.is(orientationSuspect({ lines: rows((i, j) => word('TOTAL', 10 + 60 * j, 20 * i, 50, 12)) }), null);
  t.is(orientationSuspect({ lines: rows((i, j) => word('TOTAL', 20 * i, 10 + 60 * j, 12, 50)) }), 'quarter');
  t.is(orientationSuspect({ lines: rows((i, j) => word('TOTAL', 300 - 60 * j, 20 * i, 50, 12)) }), 'half');
  t.is(orientationSuspect({ lines: rows((i, j) => word('TOTAL', 10 + 60 * j, 20 * i, 50, 12, 35)) }), 'half');
});

test('faint dot-matrix print (strokes of separate dots, grey ink) is read again, harder stretched or with its dots joined', async (t) => {
  const size = 22;
  const text = RECEIPT.map((line, i) => `<text x="20" y="${30 + i * size * 1.7}" font-family="DejaVu Sans Mono, monospace" font-weight="bold" font-size="${size}" fill="url(#d)">${line.replace(/&/g, '&amp;')}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size * 26}" height="${size * 24}"><defs><pattern id="d" width="4" height="4" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.2" fill="#777"/></pattern></defs><rect width="100%" height="100%" fill="#f4f4f4"/>${text}</svg>`;
  const png = await sharp(Buffer.from(svg)).flatten({ background: '#f4f4f4' }).png().toBuffer();
  const r = await recognize(png, { document: true, words: true });
  t.true(r.passes?.some((p) => p.startsWith('dots joined') || p.startsWith('harder stretch')), r.passes?.join('; '));
  t.regex(r.text, /TOTAL\s+RM\s*12\.50/);
  // the readings beyond the first are counted (a picture of noise is slow to read and never better for rereading)
  const hurried = await recognize(png, { document: true, words: true, extraReadings: 0 });
  t.is(hurried.passes?.length, 1, hurried.passes?.join('; '));
});

test('a picture handed over as grey pixels reads as its PNG does; an oversized one is refused', async (t) => {
  const png = await receiptPicture({ w: 700, h: 700, x: 40, y: 40, size: 18 });
  const { data, info } = await sharp(png).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  const pixels: RawPicture = { data, width: info.width, height: info.height, channels: 1 };
  const fromPng = await ocrTokens([png], 60_000);
  const fromPixels = await ocrTokens([pixels], 60_000);
  t.deepEqual(fromPixels.tokens, fromPng.tokens);
  t.deepEqual(fromPixels.pages, [{ width: 700, height: 700 }]);
  t.true(fromPixels.tokens.some((w) => w.text === '12.50'), fromPixels.tokens.map((w) => w.text).join(' '));
  await t.throwsAsync(prepareDocumentImage(pixels, { maxInputPixels: 400 * 400 }), { message: /pixel limit/ });
  await t.throwsAsync(prepareDocumentImage({ ...pixels, channels: 4, data: Buffer.alloc(700 * 700 * 4) }, { maxInputPixels: 400 * 400 }), { message: /pixel limit/ });
  await t.throwsAsync(recognize({ ...pixels, width: 9000, height: 9000 }, { document: true }), { instanceOf: UnreadableImage });
});

test('a rendered page with shaded bands is binarised into grey pixels; a plain one is left as it is', async (t) => {
  const width = 800;
  const height = 1000;
  const page = Buffer.alloc(width * height, 255);
  page.fill(60, 100 * width, 104 * width); // a rule
  for (let y = 200; y < 1000; y += 100) page.fill(200, y * width, (y + 30) * width); // grey bands: 24 % of the page
  const shaded: RawPicture = { data: page, width, height, channels: 1 };
  const flat = (await flattenShading(shaded)) as RawPicture;
  t.not(flat, shaded);
  t.deepEqual([flat.width, flat.height, flat.channels], [width, height, 1]);
  t.deepEqual([...new Set(flat.data)].sort((a, b) => a - b), [0, 255]);
  t.is(flat.data[102 * width], 0, 'the rule stays ink');
  t.is(flat.data[210 * width], 255, 'a band becomes paper');
  const plain: RawPicture = { data: Buffer.alloc(width * height, 255).fill(60, 100 * width, 104 * width), width, height, channels: 1 };
  t.is(await flattenShading(plain), plain);
});
