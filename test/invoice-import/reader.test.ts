// The general reader on documents shaped like the ones it has never seen: shop receipts
// and invoices from several countries, as plain-text layouts (what OCR or a text layer
// gives the reader). Each rule here is one that holds for documents in general.
import test from 'ava';
import { layoutFromText } from '../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../workers/invoice/text/read-invoice.js';
import { detectCountry } from '../../workers/invoice/text/country.js';
import { detectCurrency } from '../../workers/invoice/text/currency.js';
import { parseAmount } from '../../workers/invoice/text/numbers.js';

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

test('receipt totals: a garbled currency mark, "Amount To Be Paid", an amount on the line under "Total:"', (t) => {
  const base = ['KEDAI MAJU SDN BHD', '(123456-X)', 'Date: 14/01/2018 12:06', 'Parking fee        RM4.00'];
  t.is(read([...base, 'Total          R4.00', 'Paid           M4.00', 'Change         RM0.00']).total_amount.value, 4);
  t.is(read([...base, 'Total Sales Inclusive GST :     26.82', 'Rounding Adjustment :   -0.02', 'Amount To Be Paid :      26.80', 'Cash Received :   50.00', 'Change :   23.20']).total_amount.value, 26.8);
  t.is(read([...base, 'Subtotal:                 105.00', 'Total:', '                          105.00', 'Cash:   105.00']).total_amount.value, 105);
});

test('receipt totals: a total one OCR digit away from tendered − change, or without its decimal point, is read as paid', (t) => {
  const base = ['BEYOND HARDWARE', 'Date: 05/02/2018', 'Bolt M8              60.00'];
  t.is(read([...base, 'Total Sales (Inclusive of GST)     623.60', 'CASH     70.00', 'Change :      6.40']).total_amount.value, 63.6);
  t.is(read([...base, 'Total Amt Payable :       1200', 'Paid Amount       20.00', 'Change :        8.00']).total_amount.value, 12);
});

test('receipt totals: a till that prints only a subtotal', (t) => {
  const h = read(['BEMED SDN BHD', 'CASH RECEIPT', 'Date: 15/04/2017', 'Dermapro oint 18G     1    635.00', 'SubTotal:       635.00', 'Rounding Adj :    0.00']);
  t.is(h.total_amount.value, 635);
  t.true(h.total_amount.confidence < 0.7);
});

test('a registration number in brackets after the legal form is not part of the seller\'s name', (t) => {
  const receipt = (head: string) => [head, 'LOT 12, JALAN MAWAR 3, TAMAN BUNGA', '81100 JOHOR BAHRU', 'TEL: 07-355 1234', 'Date 05/03/2018', 'Total RM 12.90'];
  t.is(read(receipt('ACME STORES CO. (M) BHD (126926-H)')).vendor_name.value, 'ACME STORES CO. (M) BHD');
  t.is(read(receipt('Golden Spoon Sdn Bhd {168609-A)')).vendor_name.value, 'Golden Spoon Sdn Bhd');
  // OCR dropped the closing bracket
  t.is(read(receipt('BRIGHT LAMPS SDN BHD. (728515.')).vendor_name.value, 'BRIGHT LAMPS SDN BHD.');
});

test('digits opening a name with a legal form are part of the name, not a house number', (t) => {
  const lines = ['12 STAR GROCERS S/B', 'LOT P.T. 2811, JALAN ANGSA,', 'TAMAN BERKELEY', '41150 KLANG, SELANGOR', 'Date 19-03-18', 'Total Sales RM 11.40', 'Thank You. Please come again', 'Keep the invoice for applicable returns'];
  t.is(read(lines).vendor_name.value, '12 STAR GROCERS S/B');
});

test('shop phrases about keeping the receipt are not the seller', (t) => {
  const lines = ['xx ~', 'JALAN ANGSA 41150 KLANG', 'Date 19-03-18', 'Total Sales RM 11.40', 'Thank You. Please come again', 'Keep the invoice for applicable returns'];
  t.not(read(lines).vendor_name.value, 'Keep the invoice for applicable returns');
});

