// Readings beyond the first (workers/invoice/second-look.ts, extract.ts): a photo read a
// second time by the second engine when the first reading is unsure of a field, and a text
// PDF's logo picture read for the seller. The OCR step is a stub here, so the test
// controls what each reading sees, and when one fails.
import test from 'ava';
import sharp from 'sharp';
import { extractInvoice, DEFAULT_EXTRACT_OPTIONS, type OcrFunction } from '../../../workers/invoice/extract.js';
import { surerReading } from '../../../workers/invoice/second-look.js';
import type { Token } from '../../../workers/invoice/layout.js';
import { field, UnreadableDocument, type ExtractedInvoice, type ExtractedLine } from '../../../workers/invoice/types.js';

/** a line that only names itself (which reading's lines were kept) */
const lineOf = (description: string): ExtractedLine => ({
  description: field(description, 0.9),
  quantity: field<number>(null, 0),
  unit: field<string>(null, 0),
  unit_price: field<number>(null, 0),
  line_total: field<number>(null, 0),
  sku: field<string>(null, 0),
  barcode: field<string>(null, 0),
});

/** OCR words of printed lines: one token per word, 20 pt rows, each word at the given confidence. */
function ocrOf(lines: string[], conf: number): Awaited<ReturnType<OcrFunction>> {
  const tokens: Token[] = [];
  lines.forEach((line, row) => {
    let x = 10;
    for (const word of line.split(/( {3,})/)) {
      if (/^ +$/.test(word)) {
        x += 8 * word.length;
        continue;
      }
      for (const w of word.split(' ').filter(Boolean)) {
        tokens.push({ text: w, page: 1, x0: x, x1: x + 8 * w.length, y: 20 + 20 * row, h: 12, conf });
        x += 8 * w.length + 8;
      }
    }
  });
  return { tokens, pages: [{ width: 600, height: 40 + 20 * lines.length }], quality: conf, secondsPerPage: [0.1] };
}

const clean = ['KEDAI RUNCIT MAJU SDN BHD', '(123456-X)', 'NO 3, JALAN MAWAR, 40150 SHAH ALAM', 'Date: 04/05/2017', 'SUGAR 1KG      2      2.80      5.60', 'Total Sales Inclusive GST      5.60', 'Cash      10.00', 'Change      4.40'];
const garbled = ['KEDA1 RUNC!T MAJ', '(123456-X)', 'NO 3, JALAN MAWAR, 40150 SHAH ALAM', 'Date: 04/05/2017', 'SUGAR 1KG      2      2.80      5.60', 'Tota | "7l2.0O', 'Cash Recewed      pd', 'Change      38O0'];

const photo = () => sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } }).png().toBuffer();

/** extractInvoice with a stub OCR that answers `readings` in turn and records the options of each call (OCR_THREADS 2, as by default). */
async function extract(readings: (Awaited<ReturnType<OcrFunction>> | Error)[], secondLook?: boolean) {
  const calls: unknown[] = [];
  const ocr: OcrFunction = async (...args) => {
    calls.push(args[5]);
    const reading = readings[Math.min(calls.length - 1, readings.length - 1)];
    if (reading instanceof Error) throw reading;
    return reading;
  };
  const { invoice } = await extractInvoice(await photo(), { ...DEFAULT_EXTRACT_OPTIONS, ocrThreads: 2, ocr, ...(secondLook === false ? { secondLook } : {}) });
  return { invoice, calls };
}

test('a photo whose first reading is unsure of the total is read again by the second engine, and the surer fields kept', async (t) => {
  const { invoice, calls } = await extract([ocrOf(garbled, 0.45), ocrOf(clean, 0.9)]);
  // the first reading by tesseract (in bands, on the workers the setting allows), the second by the other engine
  t.deepEqual(calls, [{ threads: 2 }, { engine: 'paddle', threads: 2 }]);
  t.is(invoice.header.total_amount.value, 5.6);
  t.is(invoice.header.vendor_name.value, 'KEDAI RUNCIT MAJU SDN BHD');
  t.true(invoice.warnings.some((w) => /read a second time/.test(w)));
});

test('a sure first reading is not read again; nor when the caller turns the second look off', async (t) => {
  const sure = await extract([ocrOf(clean, 0.9), ocrOf(garbled, 0.9)]);
  t.is(sure.calls.length, 1);
  t.is(sure.invoice.header.total_amount.value, 5.6);
  const off = await extract([ocrOf(garbled, 0.45), ocrOf(clean, 0.9)], false);
  t.is(off.calls.length, 1);
  t.not(off.invoice.header.total_amount.value, 5.6);
});

test('a second reading that is no surer changes nothing', async (t) => {
  const { invoice, calls } = await extract([ocrOf(clean, 0.15), ocrOf(garbled, 0.1)]);
  t.is(calls.length, 2);
  t.is(invoice.header.total_amount.value, 5.6);
  t.is(invoice.header.vendor_name.value, 'KEDAI RUNCIT MAJU SDN BHD');
  t.false(invoice.warnings.some((w) => /read a second time/.test(w)));
});

