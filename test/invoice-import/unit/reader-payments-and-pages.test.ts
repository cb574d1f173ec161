// The reader on the multi-country corpus's general failures (issue 26, round 7): the amount due
// after a prepayment or a payment, words a text layer split in two, a stylesheet's version date,
// a German till's country, a total of nothing, a second reading's currency, and a receipt
// scanned on a dark ground. Synthetic lines and pictures; each rule holds for documents in general.
import test from 'ava';
import { readOcr, readText } from '../../helpers/reading.js';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';
import { mendSplitWords } from '../../../workers/invoice/text/split-words.js';
import { surerReading } from '../../../workers/invoice/second-look.js';
import { paperOnDarkGround } from '../../../workers/ocr/measure-page.js';
import type { ExtractedInvoice } from '../../../workers/invoice/types.js';

const read = readText;
const SURE = 0.9;
const GERMAN_TOTALS = ['Rechnung Nr. 4711', 'Rechnungsdatum: 04.06.2018', 'Positionssumme      202,70', 'Rechnungssumme ohne USt.      193,77', 'Steuerbetrag      21,30', 'Bruttosumme      215,07'];

test('total: what is still to pay after a printed prepayment is the amount payable, sure', (t) => {
  const h = read([...GERMAN_TOTALS, 'Erhaltene Anzahlungen      -50,00', 'Zahlbetrag      165,07']);
  t.is(h.total_amount.value, 165.07);
  t.true(h.total_amount.confidence >= SURE);
});

test('total: a residual after a payment printed in the payments table, in English', (t) => {
  const h = read(['Invoice FA-2017-0008', 'Invoice Date      11/03/2017', 'Net total      2,076.76 €', 'Total      2,076.76 €', 'Payment      Date      Amount', 'Residual      1,453.76 €', 'SEPA Wire transfer      11/17/2017      623.00 €']);
  t.is(h.total_amount.value, 1453.76);
});

test('total: a prepayment larger than the gross leaves a negative amount due (a credit)', (t) => {
  const h = read([...GERMAN_TOTALS.slice(0, 5), 'Bruttosumme      529,87', 'Erhaltene Anzahlungen      -1059,74', 'Zahlbetrag      -529,87']);
  t.is(h.total_amount.value, -529.87);
});

test('total: without a printed payment the gross stays the total, whatever the amount-due label says', (t) => {
  t.is(read([...GERMAN_TOTALS, 'Zahlbetrag      215,07']).total_amount.value, 215.07);
  // a figure that differs from the gross by the tax, not by a payment, is not an amount due
  t.is(read(['Invoice 12', 'Date 03/04/2020', 'Subtotal      100.00', 'VAT 20%      20.00', 'Total      120.00', 'Balance due      100.00']).total_amount.value, 120);
});

test('text layer: a word split in two is joined where the whole is a label, ordinary word pairs stay apart', (t) => {
  const h = read(['Rechnung Nr. 4711 vom 04.06.2018', 'Positionssumme      198,00', 'Steuerbetrag      37,62', 'Br uttosumme      235,62', 'Erhaltene Anzahlungen      -35,62', 'Zahlbetr ag      200,00']);
  t.is(h.total_amount.value, 200);
  const mended = mendSplitWords(layoutFromText('Ver käufer :\nZahlbar inner halb 30 Tagen für die Lieferung'));
  t.is(mended.lines[0].text, 'Verkäufer :');
  t.is(mended.lines[1].text, 'Zahlbar inner halb 30 Tagen für die Lieferung');
});

test('date: a stylesheet\'s version date is not the document\'s; a German compound title dates it', (t) => {
  const h = read(['Stylesheet Lesbarmachung der XML-Daten', 'ZUGFeRD-Version: 2.1 vom 24.03.2020', 'Codelisten-Version: 3.0 vom 15.11.2019', 'Handelsrechnung Nr. 471102 vom 13.11.2019', 'Bruttosumme      235,62']);
  t.is(h.invoice_date.value, '2019-11-13');
  t.is(read(['Rechnungskorrektur Nr. RK21012345 vom 16.09.2019', 'Liefer- und Leistungsdatum : 05.08.2019', 'Bruttosumme      -8,79']).invoice_date.value, '2019-09-16');
});

