// Issue 26, round 14. Bills for software and services, as subscription and billing platforms print them
// and as they cross borders: a "Next Billing Date" is the next bill's, a label glued to its value
// ("Invoice dateOct 31, 2023") is still a label, a bare "$" between a Canadian seller and a German buyer
// is most likely US dollars, the customer named beside "Rechnung an:" or in the column under
// "BILLED TO:" is not the seller, "VAT Invoice no." titles the document's number, and a paid bill's
// arithmetic (a zero tax, the payment that leaves nothing due) confirms its total. Synthetic lines;
// each rule holds for documents in general.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';
import { withoutControlCharacters } from '../../../workers/invoice/formats/pdf.js';

const SURE = 0.9;
const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;

test('a subscription\'s next billing date is not the invoice\'s date', (t) => {
  const h = read([
    'INVOICE',
    'Invoice #      3189846',
    'Invoice Date      Sep 13, 2022',
    'Brightlane Scheduling LLC      Invoice Amount $144.00 (USD)',
    'Billing Period      Sep 13, 2022 to Sep 13, 2023',
    'Next Billing Date Sep 13, 2023',
    'Professional Yearly      1      $144.00      $144.00',
    'Total      $144.00',
  ]);
  t.is(h.invoice_date.value, '2022-09-13');
  t.true(h.invoice_date.confidence >= SURE, String(h.invoice_date.confidence));
  // ("Renewal date" and the German "Nächste Abrechnung am" name the next one too)
  t.is(read(['Invoice Date      03.04.2023', 'Renewal date 03.04.2024', 'Total      EUR 12,00']).invoice_date.value, '2023-04-03');
});

test('a label glued to its value still labels it: "Invoice dateOct 31, 2023", "Invoice number4836212534"', (t) => {
  const h = read([
    'Northwind Cloud Services Limited',
    '.........................Invoice number4836212534',
    '.........................Invoice dateOct 31, 2023      Total in EUR      €83.20',
    'Summary for Oct 1, 2023 - Oct 31, 2023',
    'Subtotal in EUR      €83.20',
    'VAT (0%)      €0.00',
    'Total in EUR      €83.20',
  ]);
  t.is(h.invoice_date.value, '2023-10-31');
  t.is(h.invoice_number.value, '4836212534');
  // a word that merely ends like a label is not one: "Candidate5" names nothing
  t.not(read(['Reference Candidate5', 'Total      EUR 12,00']).invoice_number.value, '5');
  // and a garbled line glues anything to a label: only a value's opening (a digit, a month and its day) counts
  t.is(read(['LE FOURNISSEUR', 'Date :      31/01/2022', 'DateFOURNITURESdébut:01/01/2022DIVERSES      PCE      3', 'Total      -90,00 EUR']).invoice_date.value, '2022-01-31');
});

test('a period summary heading the totals does not end them: subtotal + a zero VAT confirm the total', (t) => {
  const h = read([
    'Northwind Cloud Services Limited',
    'Invoice number: 4836212534',
    'Invoice date: Oct 31, 2023',
    'Summary for Oct 1, 2023 - Oct 31, 2023',
    'Subtotal in EUR      €83.20',
    'VAT (0%)      €0.00',
    'Total in EUR      €83.20',
  ]);
  t.is(h.total_amount.value, 83.2);
  t.true(h.total_amount.confidence >= SURE, String(h.total_amount.confidence));
  // a "Summary of VAT" is the tax summary under the totals: it still ends them, its rows are no total's
  const vat = read(['Northwind Cloud Services Limited', 'Invoice number: 4836212534', 'Subtotal      €70.00', 'VAT      €13.30', 'Total      €83.30', 'Summary of VAT', 'VAT 19%      €13.30']);
  t.is(vat.total_amount.value, 83.3);
  t.true(vat.total_amount.confidence >= SURE, String(vat.total_amount.confidence));
});

test('a zero tax printed between subtotal and total adds up; with no tax line the bare total stays for review', (t) => {
  const head = ['Harborline Hosting, Inc.', 'Invoice Number:      INV04789023', 'Invoice Date:      2023-11-13'];
  const zero = read([...head, 'Subtotal:      75.87', 'Tax:      0.00', 'Total:      75.87']);
  t.is(zero.total_amount.value, 75.87);
  t.true(zero.total_amount.confidence >= SURE, String(zero.total_amount.confidence));
  const none = read([...head, 'Total:      75.87']);
  t.is(none.total_amount.value, 75.87);
  t.true(none.total_amount.confidence < SURE, String(none.total_amount.confidence));
});

