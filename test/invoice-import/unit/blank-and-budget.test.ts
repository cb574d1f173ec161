// What keeps one document from holding an invoice child for minutes: blank pages are
// judged on a small copy and skipped (no full render, no OCR), oversized pages render as
// a person would scan them, and one OCR time budget covers the whole document. Serial:
// OCR tests side by side on a busy machine run into their own time limits.
import test from 'ava';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { inkSummary } from '../../../workers/ocr/blank-page.js';
import { prepareDocumentImage } from '../../../workers/ocr/prepare-document.js';
import { recognize, shutdownOcr } from '../../../workers/ocr/recognize.js';
import { blankPages, openPdf, renderScale, RENDER_SCALE } from '../../../workers/invoice/formats/pdf.js';
import { ocrTokens } from '../../../workers/invoice/formats/image.js';
import { extractInvoice, DEFAULT_EXTRACT_OPTIONS, type OcrFunction } from '../../../workers/invoice/extract.js';
import { UnreadableDocument } from '../../../workers/invoice/types.js';
import { invoicePng, sampleInvoice } from '../../factories/invoices.js';

/** A PDF (no text layer) of pages of the given size, each drawn by `draw`. */
function pdfOf(pages: number, size: [number, number], draw: (doc: PDFKit.PDFDocument, page: number) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, compress: true });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let i = 0; i < pages; i++) draw(doc.addPage({ size, margin: 0 }), i + 1);
    doc.end();
  });
}

/** Three dust specks on white paper. */
const specks = (doc: PDFKit.PDFDocument) => {
  const [w, h] = [doc.page.width, doc.page.height];
  for (const [x, y] of [[0.2, 0.3], [0.7, 0.1], [0.5, 0.8]]) doc.circle(w * x, h * y, w / 400).fill('#222');
};

/** Faint grey print (a worn ribbon), drawn as text glyphs: the PDF's text layer is not used, the page is rendered. */
async function faintPage(grey: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="1754"><rect width="100%" height="100%" fill="white"/>${['ACME SUPPLIES LTD', 'Invoice 4411  Date 2024-03-01', 'Widget blue   2   4.50   9.00', 'Total EUR   9.00']
    .map((l, i) => `<text x="100" y="${200 + i * 60}" font-family="DejaVu Sans" font-size="30" fill="${grey}">${l}</text>`)
    .join('')}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: 'white' }).png().toBuffer();
}

test.after.always(() => shutdownOcr());

const raw = async (png: Buffer) => {
  const { data, info } = await sharp(png).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 1 as const };
};

test.serial('a page with only a few specks is blank; a page of faint print is not', async (t) => {
  const paper = await sharp({ create: { width: 1000, height: 1400, channels: 3, background: '#f4f4f4' } })
    .composite([0, 1, 2].map((i) => ({ input: { create: { width: 3, height: 3, channels: 3 as const, background: '#303030' } }, left: 100 + 300 * i, top: 200 + 400 * i })))
    .png()
    .toBuffer();
  const blank = await raw(paper);
  t.true(inkSummary(blank.data, blank.width, blank.height).blank, 'three specks on grey paper');
  for (const grey of ['#b4b4b4', '#c8c8c8']) {
    const faint = await raw(await faintPage(grey));
    const summary = inkSummary(faint.data, faint.width, faint.height);
    t.false(summary.blank, `faint print ${grey}: ${JSON.stringify(summary)}`);
  }
  // the OCR preparation makes the same call on its small measuring copy, and recognize() reads nothing of a blank page
  t.true((await prepareDocumentImage(paper, { maxInputPixels: 60e6 })).steps.blank);
  t.false((await prepareDocumentImage(await faintPage('#c8c8c8'), { maxInputPixels: 60e6 })).steps.blank);
  const read = await recognize(paper, { document: true, words: true });
  t.deepEqual(read.passes, ['blank page: not read']);
  t.is(read.lines.length, 0);
});

test.serial('a PDF of ten blank 5000 × 5000 pt pages is refused as empty in seconds, without rendering them in full', async (t) => {
  const bomb = await pdfOf(10, [5000, 5000], specks);
  t.true(bomb.length < 8192, `${bomb.length} bytes`);
  const ocrCalls: number[] = [];
  const ocr: OcrFunction = async (images, ...rest) => {
    ocrCalls.push(images.length);
    return ocrTokens(images, ...rest);
  };
  const started = performance.now();
  const err = await t.throwsAsync(extractInvoice(bomb, { ...DEFAULT_EXTRACT_OPTIONS, ocrBudgetMs: 60_000, ocr }), { instanceOf: UnreadableDocument });
  const seconds = (performance.now() - started) / 1000;
  t.is((err as UnreadableDocument).code, 'document_empty');
  t.deepEqual(ocrCalls, [], 'no page was rendered for the OCR, nor read');
  // (each page was ~10 s of OCR at the 40 MP cap; a small render is a few hundredths of a second
  // on an idle core: the bound only catches a return of the full renders on a busy machine)
  t.true(seconds < 40, `${seconds.toFixed(1)} s`);
});