test('currency: a German till\'s own words and a spaced VAT id make a "£" the OCR read the euro', (t) => {
  const h = readOcr(['Mein Drogeriemarkt', '27.02.2020 15:56 Bed.Nr.:120 Kasse 02', 'BRILLENPUTZTUCH      £1.95 A', 'Total      £1,95', 'Bar      £2,00', 'UST-ID.Nr.DE 115 055 186', 'VIELEN DANK FUR IHREN EINKAUF', 'Mo.-Fr. 08:00-20:00 Uhr']);
  t.is(h.currency.value, 'EUR');
});

test('total: a total of nothing is never sure', (t) => {
  const h = read(['CHECKERS SDN BHD', 'Date 28/04/2018', 'CASH      20.00', 'CHANGE      0.00', 'TOTAL LOADING CHARGES      0.00']);
  t.true(h.total_amount.value === null || h.total_amount.confidence < 0.7);
});

test('second look: a first reading that found no currency takes the second reading\'s', (t) => {
  const reading = (currency: string | null): ExtractedInvoice => ({
    format: 'image',
    header: {
      vendor_name: { value: 'Marktkauf', confidence: 0.5 },
      invoice_number: { value: null, confidence: 0 },
      invoice_date: { value: '2020-05-18', confidence: 0.9 },
      currency: { value: currency, confidence: currency ? 0.8 : 0 },
      total_amount: { value: 23.84, confidence: 0.9 },
    },
    lines: [],
    pages: 1,
    warnings: [],
  });
  t.is(surerReading(reading(null), reading('EUR')).header.currency.value, 'EUR');
  // a currency the first reading found stays (a noisier reading's sign is no better)
  t.is(surerReading(reading('EUR'), reading('GBP')).header.currency.value, 'EUR');
});

test('second look: a first reading that found no document number takes the second reading\'s; one it found stays', (t) => {
  const reading = (number: string | null, confidence: number): ExtractedInvoice => ({
    format: 'image',
    header: {
      vendor_name: { value: 'LE FOURNISSEUR', confidence: 0.5 },
      invoice_number: { value: number, confidence: number ? confidence : 0 },
      invoice_date: { value: '2026-01-31', confidence: 0.9 },
      currency: { value: 'EUR', confidence: 0.9 },
      total_amount: { value: 90, confidence: 0.8 },
    },
    lines: [],
    pages: 1,
    warnings: [],
  });
  const merged = surerReading(reading(null, 0), reading('F20260026', 0.96));
  t.is(merged.header.invoice_number.value, 'F20260026');
  t.regex(merged.warnings.join(' '), /invoice_number/);
  t.is(surerReading(reading('F20260026', 0.7), reading('F2026002G', 0.98)).header.invoice_number.value, 'F20260026');
});

test('OCR preparation: a sheet on a dark ground is found; a light page is left whole', (t) => {
  const [w, h] = [200, 300];
  const dark = Buffer.alloc(w * h, 40);
  for (let y = 10; y < 150; y++) for (let x = 130; x < 190; x++) dark[y * w + x] = y % 9 === 0 && x > 140 && x < 180 ? 30 : 235;
  const box = paperOnDarkGround(dark, w, h);
  t.truthy(box);
  t.true(Math.abs(box!.left - 130) <= 2 && Math.abs(box!.left + box!.width - 190) <= 2);
  t.true(Math.abs(box!.top - 10) <= 2 && Math.abs(box!.top + box!.height - 150) <= 2);
  const page = Buffer.alloc(w * h, 240);
  for (let y = 20; y < 280; y += 12) for (let x = 20; x < 180; x++) page[y * w + x] = 20;
  t.is(paperOnDarkGround(page, w, h), null);
});
