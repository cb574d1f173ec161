// Analytics read whole days from the ledger's daily rollup (kept by a trigger in the
// ledger write's transaction) and the partial edge days from the ledger: the figures
// must be those of the ledger itself, for any period, and a move (two legs) counts once.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { selfScope } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';
import { buildReportFixture, type ReportFixture } from '../../factories/reports.js';
import { periodParts } from '../../../domain/reports/analytics-sql.js';

let app: TestApp;
let user: TestUser;
let fx: ReportFixture;
const DAY = 86_400_000;
const today = Math.floor(Date.now() / DAY) * DAY;
/** 10:00 UTC three days ago, 12:00 and 13:00 UTC two days ago */
const at = { receive: new Date(today - 3 * DAY + 10 * 3_600_000), consume: new Date(today - 2 * DAY + 12 * 3_600_000), move: new Date(today - 2 * DAY + 13 * 3_600_000) };

test.before(async () => {
  app = await startApp({ workers: false });
  user = await buildUser(app.server);
  fx = await buildReportFixture(app.server, user, selfScope(user));
  // three movements in the past, written as the ledger writes them (header, then its legs)
  const { knex } = app.server.app.platform;
  const ledger = async (kind: string, createdAt: Date, legs: [number, number][]) => {
    const [t] = await knex('inventory_transactions').insert({ kind, reference: `past ${kind}`, owner_id: user.id, created_by: user.id, created_at: createdAt }).returning('id');
    await knex('inventory_transaction_legs').insert(legs.map(([item, delta]) => ({ transaction_id: t.id, item_id: item, delta, quantity_before: 0, quantity_after: 0 })));
  };
  await ledger('receive', at.receive, [[fx.i1.id, 7]]);
  await ledger('consume', at.consume, [[fx.i1.id, -2]]);
  await ledger('move', at.move, [[fx.i1.id, -1], [fx.i2.id, 1]]);
});
test.after.always(async () => app?.stop());

const get = (url: string) => callApi(app.server, 'GET', url, selfScope(user));

test('a period is split into whole UTC days and its two partial edges', (t) => {
  const parts = periodParts(new Date('2026-03-01T09:30:00Z'), new Date('2026-03-04T06:00:00Z'));
  t.deepEqual(parts.days, ['2026-03-02', '2026-03-04']);
  t.deepEqual(parts.edges.map((d) => d.toISOString()), ['2026-03-01T09:30:00.000Z', '2026-03-02T00:00:00.000Z', '2026-03-04T00:00:00.000Z', '2026-03-04T06:00:00.000Z']);
  const within = periodParts(new Date('2026-03-01T09:30:00Z'), new Date('2026-03-01T10:00:00Z'));
  t.is(within.days[0], within.days[1], 'no whole day');
  t.deepEqual(within.edges.map((d) => d.toISOString()), ['2026-03-01T09:30:00.000Z', '2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z']);
});

test('the trigger keeps one rollup row per item, day and kind, in the ledger write\'s transaction', async (t) => {
  const { knex } = app.server.app.platform;
  const rows = await knex('inventory_ledger_daily').where({ owner_id: user.id }).whereNot('day', knex.raw("(now() AT TIME ZONE 'UTC')::date"))
    .orderBy(['day', 'kind', 'item_id']).select(knex.raw('day::text AS day'), 'kind', 'item_id', 'in_quantity', 'out_quantity', 'transaction_count');
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const shape = (r: any) => [r.day, r.kind, r.item_id, Number(r.in_quantity), Number(r.out_quantity), r.transaction_count];
  const expected = [
    [day(at.receive), 'receive', fx.i1.id, 7, 0, 1],
    [day(at.consume), 'consume', fx.i1.id, 0, 2, 1],
    // the move's two legs: counted once, by its first leg (i1's)
    [day(at.move), 'move', fx.i1.id, 0, 1, 1],
    [day(at.move), 'move', fx.i2.id, 1, 0, 0],
  ];
  t.deepEqual(rows.map(shape), expected);
});

test('analytics over whole days and edges equal the ledger\'s own figures', async (t) => {
  // from 09:00 three days ago: the receipt falls in the first (partial) day, the consumption
  // and the move in a whole day, the fixture's movements of today in the last (partial) day
  const start = new Date(today - 3 * DAY + 9 * 3_600_000).toISOString();
  const r = await get(`/api/analytics/?period_start=${start}`);
  t.is(r.status, 200, JSON.stringify(r.body));
  // fixture: 6 transactions, 19 in, 4 out; past: +7 received, 2 consumed, 1 moved
  t.like(r.body.movements, { transaction_count: 9, in_quantity: 26, out_quantity: 6, moved_quantity: 1 });
  t.deepEqual(r.body.movements.by_kind.find((k: any) => k.kind === 'move'), { kind: 'move', transaction_count: 1, in_quantity: 1, out_quantity: 1 });
  t.deepEqual(r.body.movements.by_kind.find((k: any) => k.kind === 'consume'), { kind: 'consume', transaction_count: 2, in_quantity: 0, out_quantity: 6 });
  // p1 (i1): out 4 today + 2 two days ago; its last outflow is today's
  t.like(r.body.top_products[0], { product_id: fx.p1.id, out_quantity: 6, in_quantity: 21 });

  // from 11:00 three days ago: the receipt of 10:00 is outside, to the hour
  const later = await get(`/api/analytics/?period_start=${new Date(today - 3 * DAY + 11 * 3_600_000).toISOString()}`);
  t.like(later.body.movements, { transaction_count: 8, in_quantity: 19, out_quantity: 6 });
  // a period of whole days only (two days ago): the rollup alone
  const whole = await get(`/api/analytics/?period_start=${new Date(today - 2 * DAY).toISOString()}&period_end=${new Date(today - DAY).toISOString()}`);
  t.like(whole.body.movements, { transaction_count: 2, in_quantity: 0, out_quantity: 2, moved_quantity: 1 });
  t.like(whole.body.slow_movers.find((p: any) => p.product_id === fx.p1.id), { out_quantity: 2, last_out_at: at.consume.toISOString() });
  // one inventory: the fixture's inventory 1 holds i1 and i2
  const inv1 = await get(`/api/analytics/?inventory_id=${fx.inv1.id}&period_start=${new Date(today - 2 * DAY).toISOString()}&period_end=${new Date(today - DAY).toISOString()}`);
  t.like(inv1.body.movements, { transaction_count: 2, out_quantity: 2, moved_quantity: 1 });
  const inv2 = await get(`/api/analytics/?inventory_id=${fx.inv2.id}&period_start=${new Date(today - 2 * DAY).toISOString()}&period_end=${new Date(today - DAY).toISOString()}`);
  t.like(inv2.body.movements, { transaction_count: 0, in_quantity: 0, out_quantity: 0 });
});
