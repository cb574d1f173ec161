// The extractor's pure parts, without the database or the queues: numbers, dates,
// currencies, labels in several languages, line tables, structured formats, sniffing,
// and the real invoices of ../shared/invoices when they are there.
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAmount, documentDecimalMark } from '../../../workers/invoice/text/numbers.js';
import { documentDayOrder, findDates } from '../../../workers/invoice/text/dates.js';
import { detectCurrency } from '../../../workers/invoice/text/currency.js';
import { buildLayout, layoutFromText, type Token } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';
import { parseXmlInvoice, xmlKind } from '../../../workers/invoice/formats/xml.js';
import { parseCsvInvoice } from '../../../workers/invoice/formats/csv.js';
import { sniffDocument } from '../../../jobs/invoice-document.js';
import { extractInvoice } from '../../../workers/invoice/extract.js';
import { compactName } from '../../../workers/invoice/text/vendor.js';
import { UnreadableDocument } from '../../../workers/invoice/types.js';
import { shutdownOcr } from '../../../workers/ocr/recognize.js';
import { ciiXml, invoiceCsv, sampleInvoice, textPdf, ublXml } from '../../factories/invoices.js';

test.after.always(() => shutdownOcr());

test('amounts in European and US notation, with signs and currency marks', (t) => {
  const cases: [string, number | null, (',' | '.' | null)?][] = [
    ['1.234,56', 1234.56], ['1,234.56', 1234.56], ['€ 399,00', 399], ['$4.11', 4.11], ["1'250.00", 1250], ['1 234,56 EUR', 1234.56],
    ['(9.32)', -9.32], ['-9,32', -9.32], ['9.32-', -9.32], ['49,99', 49.99], ['12', 12], ['1,000', 1000], ['1,000', 1, ','], ['1.000', 1000, ','],
    ['0,5', 0.5], ['abc', null], ['12 kg', null], ['1.2.3', null],
  ];
  for (const [input, expected, hint] of cases) t.is(parseAmount(input, hint ?? null), expected, input);
  t.is(documentDecimalMark('Menge 1 Preis 5,39 Summe 34,73 am 01.05.14'), ',');
  t.is(documentDecimalMark('Qty 2 Price 10.00 Total 20.00'), '.');
});

test('dates: ISO, numeric both ways, and written months in seven languages', (t) => {
  const first = (s: string, order: 'dmy' | 'mdy' = 'dmy'): string | undefined => findDates(s, order)[0]?.iso;
  t.is(first('Invoice Date: August 3 , 2014'), '2014-08-03');
  t.is(first('Rechnungsdatum 7. Mai 2014'), '2014-05-07');
  t.is(first('Factuurdatum: 19 april 2014'), '2014-04-19');
  t.is(first('Date : 1er janvier 2020'), '2020-01-01');
  t.is(first('Fecha: 3 de marzo de 2021'), '2021-03-03');
  t.is(first('Data fattura 15 settembre 2022'), '2022-09-15');
  t.is(first('Data: 2 de fevereiro de 2023'), '2023-02-02');
  t.is(first('Date: Jan 1, 2022'), '2022-01-01');
  t.is(first('Issued 3rd March 2021'), '2021-03-03');
  t.is(first('2024-03-15'), '2024-03-15');
  t.is(first('8-9-2022'), '2022-09-08');
  t.is(first('20.03.23'), '2023-03-20');
  t.is(first('03/04/2023', 'mdy'), '2023-03-04');
  t.is(first('03/04/2023', 'dmy'), '2023-04-03');
  t.is(first('31/02/2023'), undefined, 'no such day');
  // the document decides: a day over 12 fixes the order, else "/" in a dollar invoice is month-first
  t.is(documentDayOrder('Invoice Date 03/20/2023 Due 04/04/2023', null), 'mdy');
  t.is(documentDayOrder('Datum 20/03/2023', 'EUR'), 'dmy');
  t.is(documentDayOrder('Date 03/04/2023', 'USD'), 'mdy');
  t.is(documentDayOrder('Date 03/04/2023', 'GBP'), 'dmy');
  t.is(documentDayOrder('Datum 03.04.2023', 'USD'), 'dmy');
});

