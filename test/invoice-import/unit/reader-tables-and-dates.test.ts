// Issue 26, round 13. A tax table without the word "summary" ("Netto | MwSt. | Brutto" over one row per
// rate) still shows a total's arithmetic: a row's net + tax = gross confirms a total printed apart from
// it, and rows of several rates confirm only their sum. A German letter's own date ("München, den …")
// is the document's date, not a print stamp's "Datum: … Zeit: …" in the footer. One OCR-slipped dotted
// date does not turn a sure day-first country's dates round, and a year whose last digit became a mark
// takes the page's one year. A currency whose prices carry cents, on a page that prints none and groups
// its amounts in thousands, is for review. Synthetic lines; each rule holds for documents in general.
import test from 'ava';
import { layoutFromText, type Layout } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';

const SURE = 0.9;
const asOcr = (layout: Layout): Layout => ({ ...layout, quality: 0.9, lines: layout.lines.map((l) => ({ ...l, conf: 0.95, cells: l.cells.map((c) => ({ ...c, conf: 0.95 })) })) });
const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;
const readOcr = (lines: string[]) => readLaidOutInvoice(asOcr(layoutFromText(lines.join('\n')))).header;

const letterhead = ['Nordlicht Leasing GmbH', 'Hafenstraße 12, 20095 Hamburg', 'USt-IdNr. DE123456789', 'Rechnungsnummer:   2015738820'];

test('a tax table row whose net + tax make its gross confirms the total printed under it', (t) => {
  const h = read([
    ...letterhead,
    'Gesamtbeträge      Netto EUR      MwSt. EUR      Brutto EUR',
    '19,00% MwSt.:      376,37      71,51      447,88',
    '----------------------------------------',
    'Summe gesamt      447,88',
  ]);
  t.is(h.total_amount.value, 447.88);
  t.true(h.total_amount.confidence >= SURE, String(h.total_amount.confidence));
  // a row that does not add up confirms nothing
  const off = read([...letterhead, 'Gesamtbeträge      Netto EUR      MwSt. EUR      Brutto EUR', '19,00% MwSt.:      376,37      71,51      448,88', '----------------------------------------', 'Summe gesamt      447,88']);
  t.is(off.total_amount.value, 447.88);
  t.true(off.total_amount.confidence < SURE, String(off.total_amount.confidence));
});

test('one rate\'s row among several is a share: only the rows together confirm a total', (t) => {
  const rates = ['MWST      Netto      MWST-BETRAG      BRUTTO', 'C 7,00%      17,33      1,21      18,54', 'D 19,00%      4,78      0,91      5,69', 'ANZAHL ARTIKEL 19'];
  const whole = readOcr(['ALDI', '33100 Paderborn', 'KIWI      1,49 C', 'ZU ZAHLEN EURO      24,23', ...rates, '09:48 02.03.2020']);
  t.is(whole.total_amount.value, 24.23);
  t.true(whole.total_amount.confidence >= SURE, String(whole.total_amount.confidence));
  // the second rate's row garbled by the OCR: the first alone vouches for no total
  const garbled = readOcr(['ALDI', '33100 Paderborn', 'KIWI      1,49 C', 'ZU ZAHLEN EURO      24,23', 'MWST      Netto      MWST-BETRAG      BRUTTO', 'C 7,00%      17838      ith 241      18,54', 'D 19,00%      4,78      0,91      5,69', '09:48 02.03.2020']);
  t.is(garbled.total_amount.value, 24.23);
  t.true(garbled.total_amount.confidence < SURE, String(garbled.total_amount.confidence));
});

test('a row does not vouch for the total label on its own line', (t) => {
  const h = readOcr(['ALDI', '33100 Paderborn', 'KIWI      1,49 C', 'MwSt-Summe 19%      4,78      0,91      5,69', '09:48 02.03.2020']);
  t.true(h.total_amount.confidence < SURE, String(h.total_amount.confidence));
});

test('the letter\'s own date after its town is the document\'s date, not the print stamp in the footer', (t) => {
  const h = read([
    'Alphabet Fuhrparkmanagement GmbH      Geschäftsstelle Sonderkunden',
    'Lilienthalallee 26, 80786 München',
    'Rechnungsnummer:      2015738820',
    'Muster GmbH',
    'z. Hd. Herr Mustermann      München, den      01.11.2024',
    'Rechnung      Original',
    'Summe gesamt      447,88',
    'Bankverbindungen: Deutsche Bank      Datum:      30.10.2024      Zeit: 04:59:13      Seite: 1',
  ]);
  t.is(h.invoice_date.value, '2024-11-01');
});