test('a name wrapped before its legal form is the two lines joined', (t) => {
  const receipt = (a: string, b: string) => ['-', a, b, '(1095514-X)', '54, JALAN SS23/11', 'TAMAN SEA 47400 PETALING JAYA', 'Tel: 03-7805 7889', 'Date 06/01/18', 'Net Amt : 53.55'];
  t.is(read(receipt('GOLDEN LOTUS VEGETARIAN', 'RESTAURANT SDN BHD')).vendor_name.value, 'GOLDEN LOTUS VEGETARIAN RESTAURANT SDN BHD');
  t.is(read(receipt('HAPPY BOOK', 'CO. (M) SDN BHD')).vendor_name.value, 'HAPPY BOOK CO. (M) SDN BHD');
  // a line with its own legal form is a name of its own
  t.is(read(receipt('MOONLIGHT TRADING', 'STARLIGHT SDN BHD')).vendor_name.value, 'STARLIGHT SDN BHD');
});

test('the company\'s number is not its name though it says "Company"; an obvious OCR misreading of "Sdn Bhd" is repaired', (t) => {
  const lines = ['PINE HANDICRAFT & TAILORING', 'Company Reg No. 754854', 'NO 18, JALAN KANCIL, OFF JALAN PUDU', 'Date 20/03/2018', 'Total 102.00'];
  t.is(read(lines).vendor_name.value, 'PINE HANDICRAFT & TAILORING');
  t.is(read(['MAPLE LEAF SON BHD', '(682288-V)', 'LOT 3, JALAN BESAR, 43000 KAJANG', 'Date 30/04/2017', 'Total 3.00']).vendor_name.value, 'MAPLE LEAF SDN BHD');
  t.is(read(['MAPLE LEAF SDN, BHD.', 'LOT 3, JALAN BESAR, 43000 KAJANG', 'Date 30/04/2017', 'Total 3.00']).vendor_name.value, 'MAPLE LEAF SDN BHD.');
});

test('"S/B" the OCR read as "5/8" before a registration number is still a legal form', (t) => {
  const lines = ['12 STAR GROCERS 5/8 (519537-X)', 'LOT P.T. 2811, JALAN ANGSA,', 'TAMAN BERKELEY', '41150 KLANG, SELANGOR', 'Date 17-02-18', 'Total Sales RM 108.50'];
  t.is(read(lines).vendor_name.value, '12 STAR GROCERS S/B');
});

test('a place printed between the street and the town is part of the address, not the seller', (t) => {
  // the seller's name printed in lower case (a logo) still beats the district
  const lines = ['Tax Invoice', 'golden hour', '78G, JALAN SS21/62,', 'DAMANSARA UTAMA,', '47400 PETALING JAYA.', '(GST Reg. No : 000416321536)', 'Date: 10-03-2018', 'Total 190.00'];
  t.is(read(lines).vendor_name.value, 'golden hour');
});

test('a number opening a name with a trade word is part of it; "&" is not a word of the name', (t) => {
  const lines = ['32 PUB & BISTRO own by CNU TRADING', '78G, JALAN SS21/62,', 'DAMANSARA UTAMA,', '47400 PETALING JAYA.', 'Tax Invoice', 'Date: 10-03-2018', 'Total 190.00'];
  t.is(read(lines).vendor_name.value, '32 PUB & BISTRO own by CNU TRADING');
  // a quantity before an item is not
  t.not(read(['~', 'Date 10-03-2018', '1 CAFE LATTE', 'Total 9.00']).vendor_name.value, '1 CAFE LATTE');
});

test('a brand over the legal entity whose registration number is printed with it: the entity is the seller', (t) => {
  const lines = ['Kettle & Co', 'Kettle & Co Paradigm Mall', 'Bluepeak Marketing Sdn Bhd (616227-D)', 'Lot 1F-01, 1st Flr, Paradigm Mall,', 'No. 1 Jalan SS 7/26A,', '47301 Petaling Jaya', 'TEL: 1300-88-5200', 'Date 11.02.18', 'Total 60.00', 'Shop With Confidence at Kettle & Co'];
  t.is(read(lines).vendor_name.value, 'Bluepeak Marketing Sdn Bhd');
  const below = ['Hana Dul Set', 'BLUEPEAK (M) SDN. BHD.', 'Company Reg. No. : (583246-A).', 'p6, Block C, Wholesale City,', 'Jalan Kasuarina 1,', '41200 Klang, Selangor', 'www.hanadulset.com', 'Date 15/01/2018', 'Total 329.10'];
  t.is(read(below).vendor_name.value, 'BLUEPEAK (M) SDN. BHD.');
  // not the customer's company printed after the title, registered though it is
  const customer = ['SUNRISE HARDWARE', 'NO 5 JALAN BESAR, 43000 KAJANG', 'TEL 03-8736 1234', 'CASH SALES', 'ACME ENGINEERING SDN BHD', '(123456-X)', 'Date 01/02/2019', 'Item 1  10.00', 'TOTAL  10.00'];
  t.is(read(customer).vendor_name.value, 'SUNRISE HARDWARE');
});

