// Issue 26, round 22. Invoices laid out the way common invoicing programs and pre-printed forms of English-speaking
// countries (and their neighbours) print them: a small business's early invoice numbers of one or two digits, the
// seller's street under the document's title, "Co., Ltd." and Mexico's "S.A.B. de C.V." as one legal form, and a
// pre-printed "SALES INVOICE" over its "No. 004512". Synthetic documents; each rule is general, none names a program.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;

test('number: "Invoice Number: 57", one or two digits under a label naming the number, is read (for review)', (t) => {
  const h = read(['INVOICE', 'Prairie Print Co.', '200 Broadway Ave', 'Saskatoon, Saskatchewan S7N 1B1', 'BILL TO', 'Northern Lights Events', 'Invoice Number:      57', 'Invoice Date:      April 3, 2024', 'Amount Due (CAD):      $1,102.50', 'Subtotal:      $1,050.00', 'GST 5%:      $52.50', 'Total:      $1,102.50']);
  t.is(h.invoice_number.value, '57');
  t.true(h.invoice_number.confidence < 0.9);
  t.is(h.total_amount.value, 1102.5);
  t.is(h.currency.value, 'CAD');
});

test("number: the seller's house number under the title is no document number", (t) => {
  const h = read(['INVOICE', 'Prairie Print Co.', '200 Broadway Ave', 'Saskatoon, Saskatchewan S7N 1B1', 'Total:      $1,102.50']);
  t.not(h.invoice_number.value, '200');
  // (a number under the title that is no street's still is: "INVOICE" / "INV-2024-118")
  t.is(read(['INVOICE', 'INV-2024-118', 'Prairie Print Co.', '200 Broadway Ave', 'Total:      $1,102.50']).invoice_number.value, 'INV-2024-118');
});

test('number: a pre-printed "SALES INVOICE" or "COMMERCIAL INVOICE" title numbers the form under it', (t) => {
  const h = read(['Manila Office Depot Inc.', 'VAT REG TIN: 000-123-456-000', '123 Ayala Ave, Makati City 1226', 'SALES INVOICE', 'No. 004512', 'Date: March 22, 2024', 'Sold to: Cebu Traders', 'VATable Sales      4,464.29', 'VAT      535.71', 'TOTAL AMOUNT DUE      ₱5,000.00']);
  t.is(h.invoice_number.value, '004512');
  t.is(h.currency.value, 'PHP');
  t.is(h.total_amount.value, 5000);
});

test('seller: "Co., Ltd." and "Co., Inc." are one legal form; so are "S.A.B. de C.V." and "S. de R.L. de C.V."', (t) => {
  for (const name of ['Sakura Trading Co., Ltd.', 'Shenzhen Bright Electronics Co., Ltd.', 'ACME Co., Inc.', 'Grupo Bimbo, S.A.B. de C.V.', 'Servicios Monterrey S. de R.L. de C.V.']) {
    const h = read([name, '12 Main Road, Springfield 12345', 'INVOICE', 'Invoice No. A-1001', 'Date: 2024-04-01', 'Widgets      2      50.00      100.00', 'Total      100.00']);
    t.is(h.vendor_name.value, name);
  }
  // (a "Co." with no form after it still ends the name: "Johnson & Co., 12 Main Road")
  t.is(read(['Johnson & Co., 12 Main Road', 'INVOICE', 'Invoice No. A-1001', 'Total      100.00']).vendor_name.value, 'Johnson & Co.');
});