test('one dotted date valid only month-first, in OCR text of a sure day-first country, is a slipped digit', (t) => {
  const lines = [
    'Stylesheet-Version:      2.6 vom 10.21.2025',
    'Handelsrechnung (380) Nr. KR87654321012 vom 01.12.2025',
    'Liefer- und Leistungsdatum:      11.11.2025',
    'MUSTERLIEFERANT GMBH',
    'BAHNHOFSTRASSE 99',
    'DE 99199 MUSTERHAUSEN',
    'Telefon: +49 932 431 500',
    'USt-IdNr: DE123456789',
    'Gesamtbetrag      480,22 EUR',
  ];
  t.is(readOcr(lines).invoice_date.value, '2025-12-01');
  // a text layer has no slips: there, the one date decides the order
  t.is(read(lines).invoice_date.value, '2025-01-12');
  // slashes are how month-first dates are written: "11/17/2017" on a French seller's English invoice is that order
  const slashed = readOcr(['Au bon moulin SARL - 84340 Malaucène - France', 'TVA: FR11999999998 - SIRET : 99999999800010', 'Invoice Date      11/03/2017', 'Due Date      12/03/2017', 'SEPA Wire transfer      11/17/2017      623.00 €', 'Total      2,076.76 €']);
  t.is(slashed.invoice_date.value, '2017-11-03');
});

test('a currency with cents, on a page of whole thousands and no cents, is for review', (t) => {
  const whole = read(['Super Market', 'Central St. 5', '123-456-7890', 'Astor Stick Cokelat 40gr', '1       8,000        8,000', 'green tea', '1       8,500        8,500', 'TOTAL                       16,500', 'CASH                        50,000', 'CHANGE                  33,500']).currency;
  t.true(whole.value === null || whole.confidence < SURE, `${whole.value} ${whole.confidence}`);
  const cents = read(['Super Market', '125 Main St, Springfield, IL 62701', '(217) 555-0100', 'green tea      $8.50', 'cookies      $8.00', 'TOTAL      $16.50', 'CASH      $20.00', 'CHANGE      $3.50']).currency;
  t.is(cents.value, 'USD');
  t.true(cents.confidence >= SURE, String(cents.confidence));
});

test('in OCR text, a year whose last digit became a mark takes the one year of the page\'s other dates', (t) => {
  const lines = [
    'Musterbetrieb AG',
    'Stylesheet-Version:      2.6 vom 10.11.2025',
    'Teilrechnung Bau {875} Nr. 210111 vom 30.05.202%',
    'Abrechnungszeitraum:      13.05.2025 bis 29.05.2025',
    'Gesamtbetrag      4.284,00 EUR',
  ];
  t.is(readOcr(lines).invoice_date.value, '2025-05-30');
  // two years on the page: nothing says which digit it was
  const twoYears = readOcr([...lines.slice(0, 3), 'Abrechnungszeitraum:      13.05.2024 bis 29.05.2025', lines[4]]).invoice_date;
  t.not(twoYears.value, '2025-05-30');
});

test('number: an order\'s number after a title\'s words ("Rechnung gemäß Bestellung Nr.") is not the document\'s', (t) => {
  const head = ['Lieferant GmbH', 'Lieferantenstraße 20, 80333 München', 'Rechnungsdatum      05.06.2013'];
  // the document's own number under a label the OCR garbled ("Rachnumngenummer"): none is better than the order's
  const garbled = read([...head, 'Rachnumngenummer      471102', 'Kundenstraße 15      Rechnung gemäß Bestellung Nr. 2013-471331', 'Gesamtbetrag      215,14 EUR']);
  t.not(garbled.invoice_number.value, '2013-471331');
  const titled = read([...head, 'Rachnumngenummer      471102', 'Rechnung gemäß Bestellung Nr. 2013-471331', 'Gesamtbetrag      215,14 EUR']);
  t.not(titled.invoice_number.value, '2013-471331');
  // a title followed by words of its own kind still names its number ("Rechnung des Versicherers (575) Nr. 4711")
  t.is(read([...head, 'Rechnung des Versicherers (575) Nr. 0123-4711', 'Gesamtbetrag      215,14 EUR']).invoice_number.value, '0123-4711');
});

test('total: a total of bare digits a hundred times another total printed with its cents lost its decimal point', (t) => {
  const h = readOcr(['Musterbetrieb Kaffee AG', 'Rechnungsnummer      50099877', 'Positionssumme      216,00', 'Bruttosumme      235,44', 'Erhaltene Anzahlungen      0,00', 'Zahlbetrag      23544']).total_amount;
  t.is(h.value, 235.44);
});

test('total: "Gesamtbetrag der Abschläge" (of the discounts) is no amount due', (t) => {
  const h = readOcr(['Musterlieferant GmbH', 'Rechnungsnummer      R-4711', 'Positionssumme      250,00', 'Gesamtbetrag der Zuschläge      0,00', 'Gesamtbetrag der Abschläge      150,00', 'Zahlbetrag      119,00']).total_amount;
  t.is(h.value, 119);
});

