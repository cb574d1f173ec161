// Issue 26, round 23. Invoices written as business letters (DIN 5008 and its neighbours): a sender line parted by
// commas above the window, an address opened by a salutation of its own ("Firma", "Herrn", "Madame"), a number of the
// year after a bare title ("Rechnung 2024-88"), and a correction that quotes the invoice it corrects. Synthetic
// documents; each rule is general, none names a program or a company.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;

test('seller: a sender line parted by commas above the window, not the addressee under it', (t) => {
  const h = read(['Klaus Becker Elektrotechnik, Ringstr. 4, 50667 Köln', 'Müller & Söhne GmbH', 'Industriestr. 1', '50999 Köln', 'Rechnung Nr. 118', 'Köln, den 14.05.2024', 'Summe netto      400,00 €', '19 % MwSt.      76,00 €', 'Endbetrag      476,00 €']);
  t.is(h.vendor_name.value, 'Klaus Becker Elektrotechnik');
  t.is(h.total_amount.value, 476);
  // (an address parted by commas is no sender line: its first part is a street, not a name)
  const address = read(['Rosen Blumenhandel GmbH', 'Hauptstr. 1, Eingang B, 12345 Berlin', 'Rechnung Nr. 7', 'Summe      10,00 €']);
  t.is(address.vendor_name.value, 'Rosen Blumenhandel GmbH');
  // (nor a "Co." cut from its "Co., Ltd.")
  t.is(read(['Sakura Trading Co., Ltd., 2-3-1 Nishi-Shinjuku, 1630 Tokyo', 'INVOICE', 'Invoice No. ST-1', 'Total      ¥330,000']).vendor_name.value, 'Sakura Trading Co., Ltd.');
});

test('seller: the line under a salutation of its own ("Firma", "Herrn", "Madame", "De heer") is the addressee', (t) => {
  const h = read(['Firma', 'Holzhandel Brett GmbH', 'Sägeweg 2', '79098 Freiburg', 'Zimmerei Balken', 'Rechnung 2024-061', 'Datum 02.02.2024', 'Summe      2.499,00 €', 'Zimmerei Balken · Inh. Jörg Balken · Talstr. 9 · 79100 Freiburg · St.-Nr. 06/123/45678']);
  t.is(h.vendor_name.value, 'Zimmerei Balken');
  for (const salutation of ['Herrn', 'Madame', 'De heer']) {
    const other = read(['Atelier Lumière SARL', '4 rue Neuve, 69001 Lyon', salutation, 'Dupont Conseil SAS', 'Facture n° F-77', 'Total TTC      120,00 €']);
    t.is(other.vendor_name.value, 'Atelier Lumière SARL', salutation);
  }
  // (a name that merely follows a word on a line of its own is not addressed: "Rechnung" over the seller's name)
  t.is(read(['Rechnung', 'Zimmerei Balken GmbH', 'Rechnung Nr. 5', 'Summe      10,00 €']).vendor_name.value, 'Zimmerei Balken GmbH');
});

test('number: "Rechnung 2024-88", a number of the year after a bare title, is read; a financial year is not', (t) => {
  t.is(read(['Fliesen Franz GmbH', 'Rechnung 2024-88', 'Datum 06.06.2024', 'Gesamtbetrag brutto      1.190,00 €']).invoice_number.value, '2024-88');
  t.is(read(['Fliesen Franz GmbH', 'Rechnung 2024/2025', 'Datum 06.06.2024', 'Gesamtbetrag brutto      1.190,00 €']).invoice_number.value, null);
  t.is(read(['Acme Traders Ltd', 'Sales Invoice 2023-24', 'Date 06/06/2024', 'Total      £1,190.00']).invoice_number.value, null);
  t.is(read(['Acme Traders Ltd', 'SERVICE INVOICE 2023', 'Date 06/06/2024', 'Total      £1,190.00']).invoice_number.value, null);
});

test('number and date: a correction quotes the invoice it corrects ("zur Rechnung Nr. … vom …"); its own are read', (t) => {
  const h = read(['Großhandel Ost GmbH', 'Rechnungskorrektur Nr. RK-2024-3', 'zur Rechnung Nr. R-2024-118 vom 01.03.2024', 'Datum: 10.03.2024', 'Gesamtbetrag      -119,00 €']);
  t.is(h.invoice_number.value, 'RK-2024-3');
  t.is(h.invoice_date.value, '2024-03-10');
  const avoir = read(['Société Martin SAS', 'AVOIR N° AV-2024-7', 'Avoir sur facture n° F2024-0099 du 02/02/2024', 'Date : 15/02/2024', 'Total TTC      -120,00 €']);
  t.is(avoir.invoice_number.value, 'AV-2024-7');
  t.is(avoir.invoice_date.value, '2024-02-15');
});