test('what follows the legal form on its line is not part of the name; a garbled "Company Reg No" is no name', (t) => {
  t.is(read(['PRINT WORKS SDN BHD hc', '(1248717-W)', 'NO 5 JALAN BESAR, 43000 KAJANG', 'Date 01/02/2019', 'Total 10.00']).vendor_name.value, 'PRINT WORKS SDN BHD');
  t.not(read(['x7 ~', 'Company Reo No. 758854', 'NO 18, JALAN KANCIL,', '55100 KUALA LUMPUR', 'Date 27/03/2018', 'Total 130.00']).vendor_name.value, 'Company Reo No. 758854');
});

test('a legal form alone names no one; it ends the name above even across an OCR speck', (t) => {
  const lines = ['HAPPY | BOOK', '~', 'C0. (M) SDN BHD', '(Co. No. 113825-W)', '(GST Reg No. 001492992000)', 'No 8, Jalan 7/118B, Desa Tun Razak', '56000 Kuala Lumpur, Malaysia', 'AMPANG POINT CENTRE', 'Date 11/02/18', 'Total 11.80'];
  t.is(read(lines.map((l) => l.replace(' | ', ' '))).vendor_name.value, 'HAPPY BOOK CO. (M) SDN BHD');
});

test('"Owned by" centred over a name at the foot of a till receipt names the seller', (t) => {
  const lines = ["           PIZZA TOWN", '      GST REF NO : 001694261248', '        PIZZA TOWN SEGAMBUT', 'D-08, M Avenue, Jln 1/38A', '51200 Kuala Lumpur', 'Date 26/03/18', 'Total 60.60', '       Thank you', '          Owned by', '  Rotiwala Food Services Sdn Bhd'];
  t.is(read(lines).vendor_name.value, 'Rotiwala Food Services Sdn Bhd');
});

test('a stray number the OCR set before a name does not make a fuller name', (t) => {
  const lines = ['78  BRIGHT SHAAS SDN BHD. (728515.', '4-20, Jalan Ria 25/62', '40400 Shah Alam Selangor', 'Date 13/03/2017', 'Total 5.00'];
  t.is(read(lines).vendor_name.value, 'BRIGHT SHAAS SDN BHD.');
});

test('a till number before the name is not part of it; "SDN 3HD" is the OCR\'s "SDN BHD"', (t) => {
  t.is(read(['4202044', '#000002 HANAMI (M) Sdn Bhd', 'COMPANY NO(814198-X)', 'DAISO CORNER, IOI MALL', 'PHONE 03-807563806', 'TAX. INVOICE', '20/03/2018 7:07pm RCPT NO.18252', 'Total 35.40']).vendor_name.value, 'HANAMI (M) Sdn Bhd');
  t.is(read(['.', 'LUCKY SEVEN CASH & CARRY SDN 3HD', '(550150-4)', 'PASARAYA BORONG LUCKY SEVEN', 'NO. 1 Jalan Euro 1', 'Off Jalan Batu Tiga', 'Shah Alam, 40150', 'Date 12-02-2018', 'Total RM367.10']).vendor_name.value, 'LUCKY SEVEN CASH & CARRY SDN BHD');
});