test('a paid bill: the total, the payment taking it off and nothing left due confirm the total', (t) => {
  const head = ['Brightlane Scheduling LLC', 'Invoice #      3189846', 'Invoice Date      Sep 13, 2022', 'Professional Yearly      1      $144.00      $144.00'];
  const paid = read([...head, 'Total      $144.00', 'Payments      ($144.00)', 'Amount Due (USD)      $0.00']);
  t.is(paid.total_amount.value, 144);
  t.true(paid.total_amount.confidence >= SURE, String(paid.total_amount.confidence));
  // a payment of another amount confirms nothing
  const part = read([...head, 'Total      $144.00', 'Payments      ($100.00)', 'Amount Due (USD)      $0.00']);
  t.true(part.total_amount.confidence < SURE, String(part.total_amount.confidence));
});

test('a bare "$" between a seller in Canada and a buyer in Germany is most likely US dollars, for review', (t) => {
  const seller = ['Invoice', 'Invoice number      B172FB37-0003', 'Date of issue      April 16, 2023', 'Maplesoft Reading Limited      Bill to', '935 No. 3 Road      Felix Wolf', 'Richmond British Columbia V6Y 0L4'];
  const abroad = read([...seller, 'Canada      06108 Halle', 'CA BN 830815270      Germany', 'Plus Plan      1      $19.00      $19.00', 'Total      $19.00', 'Amount due      $19.00']);
  t.is(abroad.currency.value, 'USD');
  t.true(abroad.currency.confidence < SURE, String(abroad.currency.confidence));
  // the same seller billing at home: Canadian dollars
  const home = read([...seller, 'Canada      Vancouver BC V5K 0A1', 'CA BN 830815270', 'Plus Plan      1      $19.00      $19.00', 'Total      $19.00', 'Amount due      $19.00']);
  t.is(home.currency.value, 'CAD');
  // a local shop's receipt naming another country once, among its own many signs, is local money
  const cafe = read(['Harbourside Cafe', 'Shop 3, 20 Circular Quay W, Sydney NSW 2000', 'ABN 51 824 753 556', 'TAX INVOICE', '05/03/2024 12:41', 'Flat white      2      $9.00', 'Bosch drill made in Germany      1      $19.50', 'TOTAL      $28.50', 'Includes GST      $2.59']);
  t.is(cafe.currency.value, 'AUD');
});

test('the customer beside "Rechnung an:" or under "BILLED TO:" is not the seller, the column beside it may be', (t) => {
  const beside = read([
    'Rechnung',
    'Jobboard Ireland Operations Ltd      Rechnung #: 67389368',
    "124 St. Stephen's Green      Datum: 31/08/2022",
    'Dublin 2      Fällig am: 31/08/2022',
    'Ireland',
    'Rechnung an:      Halden Analytics GmbH      Gesamtbetrag: 80,65 EUR',
    'Pfälzer Ufer 4',
    '06108 Halle',
  ]);
  t.is(beside.vendor_name.value, 'Jobboard Ireland Operations Ltd');
  const columns = read([
    'BILLED TO:                              PRODUCT(S) PROVIDED BY:',
    'Felix Wolf',
    'Halden Analytics GmbH',
    'Pfälzer Ufer 4                          Semrank Inc.',
    'Halle 06108                             www.semrank.com',
    'GERMANY                                 800 Boylston Street, Suite 2475',
    'Phone: +49 345 960 044 30               Boston, MA 02199, USA',
    'INVOICE: #XZZ5672',
    'TOTAL AT CHECKOUT      119.95',
  ]);
  t.is(columns.vendor_name.value, 'Semrank Inc.');
});

test('"VAT Invoice no." titles the document\'s number; a bare "VAT no." is a tax id', (t) => {
  const h = read(['Issued on: 2022-09-27, Pcim', 'VAT Invoice no. FS/22/09/51', 'Seller:      Buyer:', 'SwissDev Jobs      Halden Analytics GmbH', 'VAT no.: PL6812077987', 'Total:      390.00 EUR']);
  t.is(h.invoice_number.value, 'FS/22/09/51');
  t.not(read(['Acme Sp. z o.o.', 'VAT no. PL6812077987', 'Total:      390.00 EUR']).invoice_number.value, 'PL6812077987');
});

