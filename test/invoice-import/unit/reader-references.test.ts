// The reader on another invoice's references and on labels found in more producers' invoices
// (issue 26, round 9): a credit note or corrected invoice prints the number and date of the
// invoice it refers to; a service period prints its first and last day; short numbers
// follow their title; a sender line names a company by its web address. Synthetic lines;
// each rule holds for documents in general.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';
import { plausibleName } from '../../../workers/invoice/text/vendor-name.js';
import { surerReading } from '../../../workers/invoice/second-look.js';
import { detectCountry } from '../../../workers/invoice/text/country.js';
import { documentDecimalMark } from '../../../workers/invoice/text/numbers.js';
import { extractInvoice, DEFAULT_EXTRACT_OPTIONS } from '../../../workers/invoice/extract.js';
import type { ExtractedInvoice } from '../../../workers/invoice/types.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;

test('number and date: the referenced invoice ("N° de facture associée", "Date de facture associée") is not the document\'s', (t) => {
  const h = read([
    'LE FOURNISSEUR SARL',
    '35 rue d\'ici, 75018 PARIS',
    'FACTURE N° : F20260023',
    'Date : 31/01/2026',
    'N° DE FACTURE ASSOCIÉE : F20260003',
    'DATE DE FACTURE ASSOCIÉE : 01/01/2026',
    'Total TTC 104,90 €',
  ]);
  t.is(h.invoice_number.value, 'F20260023');
  t.is(h.invoice_date.value, '2026-01-31');
});

test('number: a credit note\'s own number under its title ("Avoir AV-…"), not the linked invoice ("Facture liée")', (t) => {
  const h = read(['Aubonmoulin SARL', 'Avoir AV-2017-0005', 'Date de facture 16/11/2017', 'Facture liée FA-2017-0010', 'Total TTC -233,47 €']);
  t.is(h.invoice_number.value, 'AV-2017-0005');
  t.is(h.invoice_date.value, '2017-11-16');
});

test('number: a one- or two-digit number followed by its date ("Rechnung Nr. 42 vom 05.01.2017")', (t) => {
  const h = read(['Muster Handwerk GmbH', 'Musterweg 1, 10115 Berlin', 'Rechnung Nr. 42 vom 05.01.2017', 'Leistung 100,00', 'Bruttobetrag 119,00']);
  t.is(h.invoice_number.value, '42');
  t.is(h.invoice_date.value, '2017-01-05');
  // a short number alone after a label with no date after it ("Rechnung Nr. 7") is taken for review (issue 26, round 22:
  // a small business's early invoices, "Invoice Number: 57"); never one with more text after it ("Rechnung Nr. 7 Seite 1")
  const alone = read(['Muster Handwerk GmbH', 'Rechnung Nr. 7', 'Bruttobetrag 119,00']).invoice_number;
  t.is(alone.value, '7');
  t.true(alone.confidence < 0.9);
  t.is(read(['Muster Handwerk GmbH', 'Rechnung Nr. 7 Seite 1', 'Bruttobetrag 119,00']).invoice_number.value, null);
});

test('date: "Rechnung … von <date>" names the invoice date; a service period\'s first and last day do not', (t) => {
  t.is(read(['Beispiel GmbH', 'Rechnung # RE-20171118/506 von 18.11.2017', 'Leistungsdatum 17.11.2017', 'Endsumme 571,04 €']).invoice_date.value, '2017-11-18');
  const h = read(['LE FOURNISSEUR SARL', 'Date début : 01/12/2019', 'Date fin : 31/12/2019', 'DATE DE DEBUT DE PRESTATION : 01/12/2019', 'FACTURE N° : F20200027', 'Date : 15/01/2020', 'Net à payer 100,00 €']);
  t.is(h.invoice_date.value, '2020-01-15');
});

test('total: "Endsumme" is the amount due', (t) => {
  const h = read(['Beispiel GmbH', 'Rechnung RE1001', 'Positionen netto 804,35 €', 'USt. 19,00% 152,83 €', 'Endsumme 963,12 €']);
  t.is(h.total_amount.value, 963.12);
});