test('the name printed after "formerly known as" is the old name, not the seller', (t) => {
  const lines = ['107', 'Sunrise Bakeries Sdn Bhd', 'formerly known as', 'Golden Oven Restaurants Sdn Bhd', '(65351-M)', 'Level 6, Bangunan TH, Damansara Uptown3', 'No.3, Jalan SS21/39, 47400 Petaling Jaya', 'Date 10/03/2018', 'Total 8.50'];
  t.is(read(lines).vendor_name.value, 'Sunrise Bakeries Sdn Bhd');
  t.is(read(['Tax Invoice', 'NEWCO MART', 'FKA   OLDCO STORES SDN BHD (306255-X)', 'LOT 3, JALAN BESAR, 43000 KAJANG', 'TEL 03-8736 1234', 'Date 30/04/2017', 'Total 3.00']).vendor_name.value, 'NEWCO MART');
});

test('a house number and the labels of tax numbers are not names; a mall printed after the address, before the telephone, is a place', (t) => {
  t.not(read(['~', 'BRN GST   No. 000417619968   President: Kang', 'No.J-G-02, Soho KI, Solaris Mont Kiara', 'TEL 03 6206 5567', 'Date 2018-01-05', 'Total 71.00']).vendor_name.value, 'BRN GST');
  t.not(read(['~', '(Co. No. 113825-W)', 'No 8,  Jalan 7/118B,  Desa Tun Razak', '56000 Kuala Lumpur, Malaysia', 'Tel 03-9201 6281', 'Date 29/03/18', 'Total 9.65']).vendor_name.value, 'No 8');
  const mall = ['Tax Invoice', 'Happy Reads', '(GST Reg No. 001492992000)', 'No 8, Jalan 7/118B, Desa Tun Razak', '56000 Kuala Lumpur, Malaysia', 'EMPIRE SHOPPING GALLERY', '', 'Tel 03-56319320', 'Date 05/03/18', 'Total 9.90'];
  t.is(read(mall).vendor_name.value, 'Happy Reads');
});

test('a legal form alone, the start of the name lost, is reported without confidence', (t) => {
  const h = read(['.', 'CO. (M) SDN BHD', '(Co. No. 113825-W)', '(GST Reg No. 001492992000)', 'No 8, Jalan 7/118B, Desa Tun Razak', '56000 Kuala Lumpur, Malaysia', 'Tel 03-9201 6281', 'Date 29/03/18', 'Total 9.65']);
  t.true(h.vendor_name.confidence < 0.9);
});

test('a state with its title garbled by the OCR is still a place', (t) => {
  t.not(read(['{', 'NO. 53, JALAN BESAR, 45600 BATANG BERJUNTAI', 'SELANGOR DARUL Els', 'TEL: 03-3271 9672', 'Date 12/02/2018', 'Total 153.35']).vendor_name.value, 'SELANGOR DARUL Els');
});

// ---- document date on receipts (dates.ts, header-fields.ts) ----

test('a time printed with dots is not a date and does not decide the day/month order', (t) => {
  const date = (lines: string[]) => read(['KEDAI MAKAN SDN BHD', 'Jalan Ampang, 50450 Kuala Lumpur', ...lines, 'TOTAL  9.00']).invoice_date.value;
  t.is(date(['Date | 06/01/18 | 12.17.26 PM']), '2018-01-06', 'after the date, before PM');
  t.is(date(['Doc No | CS00012626 | Date: | 10/01/2018', 'Cashier | USER | Time: 09.20.00']), '2018-01-10', 'after a time label');
  // a US receipt keeps month first
  t.is(read(['Bar Inc.', '500 Market St, San Francisco, CA 94105', 'Date 03/04/2023 10.15.20 AM', 'Total $ 20.00']).invoice_date.value, '2023-03-04');
});

test('eight digits without separators are a date where a date stands', (t) => {
  const date = (lines: string[]) => read(['KEDAI MAKAN SDN BHD', 'Jalan Ampang, 50450 Kuala Lumpur', ...lines, 'TOTAL  9.00']).invoice_date.value;
  t.is(date(['DocNo  CS00010119266 Date02122017', 'Cashier  USER  Time: 08:44:00']), '2017-12-02', 'glued to its label');
  t.is(date(['25032018 13:11:54']), '2018-03-25', 'before the time');
  t.is(date(['27032018   No: CS-20243']), '2018-03-27', 'a cell of its own');
  // an item code among other words is not a date; a printed date beats a bare one
  t.is(date(['Item code 10032018 x1   9.00']), null);
  t.is(date(['Pen blue 10032018 1.50   SR']), null, 'a price after a code is no time');
  t.is(date(['27032018   No: CS-20243', 'Date: 26/03/2018']), '2018-03-26');
});

