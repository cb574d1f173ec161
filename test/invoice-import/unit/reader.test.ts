// The general reader on documents shaped like the ones it has never seen: shop receipts
// and invoices from several countries, as plain-text layouts (what OCR or a text layer
// gives the reader). Each rule here is one that holds for documents in general.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';
import { detectCountry } from '../../../workers/invoice/text/country.js';
import { detectCurrency } from '../../../workers/invoice/text/currency.js';
import { parseAmount } from '../../../workers/invoice/text/numbers.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;

const malaysianReceipt = [
  'tan ah kow',
  '        KEDAI BUKU SETIA JAYA SDN BHD',
  '              (123456-X)',
  '      NO. 12, JALAN MAWAR 3, TAMAN BUNGA,',
  '        81100 JOHOR BAHRU, JOHOR.',
  '        TEL: 07-355 1234',
  '          GST ID : 000123456789',
  '',
  '        SIMPLIFIED TAX INVOICE',
  '  ACME ENGINEERING (M) SDN BHD',
  'Receipt No : CS00012345',
  'Date : 05/03/2018 8:13:39 PM        Cashier : 01',
  'Description              Qty   Price   Amount',
  'Exercise book A4          2    4.50     9.00',
  'Pen blue                  3    1.30     3.90',
  '',
  'Sub Total (Excl GST)                    12.17',
  'Total GST (RM)                           0.73',
  'Total Qty : 5',
  'Total                               RM 12.90',
  'Rounding Adjustment                 -RM 0.02',
  'Total Rounded                       RM 12.88',
  'Cash                                RM 50.00',
  'Change                              RM 37.12',
  '',
  '  GOODS SOLD ARE NOT RETURNABLE OR EXCHANGEABLE',
  '         THANK YOU. PLEASE COME AGAIN',
];

test('a shop receipt: the seller from the letterhead, the amount paid, the date by country, RM as MYR', (t) => {
  const h = read(malaysianReceipt);
  t.is(h.vendor_name.value, 'KEDAI BUKU SETIA JAYA SDN BHD');
  t.is(h.total_amount.value, 12.88, 'the rounded total, which cash − change confirms');
  t.is(h.invoice_date.value, '2018-03-05', 'day first: a Malaysian receipt');
  t.is(h.currency.value, 'MYR');
  t.is(h.invoice_number.value, 'CS00012345');
});

test('titles, slogans and the customer printed after the title are never the seller', (t) => {
  // no legal form on the seller, and the customer printed under the title has one
  const lines = ['SIMPLIFIED TAX INVOICE', 'GOODS SOLD ARE NOT RETURNABLE', 'TAN BROTHERS HARDWARE', 'NO 5 JALAN BESAR, 43000 KAJANG', 'TEL 03-8736 1234', 'CASH SALES', 'BIG CUSTOMER SDN BHD', 'Date 01/02/2019', 'Item 1  10.00', 'TOTAL  10.00'];
  t.is(read(lines).vendor_name.value, 'TAN BROTHERS HARDWARE');
  t.not(read(['PAYMENT RECEIPT', 'Sunrise Traders', 'Main Road, Pune 411001', 'Date 02/03/2023', 'Grand Total Rs 1939']).vendor_name.value, 'PAYMENT RECEIPT');
  // how the customer paid and the totals block's labels are not names either
  const garbled = ['x7 ~', '(001451637-M)', 'NO. 53, JALAN BESAR, 45600 BATANG', 'SIMPLIFIED TAX INVOICE', 'CASH', 'Date: 18/01/2018', 'TOTAL  4.90', 'CHANGE', 'GST SUMMARY'];
  t.false(['CASH', 'CHANGE', 'GST SUMMARY'].includes(read(garbled).vendor_name.value ?? ''));
});

test('a line of trade words under a name says what kind of business it is, not who', (t) => {
  const lines = ['THREE STOOGES', 'BISTRO & CAFE', '109, SS21/1A, DAMANSARA UTAMA', 'GST ID : 001661886464', 'Date 12/03/2018', 'TOTAL  343.95'];
  t.is(read(lines).vendor_name.value, 'THREE STOOGES');
});

