import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { selfScope } from '../../factories/inventory.js';
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

const h = () => selfScope(user);
const call = (method: string, url: string, body?: unknown, headers = h()) => callApi(app.server, method, url, headers, body);
const quantityOf = async (itemId: number) => (await call('GET', `/api/inventory-items/${itemId}/`)).body.quantity;

test.serial('an order list from low stock: the quantities that reach each target, grouped by supplier', async (t) => {
  const r = await call('POST', '/api/create-order-list/', { name: 'Weekly order' });
  t.is(r.status, 201);
  t.is(r.headers.location, `/api/order-lists/${r.body.id}/`);
  // i2: 12 − 4 = 8 at 4.00 (Bolt & Co); i3: min 2 − 1 = 1 at 10.00 (Acme)
  t.like(r.body, { name: 'Weekly order', status: 'draft', supplier: '', item_count: 2, total_quantity: 9, total_cost: 42 });
  t.deepEqual(r.body.suppliers, [
    { supplier: 'Acme', item_count: 1, total_quantity: 1, total_cost: 10 },
    { supplier: 'Bolt & Co', item_count: 1, total_quantity: 8, total_cost: 32 },
  ]);
  const lines = await call('GET', `/api/order-list-items/?order_list_id=${r.body.id}`);
  t.deepEqual(lines.body.results.map((l: any) => [l.item_id, l.supplier, l.quantity, l.unit_cost, l.line_cost]), [
    [fx.i3.id, 'Acme', 1, 10, 10], [fx.i2.id, 'Bolt & Co', 8, 4, 32],
  ]);
  // the same items are not ordered twice while the list is open
  const again = await call('POST', '/api/create-order-list/', {});
  t.is(again.status, 409);
  t.is(again.body.error.code, 'nothing_to_order');

  // editable while draft: a line's quantity changes, a line is added by hand
  const i2Line = lines.body.results.find((l: any) => l.item_id === fx.i2.id);
  t.is((await call('PATCH', `/api/order-list-items/${i2Line.id}/`, { quantity: 10 })).body.quantity, 10);
  const added = await call('POST', '/api/order-list-items/', { order_list_id: r.body.id, item_id: fx.i1.id, quantity: 2 });
  t.is(added.status, 201);
  t.like(added.body, { supplier: 'Acme', unit_cost: 2.5, line_cost: 5 });
  t.is((await call('POST', '/api/order-list-items/', { order_list_id: r.body.id, item_id: fx.i1.id, quantity: 1 })).status, 409);

  // receiving a draft is refused; ordering freezes the lines
  t.is((await call('POST', `/api/order-lists/${r.body.id}/receive/`, {})).body.error.code, 'order_list_not_ordered');
  const ordered = await call('PATCH', `/api/order-lists/${r.body.id}/`, { status: 'ordered' });
  t.is(ordered.status, 200);
  t.truthy(ordered.body.ordered_at);
  const locked = await call('PATCH', `/api/order-list-items/${i2Line.id}/`, { quantity: 1 });
  t.is(locked.status, 409);
  t.is(locked.body.error.code, 'order_list_locked');
  t.is((await call('PATCH', `/api/order-lists/${r.body.id}/`, { name: 'Renamed' })).body.error.code, 'order_list_locked');
  t.is((await call('PATCH', `/api/order-lists/${r.body.id}/`, { notes: 'called the supplier' })).status, 200);
  t.is((await call('DELETE', `/api/order-lists/${r.body.id}/`)).status, 409);

  // received once through the ledger, however many times it is asked
  const before = { i1: await quantityOf(fx.i1.id), i2: await quantityOf(fx.i2.id), i3: await quantityOf(fx.i3.id) };
  const [first, second] = await Promise.all([
    call('POST', `/api/order-lists/${r.body.id}/receive/`, { note: 'delivery 42' }),
    call('POST', `/api/order-lists/${r.body.id}/receive/`, {}),
  ]);
  t.deepEqual([first.status, second.status], [200, 200]);
  t.deepEqual([first.body.replayed, second.body.replayed].sort(), [false, true]);
  const third = await call('POST', `/api/order-lists/${r.body.id}/receive/`, {});
  t.true(third.body.replayed);
  const received = third.body.order_list;
  t.is(received.status, 'received');
  t.truthy(received.received_at);
  t.deepEqual({ i1: await quantityOf(fx.i1.id), i2: await quantityOf(fx.i2.id), i3: await quantityOf(fx.i3.id) }, { i1: before.i1 + 2, i2: before.i2 + 10, i3: before.i3 + 1 });
  const tx = await call('GET', `/api/inventory-transactions/${received.receive_transaction_id}/`);
  t.like(tx.body, { kind: 'receive', source_type: 'order_list', source_id: String(r.body.id), leg_count: 3, delta: 13 });
  const ledger = await call('GET', `/api/inventory-transactions/?source_type=order_list&source_id=${r.body.id}`);
  t.is(ledger.body.count, 1);
  t.is((await call('PATCH', `/api/order-lists/${r.body.id}/`, { status: 'cancelled' })).body.error.code, 'order_list_locked');
  // the /restqlapi transactions app lists it
  const records = await call('GET', '/restqlapi/transactions/records/?model=order_list');
  t.true(records.body.results.some((x: any) => x.id === r.body.id));
});