test('seller: the sender line over the window names a company by its web address ("weclapp.com | street | town"), not the addressee under it', (t) => {
  const h = read(['weclapp.com | Somestreet 42 | 08155 Some city', 'Beispiel AG', 'Feldstraße 34', '54321 Hithausen', 'Rechnung RE1001', 'Belegdatum: 26.10.22', 'Endsumme 963,12 €']);
  t.is(h.vendor_name.value, 'weclapp.com');
});

test('seller: the block under the seller\'s heading names it, also wrapped onto a second line; a deviating payee and a tax representative do not', (t) => {
  const h = read([
    'Handelsrechnung Nr. 47110815 vom 31.10.2018',
    'Verkäufer:',
    'Nummer : 12345676',
    'MVM Musterhafter',
    'Versicherungsverein Musterstadt a.G.',
    'Marktstr. 153',
    'DE 38226 Salzgitter',
    'Käufer/Leistungsempfänger:',
    'Metallbau Leipzig GmbH & Co. KG',
    'Pappelallee 15',
    'Steuerbevollmächtigter des Verkäufers:',
    'Global Supplies Financial Services',
    'Friedrichstraße 165',
    'Abweichender | Zahlungsempfänger:',
    'Global Supplies Financial Services',
    'Friedrichstraße 165',
    'Gesamtbetrag 1.190,00 EUR',
  ]);
  t.is(h.vendor_name.value, 'MVM Musterhafter Versicherungsverein Musterstadt a.G.');
});

test('seller: a label\'s own words ("Seller trade name", "Company name") are not a name', (t) => {
  for (const label of ['TRADE NAME', 'Company Name', 'Legal name', 'Business Name']) t.false(plausibleName(label), label);
  t.true(plausibleName('Trade Winds Ltd'));
});

/** the same lines as an OCR reading gives them (the engine's confidence under 1) */
const readOcr = (lines: string[]) => {
  const layout = layoutFromText(lines.join('\n'));
  return readLaidOutInvoice({ ...layout, quality: 0.9, lines: layout.lines.map((l) => ({ ...l, conf: 0.9 })) }).header;
};

test('OCR: a total label read with its words run together ("NETA PAYER") or a word split by a letter-spaced font ("Rechnungsbet rag")', (t) => {
  t.is(readOcr(['LE FOURNISSEUR SARL', 'Date déchéance : 02/03/2026', 'NETA PAYER 104,90 EUR']).total_amount.value, 104.9);
  t.is(readOcr(['Alphabet Fuhrparkmanagement GmbH', 'Rechnung 2015738820', 'Positionen 376,37', 'Rechnungsbet rag 447,88']).total_amount.value, 447.88);
});

test('OCR: a label\'s words spaced apart ("TRADE NA ME") are not a name', (t) => {
  t.false(plausibleName('TRADE NA ME'));
});

test('seller confidence: an OCR-read name that nothing checks (no legal form, printed once, no domain) is reported for review; a legal form, a second printing or a text layer can make it sure', (t) => {
  const body = ['NO 5 JALAN MERDEKA', '50000 KUALA LUMPUR', 'TEL 03-2222 3333', 'DATE: 05/01/17', 'ITEM A 12.00', 'TOTAL 12.00', 'THANK YOU'];
  const once = readOcr(['MEDLA MARKT TRADING', ...body]).vendor_name;
  t.is(once.value, 'MEDLA MARKT TRADING');
  t.true(once.confidence < 0.9, `${once.confidence}`);
  t.true(readOcr(['MEDLA MARKT TRADING SDN BHD', ...body]).vendor_name.confidence >= 0.9);
  t.true(readOcr(['MEDLA MARKT TRADING', ...body, 'MEDLA MARKT TRADING']).vendor_name.confidence >= 0.9);
  t.true(read(['MEDLA MARKT TRADING', ...body]).vendor_name.confidence >= 0.9);
});

