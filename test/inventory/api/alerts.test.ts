import test from 'ava';
import WebSocket from 'ws';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildItem, buildTeam, buildTree, selfScope, teamScope } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';
import { queueDrained, waitFor } from '../../helpers/wait.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: ['inventory'], listen: true });
});
test.after.always(async () => app?.stop());

/** A notifications socket that records every message. */
async function socket(u: TestUser) {
  const ws = new WebSocket(`${app.url.replace('http', 'ws')}/ws/notifications/?token=${u.access}`);
  const messages: { type: string; data: any }[] = [];
  ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    const check = setInterval(() => {
      if (messages.some((m) => m.type === 'connection.ready')) {
        clearInterval(check);
        resolve();
      }
    }, 10);
  });
  const next = (pred: (m: { type: string; data: any }) => boolean, ms = 10000) =>
    waitFor(() => messages.find(pred), { timeoutMs: ms, message: 'a matching socket message' });
  return { ws, messages, next };
}

async function alertsOf(headers: Record<string, string>, itemId: number, status?: string) {
  const res = await callApi(app.server, 'GET', `/api/inventory-alerts/?item_id=${itemId}${status ? `&status=${status}` : ''}`, headers);
  return res.body.results as any[];
}

/** The value of `fn` once `ok` holds; fails at the deadline. */
async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 10000): Promise<T> {
  let last!: T;
  await waitFor(async () => ok((last = await fn())), { timeoutMs: ms, message: 'the expected alerts' });
  return last;
}

test('low stock is raised after the crossing transaction, pushed over the socket, and resolved on restock', async (t) => {
  const u = await buildUser(app.server);
  const tree = await buildTree(app.server, u, selfScope(u));
  const item = await buildItem(app.server, selfScope(u), tree, 10, { min_quantity: 3 });
  const live = await socket(u);
  t.deepEqual(await alertsOf(selfScope(u), item.id), []);

  await callApi(app.server, 'POST', '/api/inventory-transactions/', selfScope(u), { kind: 'consume', item_id: item.id, quantity: 8 });
  const pushed = await live.next((m) => m.type === 'inventory.alert' && m.data.event === 'raised');
  t.like(pushed.data.alert, { item_id: item.id, kind: 'low_stock', status: 'active', profile_type: 'self' });
  t.regex(pushed.data.alert.message, /Low stock: .+ has 2 pcs \(minimum 3\)/);
  const note = await live.next((m) => m.type === 'notification' && m.data.kind === 'inventory.alert');
  t.is(note.data.data.alert_id, pushed.data.alert.id);

  const [alert] = await alertsOf(selfScope(u), item.id, 'active');
  t.like(alert, { id: pushed.data.alert.id, kind: 'low_stock', quantity: 2, min_quantity: 3, product_name: tree.product.name, storage_box_name: tree.box.name, inventory_name: tree.inventory.name, acknowledged: false });

  // consuming further keeps one active alert
  await callApi(app.server, 'POST', '/api/inventory-transactions/', selfScope(u), { kind: 'consume', item_id: item.id, quantity: 1 });
  await queueDrained(app.server.app.platform.producer.queue('inventory'), { timeoutMs: 30_000, message: 'the evaluation of the second consume ran' });
  t.is((await alertsOf(selfScope(u), item.id, 'active')).length, 1);

  const ack = await callApi(app.server, 'POST', `/api/inventory-alerts/${alert.id}/acknowledge/`, selfScope(u));
  t.is(ack.status, 200);
  t.true(ack.body.acknowledged);
  t.is(ack.body.acknowledged_by, u.id);
  t.is(ack.body.status, 'active');
  t.is((await callApi(app.server, 'POST', `/api/inventory-alerts/${alert.id}/acknowledge/`, selfScope(u))).body.error.code, 'already_acknowledged');

  await callApi(app.server, 'POST', '/api/inventory-transactions/', selfScope(u), { kind: 'receive', item_id: item.id, quantity: 10 });
  const resolved = await live.next((m) => m.type === 'inventory.alert' && m.data.event === 'resolved');
  t.is(resolved.data.alert.id, alert.id);
  const after = await callApi(app.server, 'GET', `/api/inventory-alerts/${alert.id}/`, selfScope(u));
  t.is(after.body.status, 'resolved');
  t.truthy(after.body.resolved_at);
  t.deepEqual(await alertsOf(selfScope(u), item.id, 'active'), []);
  live.ws.close();
});

