import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildItem, buildProduct, buildTree, created, selfScope, type Tree } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';

let app: TestApp;
let user: TestUser;
let tree: Tree;
test.before(async () => {
  app = await startApp({ workers: false });
  user = await buildUser(app.server);
  tree = await buildTree(app.server, user, selfScope(user));
});
test.after.always(async () => app?.stop());

const tx = (payload: unknown, headers: Record<string, string> = selfScope(user)) => callApi(app.server, 'POST', '/api/inventory-transactions/', headers, payload);
const item = async (id: number) => (await callApi(app.server, 'GET', `/api/inventory-items/${id}/`, selfScope(user))).body;
/** this file's user's ledger rows (other test files write to the same database at the same time) */
const counts = async () => {
  const { knex } = app.server.app.platform;
  const [t] = await knex('inventory_transactions').where({ owner_id: user.id }).count({ n: '*' });
  const [l] = await knex('inventory_transaction_legs as l').join('inventory_items as i', 'i.id', 'l.item_id').where('i.owner_id', user.id).count({ n: '*' });
  const [i] = await knex('inventory_items').where({ owner_id: user.id }).count({ n: '*' });
  return { tx: Number(t.n), legs: Number(l.n), items: Number(i.n) };
};

test('creating an item with stock records a receive transaction', async (t) => {
  const it = await buildItem(app.server, selfScope(user), tree, 7, { lot_number: 'L-create' });
  t.is(it.quantity, 7);
  t.is(it.product_name, tree.product.name);
  t.is(it.storage_box_name, tree.box.name);
  t.is(it.inventory_name, tree.inventory.name);
  t.is(it.storage_name, tree.storage.name);
  const list = await callApi(app.server, 'GET', `/api/inventory-transactions/?item_id=${it.id}`, selfScope(user));
  t.is(list.body.count, 1);
  t.is(list.body.results[0].kind, 'receive');
  t.is(list.body.results[0].quantity, 7);
  t.deepEqual(list.body.results[0].legs.map((l: any) => [l.quantity_before, l.quantity_after]), [[0, 7]]);
});