test.serial('blank pages are found on a small render; a page of faint print is not blank', async (t) => {
  const png = await faintPage('#c8c8c8');
  const pdf = await pdfOf(3, [595, 842], (doc, n) => (n === 2 ? doc.image(png, 0, 0, { width: 595 }) : specks(doc)));
  const doc = await openPdf(pdf);
  try {
    const box = { width: 595, height: 842 };
    const blank = await blankPages(doc, [1, 2, 3].map((number) => ({ number, box })));
    t.deepEqual([...blank].sort(), [1, 3]);
  } finally {
    await doc.destroy();
  }
});

test.serial('a scanned invoice with a blank page after it: the blank page is not read, and the preview says so', async (t) => {
  const spec = sampleInvoice();
  const picture = await invoicePng(spec, { scale: 2.5 });
  const pdf = await pdfOf(2, [595.28, 841.89], (doc, n) => (n === 1 ? doc.image(picture, 0, 0, { width: 595.28 }) : specks(doc)));
  const { invoice, stats } = await extractInvoice(pdf, { ...DEFAULT_EXTRACT_OPTIONS, ocrBudgetMs: 60_000 });
  t.is(stats.ocr_pages, 1);
  t.true(invoice.warnings.includes('page 2 was blank: not read'), invoice.warnings.join(' | '));
  t.is(invoice.header.invoice_number.value, spec.number);
});

test.serial('an oversized page renders as it would be scanned (long side ≈ 3,500 px), an A4 page at 200 dpi as before', (t) => {
  t.is(renderScale({ width: 595, height: 842 }, 1), RENDER_SCALE);
  const big = renderScale({ width: 5000, height: 5000 }, 1);
  t.true(Math.abs(5000 * big - 3508) < 2, `${Math.round(5000 * big)} px`);
  // a long strip (a till roll) keeps the pixels of an A4 scan rather than a long side of 3,508 px
  const strip = renderScale({ width: 300, height: 12_000 }, 1);
  t.true(strip * 12_000 > 3508 && strip * strip * 300 * 12_000 <= 2480 * 3508 * 1.001);
});

test.serial('one OCR budget for the document: once spent, the pages left are not read, and ocrTokens says which', async (t) => {
  const page = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#fff' } }).png().toBuffer();
  const spent = { deadline: performance.now() + 100, ms: 100 };
  const ocr = await ocrTokens([page, page, page], 60_000, [4, 5, 6], 1, false, { budget: spent });
  t.deepEqual(ocr.unreadPages, [4, 5, 6]);
  t.is(ocr.tokens.length, 0);
});

test.serial('the budget spent after the first page: the invoice goes to review with what was read and names the pages not read', async (t) => {
  const spec = sampleInvoice();
  const picture = await invoicePng(spec, { scale: 2.5 });
  const pdf = await pdfOf(3, [595.28, 841.89], (doc) => doc.image(picture, 0, 0, { width: 595.28 }));
  const seen: unknown[] = [];
  // the real OCR reads the first page; the budget is over before the others
  const ocr: OcrFunction = async (images, timeoutMs, pages, scales, rendered, options) => {
    seen.push(options?.budget);
    const first = await ocrTokens(images.slice(0, 1), timeoutMs, pages?.slice(0, 1), Array.isArray(scales) ? scales.slice(0, 1) : scales, rendered, options);
    return { ...first, unreadPages: pages!.slice(1) };
  };
  const { invoice, stats } = await extractInvoice(pdf, { ...DEFAULT_EXTRACT_OPTIONS, ocrBudgetMs: 60_000, ocr });
  t.like(seen[0], { ms: 60_000 });
  t.is(stats.ocr_pages, 1);
  t.is(invoice.header.invoice_number.value, spec.number);
  t.true(invoice.warnings.some((w) => /^pages 2, 3 were not read: the document's OCR time \(60 s\) was spent/.test(w)), invoice.warnings.join(' | '));

  // nothing usable read before the budget ran out: the documented 422 ocr_timeout
  const nothing: OcrFunction = async (_images, _t, pages) => ({ tokens: [], pages: [], quality: 0, secondsPerPage: [], unreadPages: pages });
  const err = await t.throwsAsync(extractInvoice(pdf, { ...DEFAULT_EXTRACT_OPTIONS, ocrBudgetMs: 5_000, ocr: nothing }), { instanceOf: UnreadableDocument });
  t.is((err as UnreadableDocument).code, 'ocr_timeout');
  t.regex(err!.message, /budget of 5 s/);
});