test('only a movement across the line asks for an evaluation: one that stays below the minimum, or away from zero with an expiry date, enqueues none', async (t) => {
  const u = await buildUser(app.server);
  const tree = await buildTree(app.server, u, selfScope(u));
  const low = await buildItem(app.server, selfScope(u), tree, 10, { min_quantity: 3 });
  const dated = await buildItem(app.server, selfScope(u), { ...tree, box: tree.box2 }, 10, { expiry_date: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10) });
  const move = async (body: object) => (await callApi(app.server, 'POST', '/api/inventory-transactions/', selfScope(u), body)).body.id as number;
  const evaluationOf = async (txId: number) => app.server.app.platform.producer.getJob(`inventory-alerts-tx-${txId}`, 'inventory');
  // the evaluation is enqueued after the answer: a crossing one is waited for
  const evaluated = (txId: number) => eventually(() => evaluationOf(txId), (job) => !!job);

  await evaluated(await move({ kind: 'consume', item_id: low.id, quantity: 8 })); // 10 → 2 crosses the minimum of 3
  await eventually(() => alertsOf(selfScope(u), low.id, 'active'), (a) => a.length === 1);
  const below = await move({ kind: 'consume', item_id: low.id, quantity: 1 }); // 2 → 1 stays below it
  const above = await move({ kind: 'consume', item_id: dated.id, quantity: 4 }); // 10 → 6 with an expiry date stays above zero
  // positive marker: a later crossing's evaluation is there, so the two before it would be by now
  await evaluated(await move({ kind: 'receive', item_id: low.id, quantity: 5 })); // 1 → 6 crosses back
  t.falsy(await evaluationOf(below), 'a movement below the minimum that stays below it');
  t.falsy(await evaluationOf(above), 'a movement of dated stock that leaves stock');
  await eventually(() => alertsOf(selfScope(u), low.id, 'active'), (a) => a.length === 0);
  await evaluated(await move({ kind: 'consume', item_id: dated.id, quantity: 6 })); // 6 → 0 with an expiry date crosses zero
  t.pass();
});

test('team alerts reach every member; others never see them', async (t) => {
  const [owner, member, outsider] = await Promise.all([buildUser(app.server), buildUser(app.server), buildUser(app.server)]);
  const teamId = await buildTeam(app.server, owner, [member]);
  const tree = await buildTree(app.server, owner, teamScope(owner, teamId), teamId);
  const item = await buildItem(app.server, teamScope(owner, teamId), tree, 5, { min_quantity: 5 });
  const [a, b, c] = await Promise.all([socket(owner), socket(member), socket(outsider)]);
  // created at the minimum: raised by the job that follows the item's creation
  const pa = await a.next((m) => m.type === 'inventory.alert');
  const pb = await b.next((m) => m.type === 'inventory.alert');
  t.is(pa.data.alert.item_id, item.id);
  t.is(pb.data.alert.id, pa.data.alert.id);
  t.is(pa.data.alert.team_id, teamId);
  // positive marker: an alert of the outsider's own arrives after the team's was relayed
  const own = await buildItem(app.server, selfScope(outsider), await buildTree(app.server, outsider, selfScope(outsider)), 1, { min_quantity: 1 });
  await c.next((m) => m.type === 'inventory.alert' && m.data.alert.item_id === own.id);
  t.false(c.messages.some((m) => m.type === 'inventory.alert' && m.data.alert.id === pa.data.alert.id));
  t.is((await callApi(app.server, 'GET', `/api/inventory-alerts/${pa.data.alert.id}/`, selfScope(outsider))).status, 404);
  t.is((await callApi(app.server, 'GET', `/api/inventory-alerts/${pa.data.alert.id}/`, selfScope(owner))).status, 404);
  const patch = await callApi(app.server, 'PATCH', `/api/inventory-alerts/${pa.data.alert.id}/`, teamScope(member, teamId), { acknowledged: true });
  t.is(patch.status, 200);
  t.true(patch.body.acknowledged);
  t.is((await callApi(app.server, 'PATCH', `/api/inventory-alerts/${pa.data.alert.id}/`, teamScope(member, teamId), { status: 'resolved' })).status, 400);
  t.is((await callApi(app.server, 'DELETE', `/api/inventory-alerts/${pa.data.alert.id}/`, teamScope(member, teamId))).status, 405);
  for (const s of [a, b, c]) s.ws.close();
});