test('a date the OCR read with a 6, 8 or 9 for a 0 is read back when it cannot be real as read', (t) => {
  const date = (lines: string[]) => read(['KEDAI MAKAN SDN BHD', 'Jalan Ampang, 50450 Kuala Lumpur', ...lines, 'TOTAL  9.00']).invoice_date.value;
  t.is(date(['19/62/2018 16:45   5132 002 0026157']), '2018-02-19', 'the month');
  t.is(date(['12-02-2618   11:34:45 AM']), '2018-02-12', 'the year');
  t.is(date(['CASH1 #10-82   17/83/2817 21:35']), '2017-03-17', 'both');
  t.is(date(['12/03/2518 13:07   1008 061 0618139']), '2018-03-12', 'no document is dated past 2100: the century digit slipped');
  // a date real as printed is left alone, and one printed whole wins
  t.is(date(['19/06/2018 16:45']), '2018-06-19');
  t.is(date(['Date: 18/02/2018', '19/62/2018 16:45']), '2018-02-18');
});

test('a date with a separator the OCR lost or misread is still read', (t) => {
  const date = (lines: string[]) => read(['KEDAI MAKAN SDN BHD', 'Jalan Ampang, 50450 Kuala Lumpur', ...lines, 'TOTAL  9.00']).invoice_date.value;
  t.is(date(['S1:347H   548017   05 02-18']), '2018-02-05', 'a space for the first, in a cell of its own');
  t.is(date(['Date: 10.08,2017']), '2017-08-10', 'a comma for the second');
  t.is(date(['Date: 10/0812017']), '2017-08-10', 'a 1 for the second slash');
  // a price and a count are not a date
  t.is(date(['Item   1   3.10 20   2.45']), null);
  t.is(date(['Pen blue   3.10 2019   SR']), null);
});

test('a year the OCR slipped is read back from the other dates the document agrees on', (t) => {
  const date = (lines: string[]) => read(['KEDAI MAKAN SDN BHD', 'Jalan Ampang, 50450 Kuala Lumpur', ...lines, 'TOTAL  9.00']).invoice_date.value;
  t.is(date(['Date : 20/03/2013 13:01', 'Item  1  9.00', 'Printed 20/03/2018 13:05', 'Reprint 21/03/2018 09:00']), '2018-03-20');
  // one other date is a tie, not a majority; a year apart is another year, not a slip; a warranty is another date
  t.is(date(['Date : 27/03/2018 16:54', '27/03/2016 16:54:04']), '2018-03-27');
  t.is(date(['Date : 28/12/2017 13:01', 'Printed 02/01/2018', 'Reprint 03/01/2018']), '2017-12-28');
  t.is(date(['Date : 05/03/2017 10:00', 'Warranty until 05/03/2019', 'Warranty card 05/03/2019']), '2017-03-05');
});

test('a written month between separators (02/Jan/2017, 15-JAN-18) is a date', (t) => {
  const date = (line: string) => read(['KEDAI MAKAN SDN BHD', line, 'TOTAL  9.00']).invoice_date.value;
  t.is(date('CB#- 58273584475   02/Jan/2017 10:48:29'), '2017-01-02');
  t.is(date('Date: 15-JAN-18'), '2018-01-15');
});

test('a part number shaped like a date of the far future does not decide the day/month order', (t) => {
  const h = read(['KEDAI SERBAGUNA SDN BHD', 'Jalan Ampang, 50450 Kuala Lumpur', 'Date 03/04/2018 10:15', 'RC11-23-42 - 12/144   1   9.00', 'TOTAL  9.00']);
  t.is(h.invoice_date.value, '2018-04-03');
});

test('no legible date: a document number that opens with a date gives it, as a guess', (t) => {
  const h = read(['AEON CO. (M) BHD (126926-H)', 'CHERAS, 55100 KUALA LUMPUR', 'CASH  50.00', 'Invoice No: 2018030610160030498', '0/03/2016 20:01   1010 008 060448']);
  t.is(h.invoice_date.value, '2018-03-06');
  t.true(h.invoice_date.confidence < 0.5);
  // a printed date wins; a number that opens with no real date gives none
  t.is(read(['AEON CO. (M) BHD', 'Invoice No: 2018030610160030498', '05/03/2018 20:01']).invoice_date.value, '2018-03-05');
  t.is(read(['AEON CO. (M) BHD', 'Invoice No: 2018133110160030498']).invoice_date.value, null);
});