test('total: a note after the amount — what it includes, when it is due, the amount in words — is set aside', (t) => {
  const total = (line: string) => read(['Werkzeug Fix GmbH', 'Rechnung Nr. 884', 'Datum 01.03.2024', line]).total_amount.value;
  t.is(total('Gesamtbetrag: 1.190,00 EUR (in Worten: eintausendeinhundertneunzig Euro)'), 1190);
  t.is(total('Gesamtbetrag: 1.190,00 EUR inkl. 19 % MwSt.'), 1190);
  t.is(total('Rechnungsbetrag 1.190,00 € zahlbar bis 15.03.2024'), 1190);
  t.is(total('Gesamtbetrag 1.190,00 € (inkl. 190,00 € MwSt.)'), 1190);
  // (not a note that names another amount, nor an amount before tax)
  t.is(total('Gesamtbetrag 1.000,00 € inkl. 50,00 € Rabatt'), null);
  t.is(total('Gesamtbetrag 1.000,00 € zzgl. MwSt.'), null);
});

// two labelled address blocks side by side, the buyer's on the left
const blocks = (buyerLabel: string, sellerLabel: string, pad: number) => [
  `${buyerLabel.padEnd(pad)}      ${sellerLabel}`,
  `${'Beta Handel KG'.padEnd(30)}      Alpha Werke GmbH`,
  `${'Marktplatz 2'.padEnd(30)}      Industriestr. 5`,
  `${'80331 München'.padEnd(30)}      70173 Stuttgart`,
  'Rechnung Nr. 4711',
  'Datum: 01.02.2024',
  'Gesamtbetrag      1.190,00 EUR',
];

test("seller: the labels of a contractor's, a provider's and a sender's block, and of their customers'", (t) => {
  for (const [buyer, seller] of [['Auftraggeber', 'Auftragnehmer'], ['Client', 'Prestataire'], ['Empfänger', 'Absender'], ['Cessionario/Committente', 'Cedente/Prestatore'], ['Afnemer', 'Leverancier'], ['Receptor', 'Emisor']]) {
    for (const [left, right] of [[buyer, seller], [seller, buyer]]) {
      const lines = blocks(left, right, 30);
      if (left === seller) [lines[1], lines[2], lines[3]] = [`${'Alpha Werke GmbH'.padEnd(30)}      Beta Handel KG`, `${'Industriestr. 5'.padEnd(30)}      Marktplatz 2`, `${'70173 Stuttgart'.padEnd(30)}      80331 München`];
      t.is(read(lines).vendor_name.value, 'Alpha Werke GmbH', `${left} | ${right}`);
    }
  }
});

test("seller: a seller's label without a colon ends the customer's block beside it, even set off its column", (t) => {
  // ("Kunde" over the left block, "Lieferant" over the right one but not at its left edge)
  for (const [buyer, seller] of [['Kunde', 'Lieferant'], ['Käufer', 'Verkäufer'], ['Buyer', 'Seller'], ['Acheteur', 'Vendeur']]) {
    const h = read(blocks(buyer, seller, 12));
    t.is(h.vendor_name.value, 'Alpha Werke GmbH', `${buyer} | ${seller}`);
  }
});

test('seller: "GmbH + Co. KG" is one legal form, as "GmbH & Co. KG" is', (t) => {
  const h = read(['dm-drogerie markt GmbH + Co. KG', 'Am dm-Platz 1, 76227 Karlsruhe', 'Zahnpasta      1,95', 'SUMME EUR      1,95', '03.07.2024 12:05']);
  t.is(h.vendor_name.value, 'dm-drogerie markt GmbH + Co. KG');
});

test("seller: a seller's label word inside an address run after a comma labels nothing (\"35 rue d'ici, Seller line 2\")", (t) => {
  const P = (a: string, b = '') => (b ? `${a.padEnd(40)}${b}` : a);
  const h = read([P('', 'FACTURE N° : F20200027'), 'LOGO Vendeur', P('', 'Date : 15/01/2020'), P('SELLER TRADE NAME', 'Adresse du Client'), 'LE FOURNISSEUR', P("35 rue d'ici, Seller line 2", 'LE CLIENT'), '75018 PARIS, FR', P('', '58 rue de la mer'), P('', 'Buyer line 2'), 'EMAIL : moi@seller.com', P('GLN : 587451236587', '06000 NICE, FR'), P('SIREN / SIRET : 123 456 789 00014', 'me@buyer.com'), 'N° TVA : FR 32 123 456 789', 'Total TTC      120,00 €']);
  t.is(h.vendor_name.value, 'LE FOURNISSEUR');
});