test('expiring stock raises expiring_soon and expired alerts; consuming it resolves them', async (t) => {
  const u = await buildUser(app.server);
  const tree = await buildTree(app.server, u, selfScope(u));
  const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const past = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const a = await buildItem(app.server, selfScope(u), tree, 2, { expiry_date: soon, lot_number: 'soon' });
  const b = await buildItem(app.server, selfScope(u), tree, 1, { expiry_date: past, lot_number: 'past' });
  const far = await buildItem(app.server, selfScope(u), tree, 1, { expiry_date: '2099-01-01', lot_number: 'far' });
  const alertsA = await eventually(() => alertsOf(selfScope(u), a.id, 'active'), (v) => v.length === 1);
  t.is(alertsA[0].kind, 'expiring_soon');
  t.is(alertsA[0].expiry_date, soon);
  const alertsB = await eventually(() => alertsOf(selfScope(u), b.id, 'active'), (v) => v.length === 1);
  t.is(alertsB[0].kind, 'expired');
  await callApi(app.server, 'POST', '/api/inventory-transactions/', selfScope(u), { kind: 'consume', item_id: b.id, quantity: 1 });
  t.deepEqual(await eventually(() => alertsOf(selfScope(u), b.id, 'active'), (v) => v.length === 0), []);
  // editing the date re-evaluates too
  await callApi(app.server, 'PATCH', `/api/inventory-items/${a.id}/`, selfScope(u), { expiry_date: '2099-12-31' });
  t.deepEqual(await eventually(() => alertsOf(selfScope(u), a.id, 'active'), (v) => v.length === 0), []);
  t.deepEqual(await alertsOf(selfScope(u), far.id), []);
  const list = await callApi(app.server, 'GET', '/api/inventory-alerts/?status=resolved&ordering=-created_at', selfScope(u));
  t.is(list.body.count, 2);
});

test('the evaluation job is idempotent and the sweep catches up', async (t) => {
  const u = await buildUser(app.server);
  const tree = await buildTree(app.server, u, selfScope(u));
  const item = await buildItem(app.server, selfScope(u), tree, 1, { min_quantity: 2 });
  await eventually(() => alertsOf(selfScope(u), item.id, 'active'), (v) => v.length === 1);
  const alerts = app.server.app.services.alerts;
  const again = await alerts.evaluate([item.id]);
  t.deepEqual(again, { raised: [], resolved: [] });
  // a change the job never heard of (as if the enqueue was lost) is caught by the sweep
  await app.server.app.platform.knex('inventory_items').where({ id: item.id }).update({ min_quantity: 0 });
  const swept = await alerts.evaluate(null);
  t.true(swept.resolved.some((a) => a.item_id === item.id));
  t.deepEqual(await alertsOf(selfScope(u), item.id, 'active'), []);
});