test('a glyph a PDF font left unmapped joins what it stood between, as a hyphen; elsewhere it is a space', (t) => {
  t.is(withoutControlCharacters('B172FB37\u00000003'), 'B172FB37-0003');
  t.is(withoutControlCharacters('\u0000'), '-');
  t.is(withoutControlCharacters('Total\u0001 12.00'), 'Total  12.00');
  t.is(withoutControlCharacters('plain text'), 'plain text');
});

test('the due date decides the order of ambiguous dates: it never falls before the document\'s own date', (t) => {
  const bill = (date: string, due: string) =>
    read(['Atelier Lumière SARL', '12 rue de la Paix, 75002 Paris, France', 'TVA FR12345678901', 'INVOICE', 'Invoice No: F-2024-031', `Date: ${date}`, `Due date: ${due}`, 'Payment terms: 30 days', 'Consulting      1      €1,200.00', 'Total      €1,200.00']);
  // a French seller's English invoice printed month first: read day first, it would fall due a month before it was written
  t.is(bill('03/04/2024', '04/03/2024').invoice_date.value, '2024-03-04');
  // the same seller printing day first, as France does
  t.is(bill('04/03/2024', '03/04/2024').invoice_date.value, '2024-03-04');
  // both orders possible (1 Feb → 1 Mar, or 2 Jan → 3 Jan): the seller's country decides, as before
  t.is(bill('01/02/2024', '01/03/2024').invoice_date.value, '2024-02-01');
});

test('"Date issued" labels the date; a month glued to its day by the OCR ("Mar4, 2023") is still a date', (t) => {
  const h = read(['Invoice FI15636047324      fiver.', 'To      Date issued', 'Halden Analytics GmbH      Mar4, 2023', 'Order number', 'Pfälzer Ufer 4      FO81B7F30FF82', 'Infographic Design      1      197.28      197.28', 'Total (EUR)      208.13', 'Paid with Card      Mar 5, 2023      208.13']);
  t.is(h.invoice_date.value, '2023-03-04');
});

test('"Receipt from Lumenwave, Inc." and "Verkauft von …" name the seller without their words; "Receipt #" numbers the receipt', (t) => {
  const receipt = read(['Receipt from Lumenwave, Inc.', 'Receipt #1842-7731', 'Amount paid      $49.00', 'Date paid      Feb 3, 2024', 'Pro plan × 1      $49.00', 'Amount paid      $49.00']);
  t.is(receipt.vendor_name.value, 'Lumenwave, Inc.');
  t.is(receipt.invoice_number.value, '1842-7731');
  const market = read(['Rechnung', 'Verkauft von Nordmarkt EU S.à r.l.', '38 avenue John F. Kennedy, L-1855 Luxembourg', 'Rechnungsdatum      12 März 2024', 'Rechnungsnummer      DE4A5BCDE6FGH', 'Rechnungsbetrag      59,98 €']);
  t.is(market.vendor_name.value, 'Nordmarkt EU S.à r.l.');
});

test('a Polish invoice\'s "Razem netto" is its subtotal: with the VAT it confirms "Do zapłaty"', (t) => {
  const h = read(['Drukarnia Nowak Sp. z o.o.', 'ul. Długa 5, 00-238 Warszawa', 'NIP 5251234567', 'Faktura VAT nr FV/12/2024', 'Data wystawienia: 2024-02-14', 'Ulotki A5      1000      0,20      200,00', 'Razem netto      200,00', 'VAT 23%      46,00', 'Do zapłaty      246,00 PLN']);
  t.is(h.total_amount.value, 246);
  t.true(h.total_amount.confidence >= SURE, String(h.total_amount.confidence));
});

test('a logo\'s icon read as marks and a digit before the wordmark ("<1) SEMRUSH") is not part of the name', (t) => {
  const h = read(['<1) LUMENWAVE', '800 Boylston Street, Boston, MA 02199', 'Invoice No: 2530418', 'Invoice Date: 2023-04-23', 'TOTAL      $119.95']);
  t.is(h.vendor_name.value, 'LUMENWAVE');
});