test('total: a tax the buyer withholds ("Ritenuta d\'acconto", "Retención IRPF") is deducted as a payment is: what is to pay', (t) => {
  const italian = read(['Studio Bianchi', 'Fattura n. 12', 'Data 10/04/2024', 'Imponibile      1.000,00', 'IVA 22%      220,00', 'Totale documento      1.220,00', "Ritenuta d'acconto 20%      -200,00", 'Netto a pagare      1.020,00 €']);
  t.is(italian.total_amount.value, 1020);
  const spanish = read(['Diseño Web Ana Pérez', 'Factura nº 2024-016', 'Fecha: 10/04/2024', 'Base imponible      1.000,00', 'IVA 21%      210,00', 'Total factura      1.210,00', 'Retención IRPF 15%      -150,00', 'Líquido a pagar      1.060,00 €']);
  t.is(spanish.total_amount.value, 1060);
  // (an amount "to pay" that no deduction explains is no amount due: the gross stands)
  t.is(read(['Studio Bianchi', 'Fattura n. 13', 'Totale documento      1.220,00 €', 'Netto a pagare      999,00 €']).total_amount.value === 999, false);
});

test('number: a month of a year after a bare title ("Fatura/Recibo" / "2017/11 21:32") is no number', (t) => {
  t.is(read(['Loja do Bairro', 'Morada: Lisboa', 'Fatura/Recibo', '2017/11 21:32 Forma utilizada', 'TOTAL      12,50']).invoice_number.value, null);
});

test('seller: a run parted by commas is a sender line only above a window: not under a title, not a place, not without an address under it', (t) => {
  // (the customer's address on one line under the title; a shop's own place and street under its name)
  t.is(read(['Facture N° 2024-77', 'Jean Dupont, 4 rue Neuve, 69001 Lyon', 'Plomberie Rapide', '12 avenue Jean Jaurès', '69007 Lyon', 'Date : 02/02/2024', 'Total TTC      360,00 €']).vendor_name.value, 'Plomberie Rapide');
  t.is(read(['Menuiserie Laurent', 'Zone Industrielle Nord, 12 rue des Lilas, 69001 Lyon', 'SIRET 123 456 789 00012', 'Facture N° F-2024-031', 'Total TTC      1 200,00 €']).vendor_name.value, 'Menuiserie Laurent');
  t.is(read(['Trattoria da Mario', 'Centro Storico, Via Roma 12, 00184 Roma', 'P.IVA 01234567890', 'TOTALE      46,00', 'Roma, 12/05/2024']).vendor_name.value, 'Trattoria da Mario');
  t.is(read(['Gartenbau Grün', '', 'Hans Meier, Lindenallee 7, 90403 Nürnberg', '', 'Rechnung Nr. 88', 'Datum 03.05.2024', 'Gesamtbetrag      450,00 €', 'Gartenbau Grün · Blumenweg 2 · 90402 Nürnberg · St.-Nr. 123/456/789']).vendor_name.value, 'Gartenbau Grün');
});

test('seller: a salutation marks the addressee in its own column only, and is no name itself', (t) => {
  const P = (a: string, b: string) => `${a.padEnd(46)}${b}`;
  const h = read(['RECHNUNG', 'Herrn', P('Max Mustermann', 'Elektro Schmidt GmbH'), P('Hauptstr. 1', 'Werkstr. 5'), P('10115 Berlin', '12345 Berlin'), P('', 'Tel. 030 123456'), 'Rechnung Nr. 4711', 'Datum: 01.03.2024', 'Gesamtbetrag      119,00 €']);
  t.is(h.vendor_name.value, 'Elektro Schmidt GmbH');
  t.not(read(['Frau', 'Erika Muster', 'Weg 1', '12345 Stadt', 'Rechnung Nr. 5', 'Summe      10,00 €']).vendor_name.value, 'Frau');
});

test('seller: "Prestataire", "Absender" label a name only as labels of their own, not opening a phrase', (t) => {
  t.is(read(['Dupont Informatique', 'Prestataire de services informatiques', '12 rue de la Paix, 75002 Paris', 'SIRET 123 456 789 00012', 'Facture n° 2024-09', 'Total TTC      600,00 €']).vendor_name.value, 'Dupont Informatique');
  t.is(read(['FACTURE', 'Prestataire : Dupont Informatique', 'Client : Martin SA', 'Facture n° 2024-09', 'Total TTC      600,00 €']).vendor_name.value, 'Dupont Informatique');
});

test('number and total: a range of years after a bare title is no number; an amount noted as before tax is no total', (t) => {
  t.is(read(['Acme Traders Ltd', 'Sales Invoice 2023-2025', 'Date 06/06/2024', 'Total      £1,190.00']).invoice_number.value, null);
  const net = (note: string) => read(['Blue Ocean Marine', 'Invoice No: BO-77', 'Date: 02/02/2024', `Total      500.00 ${note}`]).total_amount.value;
  for (const note of ['(net)', '(excl. VAT)', '(HT)', 'zzgl. MwSt.']) t.not(net(note), 500, note);
});
