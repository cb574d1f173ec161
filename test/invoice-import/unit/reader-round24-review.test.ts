// Issue 26, round 24: what a review of the round's rules found them catching by mistake, each now held. A Spanish
// "Fecha de expedición" is the invoice's date (a French "Date d'expédition" is the shipment's); Quebec's TPS is the
// GST beside the TVQ; a bank transfer's "Recipient" is the payee, never a customer label; a shop named "Kiitos Brewing",
// "Paragon" or "The Terrace Cafe" is a name; an invoice number that opens with "GST/" or "VAT-"; a number under a bare
// title with a date; a receipt's "No: 12/03/2024 14:22" is a date; "storno parziale" after a credit note's own number;
// "Livré, le …" is a delivery's date; a town in Nevada is no name. Synthetic documents.
import test from 'ava';
import { buildLayout, layoutFromText } from '../../../workers/invoice/layout.js';
import { OCR_CELL_GAP } from '../../../workers/invoice/formats/ocr-settings.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;
const till = (lines: string[]) => {
  const tokens = lines.flatMap((line, row) => [...line.matchAll(/\S+/g)].map((m) => ({ text: m[0], page: 1, x0: m.index! * 12, x1: (m.index! + m[0].length) * 12, y: row * 30 + 15, h: 22, conf: 0.9 })));
  return readLaidOutInvoice(buildLayout(tokens, [{ width: 600, height: 3000 }], 90, { cellGap: OCR_CELL_GAP })).header;
};
const row = (...cells: [number, string][]) => cells.reduce((s, [col, t]) => s.padEnd(col) + t, '');
const W = 40;
const lr = (l: string, r: string) => l + ' '.repeat(Math.max(2, W - l.length - r.length)) + r;
const c = (t: string) => ' '.repeat(Math.max(0, Math.floor((W - t.length) / 2))) + t;

test('date: Spain\'s "Fecha de expedición" is the invoice\'s date; France\'s "Livré, le …" is a delivery\'s', (t) => {
  const es = read(['Suministros Levante S.L.', 'CIF B12345678', 'Factura nº A-215', 'Fecha de expedición: 14/03/2024', 'Fecha de operación: 10/03/2024', row([0, 'Material'], [40, '100,00']), row([30, 'Total factura'], [45, '121,00 €'])]);
  t.is(es.invoice_date.value, '2024-03-14');
  t.is(read(['Atelier Lumière SARL', 'Facture n° F-77', 'Date : 12/03/2024', 'Livré, le 05/03/2024', 'Total TTC      120,00 €']).invoice_date.value, '2024-03-12');
  // (a receipt's number mark before its date and time: the date)
  t.is(till([c("JOE'S DINER"), c('12 Main St, Springfield'), 'Receipt No: 03/12/2024 14:22', lr('BURGER', '$9.50'), lr('TOTAL', '$9.50')]).invoice_date.value, '2024-03-12');
});

test('total: Quebec\'s TPS beside the TVQ is a tax: the total is not read as the subtotal plus the TVQ alone', (t) => {
  const h = till([c('DEPANNEUR BEAUBIEN'), lr('SOUS-TOTAL', '10.00'), lr('TPS', '0.50'), lr('TVQ', '1.00'), lr('TOTAL', '11.50')]);
  t.is(h.total_amount.value, 11.5);
});

test('seller: a bank transfer\'s "Recipient" names the payee, and the seller stays the seller', (t) => {
  const h = read(['Jane Doe Design', 'London', '', 'Bill to', 'Acme Corp Ltd', '1 High St', '', row([0, 'Invoice #'], [20, '0042']), row([0, 'Date'], [20, '12/03/2024']), row([0, 'Logo design'], [40, '800.00']), row([30, 'Total'], [40, '£800.00']), '', 'Pay by bank transfer', row([0, 'Recipient'], [20, 'Jane Doe Design']), row([0, 'Account number'], [20, '12345678']), row([0, 'Sort code'], [20, '04-00-04'])]);
  t.is(h.vendor_name.value, 'Jane Doe Design');
});

test('seller: names that hold a sign-off\'s, a title\'s or a street\'s word are names', (t) => {
  for (const name of ['KIITOS BREWING CO', 'PARAGON', 'THE TERRACE CAFE', 'RENEGADE BREWING', 'STRADA PIZZERIA', 'ARTICLE']) {
    const h = till([c(name), c('12 Main St'), lr('ITEM', '9.50'), lr('TOTAL', '9.50'), lr('TILL 3', '12/03/2024 14:22')]);
    t.is(h.vendor_name.value, name, name);
  }
  // (a town in Nevada closing its line is no name)
  t.is(till([c('DESERT DINER'), c('1200 MAIN ST'), c('LAS VEGAS NV'), lr('BURGER', '9.50'), lr('TOTAL', '9.50'), lr('12/03/2024', '14:22')]).vendor_name.value, 'DESERT DINER');
});

test('number: numbers that open with a tax word, under a bare title with a date, and a credit note\'s own before "storno"', (t) => {
  t.is(read(['Sharma Traders Pvt Ltd', 'GSTIN 27AAACS1234A1Z5', 'Invoice No: GST/23-24/0012', 'Invoice Date: 12/03/2024', row([30, 'Grand Total'], [40, 'Rs 1180.00'])]).invoice_number.value, 'GST/23-24/0012');
  t.is(read(['Acme Ltd', 'Invoice No. VAT-INV-0042', 'Date: 12/03/2024', row([30, 'Total'], [40, '£80.00'])]).invoice_number.value, 'VAT-INV-0042');
  t.is(read(['Acme Ltd', 'VAT GB123456789', 'INVOICE 12/03/2024', 'INV-2024-88', row([0, 'Goods'], [40, '80.00']), row([30, 'Total'], [40, '£80.00'])]).invoice_number.value, 'INV-2024-88');
  t.is(read(['Studio Rossi', 'P.IVA 01234567890', 'Nota di credito n. NC-5 - storno parziale', 'Data: 15/03/2024', row([30, 'Totale documento'], [45, '-122,00 €'])]).invoice_number.value, 'NC-5');
  // (a hotel's guest identity document is no invoice number)
  t.not(read(['Hotel Bellavista Srl', 'Ricevuta fiscale', 'Numero documento: CA12345AB', 'Data: 15/03/2024', row([30, 'Totale'], [45, '240,00 €'])]).invoice_number.value, 'CA12345AB');
});