test('seller confidence: the same unchecked name read by both engines is checked; two different names keep the first reading\'s when its evidence is stronger', (t) => {
  const body = ['NO 5 JALAN MERDEKA', '50000 KUALA LUMPUR', 'TEL 03-2222 3333', 'DATE: 05/01/17', 'ITEM A 12.00', 'TOTAL 12.00'];
  const reading = (name: string) => {
    const layout = layoutFromText([name, ...body].join('\n'));
    const { header, lines } = readLaidOutInvoice({ ...layout, quality: 0.9, lines: layout.lines.map((l) => ({ ...l, conf: 0.95 })) });
    return { format: 'image', pages: 1, header, lines, warnings: [] } as ExtractedInvoice;
  };
  const first = reading('MEDLA MARKT TRADING');
  t.true(first.header.vendor_name.confidence < 0.9);
  const agreed = surerReading(first, reading('MEDLA MARKT TRADING'));
  t.is(agreed.header.vendor_name.value, 'MEDLA MARKT TRADING');
  t.true(agreed.header.vendor_name.confidence >= 0.9, `${agreed.header.vendor_name.confidence}`);
  const other = reading('MEDLA MARKT');
  const kept = surerReading(first, { ...other, header: { ...other.header, vendor_name: { ...other.header.vendor_name, basis: { strength: 0.5, legibility: 0.95 } } } as typeof other.header });
  t.is(kept.header.vendor_name.value, 'MEDLA MARKT TRADING');
});

test('currency from the seller\'s country: a Canadian province and GST/HST, a Swiss UID and town, a Mexican RFC, a South African (Pty) Ltd with its rand', (t) => {
  const inv = (head: string[], money: string) => read([...head, 'INVOICE', 'Invoice No: 1042', 'Date: 03/04/2024', 'Consulting services 10 hours', `Subtotal ${money}`, `Total ${money}`]);
  const ca = inv(['Maple Works Inc.', '100 King St W', 'Toronto, ON M5X 1A9', 'GST/HST No. 123456789 RT0001'], '$1,000.00');
  t.is(ca.currency.value, 'CAD');
  const ch = inv(['Alpen Werk AG', 'Bahnhofstrasse 1', '8001 Zürich', 'MWST CHE-123.456.789'], "1'000.00");
  t.is(ch.currency.value, 'CHF');
  const mx = inv(['Comercial del Norte SA de CV', 'Av. Reforma 100', 'Ciudad de México, CDMX 06600', 'RFC CNO123456T12'], '$1,000.00');
  t.is(mx.currency.value, 'MXN');
  t.is(mx.vendor_name.value, 'Comercial del Norte SA de CV');
  const za = inv(['Cape Supplies (Pty) Ltd', '1 Long Street, Cape Town 8001', 'VAT No 4123456789'], 'R1,000.00');
  t.is(za.currency.value, 'ZAR');
  t.is(za.total_amount.value, 1000);
});

test('country: a lower-case word after a tax label ("VAT No 4123…") is no country prefix', (t) => {
  t.not(detectCountry('Acme\nVAT No 4123456789\nTotal 10.00').value, 'NO');
});

test('a receipt saved as text whose first line holds a comma is read as text, not refused as a table; so is one in a currency without cents', async (t) => {
  const pt = ['Brisa - Concessão Rodoviária, S.A.', 'Quinta da Torre da Aguilha - Edificio Brisa,', '2785-599 São Domingos de Rana', 'MCRC Cascais e NIPC: 502 790 024', 'FACTURA SIMPLIFICADA', 'Data e Hora: 2019-01-23 07:44:51', 'Classe: 1 Taxa: 1,35 €', 'TOTAL: Eur 1,35', 'Obrigado e Boa Viagem!'].join('\n');
  const { invoice } = await extractInvoice(Buffer.from(pt), { ...DEFAULT_EXTRACT_OPTIONS });
  t.is(invoice.format, 'text');
  t.is(invoice.header.currency.value, 'EUR');
  t.is(invoice.header.invoice_date.value, '2019-01-23');
  const id = ['TABLE 67/1', '1 SPGTHY BOLOGNASE 58,000', '1 WAGYU RIBEYE 195,000', '1 ICED LEMON TEA 22,000', 'SUBTOTAL 275,000', 'PB1 27,500', 'DUE 302,500'].join('\n');
  const read = await extractInvoice(Buffer.from(id), { ...DEFAULT_EXTRACT_OPTIONS });
  t.is(read.invoice.format, 'text');
  t.is(read.invoice.header.total_amount.value, 302500);
});