test('a legal form glued to the bracket before it still marks the seller', (t) => {
  const lines = ['tan woon yann', 'BOOK TA .K (TAMAN DAYA)SDN BHD', '(789117-W)', 'NO.53 JALAN SAGU 18, TAMAN DAYA,', '81100 JOHOR BAHRU, JOHOR.', 'Date 25/12/2018', 'TOTAL  9.00'];
  t.is(read(lines).vendor_name.value, 'BOOK TA .K (TAMAN DAYA)SDN BHD');
  // letters that merely end like a street abbreviation ("MRD." is not "Rd.")
  t.is(read(['tan woon yann', 'MRD.I.Y.(JOHOR) SDN BHD', '(CO.REG:933109-X)', 'LOT 1851-A, JALAN KPB6,', '43300 SERI KEMBANGAN, SELANGOR', 'Date 12/01/2019', 'TOTAL  33.90']).vendor_name.value, 'MRD.I.Y.(JOHOR) SDN BHD');
  t.not(read(['12 Main Rd.', 'Date 12/01/2019', 'TOTAL  33.90']).vendor_name.value, '12 Main Rd.');
});

test('the name right above the registration number is the seller, not the address line under it', (t) => {
  // an engine that drops the spaces leaves no street words to recognise the address by
  const lines = ['tan chay yee', 'SOONHUATMACHINERYENTERPRISE', '(JM0352019-K)', 'NO.53JALANPUTRA1,', 'TAMANSRIPUTRA', '81200JOHORBAHRU', 'TEL:07-5547360', 'Date 11/01/2019', 'TOTAL  327.00'];
  t.is(read(lines).vendor_name.value, 'SOONHUATMACHINERYENTERPRISE');
});

test('the seller named in the bank details wins over a customer printed at the top', (t) => {
  const lines = [
    'Jane Customer',
    '12 Elm Street',
    'London N1 7AA',
    '',
    'INVOICE',
    'Invoice No: 2023-118              Invoice Date: 14/03/2023',
    'Description                     Amount',
    'Consulting, March             1,200.00',
    'Total due                     £1,200.00',
    '',
    'Payment details',
    'Account name: Northwind Consulting Ltd',
    'Sort code 12-34-56  Account 12345678',
    'Northwind Consulting Ltd is registered in England, company no. 01234567',
  ];
  const h = read(lines);
  t.is(h.vendor_name.value, 'Northwind Consulting Ltd');
  t.is(h.total_amount.value, 1200);
  t.is(h.currency.value, 'GBP');
  t.is(h.invoice_date.value, '2023-03-14');
});

test('an Indian bill: Grand Total in rupees with "/-", lakh grouping, ₹ and Rs as INR', (t) => {
  const h = read(['Sunrise Traders Pvt Ltd', 'GSTIN: 27AAACS1234A1Z5', 'MG Road, Pune, Maharashtra 411001', 'PAYMENT RECEIPT', 'Bill No: 4471   Date: 03/04/2023', 'Rice 25 kg     1   1,500.00', 'Oil 5 l        1     439.00', 'Grand Total    Rs 1939/-']);
  t.is(h.vendor_name.value, 'Sunrise Traders Pvt Ltd');
  t.is(h.total_amount.value, 1939);
  t.is(h.currency.value, 'INR');
  t.is(h.invoice_date.value, '2023-04-03');
  t.is(parseAmount('₹ 1,93,900.00'), 193900);
  t.is(parseAmount('12,34,567'), 1234567);
  t.is(parseAmount('Rs. 450.00/-'), 450);
  t.is(detectCurrency('Total ₹ 1,250').value, 'INR');
});

