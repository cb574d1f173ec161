// Issue 26, round 24. Pages that print several dates and numbers: the invoice's own date beside an order's, a delivery's,
// a shipment's, a pickup's or a receipt's ("Date d'expédition", "Date Received", "Tarikh Pesanan", "Fecha de entrega",
// "Data consegna", "Data wykonania usługi"), a UK tax point beside the invoice date, a letter's place and date in French
// and Polish ("Paris, le …", "Gdańsk, dnia …"), Malay month names ("12 Mac 2024"), and Polish numbers of the month and
// year shaped like dates ("Faktura nr 31/03/2024"). Synthetic documents; each rule is general.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;
const row = (...cells: [number, string][]) => cells.reduce((s, [col, text]) => s.padEnd(col) + text, '');

test('date: another date under a label of its own role is not the invoice\'s, whichever is printed first', (t) => {
  const cases: [string, string[], string][] = [
    ['fr', ['Transports Girard SARL', 'Facture n° TG240318', "Date d'expédition : 05/03/2024", 'Date : 12/03/2024', 'Total TTC      648,00 €'], '2024-03-12'],
    ['en', ['Harbour Marine Ltd', 'Invoice No. 5521', 'Date Received: 04/03/2024', 'Date: 12/03/2024', 'Total GBP      312.00'], '2024-03-12'],
    ['ms', ['Syarikat Maju Jaya Sdn Bhd', 'No. Invois  SM/2024/0118', 'Tarikh Pesanan  28/02/2024', 'Tarikh  12/03/2024', 'Jumlah  RM 150.00'], '2024-03-12'],
    ['es', ['Suministros Levante S.L.', 'Factura nº A-215', 'Fecha de entrega: 27/02/2024', 'Fecha: 14/03/2024', 'Total factura      121,00 €'], '2024-03-14'],
    ['it', ['Tipografia Moderna S.r.l.', 'Fattura n. 145', 'Data consegna: 27/02/2024', 'Data: 14/03/2024', 'Totale documento      122,00 €'], '2024-03-14'],
    ['pt', ['Papelaria Central, Lda.', 'Fatura FT 2024/88', 'Data de entrega: 27/02/2024', 'Data: 14/03/2024', 'Total a pagar      61,50 €'], '2024-03-14'],
    ['pl', ['Kowalski Software Sp. z o.o.', 'Gdańsk, dnia 12.03.2024', 'Faktura VAT nr FV 12/2024', 'Data wykonania usługi: 29.02.2024', 'Do zapłaty:      1 230,00 zł'], '2024-03-12'],
    ['uk', ['Brightwell Bookkeeping Ltd', 'Invoice No. INV-2290', 'Tax point     29/02/2024', 'Invoice date  18/03/2024', 'Total      £1,020.00'], '2024-03-18'],
  ];
  for (const [name, lines, date] of cases) t.is(read(lines).invoice_date.value, date, name);
  // (a letter's place and date in French)
  t.is(read(['Atelier Lumière SARL', 'Paris, le 12 mars 2024', 'Facture n° F-77', 'Total TTC      120,00 €']).invoice_date.value, '2024-03-12');
  // (Malay month names)
  t.is(read(['Syarikat Maju Jaya Sdn Bhd', 'No. Invois  SM/2024/0118', 'Tarikh Invois  12 Mac 2024', 'Jumlah  RM 150.00']).invoice_date.value, '2024-03-12');
});

test('date: a page that prints only an order\'s date gives it for review, never as sure', (t) => {
  const h = read(['Kernow Crafts Ltd', 'Delivery date 20/03/2024', row([34, 'Total'], [44, '£462.00'])]);
  t.true(h.invoice_date.confidence < 0.9);
});

test('number: a Polish number of the month and year is the number, not a date, and nothing below replaces it', (t) => {
  const h = read([row([0, 'Faktura nr 7/03/2024'], [40, 'Data wystawienia: 12.03.2024']), row([0, 'ul. Polna 2, 20-100 Lublin'], [40, 'Termin płatności: 19.03.2024']), row([0, 'Ulotki A5, 5000 szt.'], [50, '600,00']), 'Razem do zapłaty:      738,00 zł']);
  t.is(h.invoice_number.value, '7/03/2024');
  t.is(h.invoice_date.value, '2024-03-12');
  // (a number after a full-width colon)
  t.is(read(['株式会社みどり商事', '請求書番号：MD-2024-0312', '発行日：2024年3月12日', '合計金額 ¥55,000']).invoice_number.value, 'MD-2024-0312');
});
