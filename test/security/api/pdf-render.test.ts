// Rendering a scanned PDF page for OCR stays within a pixel budget whatever the page
// box says: the scale is computed from the page size (200 dpi, or less for a big
// page: as it would be scanned, and within the budget), absurd page boxes are a 422
// page_too_large before anything is rendered, and the sandboxed children run with a capped heap. A page that is one picture is read as
// that picture's pixels only within the same budget.
import test from 'ava';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { openPdf, renderPages, renderScale, RENDER_SCALE, DEFAULT_RENDER_MAX_PIXELS, MAX_PAGE_SIDE_PT } from '../../../workers/invoice/formats/pdf.js';
import { extractInvoice } from '../../../workers/invoice/extract.js';
import { UnreadableDocument } from '../../../workers/invoice/types.js';
import { sandboxFor } from '../../../workers/runner.js';
import { testConfig } from '../../helpers/env.js';
import { startApp, type TestApp } from '../../helpers/app.js';
import { owner, preview } from '../../invoice-import/helpers.js';

/** A PDF of blank pages (no text layer: read as scans) of the given sizes in points. */
function blankPdf(sizes: [number, number][]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, compress: true });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const size of sizes) doc.addPage({ size, margin: 0 }).rect(10, 10, 50, 50).fill('#000');
    doc.end();
  });
}

test('the render scale keeps every page within the budget', (t) => {
  t.is(renderScale({ width: 595, height: 842 }, 1), RENDER_SCALE, 'an A4 page renders at 200 dpi');
  const big = renderScale({ width: 5000, height: 5000 }, 1);
  t.true(big < RENDER_SCALE);
  t.true(5000 * big * 5000 * big <= DEFAULT_RENDER_MAX_PIXELS, 'a 5000 pt page is scaled down to the budget');
  // as a person would scan it (the long side of an A4 page at 300 dpi), not as sharp as the budget allows
  t.true(Math.abs(5000 * big - 3508) < 2, `${Math.round(5000 * big)} px a side`);
  t.true(renderScale({ width: 5000, height: 5000 }, 1, 8_000_000) ** 2 * 25e6 <= 8_000_000, 'the budget is configurable');
  for (const box of [{ width: MAX_PAGE_SIDE_PT + 1, height: 100 }, { width: 14_000, height: 14_000 }, { width: 0, height: 842 }, { width: Number.NaN, height: 842 }, { width: Infinity, height: 1 }]) {
    const err = t.throws(() => renderScale(box, 3), { instanceOf: UnreadableDocument });
    t.is((err as UnreadableDocument).code, 'page_too_large');
    t.regex(err!.message, /^Page 3 /);
  }
});

test('a 5000 × 5000 pt scanned page is rendered within the budget, not at 190 megapixels', async (t) => {
  const pdf = await blankPdf([[5000, 5000]]);
  t.true(pdf.length < 4096, 'a tiny file');
  // a budget of 8 MP keeps the test light; the default (40 MP) scales the same way
  const doc = await openPdf(pdf);
  const [render] = await renderPages(doc, [{ number: 1, box: { width: 5000, height: 5000 } }], 8_000_000);
  await doc.destroy();
  const { width, height, channels, data } = render.image;
  t.true(width * height <= 8_000_000, `${width} × ${height}`);
  t.true(width * height > 7_800_000);
  t.is(channels, 1, 'grey pixels');
  t.is(data.length, width * height);
  t.is(render.scale, renderScale({ width: 5000, height: 5000 }, 1, 8_000_000));
  // the black square drawn at (10, 10) pt, on white paper
  const at = (xPt: number, yPt: number) => data[Math.round(yPt * render.scale) * width + Math.round(xPt * render.scale)];
  t.true(at(35, 35) < 10 && at(200, 200) > 245, `${at(35, 35)} / ${at(200, 200)}`);
});

/** A PDF page of 288 × 407 pt holding one 900 × 1272 px picture (225 dpi) with a black square, placed at `at` and `width` pt. */
async function picturePdf(at: [number, number] = [0, 0], width = 288): Promise<Buffer> {
  const square = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1272"><rect width="900" height="1272" fill="white"/><rect x="100" y="100" width="200" height="200" fill="black"/></svg>');
  const png = await sharp(square).flatten({ background: 'white' }).png().toBuffer();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: [288, 407], margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.image(png, at[0], at[1], { width, height: (width * 1272) / 900 });
    doc.end();
  });
}

test('a page that is one picture is read as its pixels, within the budget; any other page is drawn', async (t) => {
  const box = { width: 288, height: 407 };
  const read = async (pdf: Buffer, maxPixels?: number) => {
    const doc = await openPdf(pdf);
    try {
      return (await renderPages(doc, [{ number: 1, box }], maxPixels))[0];
    } finally {
      await doc.destroy();
    }
  };
  const picture = await read(await picturePdf());
  t.deepEqual([picture.image.width, picture.image.height, picture.image.channels], [900, 1272, 1], 'the picture at its own size');
  t.true(Math.abs(picture.scale - 900 / 288) < 1e-9);
  const { data, width } = picture.image;
  t.deepEqual([data[200 * width + 200], data[600 * width + 600]], [0, 255]);

  const placed = await read(await picturePdf([20, 20], 200));
  t.is(placed.scale, RENDER_SCALE, 'a picture not covering the page: the page is drawn at 200 dpi');
  const overBudget = await read(await picturePdf(), 500_000);
  t.true(overBudget.image.width * overBudget.image.height <= 500_000, 'a picture over the budget: the page is drawn within it');
  t.is(overBudget.scale, renderScale(box, 1, 500_000));
});

test('an absurd page box is refused before anything is rendered', async (t) => {
  const pdf = await blankPdf([[595, 842], [30_000, 30_000]]);
  const err = await t.throwsAsync(extractInvoice(pdf, { ocrTimeoutMs: 10_000, maxPages: 10, maxOcrPages: 10 }), { instanceOf: UnreadableDocument });
  t.is((err as UnreadableDocument).code, 'page_too_large');
  t.regex(err!.message, /Page 2 is 30000 × 30000 pt/);
});

test('the sandboxed children run with a capped heap', (t) => {
  for (const queue of ['media', 'invoices'] as const) {
    const sandbox = sandboxFor(queue, testConfig({ SANDBOX_MAX_OLD_SPACE_MB: '768' }));
    const argv = sandbox?.options.workerForkOptions?.execArgv ?? [];
    t.true(argv.includes('--max-old-space-size=768'), `${queue}: ${argv.join(' ')}`);
    t.is(argv.filter((a) => a.startsWith('--max-old-space-size')).length, 1);
  }
  t.is(sandboxFor('mail', testConfig()), null);
});

test.serial('over HTTP: a scanned invoice with an absurd page is a 422 page_too_large', async (t) => {
  let app: TestApp | undefined;
  try {
    app = await startApp({ workers: ['invoices'], env: { JOB_WAIT_MS: '110000' } });
    const o = await owner(app.server);
    const res = await preview(app.server, o, { filename: 'huge.pdf', data: await blankPdf([[20_000, 20_000]]) });
    t.is(res.status, 422, JSON.stringify(res.body));
    t.is(res.body.error.code, 'page_too_large');
    t.regex(res.body.error.message, /20000 × 20000 pt/);
  } finally {
    await app?.stop();
  }
});
