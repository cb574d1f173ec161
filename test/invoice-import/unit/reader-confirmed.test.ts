// Confidence a person can rely on without looking (issue 26, round 10): a field is reported at 0.9 or
// more only when something on the page confirms it — a total other figures add up to, a seller's name
// with strong evidence, a date whose order of day and month is settled. A reading that nothing confirms
// is reported just under 0.9, for review. Synthetic lines; each rule holds for documents in general.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';
import { improbableMarks } from '../../../workers/invoice/text/name-shape.js';

const SURE = 0.9;
const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;

test('total: a labelled total that no other figure confirms is for review; one that subtotal + tax or tendered − change confirms is sure', (t) => {
  const alone = read(['ACME Trading GmbH', 'Hafenstraße 12, 20095 Hamburg', 'Rechnung Nr. 2024-117', 'Datum: 05.02.2024', 'Gesamtbetrag 119,00 EUR']).total_amount;
  t.is(alone.value, 119);
  t.true(alone.confidence < SURE, String(alone.confidence));
  const summed = read(['ACME Trading GmbH', 'Hafenstraße 12, 20095 Hamburg', 'Rechnung Nr. 2024-117', 'Datum: 05.02.2024', 'Nettobetrag 100,00 EUR', 'MwSt 19 % 19,00 EUR', 'Gesamtbetrag 119,00 EUR']).total_amount;
  t.is(summed.value, 119);
  t.true(summed.confidence >= SURE, String(summed.confidence));
  const paid = read(['KEDAI MAJU SDN BHD', 'Date: 05/02/2018', 'Milo 2 x 4.50 9.00', 'TOTAL 9.00', 'CASH 10.00', 'CHANGE 1.00']).total_amount;
  t.is(paid.value, 9);
  t.true(paid.confidence >= SURE, String(paid.confidence));
});

test('seller: "GmbH", "mbH" and "Bhd" are legal forms as printed, not OCR slips', (t) => {
  t.deepEqual(improbableMarks('Nordlicht Versand GmbH'), []);
  t.deepEqual(improbableMarks('Hamburger Hafen mbH'), []);
  t.deepEqual(improbableMarks('Kedai Maju Sdn Bhd'), []);
  t.true(improbableMarks('Bxrtkl Trading').length > 0, 'four consonants running in a short word still mark a slip');
  const h = read(['Nordlicht Versand GmbH', 'Hafenstraße 12', '20095 Hamburg', 'Tel. 040 123456', 'USt-IdNr. DE123456789', 'Rechnung Nr. 17', 'Datum 05.02.2020', 'Summe 1,19']);
  t.is(h.vendor_name.value, 'Nordlicht Versand GmbH');
  t.true(h.vendor_name.confidence >= SURE);
});

test('date: a day and month either way round, the order only guessed, is for review; settled by another date or a sure country, it is not', (t) => {
  const guessed = read(['Corner Shop', 'Invoice date: 03/04/2018', 'Total 12.00']).invoice_date;
  t.true(guessed.value === '2018-04-03' || guessed.value === '2018-03-04');
  t.true(guessed.confidence < SURE, String(guessed.confidence));
  const settled = read(['Corner Shop', 'Invoice date: 03/04/2018', 'Due date: 25/04/2018', 'Total 12.00']).invoice_date;
  t.is(settled.value, '2018-04-03');
  t.true(settled.confidence >= SURE, String(settled.confidence));
  const country = read(['Nordlicht Versand GmbH', 'Hafenstraße 12', '20095 Hamburg', 'USt-IdNr. DE123456789', 'Rechnungsdatum: 03.04.2018', 'Summe 12,00 EUR', 'MwSt 19 % 1,92']).invoice_date;
  t.is(country.value, '2018-04-03');
  t.true(country.confidence >= SURE, String(country.confidence));
});

test('seller: a zero before letters ("0JC") is the letter O misread, unlike a number with its unit ("24H", "3M")', (t) => {
  t.true(improbableMarks('0JC Trading').length > 0);
  t.deepEqual(improbableMarks('3M Deutschland GmbH'), []);
  t.deepEqual(improbableMarks('24H Store'), []);
  // a digraph is one sound: "Deutschland" and "Nightclub" are words, "Bxrtkl" is not
  t.deepEqual(improbableMarks('Telekom Deutschland GmbH'), []);
  t.deepEqual(improbableMarks('Nightclub Brightside Ltd'), []);
  t.true(improbableMarks('Bxrtkl Trading').length > 0);
  // Portuguese, French and German particles are joining words like "de" and "und"
  t.deepEqual(improbableMarks('WORTEN Equipamentos para o Lar SA'), []);
});