test('currency: a couple of foreign signs the OCR made do not outweigh a plainly Malaysian seller; a code by the total does', (t) => {
  const my = ['KEDAI MAJU SDN BHD (123456-X)', 'NO 12, JALAN MAWAR 3, TAMAN BUNGA', '81100 JOHOR BAHRU, JOHOR', 'GST ID : 000123456789', 'Date: 05/03/2018'];
  t.is(read([...my, 'Item A    ¥ 12.00', 'TOTAL     ¥ 12.00', 'CASH      20.00']).currency.value, 'MYR');
  t.is(read([...my, 'Item A    12.00', 'TOTAL USD 12.00', 'CASH USD 20.00']).currency.value, 'USD');
});

test('a name printed in a wide monospace font, its words read as cells of their own, is still one name', (t) => {
  t.is(read(['KEDAI  BUKU  MAJU  SDN  BHD', '(123456-X)', 'NO 12 JALAN MAWAR, 81100 JOHOR BAHRU', 'TAX INVOICE', 'Date: 05/03/2018 18:24', 'TOTAL   RM 12.50']).vendor_name.value, 'KEDAI BUKU MAJU SDN BHD');
});

test('total: a brace the OCR read for a bracket ("Total Sales {Inclusive of GST)") still labels the total', (t) => {
  const total = (lines: string[]) => read(['KEDAI CETAK SDN BHD', 'Date: 12/01/2018', ...lines]).total_amount.value;
  t.is(total(['CLR COPY   8   0.53   4.24  SR', 'Total Sales (Excluding GST)   4.00', 'Total GST   0.24', 'Rounding   0.01', 'Total Sales {inclusive of GST)   4.25', 'CASH   10.00']), 4.25);
  t.is(total(['CLR COPY   8   0.53   4.24  SR', 'Total   4   4724', 'Total Sales {inclusive of GST)   4.25']), 4.25);
});

test('total: a rounded total is not replaced by an off-grid tendered − change one digit away', (t) => {
  const total = (lines: string[]) => read(['KEDAI ELEKTRIK SDN BHD', 'Date: 22/03/2018', 'TUBE 105W   2   48.00   101.76', ...lines]).total_amount.value;
  t.is(total(['Total Sales (Excluding GST)   865.00', 'Total GST   5.76', 'Rounding :   -0.01', 'Total Sales (Inclusive of GST) :   101.75', 'CASH :   101.78', 'Change :   0.00']), 101.75);
});

test('total: two printings of the total that agree outweigh one tendered − change; "Total After Rounding" is the total', (t) => {
  const total = (lines: string[]) => read(['KEDAI RUNCIT SDN BHD', 'Date: 09/02/2017', 'MILK 390GM   1x   113.90   113.90', ...lines]).total_amount.value;
  t.is(total(['Total Inc. GST 6%:   362,50', 'Rounding Adjustment:   0.00', 'Final Total :   362.50', 'Cash :   400.00', 'Change   37.30']), 362.5);
  t.is(total(['Item Count   2', 'Total   5.00', 'Rounding Adjustment   0.02', 'Total After Rounding   5.00', 'Cash   10.02', 'CHANGE   5.00']), 5);
});

test('total: tendered − change still checks the total when the OCR lost the 0 of "0.00" or put a minus before the cash', (t) => {
  const total = (lines: string[]) => read(['KEDAI BUKU SDN BHD', 'Date: 27/02/2018', 'Pen blue   3   1.30   3.90', ...lines]).total_amount.value;
  t.is(total(['Total Sales (Inclusive GST) RM   42.33', 'Rounding Adjustment RM   0.02', 'CREDIT RM   42.35', 'CHANGE RM   ,00']), 42.35);
  t.is(total(['Total RM Incl. of GST   490.99', 'Rounding Adj   0.01', 'Total   RM   41.00', 'Cash   -51.00', 'CHANGE   10.00']), 41);
});

