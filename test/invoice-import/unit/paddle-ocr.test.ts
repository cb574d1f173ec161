// The second OCR engine (workers/ocr/paddle-ocr.ts: PaddleOCR models through ONNX Runtime),
// on pictures drawn here: it reads a receipt's lines with their boxes, places words along
// each line, refuses what is not a picture, honours its time limit, and, as the second look
// of extract.ts, supplies the fields a garbled first reading could not.
import test from 'ava';
import sharp from 'sharp';
import { certainty, decode, linePlanes, PADDLE_MAX_SIDE, recognizeLines, shutdownPaddleOcr, toLine } from '../../../workers/ocr/paddle-ocr.js';
import { OcrTimeout, UnreadableImage } from '../../../workers/ocr/recognize.js';
import { ocrTokens } from '../../../workers/invoice/formats/image.js';
import { extractInvoice, DEFAULT_EXTRACT_OPTIONS, type OcrFunction } from '../../../workers/invoice/extract.js';
import type { Token } from '../../../workers/invoice/layout.js';

test.after.always(() => shutdownPaddleOcr());

const RECEIPT = ['KEDAI BUKU MAJU SDN BHD', '(123456-X)', 'NO 12 JALAN MAWAR, 81100 JOHOR BAHRU', 'TAX INVOICE', 'Date: 05/03/2018 18:24', 'Exercise book 2 x 4.50   9.00', 'TOTAL   RM 12.50', 'CASH   RM 20.00', 'CHANGE   RM 7.50'];

