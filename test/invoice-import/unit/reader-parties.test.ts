// Issue 26, round 24. The two parties of an invoice laid out the way accounting programs print them for small firms in
// New Zealand, Australia, Singapore and the UK: the buyer's name unlabelled under the title at the left, the seller's
// name and address at the right, the invoice's fields (date, number, reference, tax number) label over value in a
// middle column, and a payment advice torn off below ("To: <seller>", "Customer <buyer>"). Synthetic documents.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;
/** a printed line: each cell at its column */
const row = (...cells: [number, string][]) => cells.reduce((s, [col, text]) => s.padEnd(col) + text, '');

function threeColumns(o: { buyer: string[]; seller: string[]; ref: string; taxLabel: string; taxId: string; advice: boolean }): string[] {
  const [M, R] = [44, 68];
  const at = (i: number, list: string[]) => list[i] ?? '';
  return [
    row([0, 'TAX INVOICE'], [R, at(0, o.seller)]),
    row([M, 'Invoice Date'], [R, at(1, o.seller)]),
    row([0, at(0, o.buyer)], [M, '14 Mar 2024'], [R, at(2, o.seller)]),
    row([0, at(1, o.buyer)], [R, at(3, o.seller)]),
    row([0, at(2, o.buyer)], [M, 'Invoice Number']),
    row([0, at(3, o.buyer)], [M, 'INV-0043']),
    '',
    row([M, 'Reference']),
    row([M, o.ref]),
    '',
    row([M, o.taxLabel]),
    row([M, o.taxId]),
    '',
    row([0, 'Description'], [36, 'Quantity'], [48, 'Unit Price'], [62, 'Amount']),
    row([0, 'Services rendered'], [36, '1.00'], [48, '200.00'], [62, '200.00']),
    row([48, 'Subtotal'], [62, '200.00']),
    row([48, 'TOTAL GST 15%'], [62, '30.00']),
    row([48, 'TOTAL'], [62, '230.00']),
    '',
    ...(o.advice
      ? [
          row([0, 'PAYMENT ADVICE'], [24, `To:  ${o.seller[0]}`], [66, 'Customer'], [84, o.buyer[0]]),
          row([29, at(1, o.seller)], [66, 'Invoice Number'], [84, 'INV-0043']),
          row([29, at(2, o.seller)], [66, 'Amount Due'], [84, '230.00']),
        ]
      : []),
  ];
}

test('seller: the buyer the payment advice labels "Customer" is the customer under the title too; "To:" on it is the payee', (t) => {
  const cases: [string, string[], string[]][] = [
    ['Kiwi Plumbing', ['Harbour View Cafe Limited', '45 Queen Street', 'Auckland 1010', 'NEW ZEALAND'], ['Kiwi Plumbing', 'PO Box 1234', 'Wellington 6011', 'NEW ZEALAND']],
    ['Merlion Analytics', ['Orchard Retail Group Pte. Ltd.', '391 Orchard Road', 'Singapore 238872'], ['Merlion Analytics', '1 Raffles Place #20-01', 'Singapore 048616', 'SINGAPORE']],
    ['Brightwell Bookkeeping', ['Hartley & Sons Ltd', '8 Mill Lane', 'Leeds LS1 4AB'], ['Brightwell Bookkeeping', '3 Park Row', 'Leeds LS1 5HD', 'UNITED KINGDOM']],
  ];
  for (const [seller, buyer, sellerBlock] of cases) {
    const h = read(threeColumns({ buyer, seller: sellerBlock, ref: 'Job 781', taxLabel: 'GST Number', taxId: '123-456-789', advice: true }));
    t.is(h.vendor_name.value, seller, seller);
    t.is(h.total_amount.value, 230, seller);
  }
  // (without the advice nothing labels the buyer: its legal form still makes it the likelier name, and never a sure one)
  const bare = read(threeColumns({ buyer: cases[1][1], seller: cases[1][2], ref: 'Job 781', taxLabel: 'GST Number', taxId: '123-456-789', advice: false }));
  t.true(bare.vendor_name.confidence < 0.9);
});

test('seller: a field\'s value printed under its label ("Reference" / "Dashboard") is not a name', (t) => {
  const h = read(threeColumns({ buyer: ['Orchard Retail Group Pte. Ltd.', '391 Orchard Road', 'Singapore 238872'], seller: ['Merlion Analytics', '1 Raffles Place #20-01', 'Singapore 048616'], ref: 'Dashboard', taxLabel: 'GST Registration Number', taxId: '201545678R', advice: true }));
  t.is(h.vendor_name.value, 'Merlion Analytics');
});

test('seller: beside another column, a name\'s identity is what its own column prints under it', (t) => {
  // the buyer's name unlabelled at the top left, the seller's at the right with its tax number and telephone under it:
  // the buyer gains nothing from the identity printed in the other column
  const h = read([
    row([0, 'Kauri Holdings'], [56, 'Tui Web Studio']),
    row([56, 'GST 111-222-333']),
    row([56, 'Phone 021 555 0199']),
    '',
    row([0, 'INVOICE']),
    row([0, 'Invoice No.'], [16, '311']),
    row([0, 'Date'], [16, '12/03/2024']),
    row([0, 'Website build'], [40, '$1,000.00']),
    row([28, 'GST 15%'], [40, '$150.00']),
    row([28, 'Total'], [40, '$1,150.00']),
  ]);
  t.is(h.vendor_name.value, 'Tui Web Studio');
});

test('number: the title over a number\'s mark alone in its cell, the number in the next ("INVOICE" / "No. | A1234")', (t) => {
  const h = read([row([0, 'Tremblay Inc.'], [40, 'INVOICE']), row([0, '1200 rue Sherbrooke O.'], [40, 'No.'], [50, 'F-2024-0087']), row([0, 'Montréal QC H3A 1H6'], [40, 'Date'], [50, '2024-03-12']), '', row([0, 'Consulting'], [40, '$1,000.00']), row([28, 'Total'], [40, '$1,000.00'])]);
  t.is(h.invoice_number.value, 'F-2024-0087');
});

test('number: a tax or company id under a bare title ("TAX INVOICE" / "ABN 33 444 555 666") is no document number', (t) => {
  const h = read([row([0, 'Noosa Cafe Pty Ltd'], [56, 'TAX INVOICE']), row([56, 'Sunshine Coast Pool Care']), row([56, 'ABN 33 444 555 666']), row([0, 'Pool service'], [40, '$220.00']), row([28, 'Total'], [40, '$242.00'])]);
  t.is(h.invoice_number.value, null);
});