test('whole invoices as invoicing programs print them: seller, number, date, currency and total', (t) => {
  const docs: [string[], [string, string, string, string, number]][] = [
    [['Invoice', 'Invoice number 8F3A21C0-0007', 'Date of issue May 5, 2024', 'Date due May 19, 2024', 'Northwind Analytics LLC', '548 Market Street', 'San Francisco, California 94104', 'Bill to', 'Jane Cooper', '$1,150.00 USD due May 19, 2024', 'Subtotal      $1,000.00', 'Tax (15%)      $150.00', 'Total      $1,150.00', 'Amount due      $1,150.00 USD'], ['Northwind Analytics LLC', '8F3A21C0-0007', '2024-05-05', 'USD', 1150]],
    [['Maple Leaf Landscaping Inc.', '88 King St W', 'Toronto, ON M5H 1A1', 'GST/HST Registration No.: 123456789 RT0001', 'INVOICE', 'BILL TO', 'Robert Chen', 'INVOICE #      1027', 'DATE      05/06/2024', 'DUE DATE      06/05/2024', 'SUBTOTAL      300.00', 'HST (ON) @ 13%      39.00', 'TOTAL      339.00', 'BALANCE DUE      $339.00'], ['Maple Leaf Landscaping Inc.', '1027', '2024-05-06', 'CAD', 339]],
    [['Outback Web Studio Pty Ltd', 'ABN 51 824 753 556', 'Level 3, 120 Collins St', 'Melbourne VIC 3000', 'TAX INVOICE', '# INV-000381', 'Balance Due', 'AUD1,320.00', 'Invoice Date :      14 Mar 2024', 'Sub Total      1,200.00', 'GST (10%)      120.00', 'Total      AUD1,320.00'], ['Outback Web Studio Pty Ltd', 'INV-000381', '2024-03-14', 'AUD', 1320]],
    [['Sakura Trading Co., Ltd.', '2-3-1 Nishi-Shinjuku, Shinjuku-ku, Tokyo 163-8001', 'INVOICE', 'Invoice No. ST-24-0078', 'Date: 2024/04/01', 'Bill to: Global Parts Inc.', 'Subtotal      ¥300,000', 'Consumption Tax (10%)      ¥30,000', 'Total      ¥330,000'], ['Sakura Trading Co., Ltd.', 'ST-24-0078', '2024-04-01', 'JPY', 330000]],
  ];
  for (const [lines, [vendor, number, date, currency, total]] of docs) {
    const h = read(lines);
    t.deepEqual([h.vendor_name.value, h.invoice_number.value, h.invoice_date.value, h.currency.value, h.total_amount.value], [vendor, number, date, currency, total], lines[0]);
  }
});

test('seller: a logo-only letterhead — the payee of "Please make cheques payable to …", not the addressee after "To:"', (t) => {
  const h = read(['INVOICE', 'To: Oakwood Homes Ltd, 77 Station Road, Slough SL1 1AA', 'Invoice No: 10442', 'Date: 5th May 2024', 'Description      Amount', 'Consultancy      £1,000.00', 'VAT @ 20%      £200.00', 'Total      £1,200.00', 'Please make cheques payable to Bright Sparks Electrical Ltd', 'Registered in England No. 07654321. Registered office: 1 Mill Lane, Bath BA1 1AA']);
  t.is(h.vendor_name.value, 'Bright Sparks Electrical Ltd');
  t.is(h.invoice_date.value, '2024-05-05');
  // ("Payment to:" names the payee, the seller; a bare "To:" opening a line names the addressee)
  const payee = read(['INVOICE', 'Invoice number: 2024-07', 'Date: 2 April 2024', 'To: Riverside Council', 'Total      NZD 2,300.00', 'Payment to: Kowhai Consulting Limited']);
  t.is(payee.vendor_name.value, 'Kowhai Consulting Limited');
});

test('"To:" is the addressee only opening its line, not after a payment\'s words nor before a period\'s end date', (t) => {
  const pay = read(['INVOICE', 'Invoice No: 4471', 'Date: 12/03/2023', 'Consulting      £500.00', 'Total      £500.00', 'Pay      To: Acme Consulting Ltd', 'Sort code 12-34-56 Account 12345678']);
  t.regex(pay.vendor_name.value ?? '', /Acme Consulting Ltd/);
  const remit = read(['INVOICE', 'Invoice No: 4471', 'Total      £500.00', 'Please remit payment', 'To: Acme Consulting Ltd']);
  t.regex(remit.vendor_name.value ?? '', /Acme Consulting Ltd/);
  const period = read(['Acme Consulting Ltd', '1 High St, London', 'INVOICE', 'Invoice No: 4471', 'Period From:      01/03/2023', 'To:      31/03/2023', 'Total      £500.00']);
  t.is(period.vendor_name.value, 'Acme Consulting Ltd');
});

test('"Please make payment to" a bank names the bank, not the seller; only "payable to" after a request names the payee', (t) => {
  const h = read(['Acme Consulting', '1 High St, London', 'INVOICE', 'Invoice No: 4471', 'Total      £500.00', 'Please make payment to HSBC Bank plc', 'Sort code 40-12-34 Account 12345678']);
  t.is(h.vendor_name.value, 'Acme Consulting');
});

test('number: a year or financial year after a title is no number; a number over its date in one cell still is', (t) => {
  t.is(read(['Acme Supplies Ltd', '1 High St, London', 'SERVICE INVOICE 2023', 'Total      £100.00']).invoice_number.value, null);
  t.is(read(['Acme Supplies Ltd', '1 High St, London', 'Sales Invoice 2023-24', 'Total      £100.00']).invoice_number.value, null);
  t.is(read(['Acme Supplies Ltd', '1 High St, London', 'INVOICE', 'Invoice No.', '245817 March 12, 2023', 'Total      £100.00']).invoice_number.value, '245817');
});