test('a second reading that fails (an OCR timeout) leaves the first reading standing, with a warning', async (t) => {
  const { invoice, calls } = await extract([ocrOf(clean, 0.15), new UnreadableDocument('ocr_timeout', 'OCR did not finish within 60 s.')]);
  t.is(calls.length, 2);
  t.is(invoice.header.total_amount.value, 5.6);
  t.true(invoice.warnings.some((w) => /did not finish/.test(w)));
});

test('surerReading takes each field from the surer reading; the item lines stay the first reading\'s unless it has none', (t) => {
  const reading = (vendor: [string, number], total: [number, number], line: string): ExtractedInvoice => ({
    format: 'image',
    header: {
      vendor_name: { value: vendor[0], confidence: vendor[1] },
      invoice_number: { value: null, confidence: 0 },
      invoice_date: { value: '2017-05-04', confidence: 0.9 },
      currency: { value: 'MYR', confidence: 0.9 },
      total_amount: { value: total[0], confidence: total[1] },
    },
    lines: [lineOf(line)],
    pages: 1,
    warnings: [],
  });
  const merged = surerReading(reading(['KEDAI MAJU', 0.9], [712, 0.2], 'first'), reading(['KEDA1', 0.4], [12, 0.8], 'second'));
  t.is(merged.header.vendor_name.value, 'KEDAI MAJU');
  t.is(merged.header.total_amount.value, 12);
  t.is(merged.header.invoice_date.value, '2017-05-04');
  t.is(merged.lines[0].description.value, 'first');
  t.regex(merged.warnings[0], /total_amount/);
  const lineless = { ...reading(['KEDAI MAJU', 0.9], [712, 0.2], 'first'), lines: [] };
  t.is(surerReading(lineless, reading(['KEDA1', 0.4], [12, 0.8], 'second')).lines[0].description.value, 'second');
});

test('a text PDF whose logo picture the OCR cannot read keeps what its text says, with a warning', async (t) => {
  const { default: PDFDocument } = await import('pdfkit');
  const logo = await sharp({ create: { width: 400, height: 80, channels: 3, background: '#246' } }).png().toBuffer();
  const doc = new PDFDocument({ size: 'A4', margin: 50 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.image(logo, 50, 40, { width: 200 });
  doc.fontSize(11).text('INVOICE', 50, 120).text('Invoice No: 2024-118').text('Invoice date: 05.01.2024').text('Total EUR 10.00');
  doc.end();
  await done;
  let calls = 0;
  const ocr: OcrFunction = async () => {
    calls++;
    throw new UnreadableDocument('ocr_timeout', 'OCR did not finish within 60 s.');
  };
  const { invoice } = await extractInvoice(Buffer.concat(chunks), { ...DEFAULT_EXTRACT_OPTIONS, ocr });
  t.is(calls, 1, 'the picture was tried');
  t.is(invoice.header.invoice_number.value, '2024-118');
  t.is(invoice.header.total_amount.value, 10);
  t.true(invoice.warnings.some((w) => /pictures on the first page could not be read/.test(w)));
});

test('a document number from a weak label yields to the second reading\'s under a strong one, for review; a sure first number stays', (t) => {
  const reading = (number: [string | null, number]): ExtractedInvoice => ({
    format: 'image',
    header: {
      vendor_name: { value: 'LE FOURNISSEUR', confidence: 0.9 },
      invoice_number: { value: number[0], confidence: number[1] },
      invoice_date: { value: '2026-01-31', confidence: 0.9 },
      currency: { value: 'EUR', confidence: 0.9 },
      total_amount: { value: 104.9, confidence: 0.5 },
    },
    lines: [],
    pages: 1,
    warnings: [],
  });
  // "C_FO: ART_1254" (an article's code) in the first; "FACTURE N°: F20260023" in the second
  const weak = surerReading(reading(['ART_1254', 0.76]), reading(['F20260023', 0.98])).header.invoice_number;
  t.is(weak.value, 'F20260023');
  t.true(weak.confidence < 0.9, 'two engines disagreed: for review');
  t.is(surerReading(reading([null, 0]), reading(['F20260023', 0.98])).header.invoice_number.confidence, 0.98);
  t.is(surerReading(reading(['F20260023', 0.95]), reading(['F2O26OO23', 0.98])).header.invoice_number.value, 'F20260023');
  t.is(surerReading(reading(['F20260026', 0.7]), reading(['F2026002G', 0.98])).header.invoice_number.value, 'F20260026', 'one number with a character read differently: the first reading stands');
  t.is(surerReading(reading(['ART_1254', 0.76]), reading(['F20260023', 0.85])).header.invoice_number.value, 'ART_1254', 'an unsure second number is no better');
});
