// Issue 26, round 24. Credit notes and corrections quote the invoice they correct — in every language — and the quoted
// number and date are not the document's own ("Avoir relatif à la facture n° FA-2024-0088 du 12/03/2024", "Rectifica la
// factura nº …", "Storno parziale fattura n. …", "Creditering factuur …", "Vedrører faktura nr. …"). Also European
// programs' own labels and layouts: a register's "Folio … Hoja …", FatturaPA's "Numero documento", a Polish number's type
// ("FV 12/2024"), "Rechnungstotal", "Verbleibender Zahlbetrag", "Do zwrotu", a footer of pieces, two parties' name rows
// side by side. Synthetic documents; each rule is general.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;
/** a printed line: each cell at its column */
const row = (...cells: [number, string][]) => cells.reduce((s, [col, text]) => s.padEnd(col) + text, '');

test('number and date: the invoice a credit note or a correction quotes is not its own', (t) => {
  const cases: [string, string[], string, string][] = [
    ['fr', ['Atelier Lumière SARL', 'Avoir n° AV-2024-0007', 'Date : 15/03/2024', 'Avoir relatif à la facture n° FA-2024-0088 du 12/03/2024', 'Total TTC      -120,00 €'], 'AV-2024-0007', '2024-03-15'],
    ['es', [row([0, 'Informática Castilla S.L.'], [56, 'FACTURA RECTIFICATIVA']), row([56, 'Nº R-2024-003']), row([56, 'Fecha: 15-03-2024']), 'Rectifica la factura nº 2024-0122 de fecha 02-03-2024.', 'Total factura      -242,00 €'], 'R-2024-003', '2024-03-15'],
    ['it', ['Tipografia Moderna S.r.l.', 'NOTA DI CREDITO N. 7 DEL 15/03/2024', 'Storno parziale fattura n. 131 del 01/03/2024', 'Totale documento      -61,00 €'], '7', '2024-03-15'],
    ['nl', ['Drukkerij Vandenberghe BV', 'Creditnota CN-2024-0005', row([0, 'Datum'], [18, '12/03/2024']), row([0, 'Betreft'], [18, 'Creditering factuur 2024/0133 van 28/02/2024']), 'Totaal incl. btw      -121,00 €'], 'CN-2024-0005', '2024-03-12'],
    ['da', ['Malerfirmaet Hansen ApS', 'Kreditnota nr. 124', 'Dato: 12.03.2024', 'Vedrører faktura nr. 120 af 1. marts 2024', 'I alt DKK      -1.250,00'], '124', '2024-03-12'],
  ];
  for (const [name, lines, number, date] of cases) {
    const h = read(lines);
    t.is(h.invoice_number.value, number, name);
    t.is(h.invoice_date.value, date, name);
  }
});

test('number: a register\'s entry is no number; FatturaPA\'s "Numero documento"; a Polish number keeps its type', (t) => {
  const register = read(['SUMINISTROS LEVANTE S.A.', row([0, 'Nº Factura'], [16, 'Fecha']), row([0, 'A/000215'], [16, '12/03/2024']), 'Total factura      121,00 €', 'Inscrita en el Registro Mercantil de Valencia, Tomo 5432, Folio 88, Hoja V-12345']);
  t.is(register.invoice_number.value, 'A/000215');
  const grid = read(['Tipografia Moderna S.r.l.', row([0, 'Tipologia documento'], [24, 'Art. 73'], [34, 'Numero documento'], [54, 'Data documento']), row([0, 'TD01 fattura'], [34, '145'], [54, '12-03-2024']), 'Totale documento      122,00 €']);
  t.is(grid.invoice_number.value, '145');
  t.is(read(['Kowalski Software Sp. z o.o.', 'Faktura korygująca nr FK 2/03/2024', 'Data wystawienia: 2024-03-14', 'Do zwrotu:      246,00 zł']).invoice_number.value, 'FK 2/03/2024');
});

test('total: "Rechnungstotal" over a rounding line, what remains after a prepayment, and a correction\'s refund', (t) => {
  t.is(read(['Garage Bühler AG', 'Rechnung Nr. 24-0871', row([0, 'Total exkl. MWST'], [50, 'Fr.'], [56, '1156.65']), row([0, 'MWST 8.1 %'], [50, 'Fr.'], [56, '93.69']), row([0, 'Rundung'], [50, 'Fr.'], [56, '0.01']), row([0, 'Rechnungstotal'], [50, 'Fr.'], [56, '1250.35'])]).total_amount.value, 1250.35);
  const prepaid = read(['Schreinerei Holzwurm GmbH', 'Schlussrechnung RE-1042', row([48, 'Gesamtbetrag netto'], [84, '5.060,53 €']), row([48, 'zzgl. Umsatzsteuer 19 %'], [84, '961,50 €']), row([48, 'Gesamtbetrag brutto'], [84, '6.022,03 €']), row([48, 'abzüglich Anzahlung netto'], [84, '-2.000,00 €']), row([48, 'Umsatzsteuer 19 %'], [84, '-380,00 €']), row([48, 'Verbleibender Zahlbetrag'], [84, '3.642,03 €'])]);
  t.is(prepaid.total_amount.value, 3642.03);
  t.is(read(['Kowalski Software Sp. z o.o.', 'Faktura korygująca nr FK 2/03/2024', 'Data wystawienia: 2024-03-14', row([0, 'Do zwrotu:'], [22, '246,00 zł'])]).total_amount.value, 246);
});

test('seller: a footer of pieces names the firm before its registration; name rows of two parties side by side', (t) => {
  // (a table's column heading, "Omschrijving", is no name)
  const footer = read([row([0, 'Omschrijving'], [54, 'Bedrag']), row([0, 'Snoeiwerk'], [54, '€ 350,00']), 'Hoveniersbedrijf Groenrijk | Duinweg 8, 2051 EA Overveen | KvK 34567890 | BTW NL123456789B01 | IBAN NL02 RABO 0123 4567 89']);
  t.is(footer.vendor_name.value, 'Hoveniersbedrijf Groenrijk');
  const sides = read([row([0, 'Buyer reference'], [22, 'PO 2024-311'], [50, 'Payment due date'], [70, '2024-04-11']), row([0, 'Seller'], [50, 'Buyer']), row([0, 'Name'], [14, 'Solartechnik Süd GmbH'], [50, 'Name'], [64, 'Hotel Bergblick KG'])]);
  t.is(sides.vendor_name.value, 'Solartechnik Süd GmbH');
});