test('the seller country decides day/month order and the meaning of $ and kr', (t) => {
  t.is(detectCountry('ACME SDN BHD\nJalan Ampang, 50450 Kuala Lumpur').value, 'MY');
  t.is(detectCountry('Foo Pte Ltd\n10 Anson Road, Singapore 079903').value, 'SG');
  t.is(detectCountry('Bar Inc.\n500 Market St, San Francisco, CA 94105').value, 'US');
  t.is(detectCountry('Baz GmbH\nUSt-IdNr. DE123456789').value, 'DE');
  t.is(detectCountry('Firma Sp. z o.o.\nNIP 123-456-78-90').value, 'PL');
  t.is(detectCountry('nothing here').value, null);

  // a US seller: month first; a Malaysian one: day first
  t.is(read(['Bar Inc.', '500 Market St, San Francisco, CA 94105', 'Invoice Date: 03/04/2023', 'Total $ 20.00']).invoice_date.value, '2023-03-04');
  t.is(read(['Foo Sdn Bhd', 'Jalan Ampang, 50450 Kuala Lumpur', 'Date: 03/04/2023', 'Total RM 20.00']).invoice_date.value, '2023-04-03');
  // ... unless a date in the document settles it
  t.is(read(['Foo Sdn Bhd', 'Jalan Ampang, 50450 Kuala Lumpur', 'Date: 12/28/2017', 'Total 20.00']).invoice_date.value, '2017-12-28');

  // $: a US dollar in the US, the local money printed with a generic till mark in Malaysia
  t.is(detectCurrency('Total $8.20', detectCountry('Bar Inc.\nCA 94105')).value, 'USD');
  const my = detectCurrency('UNIHAKKA SDN BHD (867388-U) Johor Bahru\nNett Total: $8.20', detectCountry('UNIHAKKA SDN BHD (867388-U) Johor Bahru'));
  t.is(my.value, 'MYR');
  t.true(my.confidence <= 0.7, 'a guess, marked as one');
  t.is(detectCurrency('Total $8.20 USD', detectCountry('Foo Sdn Bhd, Kuala Lumpur')).value, 'USD');
  t.is(detectCurrency('S$ 12.00').value, 'SGD');
  // kr: by country
  t.is(detectCurrency('Summa 120,00 kr', detectCountry('Firma AB\nOrg.nr 556677-8899\nSverige')).value, 'SEK');
  t.is(detectCurrency('I alt 120,00 kr', detectCountry('Firma ApS\nCVR 12345678\nDanmark')).value, 'DKK');
  t.is(detectCurrency('Razem 99,00 zł').value, 'PLN');
  // a Malaysian GST registration number says where the seller is; a pound sign glued to a word is OCR noise
  t.is(detectCountry('THREE STOOGES\nGST ID : 001661886464\nNET TOTAL 174.90').value, 'MY');
  t.not(detectCurrency('BANDAR FIARL £FRMAS JAYA\nTOTAL 28.60').value, 'GBP');
  // RM with the OCR's M↔H/N slip, in a cell of its own
  t.is(detectCurrency('Discount | RH\nRounding | RN | 0.02\nCASH | RH 20.00').value, 'MYR');
  // nothing printed: the seller's country, as a guess
  const guessed = detectCurrency('Total 12.00', detectCountry('Foo Sdn Bhd\nJalan Ampang, 50450 Kuala Lumpur, Malaysia'));
  t.is(guessed.value, 'MYR');
  t.true(guessed.confidence < 0.7);
});

test('receipt totals: the amount paid, not subtotals, taxes, quantities, tendered cash or change', (t) => {
  const total = (lines: string[]) => read(['SHOP SDN BHD', 'Date 01/01/2019', ...lines]).total_amount.value;
  t.is(total(['Sub Total 100.00', 'GST 6% 6.00', 'TOTAL 106.00', 'CASH 200.00', 'CHANGE 94.00']), 106);
  t.is(total(['Total Qty: 9', 'Total Sales : 327.00', 'Discount 0.00', 'Total : 0.00', 'CASH : 327.00', 'Change : 0.00']), 327, 'a zero total of an empty block loses');
  t.is(total(['TOTAL 110.00']), 110);
  t.is(total(['Total Amount: $8.20', 'GST @6%: $0.46', 'Nett Total: $8.20']), 8.2);
  t.is(total(['TakeOut Total (incl GST) 26.60', 'Total Rounded 26.60', 'Cash Tendered 100.00', 'Change 73.40']), 26.6);
  t.is(total(['Item 1 5.00', 'Item 2 4.00', 'CASH 10.00', 'CHANGE 1.00']), 9, 'no total printed: tendered − change');
  t.is(total(['Total Excl GST 50.00', 'Total Incl GST 53.00']), 53);
});

test('receipt totals the OCR garbled: the totals block adds up to the amount paid', (t) => {
  const total = (lines: string[]) => read(['SHOP SDN BHD', 'Date 01/01/2019', 'Pen blue    3    1.30    3.90', ...lines]).total_amount.value;
  t.is(total(['Sub Total      RM 68.87', 'GST/TAX 6%     RM 4.13', 'OBE.      RM 73.00', 'CHANGE:      RM 0.00']), 73, 'a lost label: where subtotal + tax lands');
  t.is(total(['Total      60.31', 'ROUNDING ADJ      -0.01', 'EH      60.30 J', 'BARR      70.30', 'CHANGE      10.00']), 60.3, 'the line above CHANGE is what was tendered');
  t.is(total(['Total Sales (Incl GST)      RM 64  13', 'Rounding Adjustment      RM 0.02']), 64.15, 'the decimal point lost; the rounding under the total applied');
  t.is(total(['Total Amount: $6.80', 'GST @6%: $0.39', 'Nett Total: $6.00', 'CASH      $6.90', 'Change      $0.00']), 6.9, 'totals that contradict each other: the cash settles it');
  t.is(total(['Total Sales (Excluding GST)      95.17', 'Total GST      571', 'Rounding      0.02', 'Total Sales (Inclusive of GST)      100.00', 'CASH      101.00', 'change :      0.1C']), 100.9, 'a total the sum and the cash both contradict');
  t.is(total(['TOTAL      /18.00', 'CASH      20.00', 'CHANGE      2.00']), 18, 'a mark before the figure');
  t.is(total(['TOTAL      40.00', 'Amount Paid      50.00', 'Change      10.00']), 40, 'what change was given from was tendered');
  t.is(total(['Total      15.6¢', 'CASH      20.00', 'CHANGE      4.40']), 15.6, 'a cent sign read for a zero');
  t.is(total(['SUB TOTAL      10.00', 'GRAND TOTAL      1000', 'CASH      20.00', 'CHANGEDUE      10.00']), 10, 'a total that lost its decimal point');
  t.is(total(['Sub Total      12.00', 'Nett Amount      12.50']), 12.5, 'Nett Amount');
  t.is(total(['Sub Total      12.00', 'Total Amt Payable      12.50']), 12.5, 'Amt for amount');
  t.is(total(['Sub Total      12.00', 'Total Amount      12.00', 'Rounding Adj      0.03', 'TOTAL:      RM 12.03']), 12.03, 'a rounding before the printed rounded total');
});

