import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildTeam, selfScope, teamScope } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';
import { buildReportFixture, type ReportFixture } from '../../factories/reports.js';

let app: TestApp;
let user: TestUser;
let other: TestUser;
let fx: ReportFixture;
test.before(async () => {
  app = await startApp({ workers: false });
  user = await buildUser(app.server);
  other = await buildUser(app.server);
  fx = await buildReportFixture(app.server, user, selfScope(user));
});
test.after.always(async () => app?.stop());

const get = (url: string, headers = selfScope(user)) => callApi(app.server, 'GET', url, headers);

test('analytics over the period: stock value, movements in and out, top products and slow movers', async (t) => {
  const r = await get('/api/analytics/');
  t.is(r.status, 200);
  // stock: 15.00 + 16.00 + 10.00 + 5.00; 6 + 4 + 1 + 4 units in 4 items
  t.deepEqual(r.body.stock, { item_count: 4, quantity: 15, value: 46 });
  // in: receipts 10 + 3 + 1 + 4 and the +1 adjustment; out: the consumption of 4
  t.like(r.body.movements, { transaction_count: 6, in_quantity: 19, out_quantity: 4, net_quantity: 15, moved_quantity: 0 });
  t.deepEqual(r.body.movements.by_kind, [
    { kind: 'adjust', transaction_count: 1, in_quantity: 1, out_quantity: 0 },
    { kind: 'consume', transaction_count: 1, in_quantity: 0, out_quantity: 4 },
    { kind: 'receive', transaction_count: 4, in_quantity: 18, out_quantity: 0 },
  ]);
  t.deepEqual(r.body.top_products, [{ product_id: fx.p1.id, product_name: fx.p1.name, out_quantity: 4, in_quantity: 14 }]);
  // in stock, least taken out first; ties by stock value: p2 (16.00), p3 (10.00), then p1 (out 4)
  t.deepEqual(r.body.slow_movers.map((p: any) => [p.product_id, p.quantity_on_hand, p.stock_value, p.out_quantity]), [
    [fx.p2.id, 4, 16, 0], [fx.p3.id, 1, 10, 0], [fx.p1.id, 10, 20, 4],
  ]);
  t.truthy(r.body.slow_movers[2].last_out_at);
  t.is(r.body.slow_movers[0].last_out_at, null);
});

test('analytics of one inventory and of a past period', async (t) => {
  const annex = await get(`/api/analytics/?inventory_id=${fx.inv2.id}`);
  t.deepEqual(annex.body.stock, { item_count: 2, quantity: 5, value: 15 });
  t.like(annex.body.movements, { transaction_count: 2, in_quantity: 5, out_quantity: 0 });
  t.deepEqual(annex.body.top_products, []);
  const past = await get('/api/analytics/?period_start=2020-01-01&period_end=2020-02-01');
  t.like(past.body.movements, { transaction_count: 0, in_quantity: 0, out_quantity: 0 });
  t.is(past.body.period_start, '2020-01-01T00:00:00.000Z');
  // the stock is today's whatever the period
  t.is(past.body.stock.value, 46);
});

test('analytics stay in the scope: another user sees nothing of this, and a team only its own', async (t) => {
  const theirs = await get('/api/analytics/', selfScope(other));
  t.deepEqual(theirs.body.stock, { item_count: 0, quantity: 0, value: 0 });
  t.is((await get(`/api/analytics/?inventory_id=${fx.inv1.id}`, selfScope(other))).status, 404);
  const teamId = await buildTeam(app.server, other);
  const team = await get('/api/analytics/', teamScope(other, teamId));
  t.is(team.body.profile_type, 'team');
  t.is(team.body.movements.transaction_count, 0);
  t.is((await get('/api/analytics/', teamScope(user, teamId))).status, 403);
});

test('analytics refuse bad periods and unknown parameters (400)', async (t) => {
  const backwards = await get('/api/analytics/?period_start=2026-02-01&period_end=2026-01-01');
  t.is(backwards.status, 400);
  t.is(backwards.body.error.code, 'validation_error');
  t.is((await get('/api/analytics/?period_start=yesterday')).status, 400);
  t.is((await get('/api/analytics/?limit=0')).status, 400);
  t.is((await get('/api/analytics/?bogus=1')).status, 400);
  t.is((await get('/api/analytics/', {})).status, 401);
});

test('transaction logs: one read-only line per ledger leg, filterable and paginated', async (t) => {
  const all = await get('/api/transaction-logs/?page_size=100');
  t.is(all.status, 200);
  t.is(all.body.count, 6);
  const consume = all.body.results.find((l: any) => l.kind === 'consume');
  t.like(consume, { item_id: fx.i1.id, delta: -4, direction: 'out', quantity_before: 10, quantity_after: 6, product_id: fx.p1.id, inventory_id: fx.inv1.id, storage_box_name: 'Box 1' });
  t.deepEqual((await get(`/api/transaction-logs/${consume.id}/`)).body, consume);
  t.is((await get(`/api/transaction-logs/?item_id=${fx.i1.id}`)).body.count, 2);
  t.is((await get(`/api/transaction-logs/?product_id=${fx.p1.id}`)).body.count, 3);
  t.is((await get(`/api/transaction-logs/?inventory_id=${fx.inv2.id}`)).body.count, 2);
  t.is((await get('/api/transaction-logs/?kind=consume,adjust')).body.count, 2);
  t.is((await get('/api/transaction-logs/?direction=out')).body.count, 1);
  t.is((await get('/api/transaction-logs/?period_end=2020-01-01')).body.count, 0);
  const page = await get('/api/transaction-logs/?page_size=4&ordering=id');
  t.is(page.body.results.length, 4);
  t.truthy(page.body.next);
  t.is((await get('/api/transaction-logs/?kind=steal')).status, 400);
  t.is((await get(`/api/transaction-logs/${consume.id}/`, selfScope(other))).status, 404);
  t.is((await get('/api/transaction-logs/', selfScope(other))).body.count, 0);
  t.is((await callApi(app.server, 'POST', '/api/transaction-logs/', selfScope(user), {})).status, 405);
  t.is((await callApi(app.server, 'DELETE', `/api/transaction-logs/${consume.id}/`, selfScope(user))).status, 405);
});
