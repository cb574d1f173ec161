// The seller on invoices printed as a grid of labelled fields (a US broadcaster's billing system, an ERP's
// order form): the grid's labels are not names, a text layer that glued a label to a name is taken apart,
// and the billing address is the customer's. Plain-text layouts of such pages; each rule holds in general.
import test from 'ava';
import { readText } from '../../helpers/reading.js';

const grid = (first: string) => [
  first,
  'c/o WJAC   Agency   Universal Media (1542)',
  'PO Box 206270   Buyer   BRISBANE, SCOTT',
  'Dallas, TX 75320-6270',
  'Invoice   7433032',
  'Inv Date   5/24/2020',
  'OFFICIAL BILLING INVOICE',
  'Gross Total   $3,000.00',
  'Commission   ($450.00)',
  'Net Total   $2,550.00',
];

test('a legal form with the next field\'s label glued to it ends the name there', (t) => {
  const seller = readText(grid('Sinclair Broadcast Group IncAdvertiser   Smith for Senate (136435)')).vendor_name;
  t.is(seller.value, 'Sinclair Broadcast Group Inc');
  t.true(seller.confidence >= 0.9);
  // a word that merely starts like a legal form is left alone
  t.is(readText(grid('Incredible Media Group   Advertiser   Smith for Senate (136435)')).vendor_name.value, 'Incredible Media Group');
});

test('"REMIT TO" glued to the name by the text layer is still the payee\'s label', (t) => {
  t.is(readText(grid('REMIT TOSinclair Broadcast Group Inc   Advertiser   Smith for Senate (136435)')).vendor_name.value, 'Sinclair Broadcast Group Inc');
});

test('a grid\'s labels standing alone are no seller: "Remit Address", "Agency Code", "PO Box", "DUPLICATE"', (t) => {
  const lines = [
    'DUPLICATE',
    'Remit Address:',
    // (the grid's columns set far apart, as the page prints them)
    'WXYZ-TV            Advertiser            Jones for Congress            Invoice #            2488189-2',
    'PO Box             Agency Code           9920001                       Invoice Date         05/31/20',
    'Boston, MA 02241-9779                    Advertiser Code               12',
    'Agency Ref   105306',
    'Gross Total   $220.00',
    'Net Amount Due   $187.00',
  ];
  const seller = readText(lines).vendor_name;
  t.is(seller.value, 'WXYZ-TV');
});

test('the name under "Billing Address:" is the customer, not the seller', (t) => {
  const lines = ['Acme Widgets', '12 Elm Street, Springfield, IL 62701', 'Billing Address:', 'Globex Corporation', '500 Oak Avenue', 'Chicago, IL 60601', 'Invoice # 1001', 'Date: 03/04/2024', 'Widget   2   $10.00   $20.00', 'Total   $20.00'];
  t.is(readText(lines).vendor_name.value, 'Acme Widgets');
});

test('"Invoice Month  May 2020" is no invoice number, "…DirectInvoice #" glued by a text layer is its label', (t) => {
  const lines = (numberRow: string) => [
    'WXYZ-TV',
    numberRow,
    'PO Box 419779        Invoice Date        05/31/20',
    'Boston, MA 02241        Invoice Month        May 2020',
    'Invoice Period        05/01/20 - 05/31/20',
    'Gross Total   $265.00',
  ];
  t.not(readText(lines('Advertiser        Jones for Congress')).invoice_number.value, '2020');
  t.is(readText(lines('Invoice #        2441368-2')).invoice_number.value, '2441368-2');
  // a text layer that glued the number's label to the advertiser's name before it
  t.is(readText(lines('Advertiser        POL/Paul Blume/WV/Dem DirectInvoice #        2441368-2')).invoice_number.value, '2441368-2');
  // the title with its number stays a label
  t.is(readText(['ACME Ltd', 'Invoice 2024-0042', 'Date 05/31/20', 'Total   $265.00']).invoice_number.value, '2024-0042');
});

test('an agency\'s commission is deducted like a payment: the net it leaves is the amount due, and sure', (t) => {
  const head = ['WXYZ-TV', 'Invoice #        2488189-2', 'Invoice Date        05/31/20', 'Line   Description   Rate', '3   News @ 10p   $35.00', '4   News @ 10p   $35.00', '5   Prime Hour   $75.00', '6   Prime Hour   $75.00'];
  const due = readText([...head, 'Aired Spots   4', 'Gross Total   $220.00', 'Agency Commission   $33.00', 'Net Amount Due   $187.00']).total_amount;
  t.is(due.value, 187);
  t.true(due.confidence >= 0.9);
  // "NET TOTAL" after a commission is what is due, not the sum before tax
  t.is(readText([...head, 'Gross Total   $220.00   Total Spots', 'Commission Agency   -$33.00   4', 'Sales Tax   $0.00', 'NET TOTAL   $187.00']).total_amount.value, 187);
  // without a commission, a net total is still the sum before tax
  t.is(readText(['ACME Ltd', 'Invoice 77', 'Date 05/03/2024', 'Net Total   100.00', 'VAT 20%   20.00', 'Total   120.00', 'Commission earned on referrals is paid quarterly.']).total_amount.value, 120);
});

test('what these rules leave alone: tax after a commission, "Pay today", brands that start like a legal form, names that look like labels', (t) => {
  // a commission deducted before tax: the invoice's amount is what is due, not the net
  t.is(readText(['Radio Nord GmbH', 'Rechnung Nr. 2024-17', 'Datum 05.03.2024', 'Bruttobetrag   1.000,00', 'Agenturprovision 15 %   -150,00', 'Nettobetrag   850,00', 'MwSt. 19 %   161,50', 'Rechnungsbetrag   1.011,50']).total_amount.value, 1011.5);
  t.is(readText(['Radio North Ltd', 'Invoice 17', 'Date 05/03/2024', 'Gross Total   1,000.00', 'Agency Commission   150.00', 'Net Total   850.00', 'VAT @ 20%   170.00', 'Invoice Total   1,020.00']).total_amount.value, 1020);
  t.is(readText(['WXYZ-TV', 'Invoice # 17', 'Date 05/03/2024', 'Gross Total   $220.00', 'Agency Commission   $33.00', 'Net Total   $187.00', 'Sales Tax 8%   $14.96', 'Total Due   $201.96']).total_amount.value, 201.96);
  // "Pay today" is no payee label glued to a name
  t.is(readText(['Bright Water Utility Co', 'Account Number 123456', 'Pay Today            Avoid late fees', 'Statement Date 05/03/2024', 'Amount Due   $54.20']).vendor_name.value, 'Bright Water Utility Co');
  // a brand that starts like a legal form is one word
  t.is(readText(['Boston CorpTech Solutions', '12 Main St, Boston, MA 02110', 'Invoice 55', 'Date 05/03/2024', 'Total   $100.00']).vendor_name.value, 'Boston CorpTech Solutions');
  // shops called like a label, and a customer's word inside a name
  for (const name of ['LOCAL', 'Station', 'Lucky Number'])
    t.is(readText([name, '12 Main St, Boston, MA 02110', 'Receipt 55', 'Date 05/03/2024', 'Coffee 3.50', 'Total   $3.50']).vendor_name.value, name);
  t.is(readText(['Customer First Ltd: Training & Consulting', '12 High St, London', 'Invoice 55', 'Date 05/03/2024', 'Total   £300.00']).vendor_name.value, 'Customer First Ltd: Training & Consulting');
});