test('Portugal names its money (postcode NNNN-NNN, NIPC, Lda); a rate ("TAX 10.00 %") does not make "48.000" forty-eight', (t) => {
  t.is(detectCountry('Restaurante Pinoquio\nPraça dos Restauradores, 1250-188 Lisboa\nContribuinte: 510776914\n0,59 Kg Gambas 29,50\nTOTAL 124,80').value, 'PT');
  t.is(documentDecimalMark('BASO BIHUN 1 43.636 43.636\nTAX 10.00 % 4.364\nGRAND TOTAL 48.000'), null);
  t.is(read(['BASO BIHUN 1 43.636 43.636', 'TOTAL 43.636', 'TAX 10.00 % 4.364', 'GRAND TOTAL 48.000', 'TUNAI 50.000']).total_amount.value, 48000);
});

test('dates: a phone number printed in pairs ("01.48.26.44.81") is no date and does not decide the day order', (t) => {
  const h = read(['La Source', '39, Rue Alain Chartier', '75015 Paris', '#0022 Caisse 2 02-08-2015', '1 PERRIER 5.80', 'TOTAL EURO *5.80', 'Tl.: 01.48.26.44.81', 'MERCI DE VOTRE VISITE']);
  t.is(h.invoice_date.value, '2015-08-02');
});

test('country: a North American phone number and a town with its state name the United States when no $ is printed', (t) => {
  const c = detectCountry(['Friendly Red\'s', '22 Haverhill Rd', 'Windham NH', '603-437-7251', 'Server: Giancarlo 07/21/2018', 'Subtotal 71.40', 'Tax 6.43', 'Total 77.83'].join('\n'));
  t.is(c.value, 'US');
});

test('total: a later total that is an earlier one plus a service charge or a tip printed between them is what was paid', (t) => {
  t.is(read(['HP Pho Ga', 'Rosemead, CA 91770', 'Subtotal 22.25', 'TAX 2.11', 'Total 24.36', 'S. Service Charge 40% 8.90', 'Total $33.26']).total_amount.value, 33.26);
  t.is(read(['BOMBAY GRILL HOUSE', 'NEW YORK, NY 10019', 'Subtotal $108.80', 'Tax $9.66', 'Total $118.46', 'MASTERCARD 0148 $118.46', 'Tip 35.54', 'Total 154.00']).total_amount.value, 154);
  // a second total that nothing between explains stays the lesser claim
  t.is(read(['ACME Store', 'Subtotal 10.00', 'Tax 0.80', 'Total 10.80', 'Loyalty points 12', 'Total savings 2.00']).total_amount.value, 10.8);
});

test('seller: a restaurant bill\'s table or check number and a printed time are no names; a sender line needs a postcode before its town', (t) => {
  for (const s of ['Tbl 2/1', 'Table 14', 'Chk 1878', "Nov30'14 06:35PM"]) t.false(plausibleName(s), s);
  const h = read(['Marie Callender\'s Restaurant', 'Store #0134', '2131 Price St', 'Pismo Beach, CA 93449', '111590 Becky', 'Tbl 2/1 | Chk 1878 | Gst 2', "Nov30'14 06:35PM", '1 SOFT DRINK 2.79', 'Subtotal 17.77', 'Tax 1.42', 'Total 19.19']);
  t.is(h.vendor_name.value, "Marie Callender's Restaurant");
});

test('country: a web or e-mail address under a country\'s domain names it ("www.jumbo.pt", "info@acme.co.nz"); a generic one does not', (t) => {
  t.is(detectCountry('jumbo\nwww.jumbo.pt\nENTRADA: 2019/02/08\nDATA EMISSÃO: 08/02/2019 13:03\nTOTAL 20.00').value, 'PT');
  t.is(detectCountry('Kiwi Parts\ninfo@kiwiparts.co.nz\nTotal 20.00').value, 'NZ');
  t.is(detectCountry('Acme\nwww.acme.com\nTotal 20.00').value, null);
  t.is(read(['jumbo', 'www.jumbo.pt', 'ENTRADA: 2019/02/08', '10/99213', 'DATA EMISSÃO: 08/02/2019 13:03', 'TOTAL PARCIAL 19.90', 'TOTAL 20.00']).invoice_date.value, '2019-02-08');
});