test('currency from codes near totals, symbols and words', (t) => {
  t.is(detectCurrency('Total EUR | 34,73').value, 'EUR');
  t.is(detectCurrency('Amount due $4.11\nCredits $0.00').value, 'USD');
  t.is(detectCurrency('Subtotal £ 12.00').value, 'GBP');
  t.is(detectCurrency('Betrag CHF 10.00').value, 'CHF');
  t.is(detectCurrency('All charges and prices are in US Dollars').value, 'USD');
  t.is(detectCurrency('Total C$ 45.00 CAD').value, 'CAD');
  t.is(detectCurrency('no money here').value, null);
});

const invoiceText = (header: string[], rows: string[]) => layoutFromText([...header, '', ...rows].join('\n'));

/** A page whose table cells sit in real columns (left edges at `xs`), like a printed invoice. */
function page(header: string[], table: string[][], xs = [40, 80, 130, 330, 420]) {
  const tokens: Token[] = [];
  let y = 40;
  for (const text of header) tokens.push({ text, page: 1, x0: 40, x1: 40 + text.length * 5, y: (y += 14), h: 10 });
  y += 40;
  for (const row of table) {
    y += 14;
    // a row of one cell is a note or a sum label printed from the left
    row.forEach((text, i) => tokens.push({ text, page: 1, x0: row.length === 1 ? 130 : xs[i], x1: (row.length === 1 ? 130 : xs[i]) + text.length * 5, y, h: 10 }));
  }
  return buildLayout(tokens, [{ width: 595, height: 842 }], 1);
}

test('invoice number, date and vendor labels in several languages', (t) => {
  const cases: [string[], string, string][] = [
    [['Muster Handel GmbH', 'Rechnungsnummer:  R-2024-17', 'Rechnungsdatum:  12.03.2024'], 'R-2024-17', '2024-03-12'],
    [['Bakkerij de Vries B.V.', 'Factuurnummer:  F-88812', 'Factuurdatum:  4 maart 2024'], 'F-88812', '2024-03-04'],
    [['Boulangerie Martin SARL', 'Facture n° FA-2024-001', 'Date de facture :  5 février 2024'], 'FA-2024-001', '2024-02-05'],
    [['Distribuciones Sol S.L.', 'Número de factura:  2024/77', 'Fecha de factura:  6 de abril de 2024'], '2024/77', '2024-04-06'],
    [['Forniture Rossi S.r.l.', 'Numero fattura:  55-2024', 'Data fattura:  7 maggio 2024'], '55-2024', '2024-05-07'],
    [['Acme Supplies Inc.', 'Invoice #:  A1009', 'Invoice Date:  June 8, 2024'], 'A1009', '2024-06-08'],
  ];
  for (const [header, number, date] of cases) {
    const r = readLaidOutInvoice(invoiceText([...header, 'Bill To:  Some Customer Ltd'], ['Description   Qty   Unit Price   Amount', 'Widget   2   5.00   10.00', 'Total   10.00']));
    t.is(r.header.invoice_number.value, number, header[1]);
    t.is(r.header.invoice_date.value, date, header[2]);
    t.is(r.header.vendor_name.value, header[0], header[0]);
  }
});