test('order lists by hand: status rules and validation', async (t) => {
  const list = await call('POST', '/api/order-lists/', { name: 'By hand', supplier: 'Acme' });
  t.is(list.status, 201);
  t.like(list.body, { status: 'draft', item_count: 0, total_cost: 0, suppliers: [] });
  t.is((await call('PATCH', `/api/order-lists/${list.body.id}/`, { status: 'ordered' })).body.error.code, 'order_list_empty');
  const received = await call('PATCH', `/api/order-lists/${list.body.id}/`, { status: 'received' });
  t.is(received.status, 400);
  t.is(received.body.error.code, 'validation_error');
  t.is((await call('POST', '/api/order-lists/', { name: '' })).status, 400);
  t.is((await call('POST', '/api/order-lists/', { name: 'x', status: 'shipped' })).status, 400);
  t.is((await call('POST', '/api/order-list-items/', { order_list_id: list.body.id, item_id: fx.i1.id, quantity: 0 })).status, 400);
  t.is((await call('PATCH', `/api/order-lists/${list.body.id}/`, { status: 'cancelled' })).body.status, 'cancelled');
  t.is((await call('DELETE', `/api/order-lists/${list.body.id}/`)).status, 204);
});

test('another user\'s order lists, lines and items are 404', async (t) => {
  const list = await call('POST', '/api/order-lists/', { name: 'Mine' });
  const line = await call('POST', '/api/order-list-items/', { order_list_id: list.body.id, item_id: fx.i4.id, quantity: 3 });
  t.is(line.status, 201);
  const them = selfScope(other);
  t.is((await call('GET', `/api/order-lists/${list.body.id}/`, undefined, them)).status, 404);
  t.is((await call('POST', `/api/order-lists/${list.body.id}/receive/`, {}, them)).status, 404);
  t.is((await call('GET', `/api/order-list-items/${line.body.id}/`, undefined, them)).status, 404);
  t.is((await call('DELETE', `/api/order-list-items/${line.body.id}/`, undefined, them)).status, 404);
  // their own list cannot take this user's item
  const theirs = await call('POST', '/api/order-lists/', { name: 'Theirs' }, them);
  t.is((await call('POST', '/api/order-list-items/', { order_list_id: theirs.body.id, item_id: fx.i1.id, quantity: 1 }, them)).status, 404);
  t.is((await call('POST', '/api/create-order-list/', { inventory_id: fx.inv1.id }, them)).status, 404);
  t.is((await call('POST', '/api/create-order-list/', {}, them)).body.error.code, 'nothing_to_order');
  t.is((await call('GET', '/api/order-lists/', undefined, {})).status, 401);
});