test('seller: who served or how it was ordered, and a town with its state, are no names', (t) => {
  for (const s of ['Server: Emely', 'Waiter 58 IRYNA P', 'Order Type: PUW', 'FAIR OAKS, CA', 'Edmonton AB']) t.false(plausibleName(s), s);
  t.true(plausibleName('Servers Supply Ltd'));
});

test('seller: a simplified invoice\'s title ("FACTURA SIMPLIFICADA", "Fatura-Recibo") and a table\'s headings are no names', (t) => {
  for (const s of ['FACTURA SIMPLIFICADA', 'Fatura Recibo', 'Talão de venda', 'Art. Descrição Qtd', 'QTD UNI DESCRICAO IVA VALOR']) t.false(plausibleName(s), s);
  t.true(plausibleName('Artigos de Pesca Lda'));
});

test('number: "Re.-Nr.", a Polish "Faktura VAT nr", a Portuguese number with its type code ("FT 2024/42"); date: an ISO date-time and "2024年3月5日"', (t) => {
  const inv = (lines: string[]) => read(['Acme Widgets GmbH', 'Musterweg 1, 10115 Berlin', ...lines, 'Gesamtbetrag 120,00 €']);
  t.is(inv(['Re.-Nr. 2024042', 'Datum: 05.03.2024']).invoice_number.value, '2024042');
  t.is(inv(['Faktura VAT nr FV/42/2024', 'Data wystawienia: 2024-03-05']).invoice_number.value, 'FV/42/2024');
  t.is(inv(['Fatura FT 2024/42', 'Data: 2024-03-05']).invoice_number.value, 'FT 2024/42');
  t.is(inv(['Invoice 1042', 'Invoice date 2024-03-05T10:00:00Z']).invoice_date.value, '2024-03-05');
  t.is(inv(['Invoice 1042', '請求日: 2024年3月5日']).invoice_date.value, '2024-03-05');
});

test('total: a Portuguese card slip\'s "COMPRA 207,37€" and a parking receipt\'s "QUANTIA: EUR 7.50"', (t) => {
  t.is(read(['STAPLES PORTUGAL SA', '2795-684 CARNAXIDE', '2019-02-13 09:49:37', 'VISA ELECTRON', 'COMPRA 207,37€', 'CÓPIA CLIENTE']).total_amount.value, 207.37);
  t.is(read(['AGAPARQUES, S.A.', '4700 BRAGA', 'RECIBO K1190120396', 'Data: 29.01.19', 'QUANTIA:', 'EUR 7.50', 'IVA Incluido']).total_amount.value, 7.5);
});

test('total: thousands grouped with spaces ("TOTAL TTC 1 200,00 €", "Total HT 1 000,00 €"); the net sum before tax in German and Spanish confirms the total; "Please pay this amount"', (t) => {
  const fr = read(['Dupont SARL', '1 rue de Rivoli', '75001 Paris', 'FACTURE N° 1042', 'Date 05/03/2024', 'Total HT 1 000,00 €', 'TVA 20% 200,00 €', 'TOTAL TTC 1 200,00 €']);
  t.is(fr.total_amount.value, 1200);
  const de = read(['Acme GmbH', '10115 Berlin', 'Rechnung 1042', 'Summe netto 1.000,00 €', 'zzgl. 19% USt. 190,00 €', 'Gesamt (brutto) 1.190,00 €']).total_amount;
  t.is(de.value, 1190);
  t.true(de.confidence >= 0.9, `${de.confidence}`);
  const es = read(['Acme SL', '28001 Madrid', 'Factura nº 2024/042', 'Base imponible 1.000,00 €', 'IVA 21% 210,00 €', 'Importe total (IVA incluido) 1.210,00 €']).total_amount;
  t.true(es.value === 1210 && es.confidence >= 0.9, `${es.value} ${es.confidence}`);
  t.is(read(['Acme LLC', 'Austin, TX 78701', 'INVOICE 1042', 'Consulting 1,000.00', 'Please pay this amount: $1,082.50']).total_amount.value, 1082.5);
});