test('a tax row printing the tax before the net ("MWST + Netto = Brutto") confirms the total too', (t) => {
  const h = readOcr(['Warburger Straße 130', '33100 Paderborn', 'EUR', 'Emmentaler Stück      2,59 x 2      5,18 A', 'Bulgur-Kräuter      0,99 x 2      1,98 A', 'zu zahlen      7,16', 'Bar      10,00', 'Rückgeld      -2,84', 'MWST%      MWST      +      Netto      =      Brutto', 'A 7 %      0,47      6,69      7,16', '02.03.20 15:59']).total_amount;
  t.is(h.value, 7.16);
  t.true(h.confidence >= SURE, String(h.confidence));
});

test('change printed as a negative amount ("Rückgeld -2,84") is still what tendered − change takes off', (t) => {
  const h = readOcr(['Warburger Straße 130', '33100 Paderborn', 'Emmentaler Stück      2,59 x 2      5,18', 'Bulgur-Kräuter      0,99 x 2      1,98', 'zu zahlen      7,16', 'Bar      10,00', 'Rückgeld      -2,84', '02.03.20 15:59']).total_amount;
  t.is(h.value, 7.16);
  t.true(h.confidence >= SURE, String(h.confidence));
});

test('total: a corrected invoice printing its amount both ways, the minus lost once by the OCR, is a credit', (t) => {
  const lines = (title: string) => readOcr(['Musterlieferant GmbH', `${title} (384) Nr. RK21012345 vom 15.11.2024`, 'Positionssumme      -7,90', 'Bruttosumme      -8,79', 'Zahlbetrag      8,79']).total_amount.value;
  t.is(lines('Rechnungskorrektur'), -8.79);
  // an invoice that is no credit note keeps the amount it asks for
  t.is(lines('Rechnung'), 8.79);
});

test('English-language invoices: "Payment by BACS to …" names the payee; a bare "Net", "Taxable Value" and India\'s CGST/SGST make the total\'s arithmetic', (t) => {
  const uk = read([
    'INVOICE',
    '                                              Invoice no: 000731',
    '                                              Date: 5th March 2024',
    'To: Brightside Events, 22 Canal Wharf, Leeds LS11 5PS',
    'Sound system hire (1 day)               1    £350.00    £350.00',
    'Technician                              8     £28.00    £224.00',
    '                                         Net             £574.00',
    '                                         VAT @ 20%       £114.80',
    '                                         Total due       £688.80',
    'Payment by BACS to Harbourlight Audio Ltd, sort code 20-00-00, account 12345678',
  ]);
  t.is(uk.vendor_name.value, 'Harbourlight Audio Ltd');
  t.is(uk.total_amount.value, 688.8);
  t.true(uk.total_amount.confidence >= SURE, String(uk.total_amount.confidence));
  const india = read([
    'TAX INVOICE',
    'Sri Ganesh Traders',
    'No. 14, Anna Salai, Chennai - 600002',
    'Invoice No : SGT/24-25/0192          Date : 12-07-2024',
    '1   Basmati Rice 25kg     1006    4    2,150.00  8,600.00',
    '2   Sunflower Oil 15L     1512    2    2,400.00  4,800.00',
    '                                  Taxable Value  13,400.00',
    '                                  CGST 2.5%         335.00',
    '                                  SGST 2.5%         335.00',
    '                                  Grand Total   Rs. 14,070.00',
  ]).total_amount;
  t.is(india.value, 14070);
  t.true(india.confidence >= SURE, String(india.confidence));
});

test('a footer of pieces set apart by bars names the seller with its legal form; a tax the total includes confirms it at its rate', (t) => {
  const us = read([
    '                                                   INVOICE 4471',
    '                                                   Mar 5, 2024',
    'BILL TO',
    'Oakridge Dental Group',
    '500 Main St, Austin, TX 78701',
    'Website maintenance (Feb)                    1   400.00    400.00',
    '                                        TOTAL               400.00',
    'Questions? billing@pixelforge.io | Pixelforge Studio LLC, 12 Congress Ave, Austin TX 78701',
  ]);
  t.is(us.vendor_name.value, 'Pixelforge Studio LLC');
  const nz = read(['Wellington Office Supplies', 'PO Box 3345, Wellington 6140', 'Invoice: 10293', 'Date: 7 Feb 2024', 'Copy paper A4 x 10 reams       $79.90', 'Toner cartridge                $129.00', 'Total (incl GST)               $208.90', 'GST included                    $27.25']).total_amount;
  t.is(nz.value, 208.9);
  t.true(nz.confidence >= SURE, String(nz.confidence));
  // a tax that is no share of the total at any rate confirms nothing
  const off = read(['Wellington Office Supplies', 'PO Box 3345, Wellington 6140', 'Invoice: 10293', 'Date: 7 Feb 2024', 'Copy paper A4 x 10 reams       $79.90', 'Toner cartridge                $129.00', 'Total (incl GST)               $208.90', 'GST included                    $26.11']).total_amount;
  t.true(off.confidence < SURE, String(off.confidence));
});
