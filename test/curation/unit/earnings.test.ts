// One invoice's curator earning: integers in minor units, tax never the curator's,
// the fee rounded half up, a refund reversing its untaxed share.
import test from 'ava';
import { earningOf } from '../../../domain/curation/earnings-service.js';

test('a paid invoice earns its amount less tax, less the platform fee', (t) => {
  t.deepEqual(earningOf({ amount_paid: 500, tax: 0, amount_refunded: 0 }, 2000), { gross: 500, refunded: 0, fee: 100, net: 400 });
  t.deepEqual(earningOf({ amount_paid: 1428, tax: 228, amount_refunded: 0 }, 2000), { gross: 1200, refunded: 0, fee: 240, net: 960 });
  t.deepEqual(earningOf({ amount_paid: 999, tax: 0, amount_refunded: 0 }, 1250), { gross: 999, refunded: 0, fee: 125, net: 874 }, '124.875 rounds to 125');
  t.deepEqual(earningOf({ amount_paid: 500, tax: 0, amount_refunded: 0 }, 0), { gross: 500, refunded: 0, fee: 0, net: 500 });
  t.deepEqual(earningOf({ amount_paid: 500, tax: 0, amount_refunded: 0 }, 10000), { gross: 500, refunded: 0, fee: 500, net: 0 });
});

test('refunds reverse the earning: the untaxed share of the refund, the fee recomputed on what is left', (t) => {
  t.deepEqual(earningOf({ amount_paid: 500, tax: 0, amount_refunded: 250 }, 2000), { gross: 500, refunded: 250, fee: 50, net: 200 });
  t.deepEqual(earningOf({ amount_paid: 1428, tax: 228, amount_refunded: 1428 }, 2000), { gross: 1200, refunded: 1200, fee: 0, net: 0 });
  t.deepEqual(earningOf({ amount_paid: 1428, tax: 228, amount_refunded: 714 }, 2000), { gross: 1200, refunded: 600, fee: 120, net: 480 });
  t.deepEqual(earningOf({ amount_paid: 0, tax: 0, amount_refunded: 0 }, 2000), { gross: 0, refunded: 0, fee: 0, net: 0 });
  for (const [paid, tax, refunded, bps] of [[1, 0, 1, 1], [777, 77, 333, 1999], [10_000_000, 1_900_000, 9_999_999, 3333]]) {
    const e = earningOf({ amount_paid: paid, tax, amount_refunded: refunded }, bps);
    for (const v of Object.values(e)) t.true(Number.isSafeInteger(v) && v >= 0);
    t.is(e.gross - e.refunded - e.fee, e.net);
  }
});