test('receive, consume and adjust change the quantity and keep a ledger', async (t) => {
  const it = await buildItem(app.server, selfScope(user), tree, 10, { lot_number: 'L-rca' });
  const r1 = await tx({ kind: 'consume', item_id: it.id, quantity: 3, reference: 'kitchen' });
  t.is(r1.status, 201);
  t.is(r1.body.kind, 'consume');
  t.is(r1.body.quantity, 3);
  t.is(r1.body.delta, -3);
  t.is(r1.body.item_id, it.id);
  t.is(r1.body.storage_box_name, tree.box.name);
  t.regex(r1.headers.location as string, /\/api\/inventory-transactions\/\d+\//);
  t.is((await tx({ kind: 'receive', item_id: it.id, quantity: 5 })).status, 201);
  const adj = await tx({ kind: 'adjust', item_id: it.id, counted_quantity: 9 });
  t.is(adj.status, 201);
  t.is(adj.body.delta, -3);
  t.is((await tx({ kind: 'adjust', item_id: it.id, delta: 2 })).body.legs[0].quantity_after, 11);
  t.is((await item(it.id)).quantity, 11);
  const read = await callApi(app.server, 'GET', `/api/inventory-transactions/${r1.body.id}/`, selfScope(user));
  t.is(read.status, 200);
  t.deepEqual(read.body.legs[0], { ...read.body.legs[0], item_id: it.id, delta: -3, quantity_before: 10, quantity_after: 7 });
  // the POST answer (built from what the ledger wrote) is exactly what a read returns
  t.deepEqual(r1.body, read.body);
  const move = await tx({ kind: 'move', item_id: it.id, quantity: 1, to_storage_box_id: tree.box2.id });
  t.deepEqual(move.body, (await callApi(app.server, 'GET', `/api/inventory-transactions/${move.body.id}/`, selfScope(user))).body);
});

test.serial('consuming more than the stock is 409 insufficient_stock and writes nothing', async (t) => {
  const it = await buildItem(app.server, selfScope(user), tree, 4, { lot_number: 'L-neg' });
  const before = await counts();
  const res = await tx({ kind: 'consume', item_id: it.id, quantity: 5 });
  t.is(res.status, 409);
  t.is(res.body.error.code, 'insufficient_stock');
  t.like(res.body.error.details, { item_id: it.id, available: 4, requested: 5, shortfall: 1 });
  t.deepEqual(await counts(), before);
  t.is((await item(it.id)).quantity, 4);
  const adj = await tx({ kind: 'adjust', item_id: it.id, delta: -5 });
  t.is(adj.status, 409);
  t.is((await item(it.id)).quantity, 4);
});

test('quantities are whole numbers and requests are validated', async (t) => {
  const it = await buildItem(app.server, selfScope(user), tree, 4, { lot_number: 'L-val' });
  for (const bad of [
    { kind: 'consume', item_id: it.id, quantity: 1.5 },
    { kind: 'consume', item_id: it.id, quantity: 0 },
    { kind: 'consume', item_id: it.id, quantity: -2 },
    { kind: 'consume', item_id: it.id },
    { kind: 'adjust', item_id: it.id },
    { kind: 'adjust', item_id: it.id, delta: 0 },
    { kind: 'move', item_id: it.id, quantity: 1 },
    { kind: 'teleport', item_id: it.id, quantity: 1 },
    { kind: 'import' },
    { kind: 'receive', item_id: it.id, quantity: 'many' },
  ]) {
    const res = await tx(bad);
    t.is(res.status, 400, JSON.stringify(bad));
    t.is(res.body.error.code, 'validation_error');
  }
  t.is((await item(it.id)).quantity, 4);
});

test('a move is one transaction with two legs and creates the destination item', async (t) => {
  const it = await buildItem(app.server, selfScope(user), tree, 6, { lot_number: 'L-move', expiry_date: '2031-01-01' });
  const res = await tx({ kind: 'move', item_id: it.id, quantity: 4, to_storage_box_id: tree.box2.id });
  t.is(res.status, 201, JSON.stringify(res.body));
  t.is(res.body.leg_count, 2);
  t.is(res.body.quantity, 4);
  t.is(res.body.delta, 0);
  t.is(res.body.storage_box_id, tree.box.id);
  t.is(res.body.to_storage_box_id, tree.box2.id);
  const dest = await item(res.body.to_item_id);
  t.is(dest.quantity, 4);
  t.is(dest.lot_number, 'L-move');
  t.is(dest.expiry_date, '2031-01-01');
  t.is((await item(it.id)).quantity, 2);
  // moving back into the existing item reuses it
  const back = await tx({ kind: 'move', item_id: dest.id, quantity: 4, to_item_id: it.id });
  t.is(back.status, 201);
  t.is((await item(it.id)).quantity, 6);
  t.is((await item(dest.id)).quantity, 0);
  const same = await tx({ kind: 'move', item_id: it.id, quantity: 1, to_storage_box_id: tree.box.id });
  t.is(same.status, 400);
  t.is(same.body.error.code, 'same_location');
});

test.serial('a move that fails half-way changes nothing', async (t) => {
  const it = await buildItem(app.server, selfScope(user), tree, 3, { lot_number: 'L-half' });
  const dest = await buildItem(app.server, selfScope(user), tree, 0, { lot_number: 'L-half-dest' });
  const other = await buildProduct(app.server, { userId: user.id });
  const foreign = await buildItem(app.server, selfScope(user), { ...tree, product: other }, 1);
  const before = await counts();
  // the destination leg breaks a rule (different product) after the source was checked
  const mismatch = await tx({ kind: 'move', item_id: it.id, quantity: 2, to_item_id: foreign.id });
  t.is(mismatch.status, 400);
  t.is(mismatch.body.error.code, 'product_mismatch');
  // the source leg would go negative: neither leg is written
  const short = await tx({ kind: 'move', item_id: it.id, quantity: 5, to_item_id: dest.id });
  t.is(short.status, 409);
  t.deepEqual(await counts(), before);
  t.is((await item(it.id)).quantity, 3);
  t.is((await item(dest.id)).quantity, 0);
});

test.serial('a move into a serialised item that would hold 2 is refused as a whole', async (t) => {
  const p = await buildProduct(app.server, { userId: user.id });
  const tr = { ...tree, product: p };
  const a = await buildItem(app.server, selfScope(user), tr, 3);
  const s = await buildItem(app.server, selfScope(user), tr, 1, { serial_number: 'SN-9' });
  const before = await counts();
  const res = await tx({ kind: 'move', item_id: a.id, quantity: 1, to_item_id: s.id });
  t.is(res.status, 409);
  t.is(res.body.error.code, 'serial_quantity');
  t.deepEqual(await counts(), before);
  t.is((await item(a.id)).quantity, 3);
  t.is((await item(s.id)).quantity, 1);
});

test.serial('a movement of one item is one statement: a broken rule or an unknown item writes nothing, not even the transaction row', async (t) => {
  const p = await buildProduct(app.server, { userId: user.id });
  const s = await buildItem(app.server, selfScope(user), { ...tree, product: p }, 1, { serial_number: 'SN-one' });
  const before = await counts();
  const serial = await tx({ kind: 'receive', item_id: s.id, quantity: 1 });
  t.is(serial.status, 409);
  t.is(serial.body.error.code, 'serial_quantity');
  const overflow = await tx({ kind: 'adjust', item_id: s.id, counted_quantity: 2 });
  t.is(overflow.body.error.code, 'serial_quantity');
  const unknown = await tx({ kind: 'consume', item_id: 2147483000, quantity: 1 });
  t.is(unknown.status, 404);
  t.deepEqual(await counts(), before);
  const counted = await tx({ kind: 'adjust', item_id: s.id, counted_quantity: 0 });
  t.is(counted.status, 201);
  t.is(counted.body.delta, -1);
  t.is((await item(s.id)).quantity, 0);
});

test('a ledger request is audited in its own statement: the legs, their summary, the scope; a refused one leaves no entry', async (t) => {
  const { knex } = app.server.app.platform;
  const it = await buildItem(app.server, selfScope(user), tree, 6, { lot_number: 'L-audit' });
  const move = await tx({ kind: 'move', item_id: it.id, quantity: 2, to_storage_box_id: tree.box2.id, reference: 'shelf 2', note: 'private words' });
  t.is(move.status, 201);
  const [entry] = await knex('system_audit_logs').where({ entity_type: 'inventory_transaction', entity_id: String(move.body.id) });
  const [src, dest] = [move.body.legs.find((l: any) => l.delta < 0), move.body.legs.find((l: any) => l.delta > 0)];
  const byItem = [src, dest].sort((a, b) => a.item_id - b.item_id);
  t.like(entry, { actor_id: user.id, profile_type: 'self', team_id: null, action: 'inventory_transaction.move', ip: null });
  t.is(entry.summary, byItem.map((l) => `item ${l.item_id}: ${l.quantity_before} → ${l.quantity_after}`).join('; '));
  t.deepEqual(entry.changes, {
    kind: 'move',
    reference: 'shelf 2',
    legs: byItem.map((l) => ({ id: String(l.id), item_id: l.item_id, delta: l.delta, quantity_before: l.quantity_before, quantity_after: l.quantity_after })),
  });
  const adj = await tx({ kind: 'adjust', item_id: it.id, counted_quantity: 1 });
  t.is(adj.body.delta, -3);
  const [adjEntry] = await knex('system_audit_logs').where({ entity_type: 'inventory_transaction', entity_id: String(adj.body.id) });
  t.is(adjEntry.summary, `item ${it.id}: 4 → 1`);
  // this item's entries (other tests of the file write for the same user at the same time)
  const audited = async () => Number((await knex('system_audit_logs').where({ entity_type: 'inventory_transaction' }).whereRaw(`changes->'legs' @> ?::jsonb`, [JSON.stringify([{ item_id: it.id }])]).count({ n: '*' }))[0].n);
  const before = await audited();
  t.is((await tx({ kind: 'consume', item_id: it.id, quantity: 2 })).status, 409);
  t.is(await audited(), before);
});

test('two concurrent consumes that together would go negative: exactly one wins', async (t) => {
  for (let round = 0; round < 5; round++) {
    const it = await buildItem(app.server, selfScope(user), tree, 10, { lot_number: `L-race-${round}` });
    const results = await Promise.all([tx({ kind: 'consume', item_id: it.id, quantity: 6 }), tx({ kind: 'consume', item_id: it.id, quantity: 6 })]);
    t.deepEqual(results.map((r) => r.status).sort(), [201, 409]);
    t.is((await item(it.id)).quantity, 4);
  }
});

test('many concurrent consumes never oversell', async (t) => {
  const it = await buildItem(app.server, selfScope(user), tree, 25, { lot_number: 'L-storm' });
  const results = await Promise.all(Array.from({ length: 40 }, () => tx({ kind: 'consume', item_id: it.id, quantity: 1 })));
  t.is(results.filter((r) => r.status === 201).length, 25);
  t.is(results.filter((r) => r.status === 409).length, 15);
  t.is((await item(it.id)).quantity, 0);
  const legs = await app.server.app.platform.knex('inventory_transaction_legs').where({ item_id: it.id }).orderBy('id');
  // the ledger is continuous: each leg starts where the previous ended
  for (let i = 1; i < legs.length; i++) t.is(legs[i].quantity_before, legs[i - 1].quantity_after);
});

test('Idempotency-Key: a replay returns the original transaction, another body is 409', async (t) => {
  const it = await buildItem(app.server, selfScope(user), tree, 10, { lot_number: 'L-idem' });
  const headers = { ...selfScope(user), 'idempotency-key': `k-${it.id}` };
  const first = await tx({ kind: 'consume', item_id: it.id, quantity: 2 }, headers);
  t.is(first.status, 201);
  const replay = await tx({ kind: 'consume', item_id: it.id, quantity: 2 }, headers);
  t.is(replay.status, 200);
  t.is(replay.body.id, first.body.id);
  t.is((await item(it.id)).quantity, 8);
  const racing = await Promise.all([1, 2, 3].map(() => tx({ kind: 'consume', item_id: it.id, quantity: 1 }, { ...selfScope(user), 'idempotency-key': `race-${it.id}` })));
  t.is(new Set(racing.map((r) => r.body.id)).size, 1);
  t.is((await item(it.id)).quantity, 7);
  const reused = await tx({ kind: 'consume', item_id: it.id, quantity: 3 }, headers);
  t.is(reused.status, 409);
  t.is(reused.body.error.code, 'idempotency_key_reused');
});

test('receive and import lines create or increase items in one transaction', async (t) => {
  const p = await buildProduct(app.server, { userId: user.id });
  const res = await tx({
    kind: 'import',
    reference: 'INV-1',
    lines: [
      { storage_box_id: tree.box.id, product_id: p.id, quantity: 2, min_quantity: 1 },
      { storage_box_id: tree.box.id, product_id: p.id, quantity: 3 },
      { storage_box_id: tree.box2.id, product_id: p.id, quantity: 4, lot_number: 'X' },
    ],
  });
  t.is(res.status, 201, JSON.stringify(res.body));
  t.is(res.body.kind, 'import');
  t.is(res.body.leg_count, 2);
  t.is(res.body.quantity, 9);
  const again = await tx({ kind: 'receive', lines: [{ storage_box_id: tree.box.id, product_id: p.id, quantity: 1 }] });
  t.is(again.status, 201);
  t.deepEqual(again.body.legs.map((l: any) => [l.quantity_before, l.quantity_after]), [[5, 6]]);
  const wrongInventory = await tx({ kind: 'receive', lines: [{ storage_box_id: tree.box.id, product_id: p.id, quantity: 1, inventory_id: tree.inventory.id + 100000 }] });
  t.is(wrongInventory.status, 400);
  t.is(wrongInventory.body.error.details[0].path, 'lines[0].inventory_id');
});

test.serial('the bulk receive API writes 10,000 lines set-based inside the caller\'s transaction', async (t) => {
  const { knex } = app.server.app.platform;
  const ledger = app.server.app.services.ledger;
  const products = await knex('products')
    .insert(Array.from({ length: 5000 }, (_, i) => ({ name: `Bulk ${i}`, owner_id: user.id, created_by: user.id })))
    .returning('id');
  const lines = products.flatMap((p: { id: number }) => [
    { storage_box_id: tree.box.id, product_id: p.id, quantity: 2 },
    { storage_box_id: tree.box2.id, product_id: p.id, quantity: 1, lot_number: 'B' },
  ]);
  const scope = { type: 'self' as const, userId: user.id, teamId: null, role: null };
  const queries: string[] = [];
  const onQuery = (q: { sql: string }) => queries.push(q.sql);
  knex.on('query', onQuery);
  const r = await knex.transaction((trx) => ledger.receive(trx, scope, user.id, lines, { kind: 'import', source: { type: 'invoice_session', id: 'test' } }));
  knex.off('query', onQuery);
  t.is(r.lines.length, 10000);
  t.is(r.created_item_ids.length, 10000);
  // set-based: a handful of statements for 10,000 lines, not one per line (its speed against a bare batch insert is
  // measured in scripts/bench/ledger.ts, not timed here: a busy CI machine once took 16 s)
  t.true(queries.length < 15, `queries: ${queries.length}`);
  const [{ n }] = await knex('inventory_transaction_legs').where({ transaction_id: r.transaction_id }).count({ n: '*' });
  t.is(Number(n), 10000);
  // a rollback of the caller's transaction takes the stock with it
  await t.throwsAsync(knex.transaction(async (trx) => {
    await ledger.receive(trx, scope, user.id, lines.slice(0, 10), { kind: 'import' });
    throw new Error('caller failed later');
  }));
  const it = await knex('inventory_items').where({ id: r.lines[0].item_id }).first();
  t.is(it.quantity, 2);
});

test('the ledger is append-only', async (t) => {
  const it = await buildItem(app.server, selfScope(user), tree, 1, { lot_number: 'L-append' });
  const list = await callApi(app.server, 'GET', `/api/inventory-transactions/?item_id=${it.id}`, selfScope(user));
  const id = list.body.results[0].id;
  for (const method of ['PUT', 'PATCH', 'DELETE']) {
    const res = await callApi(app.server, method, `/api/inventory-transactions/${id}/`, selfScope(user), method === 'DELETE' ? undefined : { kind: 'consume' });
    t.is(res.status, 405, method);
    t.is(res.body.error.code, 'ledger_append_only');
  }
  t.is((await callApi(app.server, 'GET', `/api/inventory-transactions/${id}/`, selfScope(user))).status, 200);
});

test('item quantity is read-only outside the ledger', async (t) => {
  const it = await buildItem(app.server, selfScope(user), tree, 5, { lot_number: 'L-ro' });
  const res = await callApi(app.server, 'PATCH', `/api/inventory-items/${it.id}/`, selfScope(user), { quantity: 50 });
  t.is(res.status, 400);
  t.regex(res.body.error.message, /read-only/);
  const move = await callApi(app.server, 'PATCH', `/api/inventory-items/${it.id}/`, selfScope(user), { storage_box_id: tree.box2.id });
  t.is(move.status, 400);
  t.is((await item(it.id)).quantity, 5);
  const dup = await callApi(app.server, 'POST', '/api/inventory-items/', selfScope(user), { storage_box_id: tree.box.id, product_id: tree.product.id, lot_number: 'L-ro' });
  t.is(dup.status, 409);
  t.is(dup.body.error.code, 'item_exists');
  t.is(dup.body.error.details.item_id, it.id);
  const del = await callApi(app.server, 'DELETE', `/api/inventory-items/${it.id}/`, selfScope(user));
  t.is(del.status, 409);
  t.is(del.body.error.code, 'not_empty');
  await tx({ kind: 'consume', item_id: it.id, quantity: 5 });
  t.is((await callApi(app.server, 'DELETE', `/api/inventory-items/${it.id}/`, selfScope(user))).status, 204);
  t.is((await callApi(app.server, 'GET', `/api/inventory-items/${it.id}/`, selfScope(user))).status, 404);
});

test('transactions list filters, orders and paginates', async (t) => {
  const p = await buildProduct(app.server, { userId: user.id });
  const it = await buildItem(app.server, selfScope(user), { ...tree, product: p }, 20);
  for (let i = 0; i < 5; i++) await tx({ kind: 'consume', item_id: it.id, quantity: 1, reference: `ref-${i}` });
  const page = await callApi(app.server, 'GET', `/api/inventory-transactions/?product_id=${p.id}&kind=consume&page_size=2&ordering=created_at`, selfScope(user));
  t.is(page.status, 200);
  t.is(page.body.count, 5);
  t.is(page.body.results.length, 2);
  t.is(page.body.results[0].reference, 'ref-0');
  t.truthy(page.body.next);
  t.is(page.body.previous, null);
  const search = await callApi(app.server, 'GET', `/api/inventory-transactions/?product_id=${p.id}&search=ref-3`, selfScope(user));
  t.is(search.body.count, 1);
  const kinds = await callApi(app.server, 'GET', `/api/inventory-transactions/?product_id=${p.id}&kind=receive,consume`, selfScope(user));
  t.is(kinds.body.count, 6);
  t.is((await callApi(app.server, 'GET', '/api/inventory-transactions/?kind=steal', selfScope(user))).status, 400);
  t.is((await callApi(app.server, 'GET', '/api/inventory-transactions/?ordering=amount', selfScope(user))).status, 400);
});
