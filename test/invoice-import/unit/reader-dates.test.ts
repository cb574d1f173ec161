// The general reader: the document date on receipts (workers/invoice/text/dates.ts, header-fields.ts),
// as plain-text layouts of what the OCR prints. Each rule holds for documents in general.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;
/** The date read from a Malaysian shop receipt holding these lines between its letterhead and its total. */
const date = (lines: string[]) => read(['KEDAI MAKAN SDN BHD', 'Jalan Ampang, 50450 Kuala Lumpur', ...lines, 'TOTAL  9.00']).invoice_date.value;


test('a time printed with dots is not a date and does not decide the day/month order', (t) => {
  t.is(date(['Date | 06/01/18 | 12.17.26 PM']), '2018-01-06', 'after the date, before PM');
  t.is(date(['Doc No | CS00012626 | Date: | 10/01/2018', 'Cashier | USER | Time: 09.20.00']), '2018-01-10', 'after a time label');
  // a US receipt keeps month first
  t.is(read(['Bar Inc.', '500 Market St, San Francisco, CA 94105', 'Date 03/04/2023 10.15.20 AM', 'Total $ 20.00']).invoice_date.value, '2023-03-04');
});

test('eight digits without separators are a date where a date stands', (t) => {
  t.is(date(['DocNo  CS00010119266 Date02122017', 'Cashier  USER  Time: 08:44:00']), '2017-12-02', 'glued to its label');
  t.is(date(['25032018 13:11:54']), '2018-03-25', 'before the time');
  t.is(date(['27032018   No: CS-20243']), '2018-03-27', 'a cell of its own');
  // an item code among other words is not a date; a printed date beats a bare one
  t.is(date(['Item code 10032018 x1   9.00']), null);
  t.is(date(['Pen blue 10032018 1.50   SR']), null, 'a price after a code is no time');
  t.is(date(['27032018   No: CS-20243', 'Date: 26/03/2018']), '2018-03-26');
});

test('a date the OCR read with a 6, 8 or 9 for a 0 is read back when it cannot be real as read', (t) => {
  t.is(date(['19/62/2018 16:45   5132 002 0026157']), '2018-02-19', 'the month');
  t.is(date(['12-02-2618   11:34:45 AM']), '2018-02-12', 'the year');
  t.is(date(['CASH1 #10-82   17/83/2817 21:35']), '2017-03-17', 'both');
  t.is(date(['12/03/2518 13:07   1008 061 0618139']), '2018-03-12', 'no document is dated past 2100: the century digit slipped');
  // a date real as printed is left alone, and one printed whole wins
  t.is(date(['19/06/2018 16:45']), '2018-06-19');
  t.is(date(['Date: 18/02/2018', '19/62/2018 16:45']), '2018-02-18');
});

test('a date with a separator the OCR lost or misread is still read', (t) => {
  t.is(date(['S1:347H   548017   05 02-18']), '2018-02-05', 'a space for the first, in a cell of its own');
  t.is(date(['Date: 10.08,2017']), '2017-08-10', 'a comma for the second');
  t.is(date(['Date: 10/0812017']), '2017-08-10', 'a 1 for the second slash');
  // a price and a count are not a date
  t.is(date(['Item   1   3.10 20   2.45']), null);
  t.is(date(['Pen blue   3.10 2019   SR']), null);
});

test('a year the OCR slipped is read back from the other dates the document agrees on', (t) => {
  t.is(date(['Date : 20/03/2013 13:01', 'Item  1  9.00', 'Printed 20/03/2018 13:05', 'Reprint 21/03/2018 09:00']), '2018-03-20');
  // one other date is a tie, not a majority; a year apart is another year, not a slip; a warranty is another date
  t.is(date(['Date : 27/03/2018 16:54', '27/03/2016 16:54:04']), '2018-03-27');
  t.is(date(['Date : 28/12/2017 13:01', 'Printed 02/01/2018', 'Reprint 03/01/2018']), '2017-12-28');
  t.is(date(['Date : 05/03/2017 10:00', 'Warranty until 05/03/2019', 'Warranty card 05/03/2019']), '2017-03-05');
});

test('a written month between separators (02/Jan/2017, 15-JAN-18) is a date', (t) => {
  const dateOn = (line: string) => read(['KEDAI MAKAN SDN BHD', line, 'TOTAL  9.00']).invoice_date.value;
  t.is(dateOn('CB#- 58273584475   02/Jan/2017 10:48:29'), '2017-01-02');
  t.is(dateOn('Date: 15-JAN-18'), '2018-01-15');
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
