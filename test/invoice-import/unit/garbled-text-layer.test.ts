// A scanned page whose text layer is another program's failed OCR (workers/invoice/formats/legibility.ts):
// the page is read from its picture instead; a legible text layer, or one in another script, is kept.
// Serial: the OCR tests share the machine's cores.
import test from 'ava';
import PDFDocument from 'pdfkit';
import { ILLEGIBLE_SHARE, illegiblePages, illegibleShare } from '../../../workers/invoice/formats/legibility.js';
import { shutdownOcr } from '../../../workers/ocr/recognize.js';
import { extractInvoice, DEFAULT_EXTRACT_OPTIONS } from '../../../workers/invoice/extract.js';
import { invoicePng, sampleInvoice } from '../../factories/invoices.js';

test.after.always(() => shutdownOcr());

// what a failed OCR layer of a faxed invoice holds (public scans, 2020)
const GARBLED = [
  'remT TOSm*eoadcast chWJA0 A{.hBy Urhoraalledhgflel F0Bnffitl) Bry BRSMI€.$OTT',
  'JAC Ddhs,IX753ffi4?m Sd!.Fron Tohtu0pt{,FhH*hh(E0a ph:(810)2$4tm P$eer',
  'Bild s4fl6mtfi43(1ffi7{4} CO{filMuTypc trM,lmnd rcdTwr ltronrUnorucdHrofe@EnD Prlrgr',
  'Effinrll 1fi{3/tHOtSS Oen. DdB fipon 1$1ffU DrrD Aiffi krnCm cornr.*r',
  'OFFICIAL BILLI}IG Iil\\\'OICE il* 3O-PaVme* ii dre rd,ttrln 30 &f, llur lnste',
];

const CLEAN = [
  'Musterlieferant GmbH · Lieferantenstraße 20 · 80333 München · USt.-IdNr. DE123456789',
  'Rechnung Nr. 471102 vom 05.03.2024 · Kundennummer 1234 · www.example-shop.de · info@example-shop.de',
  'Pos. Artikel Menge Einzelpreis Gesamt USt. 19 % AFATV2027H Trennblätter A4 20 9,90 198,00',
  'QualityHosting iPhone-Hülle MacBook Zahlbar innerhalb von 14 Tagen ohne Abzug (netto) an IBAN DE02 1203 0000 0000 2020 51',
  'https://www.example-shop.de/rechnung?id=471102&lang=de Gesamtbetrag EUR 235,62 Vielen Dank für Ihren Einkauf!',
];

test('the share of illegible words: a failed OCR layer is over the line, clean invoice text far under it', (t) => {
  t.true(illegibleShare(GARBLED)! >= ILLEGIBLE_SHARE, String(illegibleShare(GARBLED)));
  t.true(illegibleShare(CLEAN)! < ILLEGIBLE_SHARE / 2, String(illegibleShare(CLEAN)));
  // too few words to judge; a page in another script is not judged by Latin words' rules
  t.is(illegibleShare(['A{.hBy BRSMI€.$OTT Tohtu0pt{,FhH*hh(E0a']), null);
  t.is(illegibleShare(['請求書番号：12345 「株式会社サンプル」 合計金額：¥10,800（税込） 支払期限：2024年3月31日 '.repeat(6)]), null);
  // pages are judged one by one
  const tokens = [...CLEAN.map((text) => ({ text, page: 1 })), ...GARBLED.map((text) => ({ text, page: 2 })), ...CLEAN.map((text) => ({ text, page: 3 }))];
  t.deepEqual(illegiblePages(tokens, 3), [2]);
});

/** A scanned invoice (its picture) with an invisible text layer over it, as a scanner's OCR writes one. */
async function scanWithTextLayer(lines: string[]): Promise<{ pdf: Buffer; number: string }> {
  const spec = sampleInvoice();
  const picture = await invoicePng(spec, { scale: 2.5 });
  const doc = new PDFDocument({ size: 'A4', margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.image(picture, 0, 0, { width: 595.28 });
  doc.save();
  doc.addContent('3 Tr'); // text rendering mode 3: neither filled nor stroked, the way OCR layers are written
  lines.forEach((line, i) => doc.fontSize(9).text(line, 40, 60 + i * 14, { lineBreak: false }));
  doc.restore();
  doc.end();
  return { pdf: await done, number: spec.number };
}

test.serial('a scanned page under a garbled text layer is read by OCR, and the preview says why', async (t) => {
  const { pdf, number } = await scanWithTextLayer(GARBLED);
  const { invoice, stats } = await extractInvoice(pdf, { ...DEFAULT_EXTRACT_OPTIONS, secondLook: false });
  t.is(stats.ocr_pages, 1);
  t.is(invoice.format, 'pdf-scan');
  t.is(invoice.header.invoice_number.value, number);
  t.true(invoice.warnings.some((w) => /text layer of page 1 is garbled/.test(w)), invoice.warnings.join(' | '));
});

test.serial('a legible text layer over a scan is read as it is: no OCR', async (t) => {
  const { pdf } = await scanWithTextLayer(CLEAN);
  const { invoice, stats } = await extractInvoice(pdf, { ...DEFAULT_EXTRACT_OPTIONS, secondLook: false });
  t.is(stats.ocr_pages, 0);
  t.is(invoice.format, 'pdf-text');
  t.false(invoice.warnings.some((w) => /garbled/.test(w)));
});