test('line tables: columns by header in any language, sums and notes are not items', (t) => {
  const de = readLaidOutInvoice(
    page(
      ['Beispiel AG', 'Rechnungsnr. 4711'],
      [
        ['Pos.', 'Menge', 'Bezeichnung', 'Einzelpreis', 'Gesamt'],
        ['1', '3', 'Schrauben M4', '0,50', '1,50'],
        ['Lieferung in Kartons'],
        ['2', '2 Stk', 'Dübel 6mm', '1,25', '2,50'],
        ['', '', 'Zwischensumme', '', '4,00'],
        ['', '', 'MwSt 19%', '', '0,76'],
        ['', '', 'Gesamtbetrag EUR', '', '4,76'],
      ],
    ),
  );
  t.deepEqual(de.lines.map((l) => [l.description.value, l.quantity.value, l.unit.value, l.unit_price.value, l.line_total.value]), [
    ['Schrauben M4', 3, null, 0.5, 1.5],
    ['Dübel 6mm', 2, 'stk', 1.25, 2.5],
  ]);
  t.is(de.lines[0].details, 'Lieferung in Kartons');
  t.is(de.header.total_amount.value, 4.76);
  t.is(de.header.currency.value, 'EUR');

  // no header: "text ... amount" rows; a row that is the sum of the others is a subtotal
  const plain = readLaidOutInvoice(invoiceText(['Cloud Co LLC', 'Invoice Number: 9', ...Array(12).fill('')], ['Service Charges   $30.00', 'Compute   $10.00', 'Storage   $20.00', 'Tax   $0.00', 'Total   $30.00']));
  t.deepEqual(plain.lines.map((l) => [l.description.value, l.line_total.value, l.quantity.value]), [['Compute', 10, 1], ['Storage', 20, 1]]);
  t.true(plain.lines[0].quantity.confidence < 0.5, 'an assumed quantity is flagged');

  // codes in the description: [SKU] and *barcode*
  const codes = readLaidOutInvoice(
    page(['Odd Shop Ltd'], [['Description', 'Quantity', 'Unit Price', 'Amount'], ['[FURN_7777] Office Chair', '1.00 Units', '70.00', '$ 70.00'], ['*4006381333931* Olive Oil', '2', '1.00', '$ 2.00']], [40, 250, 330, 420]),
  );
  t.like(codes.lines[0], { sku: { value: 'FURN_7777' }, description: { value: 'Office Chair' }, unit: { value: 'units' } });
  t.like(codes.lines[1], { barcode: { value: '4006381333931' }, description: { value: 'Olive Oil' }, quantity: { value: 2 } });
});

test('UBL and CII are read exactly; section lines of nothing are dropped', (t) => {
  const spec = sampleInvoice({ lines: [{ description: 'Paper A4', quantity: 10, unitPrice: 3.2, sku: 'PA4', barcode: '4006381333931', unit: 'PK' }] });
  for (const [text, kind] of [[ublXml(spec), 'ubl'], [ciiXml(spec), 'cii']] as const) {
    t.is(xmlKind(text), kind);
    const r = parseXmlInvoice(text, kind);
    t.like(r.header, { vendor_name: { value: spec.vendor, confidence: 0.99 }, invoice_number: { value: spec.number }, invoice_date: { value: '2024-03-15' }, currency: { value: 'EUR' }, total_amount: { value: 32 } });
    t.like(r.lines[0], { description: { value: 'Paper A4' }, quantity: { value: 10 }, unit: { value: 'pack' }, unit_price: { value: 3.2 }, line_total: { value: 32 }, sku: { value: 'PA4' }, barcode: { value: '4006381333931' } });
  }
  const withNote = ublXml(spec).replace('</Invoice>', '<cac:InvoiceLine><cbc:ID>2</cbc:ID><cbc:InvoicedQuantity>0</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">0.00</cbc:LineExtensionAmount><cac:Item><cbc:Name>--- Section ---</cbc:Name></cac:Item></cac:InvoiceLine></Invoice>');
  t.is(parseXmlInvoice(withNote, 'ubl').lines.length, 1);
  const err = t.throws(() => parseXmlInvoice('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Invoice/>', 'ubl'));
  t.true(err instanceof UnreadableDocument);
});

test('CSV exports with comma or semicolon, decimal comma, and label rows above the table', (t) => {
  const spec = sampleInvoice();
  for (const d of [',', ';', '\t']) {
    const r = parseCsvInvoice(invoiceCsv(spec, d));
    t.is(r.lines.length, 3, JSON.stringify(d));
    t.is(r.lines[1].unit_price.value, 29.9);
    t.is(r.header.invoice_number.value, spec.number);
  }
  const labelled = parseCsvInvoice('Invoice No;X-77\nSupplier;Fresh Farm BV\nDate;01.02.2024\n\nArticle code;Description;Qty;Price\nA1;Apples;10;0,35\nA2;Pears;5;0,40\n');
  t.like(labelled.header, { invoice_number: { value: 'X-77' }, vendor_name: { value: 'Fresh Farm BV' }, invoice_date: { value: '2024-02-01' } });
  t.deepEqual(labelled.lines.map((l) => [l.sku.value, l.description.value, l.quantity.value, l.unit_price.value, l.line_total.value]), [['A1', 'Apples', 10, 0.35, 3.5], ['A2', 'Pears', 5, 0.4, 2]]);
  t.throws(() => parseCsvInvoice('a,b\n1,2\n'), { instanceOf: UnreadableDocument });
});

