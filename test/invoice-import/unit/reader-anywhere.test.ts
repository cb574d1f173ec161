// The reader on documents from other countries and layouts (issue 26): the seller named outside
// the letterhead, the currency from all the evidence, names with the marks of an OCR slip, labels
// in other languages and dates ordered by the seller's country. Synthetic OCR lines; each rule
// holds for documents in general.
import test from 'ava';
import { readOcr, readText } from '../../helpers/reading.js';

const read = readText;
const SURE = 0.9;

// ── 1. the seller from everywhere ─────────────────────────────────────────────────

test('seller: a shop whose letterhead is a logo names itself in its sign-off, in German, English and French', (t) => {
  const body = ['Datum 12.03.2019 14:22', 'Brot 2,40', 'Kaffee 3,10', 'SUMME EUR 5,50', 'Bar 10,00', 'Rückgeld 4,50'];
  t.is(read(['EUR', ...body, 'Vielen Dank für Ihren Einkauf bei Bäckerei Sonnenschein!']).vendor_name.value, 'Bäckerei Sonnenschein');
  t.is(read(['~~ //', 'Date 12/03/2019', 'Bread 2.40', 'TOTAL GBP 5.50', 'Thank you for shopping at Greenleaf Grocers. See you soon']).vendor_name.value, 'Greenleaf Grocers');
  t.is(read(['Date 12/03/2019', 'Pain 2,40', 'TOTAL EUR 5,50', 'Merci de votre visite chez Boulangerie Lemaire']).vendor_name.value, 'Boulangerie Lemaire');
});

test('seller: a web or e-mail domain that no line matches gives a name, for review', (t) => {
  const h = read(['12 Harbour Road', 'Date 05/02/2020', 'Widgets 10.00', 'Total 10.00', 'www.kiwi-prints.co.nz']);
  t.is(h.vendor_name.value, 'Kiwi Prints');
  t.true(h.vendor_name.confidence < SURE);
  const mail = read(['Date 05/02/2020', 'Widgets 10.00', 'Total 10.00', 'Questions? info@bluefernsupplies.com']);
  t.is(mail.vendor_name.value, 'Bluefernsupplies');
  t.true(mail.vendor_name.confidence < SURE);
});

test('seller: the name before the tax id on the footer line', (t) => {
  const h = read(['Date 05/02/2020', 'Item A 10,00', 'Total 10,00', 'Nordlicht Versand · USt-IdNr. DE123456789']);
  t.is(h.vendor_name.value, 'Nordlicht Versand');
});

test('seller: never a currency code, the addressee "care of", or the program that made the PDF', (t) => {
  const currency = read(['EUR', 'Milch 1,19', 'SUMME 1,19']);
  t.not(currency.vendor_name.value, 'EUR');
  const careOf = read(['c/- Harbour Administration Ltd', 'PO Box 55', 'Invoice No 4411', 'Date 05/01/2017', 'Total 115.00']);
  t.not(careOf.vendor_name.value, 'c/- Harbour Administration Ltd');
  t.not(careOf.vendor_name.value, 'Harbour Administration Ltd');
  const generator = read(['Created with Invoice Ninja', 'Invoice No 4411', 'Date 05/01/2017', 'Total 115.00']);
  t.not(generator.vendor_name.value, 'Created with Invoice Ninja');
});

test('seller: when no line is a credible seller (only its place at the top names it), the best guess is reported for review', (t) => {
  for (const top of ['BEST PRICES', 'Quality you can trust', 'Frische jeden Tag']) {
    const h = read([top, 'Date 05.02.2020', 'TOTAL 1.19']);
    t.true(h.vendor_name.value === null || h.vendor_name.confidence < SURE, `${top}: ${h.vendor_name.confidence}`);
  }
  // a name with its identity under it (legal form, address, telephone, VAT id) stays sure; with a telephone
  // number alone under it, the evidence is moderate: reported for review (round 10)
  t.true(read(['Nordlicht Versand GmbH', 'Hafenstraße 12', '20095 Hamburg', 'Tel. 040 123456', 'USt-IdNr. DE123456789', 'Date 05.02.2020', 'Milk 1.19', 'TOTAL 1.19']).vendor_name.confidence >= SURE);
  const moderate = read(['Nordlicht Versand', 'Tel. 040 123456', 'Date 05.02.2020', 'Milk 1.19', 'TOTAL 1.19']).vendor_name;
  t.is(moderate.value, 'Nordlicht Versand');
  t.true(moderate.confidence < SURE);
});