test('total: "( 742)" in brackets, its decimal point lost, is read back from subtotal + tax ("TotalGST" glued)', (t) => {
  const h = read(['SYARIKAT PERNIAGAAN MAJU', 'Date: 02/12/2017', 'PAPER A4   1   7.00   7.00', 'Total Sales (ExcludingGST) .   7.00', 'TotalGST -   0.42', 'Rounding -   0.00', 'Total Sales (Inclusive ofGST) : ( 742)', 'CASH :   T42', 'Change :   0.00']);
  t.is(h.total_amount.value, 7.42);
  // a bracket the figure never closes is a speck
  t.is(read(['KEDAI BUKU SDN BHD', 'Date: 06/02/2018', 'Total Qty:   29', 'Rounded Total (RM):   (109.70']).total_amount.value, 109.7);
});

test('total: an amount past a word the engine set apart from the label, with its currency after it ("Total | Facture | : | 56.00 | DH")', (t) => {
  const h = read(['RELAIS OULMES', 'Le 30/03/2018 a 12:36', 'CAFE CREME   12.00   2   24.00', 'CHOCOLAT CHAUD   12.00   1   12.00', 'Total   Facture   :   56.00   DH', 'REGLE PAR ESPECE   56.00 DH']);
  t.is(h.total_amount.value, 56);
});

test('total: a total that is only the tax is a misreading; "TOTAL AMOUNT" over the cash tendered with no change is that amount', (t) => {
  const total = (lines: string[]) => read(['KEDAI PERKAKASAN SDN BHD', 'Date: 04/12/2017', 'PAINT BLACK   1   30.74   30.74 SR', ...lines]).total_amount.value;
  t.is(total(['Gross Amount :   40.00', 'Total GST Amt :   2.40', 'Sub Total :   42.40', 'Total (RM)   (>', 'Amount Paid :   2.40', 'Amount Change :   0.00']), 42.4);
  t.is(total(['TOTAL AMOUNT', 'CASH   RM   6.00', 'Thank You. Please Come Again']), 6);
  // with change given, the tendered amount is not the total
  t.is(total(['TOTAL AMOUNT', 'CASH   RM   10.00', 'CHANGE   RM   4.00']), 6);
});

test('total: the tax summary (amount + tax) checks the total against a tendered − change the OCR slipped', (t) => {
  const total = (lines: string[]) => read(['KEDAI RUNCIT MAJU', 'Date: 05/02/2018', 'YONGCHUN MANDARIN   RM62.50', 'YONGCHUN LOKAM   RM79.00', ...lines]).total_amount.value;
  t.is(total(['Total Gales {Inclusive GST) RM   141.50', 'CASH RM   180.00', 'CHANGE RM   8.50', 'GST Summary   Amount (RM)   Tax(RM)', '141.50   ,00', 'Thank You. Please come again']), 141.5);
  t.is(total(['TOTAL   /18.00', 'CASH   2718.00', 'CHANGE   0.00', 'GST SUMMARY', 'SR   6.00   16.98   1.02', 'TOTAL:   16.98   1.02']), 18);
});

test('total: with a rounding printed, an off-grid total a few cents from an on-grid tendered − change is the figure before rounding', (t) => {
  const h = read(['KEDAI RUNCIT MAJU', 'Date: 05/05/2017', 'CADBURY CHOCOLATE   RM24.69', 'Total Sales (Inclusive GST) RM   42.33', 'Rounding Adjustment RM   A012', 'CREDIT RM   42.35', 'CHANGE RM   0.00', 'GST Summary   Amount (RM)   Tax(RM)', 'SR   39.92   2.41']);
  t.is(h.total_amount.value, 42.35);
});