test('document types are told by their bytes', async (t) => {
  t.is(sniffDocument(await textPdf(sampleInvoice()))?.kind, 'pdf');
  t.is(sniffDocument(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))?.contentType, 'image/png');
  t.is(sniffDocument(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))?.contentType, 'image/jpeg');
  t.is(sniffDocument(Buffer.from(ublXml(sampleInvoice())))?.kind, 'xml');
  t.is(sniffDocument(Buffer.from(invoiceCsv(sampleInvoice())))?.kind, 'csv');
  t.is(sniffDocument(Buffer.from('hello world')), null);
  t.is(sniffDocument(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 1, 2, 0, 0])), null);
  const err = await t.throwsAsync(() => extractInvoice(Buffer.from('plain words, no invoice')));
  t.is((err as UnreadableDocument).code, 'unsupported_document_type');
});

// The real invoices (invoice2data test set) beside the repository: the extractor must
// keep reading them; it is general, none of these suppliers is special-cased.
const realDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/invoices/invoice2data');
const realTest = fs.existsSync(realDir) ? test : test.skip;
realTest('real invoices: vendor, number, date, currency, total and line count', async (t) => {
  for (const file of fs.readdirSync(realDir).filter((f) => f.endsWith('.pdf'))) {
    const ref = JSON.parse(fs.readFileSync(path.join(realDir, file.replace(/\.pdf$/, '.json')), 'utf8'))[0];
    const { invoice } = await extractInvoice(fs.readFileSync(path.join(realDir, file)));
    const h = invoice.header;
    const a = compactName(h.vendor_name.value ?? '');
    const b = compactName(ref.issuer);
    t.true(a.length > 2 && (a.includes(b) || b.includes(a)), `${file}: vendor ${h.vendor_name.value} vs ${ref.issuer}`);
    t.is(h.invoice_number.value, ref.invoice_number, file);
    t.is(h.invoice_date.value, ref.date, file);
    t.is(h.currency.value, ref.currency, file);
    if (typeof ref.amount === 'number') t.is(h.total_amount.value, ref.amount, file);
    const expected = (ref.lines ?? ref.line_items).filter((l: object) => !('sectionheader' in l) && !('line_note' in l)).length;
    t.is(invoice.lines.length, expected, `${file}: lines`);
  }
});

test('a printed invoice saved as plain text is read by its monospaced columns', async (t) => {
  const text = [
    'Faktura nr: FV 2024/03/117                                            Data wystawienia: 2024-03-05',
    'Sprzedawca: Hurtownia Budowlana Kowalski Sp. z o.o.',
    'NIP:        521-000-00-00',
    'Nabywca:    Sklep Domowy Anna Nowak',
    '',
    ' Lp  Nazwa towaru                 Ilość     Cena netto     Wartość netto',
    ' 1   Wkręty do drewna 4x40          10          2,50             25,00',
    ' 2   Klej montażowy                  3         12,00             36,00',
    '',
    '                                  Razem:                          61,00',
    'Do zapłaty: 75,03 PLN',
  ].join('\n');
  const { invoice } = await extractInvoice(Buffer.from(text));
  t.is(invoice.format, 'text');
  t.like(invoice.header, { vendor_name: { value: 'Hurtownia Budowlana Kowalski Sp. z o.o.' }, invoice_number: { value: 'FV 2024/03/117' }, invoice_date: { value: '2024-03-05' }, currency: { value: 'PLN' }, total_amount: { value: 75.03 } });
  t.deepEqual(invoice.lines.map((l) => [l.description.value, l.quantity.value, l.unit_price.value, l.line_total.value]), [['Wkręty do drewna 4x40', 10, 2.5, 25], ['Klej montażowy', 3, 12, 36]]);
  // with no amount naming a currency, the supplier's IBAN country is a low-confidence guess
  t.like(detectCurrency('Betrag 10,00\nIBAN DE89 3704 0044 0532 0130 00'), { value: 'EUR', confidence: 0.4 });
});