// ── 2. currency from combined evidence ────────────────────────────────────────────

test('currency: "€" read as "£" on a German receipt is the euro (VAT rates, address, telephone and language say Germany)', (t) => {
  const h = readOcr(['BÄCKEREI MÜLLER', 'Hauptstraße 5', '80331 München', 'Tel +49 89 1234567', 'Brot 2 x £1,20 £2,40', 'Kuchen £3,50', 'SUMME £5,90', 'MwSt 7% £0,39', 'Bar £10,00', 'Rückgeld £4,10', 'Vielen Dank für Ihren Einkauf']);
  t.is(h.currency.value, 'EUR');
});

test('currency: "$" on an invoice whose GST number, 15 % GST and town say New Zealand is NZD', (t) => {
  const h = read(['Harbour Prints', '12 Queen Street', 'Auckland 1010', 'GST No. 123-456-789', 'Invoice No 4411', 'Date 05/01/2017', 'Subtotal $100.00', 'GST 15% $15.00', 'Total $115.00']);
  t.is(h.currency.value, 'NZD');
});

test('currency: the format of a tax id tells the country, and the country which of "€"/"£" the OCR saw (German VAT id, UK VAT number)', (t) => {
  t.is(read(['Nordlicht Versand', 'DE123456789', 'Datum 05.02.2020', 'Summe 10,00 £']).currency.value, 'EUR');
  t.is(read(['Thames Tools', 'GB 123 4567 89', 'Date 05/02/2020', 'Total €10.00']).currency.value, 'GBP');
});

test('currency: a single "$" with nothing else behind it is never sure', (t) => {
  const h = read(['Widget Shop', 'Date 05/02/2020', 'Total $10.00']);
  t.is(h.currency.value, 'USD');
  t.true(h.currency.confidence < SURE);
  const many = read(['Widget Shop', 'Date 05/02/2020', 'A $4.00', 'B $6.00', 'Total $10.00', 'Cash $20.00', 'Change $10.00']);
  t.true(many.currency.confidence < SURE);
});

test('currency: "Eur" after an amount names the euro', (t) => {
  const h = read(['Kiosk am Markt', 'Datum 05.02.2020', 'Summe 10,00 Eur']);
  t.is(h.currency.value, 'EUR');
});

// ── 3. improbable names lose confidence ───────────────────────────────────────────

test('name: a digit among capitals is the letter it resembles, reported for review', (t) => {
  const receipt = (name: string) => [name, 'LOT 5, JALAN BESAR', '81100 JOHOR BAHRU', 'TEL: 07-355 1234', 'Date 05/03/2018', 'Total RM 12.90'];
  const h = read(receipt('0JC TRADING SDN BHD'));
  t.is(h.vendor_name.value, 'OJC TRADING SDN BHD');
  t.true(h.vendor_name.confidence < SURE);
  t.true(read(receipt('GOLDEN TRADING SDN BHD')).vendor_name.confidence >= SURE);
});

test('name: "&" read as "S", a "q" without "u", a broken legal form: not sure', (t) => {
  const receipt = (name: string) => [name, 'LOT 5, JALAN BESAR', '81100 JOHOR BAHRU', 'TEL: 07-355 1234', 'Date 05/03/2018', 'Total RM 12.90'];
  for (const name of ['POPULAR S BOOKS SDN BHD', 'RQSSMANN TRADING SDN BHD', 'GOLDEN TRADING SDN BHO']) {
    const h = read(receipt(name));
    t.truthy(h.vendor_name.value, name);
    t.true(h.vendor_name.confidence < SURE, `${name}: ${h.vendor_name.confidence}`);
  }
});

test('name: a word one OCR slip from a common word of shop names is mended ("Medla Markt" → "Media Markt")', (t) => {
  const h = read(['Medla Markt GmbH', 'Hauptstraße 5', '80331 München', 'Datum 05.02.2020', 'Summe 10,00 EUR']);
  t.is(h.vendor_name.value, 'Media Markt GmbH');
  t.true(h.vendor_name.confidence < SURE);
});

// ── 4. labels in other languages, dates by country ────────────────────────────────

test('labels: "Handelsrechnung Nr. … vom …" gives the number; "Brutto" is the total', (t) => {
  const h = read(['Muster GmbH', 'Handelsrechnung Nr. 2017-0042 vom 03.05.2017', 'Netto 12,00', 'MwSt 19% 2,28', 'Brutto 14,28']);
  t.is(h.invoice_number.value, '2017-0042');
  t.is(h.invoice_date.value, '2017-05-03');
  t.is(h.total_amount.value, 14.28);
});

