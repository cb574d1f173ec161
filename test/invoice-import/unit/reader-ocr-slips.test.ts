// Issue 26, round 23. What an OCR engine misreads in an invoice's labels, dates and names, read back: "rn" for "m"
// and "q" for "g" in a label ("Rechnungsnumrner", "Rechnunqsdatum"), a letter for a look-alike digit in a date
// ("0l.02.2024", "01.02.2O24"), a broken "GmbH" ("GrnbH", "GmhH") and a capital I for a small l ("AIpha").
// Synthetic OCR readings (words with the engine's confidence); each rule is general.
import test from 'ava';
import { buildLayout, layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';
import { findDates } from '../../../workers/invoice/text/dates.js';

/** An OCR reading of the lines: each word boxed where a 12-pixel-wide monospace would set it, read at 0.9. */
function ocrRead(lines: string[]) {
  const tokens = lines.flatMap((line, row) => [...line.matchAll(/\S+/g)].map((m) => ({ text: m[0], page: 1, x0: m.index! * 12, x1: (m.index! + m[0].length) * 12, y: row * 30 + 15, h: 22, conf: 0.9 })));
  return readLaidOutInvoice(buildLayout(tokens, [{ width: 2400, height: 3300 }], 0.9)).header;
}
const invoice = (over: Record<string, string> = {}) => {
  const f = { seller: 'Alpha Werke GmbH', numberLabel: 'Rechnungsnummer:', dateLabel: 'Rechnungsdatum:', date: '01.02.2024', ...over };
  return [f.seller, 'Industriestr. 5', '70173 Stuttgart', 'Rechnung', `${f.numberLabel}    RE-2024-1001`, `${f.dateLabel}    ${f.date}`, 'Nettobetrag        1.000,00 EUR', 'MwSt. 19 %        190,00 EUR', 'Gesamtbetrag        1.190,00 EUR'];
};

test('labels: "rn" read for "m" and "q" for "g" in a number\'s or a date\'s label', (t) => {
  for (const numberLabel of ['Rechnungsnumrner:', 'Rechnungsnurnmer:', 'Rechnunqsnummer:']) t.is(ocrRead(invoice({ numberLabel })).invoice_number.value, 'RE-2024-1001', numberLabel);
  for (const dateLabel of ['Rechnungsdaturn:', 'Rechnunqsdatum:']) t.is(ocrRead(invoice({ dateLabel, date: '05.02.2024' })).invoice_date.value, '2024-02-05', dateLabel);
  // (a delivery date's label read back is a delivery date's still: "Lieferdaturn" is no document date)
  const h = ocrRead(['Alpha Werke GmbH', 'Rechnung Nr. RE-7', 'Lieferdaturn:    28.01.2024', 'Rechnungsdatum:    05.02.2024', 'Gesamtbetrag        1.190,00 EUR']);
  t.is(h.invoice_date.value, '2024-02-05');
});

test('dates: a letter read for a look-alike digit ("0l.02.2024", "01.02.2O24") is read back as the digit', (t) => {
  for (const date of ['0l.02.2024', '01.02.2O24', '0I.02.2024', '01.O2.2024']) t.is(ocrRead(invoice({ date })).invoice_date.value, '2024-02-01', date);
  t.true(findDates('Datum 0l.02.2024', 'dmy')[0].repaired);
  // (not words, nor runs with more letters than digits can bear)
  t.is(findDates('lO.Ol.OIlO', 'dmy').length, 0);
  t.is(findDates('Modell 01.02.2024', 'dmy')[0].repaired, undefined);
});

test('names: a broken "GmbH" and, in an OCR reading, a capital I among small letters are mended; the name is not sure', (t) => {
  for (const [seller, mended] of [['Alpha Werke GrnbH', 'Alpha Werke GmbH'], ['Alpha Werke GmhH', 'Alpha Werke GmbH'], ['BIumen Werke GmbH', 'Blumen Werke GmbH']]) {
    const h = ocrRead(invoice({ seller }));
    t.is(h.vendor_name.value, mended, seller);
    t.true(h.vendor_name.confidence < 0.9, seller);
  }
  t.is(ocrRead(invoice({ seller: 'ALPHA WERKE GRNBH' })).vendor_name.value, 'ALPHA WERKE GMBH');
  // (not "AI" opening a brand, nor a text layer's name: it is as printed)
  t.is(ocrRead(invoice({ seller: 'AImotive Werke GmbH' })).vendor_name.value, 'AImotive Werke GmbH');
  t.is(readLaidOutInvoice(layoutFromText(invoice({ seller: 'BIumen Werke GmbH' }).join('\n'))).header.vendor_name.value, 'BIumen Werke GmbH');
});

test('names: a legal form ending the name one look-alike letter off is that form ("… Traders Lld", "… SDN BHO")', (t) => {
  const english = (seller: string) => ocrRead([seller, '1 High Street, London EC1A 1BB', 'INVOICE', 'Invoice No:    NW-5501', 'Invoice Date:    12/03/2024', 'Total Due        £120.00']).vendor_name;
  t.is(english('Northwind Traders Lld').value, 'Northwind Traders Ltd');
  t.true(english('Northwind Traders Lld').confidence < 0.9);
  t.is(english('NORTHWIND TRADERS LTO').value, 'NORTHWIND TRADERS LTD');
  // (words of their own that look like a form stay: "Apple Pie", "Marine Ply", "Pot Lid", "Nasi Sari", "Harbour Lido")
  for (const name of ["Grandma's Apple Pie", 'Coastal Marine Ply', 'The Copper Pot Lid', 'KEDAI RUNCIT SARI', 'Harbour Lido']) t.is(english(name).value, name);
});

test('names: a house number glued to its street word ("35rue dici") is an address, not a rival name', (t) => {
  const P = (a: string, b: string) => `${a.padEnd(40)}${b}`;
  const h = ocrRead([P('LOGO LEFOURNISSEUR', 'FACTURE N : F20260031'), P('', 'Date: 31/01/2026'), P('SELLER TRADE NAME', 'CLIENT:'), P('LEFOURNISSEUR', 'Buyer dep'), P('35rue dici,Batiment B', 'LE CLIENT'), P('75018 PARIS,FR', 'MON ADRESSE LIGNE 1'), 'Total TTC        120,00 €']);
  t.is(h.vendor_name.value, 'LOGO LEFOURNISSEUR');
  // (the address close behind had made the name a toss-up)
  t.true(h.vendor_name.confidence > 0.8);
});

test('names: "rn" read as "m" (or "m" as "rn") in a common word of names is respelt; the name keeps its confidence', (t) => {
  const h = ocrRead(['Fiverr Intemational Ltd.', '1 High Street, London EC1A 1BB', 'INVOICE', 'Invoice No:    FI15636047324', 'Invoice Date:    12/03/2024', 'Total Due        £120.00']);
  t.is(h.vendor_name.value, 'Fiverr International Ltd.');
  t.true(h.vendor_name.confidence >= 0.9);
  t.is(ocrRead(['Acme Trading Cornpany', '1 High Street, London EC1A 1BB', 'INVOICE', 'Invoice No:    A-1', 'Total Due        £120.00']).vendor_name.value, 'Acme Trading Company');
});
