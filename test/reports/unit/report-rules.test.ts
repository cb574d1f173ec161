import test from 'ava';
import { csvField } from '../../../domain/reports/report-writers.js';
import { cronPattern, isTimeZone } from '../../../domain/reports/report-schedule-service.js';
import { normaliseFilters } from '../../../domain/reports/report-kinds.js';

test('CSV fields are quoted when needed and text that a spreadsheet would run is defused', (t) => {
  t.is(csvField('plain'), 'plain');
  t.is(csvField('a,b'), '"a,b"');
  t.is(csvField('say "hi"'), '"say ""hi"""');
  t.is(csvField('two\nlines'), '"two\nlines"');
  t.is(csvField('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
  t.is(csvField('@SUM(A1)'), "'@SUM(A1)");
  t.is(csvField(-4, true), '-4');
  t.is(csvField(null), '');
});

test('cron patterns of the three frequencies', (t) => {
  t.is(cronPattern({ frequency: 'daily', time_of_day: '06:05', day_of_week: null, day_of_month: null }), '5 6 * * *');
  t.is(cronPattern({ frequency: 'weekly', time_of_day: '23:59', day_of_week: 0, day_of_month: null }), '59 23 * * 0');
  t.is(cronPattern({ frequency: 'monthly', time_of_day: '00:00', day_of_week: null, day_of_month: 28 }), '0 0 28 * *');
  t.true(isTimeZone('Asia/Kolkata'));
  t.false(isTimeZone('Nowhere/Special'));
});

test('report filters: a movement period defaults to the 30 days before now and must run forwards', (t) => {
  const now = new Date('2026-03-31T12:00:00Z');
  t.deepEqual(normaliseFilters('stock_movements', {}, now).value, { period_start: '2026-03-01T12:00:00.000Z', period_end: '2026-03-31T12:00:00.000Z' });
  t.regex(normaliseFilters('stock_movements', { period_start: '2026-04-01' }, now).error!, /before/);
  t.is(normaliseFilters('expiring_soon', {}).value!.days, 30);
  t.regex(normaliseFilters('inventory_valuation', { days: 3 }).error!, /not allowed/);
});