test('a date the OCR glued to the time printed after it is still read', (t) => {
  const date = (line: string) => read(['SHOP SDN BHD', line, 'TOTAL  9.00']).invoice_date.value;
  t.is(date('Date 25/12/20188:13:39PM'), '2018-12-25');
  t.is(date('Date: 22/12/201714:03'), '2017-12-22');
  t.is(date('05Mar201818:24'), '2018-03-05');
  t.is(date('2018-03-0510:30'), '2018-03-05');
});

test('a UK invoice: net total, VAT and total — the total is the gross', (t) => {
  const h = read(['Widget Works Ltd', '1 High Street, Leeds LS1 1AA', 'Invoice No: 77', 'Date: 01/02/2023', 'Net total 100.00', 'VAT 20% 20.00', 'Total 120.00']);
  t.is(h.total_amount.value, 120);
});

test('a customer in the address window at the top loses to the account holder and the legal footer', (t) => {
  const lines = [
    'BLUEHARBOUR',
    'Jane Martin',
    '27 rue des Lilas',
    '69100 Villeurbanne',
    '',
    'Facture n° 2022089083',
    'Date : 28/11/2022',
    'Numéro de dossier : 365146 - BLUEHARBOUR',
    'Désignation              Nombre   Montant HT',
    'Annonce légale               1      45,93 €',
    'Total TTC :                         56,02 €',
    'Virement   BANQUE DU NORD – Titulaire du compte : PRESSEPLUS',
    'IBAN : FR76 1010 7002 4500 6170 5231 739',
    '',
    'PRESSEPLUS',
    'Siège social : 16 rue Mollien - 92100 BOULOGNE – Tél : 01 71 17 61 67',
    'Sarl au capital de 10 000€ - RCS Paris B 530 848 134 – TVA FR63530848134',
  ];
  t.is(read(lines).vendor_name.value, 'PRESSEPLUS');
});

test('a department\'s return address at the top names the legal entity of the footer', (t) => {
  const lines = [
    'Lumen Service Abonnés',
    '75371 Paris Cedex 08',
    '',
    '              Jean Dupont',
    '              35 rue du Moulin',
    '              69100 VILLEURBANNE',
    'Facture n°562044387 du 02 Juillet 2015',
    'Total facture          24.99    5.00    29.99',
    'Somme à payer                          29.99 € TTC',
    'Courrier : Lumen Service Abonnés 75371 Paris Cedex 08 — www.lumen.fr',
    'Lumen SAS au capital de 3.441.812 Euros - B 421 938 861 RCS Paris',
  ];
  t.is(read(lines).vendor_name.value, 'Lumen SAS');
});

test('currency: a couple of foreign signs the OCR made do not outweigh a plainly Malaysian seller; a code by the total does', (t) => {
  const my = ['KEDAI MAJU SDN BHD (123456-X)', 'NO 12, JALAN MAWAR 3, TAMAN BUNGA', '81100 JOHOR BAHRU, JOHOR', 'GST ID : 000123456789', 'Date: 05/03/2018'];
  t.is(read([...my, 'Item A    ¥ 12.00', 'TOTAL     ¥ 12.00', 'CASH      20.00']).currency.value, 'MYR');
  t.is(read([...my, 'Item A    12.00', 'TOTAL USD 12.00', 'CASH USD 20.00']).currency.value, 'USD');
});