test('labels: Malay, Italian and French till labels for the number and the total', (t) => {
  t.is(read(['KEDAI MAJU SDN BHD', 'No. Invois: INV-2231', 'Tarikh 05/01/2017', 'Jumlah Keseluruhan RM 8.50']).invoice_number.value, 'INV-2231');
  t.is(read(['Bar Centrale Srl', 'Scontrino n. 4471', 'Data 05/01/2017', 'Importo totale 8,50']).total_amount.value, 8.5);
  t.is(read(['Boulangerie Lemaire', 'Ticket n° 0042', 'Date 05/01/2017', 'Montant à payer 8,50']).invoice_number.value, '0042');
});

test('dates: a Malaysian receipt is day-first even when its money mark is a bare "$" and only its words say Malaysia', (t) => {
  const h = read(['KEDAI RUNCIT MAJU', 'Tarikh 05/01/17', 'JUMLAH $12.50', 'Terima kasih, sila datang lagi']);
  t.is(h.invoice_date.value, '2017-01-05');
});

// ── invoices printed from e-invoice data (labelled blocks) ────────────────────────

test('seller: the "Name:" row of the block under the seller\'s heading, not the buyer\'s; field labels and the rendering\'s heading are no names', (t) => {
  const h = read([
    'Stylesheet zur Lesbarmachung der XML-Daten',
    'Mietrechnung (387)   Nr. 9314/00/M   vom   01.10.2018',
    'Verkäufer',
    'Nummer:   549910',
    'Name:   Nordlicht Autovermietung',
    'Anschrift:   Am Hafen 9',
    'Käufer/Leistungsempfänger',
    'Nummer:   9314110911',
    'Name:   Kunde Handel GmbH',
    'Gesamtbetrag   340,96 EUR',
  ]);
  t.is(h.vendor_name.value, 'Nordlicht Autovermietung');
});

test('number: a compound title with a bracketed type code gives the number after "Nr.", not the code', (t) => {
  t.is(read(['Nordlicht GmbH', 'Rechnung des Versicherers (575)   Nr. 01.234.567.8-2018-1   vom   06.12.2018', 'Gesamtbetrag 50,00 EUR']).invoice_number.value, '01.234.567.8-2018-1');
  t.is(read(['Nordlicht GmbH', 'Gutschrift (Selbst ausgestellte Rechnung) (389)   Nr. 47110818   vom   31.10.2018', 'Gesamtbetrag 50,00 EUR']).invoice_number.value, '47110818');
});

test('seller: the town of a postcode line is no name; a legal form in capitals ("GMBH") is one', (t) => {
  const h = read(['Verkäufer:', 'NORDLICHT   GMBH', 'BAHNHOFSTRASSE 99', 'DE 99199   MUSTERHAUSEN', 'Rechnung Nr. 4711 vom 06.10.2018', 'Gesamtbetrag 480,22 EUR']);
  t.is(h.vendor_name.value, 'NORDLICHT GMBH');
  // a line holding only the legal form in capitals ends the name above it
  t.is(read(['NORDLICHT', 'GMBH', 'DE 99199   MUSTERHAUSEN', 'Rechnung Nr. 4711 vom 06.10.2018', 'Gesamtbetrag 480,22 EUR']).vendor_name.value, 'NORDLICHT GMBH');
});

test('total: what is still to pay after a deposit ("Solde à payer") is the amount due', (t) => {
  const h = read(['Au Bon Moulin SARL', 'Facture N° FA-2017-0010', 'Date de facture 13/11/2017', 'Total TTC   671,15 €', 'Règlement   Date   Montant   Solde à payer   470,15 €']);
  t.is(h.total_amount.value, 470.15);
});

// ── calibration (round 6) ───────────────────────────────────────────────────────────

test('confidence: a total no other figure confirms, found beside a weaker label, is not sure even from a text layer', async (t) => {
  const { calibrated } = await import('../../../workers/invoice/text/confidence.js');
  // (strength: half the label's specificity, half whether other figures add up to the total;
  // the confidence as reported, rounded to two places)
  const reported = (strength: number, legibility: number) => calibrated('total_amount', 1, { strength, legibility }).confidence;
  t.true(reported(0.405, 1) < SURE, String(reported(0.405, 1)));
  // a full "Total" label from a text layer, and a confirmed total from a fair photo, stay sure
  t.true(reported(0.5, 1) >= SURE);
  t.true(reported(0.905, 0.7) >= SURE);
});
