// A scanned page whose text layer is another program's failed OCR (workers/invoice/formats/legibility.ts):
// the page is read from its picture instead; a legible text layer, or one in another script, is kept.
// Serial: the OCR tests share the machine's cores.
import test from 'ava';
import PDFDocument from 'pdfkit';
import { ILLEGIBLE_SHARE, illegiblePages, legibility } from '../../../workers/invoice/formats/legibility.js';
import { shutdownOcr } from '../../../workers/ocr/recognize.js';
import { extractInvoice, DEFAULT_EXTRACT_OPTIONS, type OcrFunction } from '../../../workers/invoice/extract.js';
import { invoicePng, sampleInvoice } from '../../factories/invoices.js';

test.after.always(() => shutdownOcr());

/** The share of illegible words of a page (null: too few words to judge). */
const illegibleShare = (texts: string[]) => legibility(texts)?.illegible ?? null;

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
  // a digital seal printed in base64 (Mexico's CFDI) or a hash in hex is a code, not a failed OCR
  const seal = 'kHq3F+9xZ0aP/Lm2bVc8RtYu1WnEo4sDgJ6hQiKp7XyTzAwB5vCe0fGr3NlMkOjIuHyGtFrEdCsXaZqWpLoKmNjBhVgT';
  t.true(illegibleShare([...CLEAN, ...Array.from({ length: 12 }, (_, i) => `${seal.slice(i)}${seal.slice(0, i)}`), 'IRN 3f9a1c7e5b2d8a6f4c0e9b7d5a3f1c8e6b4d2a0f9e7c5b3a1d8f6e4c2b0a9f7e'])! < ILLEGIBLE_SHARE / 2);
  // too few words to judge; a page in another script is not judged by Latin words' rules
  t.is(illegibleShare(['A{.hBy BRSMI€.$OTT Tohtu0pt{,FhH*hh(E0a']), null);
  t.is(illegibleShare(['請求書番号：12345 「株式会社サンプル」 合計金額：¥10,800（税込） 支払期限：2024年3月31日 '.repeat(6)]), null);
  // pages are judged one by one
  const tokens = [...CLEAN.map((text) => ({ text, page: 1 })), ...GARBLED.map((text) => ({ text, page: 2 })), ...CLEAN.map((text) => ({ text, page: 3 }))];
  t.deepEqual(illegiblePages(tokens, 3), [2]);
});

test('what a clean text layer prints is no failed OCR: sizes, trade marks, quotes and marks of other languages, part numbers', (t) => {
  const pages = [
    ['Schrauben-Müller GmbH', 'Rechnung Nr. 2024-118', '1 Sechskantschraube DIN 933 M8x40 verzinkt 100 0,12', '2 Sechskantschraube DIN 933 M10x60 verzinkt 50 0,25', '3 Gewindestange M12x1000 verzinkt 10 2,10', '4 Holzschraube 4x40mm Senkkopf 500 0,02', '5 Spanplatte 2500x1250x19mm 4 28,50', '6 Kantholz 45x70mm 3m 10 6,90', 'Nettobetrag 289,60 USt 19% 55,02 Gesamtbetrag 344,62'],
    ['TechSource Solutions LLC', 'Invoice 1234567', 'Microsoft® Office® 365™ Business Premium 12-month subscription', 'Intel® Core™ i7-13700 Desktop Processor', 'Adobe® Acrobat® Pro DC for teams', 'Logitech® MX Keys™ wireless keyboard', 'Dell™ UltraSharp™ U2723QE monitor', 'Subtotal $3,456.00 Tax $285.12 Total $3,741.12'],
    ['Muster AG', 'Rechnung Nr. 2024-55', 'Projekt «Webshop Relaunch»', 'Position «Konzept» 8 h à CHF 150.– 1’200.–', 'Position «Design» 16 h à CHF 150.– 2’400.–', 'Buch „Der Process“ von Franz Kafka 1 12,00', 'Öffnungszeiten Mo–Fr 6–18 Uhr, Kunden‑Nr. 4711, iPadOS LogMeIn UStIdNr gGmbH', 'Total CHF 9’945.20'],
    ['SUPERMERCADO EL SOL S.L.', 'Leche entera 6x1L 5,94', 'Agua mineral 6x1,5L 2,40', 'Cerveza Mahou 12x0,33L 7,99', 'TOTAL 41,28 EUR', '¡Gracias por su visita!', '¿Necesita factura? Pídala en caja', 'SQ*COFFEE PAYPAL*EBAY etc…'],
    ['Pos  Part No.  Description  Qty  Price', '1  AbC-12x  Bracket steel  4  2,50', '2  xY7z-3b9  Bolt zinc  100  0,12', '3  k9L2m4  Washer DIN125  100  0,03', '4  pN5q8r2  O-Ring NBR70  20  0,40', '5  Rs3t6u9  Gasket kit  1  15,00', '6  a1b2c3  Spring clip  10  0,80', 'lm358dr2g op amp  atsamd21g18a-au mcu  sn74lvc1g08dbvr gate', 'c6g.4xlarge Instance Hour 720 Hrs $391.68'],
  ];
  for (const [i, lines] of pages.entries()) t.deepEqual(illegiblePages(lines.map((text) => ({ text, page: 1 })), 1), [], `page ${i + 1}`);
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

test.serial('a garbled page the OCR could not read (its time spent) keeps what its text layer said, rather than nothing', async (t) => {
  const { pdf } = await scanWithTextLayer([...GARBLED, 'Invoice No: 4711-A   Total 12.50']);
  const unread: OcrFunction = async (images, _timeout, pages) => ({ tokens: [], pages: images.map(() => ({ width: 595, height: 842 })), quality: 0, secondsPerPage: [], unreadPages: pages ?? [] });
  const { invoice } = await extractInvoice(pdf, { ...DEFAULT_EXTRACT_OPTIONS, ocrBudgetMs: 1, ocr: unread, secondLook: false });
  t.is(invoice.format, 'pdf-text');
  t.is(invoice.header.invoice_number.value, '4711-A');
});