async function receiptPicture(width: number, size: number): Promise<Buffer> {
  const lines = RECEIPT.map((t, i) => `<text x="${size * 2}" y="${(i + 2) * size * 1.8}" font-family="DejaVu Sans Mono, monospace" font-size="${size}">${t}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round((RECEIPT.length + 3) * size * 1.8)}"><rect width="100%" height="100%" fill="white"/>${lines}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: 'white' }).jpeg().toBuffer();
}

// (recorded before the engine loads: OpenCV's WebAssembly build adds process-wide error handlers, which the engine removes)
const listenersBefore = [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')];

test.serial('reads a receipt line by line, with boxes and words in reading order', async (t) => {
  const page = await recognizeLines(await receiptPicture(900, 28), { timeoutMs: 60_000 });
  const texts = page.lines.map((l) => l.text.replace(/\s+/g, ' '));
  t.true(texts.some((l) => /KEDAI BUKU MAJU SDN ?BHD/.test(l)), texts.join(' | '));
  t.true(texts.some((l) => /05\/03\/2018/.test(l)), texts.join(' | '));
  t.true(texts.some((l) => /12\.50/.test(l)), texts.join(' | '));
  t.is(page.width, 900);
  for (const line of page.lines) {
    t.true(line.confidence > 0 && line.confidence <= 100);
    const words = line.words ?? [];
    t.true(words.length > 0);
    for (const [i, w] of words.entries()) {
      t.true(w.bbox.x0 >= line.bbox.x0 - 0.5 && w.bbox.x1 <= line.bbox.x1 + 0.5, `${w.text} inside its line`);
      if (i > 0) t.true(w.bbox.x0 > words[i - 1].bbox.x0, `${w.text} after ${words[i - 1].text}`);
    }
  }
  t.deepEqual([process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')], listenersBefore, 'no process-wide handler is left behind');
  // top to bottom: the seller's line comes before the total's
  const y = (re: RegExp) => page.lines.find((l) => re.test(l.text))!.bbox.y0;
  t.true(y(/KEDAI/) < y(/12\.50/));
});

test.serial('a big picture is read shrunk to the engine size', async (t) => {
  const page = await recognizeLines(await receiptPicture(2600, 80), { timeoutMs: 60_000 });
  t.is(Math.max(page.width, page.height), PADDLE_MAX_SIDE);
  t.true(page.lines.some((l) => /12\.50/.test(l.text)), page.text);
});

test.serial('an engine let go (as after ten idle minutes) loads again for the next reading', async (t) => {
  await recognizeLines(await receiptPicture(900, 28), { timeoutMs: 60_000 });
  await shutdownPaddleOcr();
  const page = await recognizeLines(await receiptPicture(900, 28), { timeoutMs: 60_000 });
  t.true(page.lines.some((l) => /12\.50/.test(l.text)), page.text);
});

test('bytes that are no picture are an UnreadableImage', async (t) => {
  await t.throwsAsync(recognizeLines(Buffer.from('%PDF-1.4 not a picture'), { timeoutMs: 5_000 }), { instanceOf: UnreadableImage });
});

test.serial('a reading over its time limit is an OcrTimeout', async (t) => {
  await t.throwsAsync(recognizeLines(await receiptPicture(900, 28), { timeoutMs: 1 }), { instanceOf: OcrTimeout });
});

test('toLine places each word where its characters were read, and a wide gap the recogniser left without a space splits words', (t) => {
  // "TOTAL" at steps 0–8, then a gap, "12.50" at steps 20–28, across 30 steps of a 300 px box
  const chars = [...'TOTAL'].map((char, i) => ({ char, step: i * 2, p: 0.9 })).concat([...'12.50'].map((char, i) => ({ char, step: 20 + i * 2, p: 0.96 })));
  const line = toLine({ reading: { chars, steps: 30 }, box: [[100, 50], [400, 52], [400, 82], [100, 80]] })!;
  t.is(line.text, 'TOTAL 12.50');
  t.is(line.confidence, 93);
  t.deepEqual(line.words!.map((w) => w.text), ['TOTAL', '12.50']);
  t.is(line.words![0].bbox.x0, 100);
  t.true(Math.abs(line.words![0].bbox.x1 - (100 + 9.5 * 10)) < 1e-6);
  t.true(Math.abs(line.words![1].bbox.x0 - (100 + 19.5 * 10)) < 1e-6);
  t.true(line.bbox.y0 > 50 && line.bbox.y1 < 82, 'the padding around the ink is trimmed');
  // characters at their usual pitch stay one word; a space the recogniser read splits
  const spaced = [...'AB CD'].map((char, i) => ({ char, step: i * 2, p: 0.9 }));
  t.deepEqual(toLine({ reading: { chars: spaced, steps: 12 }, box: [[0, 0], [120, 0], [120, 20], [0, 20]] })!.words!.map((w) => w.text), ['AB', 'CD']);
  t.is(toLine({ reading: { chars: [{ char: ' ', step: 1, p: 0.9 }], steps: 4 }, box: [[0, 0], [10, 0], [10, 10], [0, 10]] }), null);
  t.is(toLine({ reading: { chars: [{ char: 'X', step: 1, p: 0.9 }], steps: 4 } }), null);
});

test('decode: the most likely class per step, blanks and repeats dropped, and the mean certainty of the characters kept', (t) => {
  // classes: 0 blank, then the dictionary ['A', 'B', ' ']
  const steps = [
    [0.1, 0.8, 0.05, 0.05], // A
    [0.1, 0.6, 0.2, 0.1], // A again: one A
    [0.9, 0.05, 0.03, 0.02], // blank
    [0.2, 0.7, 0.05, 0.05], // A after a blank: a second A
    [0.1, 0.1, 0.1, 0.7], // space
    [0.1, 0.1, 0.7, 0.1], // B
  ];
  const reading = decode(Float32Array.from(steps.flat()), steps.length, 4, ['A', 'B', ' ']);
  t.is(reading.chars.map((c) => c.char).join(''), 'AA B');
  t.deepEqual(reading.chars.map((c) => c.step), [0, 3, 4, 5]);
  t.true(Math.abs(certainty(reading) - (0.8 + 0.7 + 0.7 + 0.7) / 4) < 1e-6);
});

test.serial('as the second look, it supplies the total and seller that a garbled first reading lost', async (t) => {
  const garbled: Token[] = ['KEDA1 RUNC!T', 'Tota | "7l2.0O', 'Cash Recewed pd', 'Change 38O0'].flatMap((line, row) =>
    line.split(' ').map((w, i) => ({ text: w, page: 1, x0: 10 + i * 80, x1: 70 + i * 80, y: 20 + row * 20, h: 12, conf: 0.4 })),
  );
  const engines: string[] = [];
  const ocr: OcrFunction = async (images, timeoutMs, pageNumbers, scales, rendered, options) => {
    engines.push(options?.engine ?? 'tesseract');
    if (!options?.engine) return { tokens: garbled, pages: [{ width: 600, height: 120 }], quality: 0.4, secondsPerPage: [0.1] };
    return ocrTokens(images, timeoutMs, pageNumbers, scales, rendered, options);
  };
  const { invoice } = await extractInvoice(await receiptPicture(900, 28), { ...DEFAULT_EXTRACT_OPTIONS, ocr });
  t.deepEqual(engines, ['tesseract', 'paddle']);
  t.is(invoice.header.total_amount.value, 12.5);
  t.regex(String(invoice.header.vendor_name.value), /KEDAI BUKU MAJU/);
  t.true(invoice.warnings.some((w) => /another OCR engine/.test(w)));
});

test('linePlanes scales a segment to the recogniser height, keeps its aspect, and puts blue, green, red in that order', (t) => {
  // 4 × 2 RGBA: left half pure red, right half pure blue
  const px = [255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255];
  const { data, width } = linePlanes({ data: new Uint8Array([...px, ...px]), width: 4, height: 2 });
  t.is(width, 96);
  const n = 96 * 48;
  t.is(data.length, 3 * n);
  // plane 0 is blue: dark on the left, bright on the right; plane 2 is red: the other way
  t.true(data[0] < 0.1 && data[95] > 0.9, `${data[0]} ${data[95]}`);
  t.true(data[2 * n] > 0.9 && data[2 * n + 95] < 0.1);
  // green is nowhere
  t.true(data.slice(n, 2 * n).every((v) => v < 0.1));
  t.true(data.every((v) => v >= 0 && v <= 1));
  // a segment taller than the recogniser's height is shrunk to it
  t.is(linePlanes({ data: new Uint8Array(10 * 96 * 4).fill(255), width: 10, height: 96 }).width, 5);
});
