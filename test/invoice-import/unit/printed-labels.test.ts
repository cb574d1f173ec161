// The accuracy bench's check of which labels a page prints (scripts/bench/printed-labels.ts): a field whose
// label the page never shows is reported apart, so the check must find a label in every usual form and must
// not find one that is not there.
import test from 'ava';
import { printedLabels } from '../../../scripts/bench/printed-labels.js';

const page = [
  'ACME Handels GmbH · Hauptstraße 5 · 80331 München',
  'Rechnung Nr. RE-2024 / 0815',
  'Rechnungsdatum: 31. Dezember 2024      Lieferdatum 02.01.2025',
  'Gesamtbetrag Brutto      1.623,00 €',
].join('\n');

test('a label printed in any usual form is found: name, number with spaces, written date, grouped amount', (t) => {
  t.deepEqual(printedLabels(page, { vendor: 'ACME Handels GmbH', number: 'RE-2024/0815', date: '2024-12-31', total: 1623 }), { vendor: true, number: true, date: true, total: true });
  // a numeric date in either order, and an amount in the other grouping
  t.true(printedLabels('Date 01/02/2025  Total 1,623.00', { date: '2025-01-02' }).date);
  t.true(printedLabels('Date 01/02/2025  Total 1,623.00', { date: '2025-02-01' }).date);
  t.true(printedLabels('Date 01/02/2025  Total 1,623.00', { total: 1623 }).total);
  t.true(printedLabels('Invoice of Apr 01, 2015', { date: '2015-04-01' }).date);
});

test('a label the page does not print is marked so, not matched inside other figures', (t) => {
  const marked = printedLabels(page, { vendor: 'Seller Inc.', number: '20131122-42', date: '2014-11-08', total: 623 });
  t.deepEqual(marked, { vendor: false, number: false, date: false, total: false });
  // (12,00 is not inside 112,00; 2024-01-02 is not the 02.01.2025 printed)
  t.false(printedLabels('Summe 112,00', { total: 12 }).total);
  t.false(printedLabels(page, { date: '2024-01-02' }).date);
});