test('total: subtotal + tax + rounding stands in for a total the OCR lost; a total under half a corroborated subtotal is a garbled line', (t) => {
  const total = (lines: string[]) => read(['TEO STATIONERY & BOOKS', 'Date: 17/01/2018', 'LION FILE LAMINATING FILM   1   26.00', ...lines]).total_amount.value;
  t.is(total(['SUB-TOTAL (EX)   26.00', 'TOTAL TAX :   1.56', 'ROUNDING   -0.01', 'HEIR,   5 7AA JT «27.55', 'CASH   10 sas.']), 27.55);
  // a rounding above the last subtotal was applied before it
  t.is(total(['SUBTOTAL (QTY 4)   RM41.43', 'ROUNDING   RM0.02', 'SUBTOTAL (QTY 4)   RM41.45', 'CASH   RM51.50']), 41.45);
  t.not(total(['(Excluded GST) Sub Total (RM)   106.10', 'Total (58T (RM) :   6.37', 'Rounding {RM} :   -0.02', 'CASH   112.48', 'Change (RM) :   6.00', 'GST SUMMARY', 'SR   6   106.10   6.37']), 6.35);
});

test('total: the tax summary\'s own "Total | amount | tax" row and "GST included in total" are not the bill', (t) => {
  const total = (lines: string[]) => read(['TEO STATIONERY & BOOKS', 'Date: 17/01/2018', 'LION FILE LAMINATING FILM   1   26.00', ...lines]).total_amount.value;
  t.is(total(['SUB-TOTAL (EX)   26.00', 'TOTAL TAX :   1.56', 'ROUNDING   -0.01', 'HEIR,   5 7AA JT «27.55', 'GST SUMMARY', 'TAX CODE   %   AMOUNT   TAX', 'SR   6.00   26.00   1.56', 'TOTAL :   26.00   1.66']), 27.55);
  t.not(total(['Total   Incl.   GST@6%   RM   1C.¢0', 'CASH   RM 20.00', 'GST @6% included in total   RM 0.60']), 0.6);
});

test('total: of two totals around a rounding that disagree, the one printed under the rounding is the one paid', (t) => {
  const total = (lines: string[]) => read(['MIZU SUSHI SDN BHD', 'Date: 31/03/2018', 'Tori Karaage   1x   8.80   8.80 SR', ...lines]).total_amount.value;
  t.is(total(['Total (Excluding GST):   56.20', 'Total (Inclusive of GST):   85.53', 'Rounding Adj:   0.02', 'TOTAL:   65.55', 'Thank you!!!']), 65.55);
  // unless tendered − change says the first
  t.is(total(['Total (Inclusive of GST):   65.53', 'Rounding Adj:   0.02', 'TOTAL:   85.55', 'Cash   70.00', 'Change   4.45']), 65.55);
});

test('total: a total printed without its cents on a document that prints them yields to tendered − change; a document without cents keeps it', (t) => {
  const total = (lines: string[]) => read(['YAM FRESH', 'Date: 18/03/2018', ...lines]).total_amount.value;
  t.is(total(['Pudding Soybean   1   RM8.90', 'Grand Total   30', '(Bill Inclusive of 6% GST : RM1.66)', 'Cash   RM30.30', 'Change   RM1.00']), 29.3);
  t.is(total(['Original Slice   2   RM26.00', 'Grand Total   00', 'Cash   RM50.00', 'Change   RM11.00']), 39);
  t.is(total(['Ramen   1   1200', 'Grand Total   1200', 'Cash   2000', 'Change   700']), 1200);
});

test('total: tendered − change that matches none of two contradicting totals is no sure reading', (t) => {
  const h = read(['YONG SOON FATT S/B', 'Date: 04/02/2017', 'MAGGI TOMATO 475GM   1   39.00   39.00 SR', 'Total Inc. GST 6%:   758.70', 'Rounding Adjustment:   0.00', 'Final Total :   738.70', 'Cash :   766.90', 'Change :   1.30']);
  t.true(h.total_amount.confidence < 0.9);
});

test('total: a total one digit off from subtotal + tax + rounding, nothing else agreeing, is that sum misread', (t) => {
  const total = (lines: string[]) => read(['MEI LET RESTAURANT', 'Date: 22/01/2017', 'TALAPIA DEEP FRIED   40.00 SR', ...lines]).total_amount.value;
  t.is(total(['Sub TOTAL   64.00', 'GST 6%   3.84', 'ROUNDING ADJ   0.01', 'NET TOTAL   67.8', 'Cash   100.00', 'THANK YOU, PLEASE COME AGAIN']), 67.85);
  t.is(total(['Subtotal Incl. GST:RM   12.61', 'Rounding:   -0.01', 'Total Incl. GST:RM   12.40']), 12.6);
});
