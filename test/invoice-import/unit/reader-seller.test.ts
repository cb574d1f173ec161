// The general reader: who sold (workers/invoice/text/vendor.ts, vendor-name.ts) on receipts and
// invoices shaped like the ones it has never seen, as plain-text layouts. Each rule holds for documents in general.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;

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

test('a name with no legal form wrapped before the trade it names is the two lines joined', (t) => {
  const receipt = (a: string, b: string) => ['31802039', a, b, '002458685-T', '13-1, Jalan Maju 5/10,', '47810, Petaling Jaya, Selangor', 'Date 10/10/2017', 'Total 8.00'];
  t.is(read(receipt('KWONG POWER HARDWARE', 'TRADING')).vendor_name.value, 'KWONG POWER HARDWARE TRADING');
  // a next line that names more than a trade is not the name's end
  t.is(read(receipt('KWONG POWER HARDWARE', 'LOT 7 KOMPLEKS MAJU')).vendor_name.value, 'KWONG POWER HARDWARE');
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

test('a name printed in a wide monospace font, its words read as cells of their own, is still one name', (t) => {
  t.is(read(['KEDAI  BUKU  MAJU  SDN  BHD', '(123456-X)', 'NO 12 JALAN MAWAR, 81100 JOHOR BAHRU', 'TAX INVOICE', 'Date: 05/03/2018 18:24', 'TOTAL   RM 12.50']).vendor_name.value, 'KEDAI BUKU MAJU SDN BHD');
});
