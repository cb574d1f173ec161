import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildItem, buildTeam, buildTree, created, selfScope, teamScope, type Tree } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';

let app: TestApp;
let alice: TestUser; // owns a team with bob
let bob: TestUser;
let mallory: TestUser; // outsider
let teamId: number;
let aliceTree: Tree; // self scope
let teamTree: Tree; // team scope
let aliceItem: any;
let teamItem: any;

test.before(async () => {
  app = await startApp({ workers: false });
  [alice, bob, mallory] = await Promise.all([buildUser(app.server), buildUser(app.server), buildUser(app.server)]);
  teamId = await buildTeam(app.server, alice, [bob]);
  aliceTree = await buildTree(app.server, alice, selfScope(alice));
  teamTree = await buildTree(app.server, alice, teamScope(alice, teamId), teamId);
  aliceItem = await buildItem(app.server, selfScope(alice), aliceTree, 5);
  teamItem = await buildItem(app.server, teamScope(bob, teamId), teamTree, 5);
});
test.after.always(async () => app?.stop());

const targets = (): [string, Record<string, unknown>][] => [
  [`/api/inventories/${aliceTree.inventory.id}/`, { name: 'pwned' }],
  [`/api/storages/${aliceTree.storage.id}/`, { name: 'pwned', inventory_id: aliceTree.inventory.id }],
  [`/api/storage-boxes/${aliceTree.box.id}/`, { name: 'pwned', storage_id: aliceTree.storage.id }],
  [`/api/inventory-items/${aliceItem.id}/`, { notes: 'pwned' }],
];

test('another user\'s ids are 404 for read, update and delete, and nothing changes', async (t) => {
  for (const [path, body] of targets()) {
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE']) {
      const res = await callApi(app.server, method, path, selfScope(mallory), method === 'PATCH' || method === 'PUT' ? body : undefined);
      t.is(res.status, 404, `${method} ${path}: ${JSON.stringify(res.body)}`);
      t.is(res.body.error.code, 'not_found');
    }
  }
  t.is((await callApi(app.server, 'GET', `/api/inventories/${aliceTree.inventory.id}/`, selfScope(alice))).body.name, aliceTree.inventory.name);
  const tx = await callApi(app.server, 'GET', `/api/inventory-transactions/?item_id=${aliceItem.id}`, selfScope(alice));
  t.is((await callApi(app.server, 'GET', `/api/inventory-transactions/${tx.body.results[0].id}/`, selfScope(mallory))).status, 404);
});

test('another scope\'s ids in a body are 404 and write nothing', async (t) => {
  const storage = await callApi(app.server, 'POST', '/api/storages/', selfScope(mallory), { inventory_id: aliceTree.inventory.id, name: 'sneaky' });
  t.is(storage.status, 404);
  t.is(storage.body.error.details.field, 'inventory_id');
  const box = await callApi(app.server, 'POST', '/api/storage-boxes/', selfScope(mallory), { storage_id: aliceTree.storage.id, name: 'sneaky' });
  t.is(box.status, 404);
  const consume = await callApi(app.server, 'POST', '/api/inventory-transactions/', selfScope(mallory), { kind: 'consume', item_id: aliceItem.id, quantity: 1 });
  t.is(consume.status, 404);
  const malloryTree = await buildTree(app.server, mallory, selfScope(mallory));
  const moveIn = await callApi(app.server, 'POST', '/api/inventory-transactions/', selfScope(alice), { kind: 'move', item_id: aliceItem.id, quantity: 1, to_storage_box_id: malloryTree.box.id });
  t.is(moveIn.status, 404);
  t.is(moveIn.body.error.details.field, 'to_storage_box_id');
  const item = await callApi(app.server, 'POST', '/api/inventory-items/', selfScope(mallory), { storage_box_id: malloryTree.box.id, product_id: aliceTree.product.id, quantity: 1 });
  t.is(item.status, 404);
  t.is(item.body.error.details.field, 'product_id');
  const lines = await callApi(app.server, 'POST', '/api/inventory-transactions/', selfScope(mallory), { kind: 'receive', lines: [{ storage_box_id: aliceTree.box.id, product_id: malloryTree.product.id, quantity: 1 }] });
  t.is(lines.status, 404);
  t.is(lines.body.error.details.field, 'lines[0].storage_box_id');
  t.is((await callApi(app.server, 'GET', `/api/inventory-items/${aliceItem.id}/`, selfScope(alice))).body.quantity, 5);
  // the personal scope of a team member is not the team's
  t.is((await callApi(app.server, 'GET', `/api/inventory-items/${teamItem.id}/`, selfScope(alice))).status, 404);
  t.is((await callApi(app.server, 'GET', `/api/inventory-items/${aliceItem.id}/`, teamScope(alice, teamId))).status, 404);
});

test('icons, types, alerts and audit entries of another user are 404', async (t) => {
  const icon = await created(app.server, '/api/inventory-icons/', selfScope(alice), { name: 'Private', value: '🔐' });
  const type = await created(app.server, '/api/inventory-types/', selfScope(alice), { name: 'Private type', icon: icon.id });
  const [alert] = await app.server.app.platform.knex('inventory_alerts').insert({ item_id: aliceItem.id, kind: 'low_stock', message: 'test', owner_id: alice.id }).returning('id');
  for (const path of [`/api/inventory-icons/${icon.id}/`, `/api/inventory-types/${type.id}/`, `/api/inventory-alerts/${alert.id}/`]) {
    t.is((await callApi(app.server, 'GET', path, selfScope(mallory))).status, 404, path);
    t.is((await callApi(app.server, 'GET', path, selfScope(alice))).status, 200, path);
  }
  t.is((await callApi(app.server, 'PATCH', `/api/inventory-icons/${icon.id}/`, selfScope(mallory), { name: 'x' })).status, 404);
  t.is((await callApi(app.server, 'DELETE', `/api/inventory-types/${type.id}/`, selfScope(mallory))).status, 404);
  t.is((await callApi(app.server, 'POST', `/api/inventory-alerts/${alert.id}/acknowledge/`, selfScope(mallory))).status, 404);
  const icons = await callApi(app.server, 'GET', '/api/inventory-icons/?is_system=false', selfScope(mallory));
  t.false(icons.body.results.some((i: any) => i.id === icon.id));
});

test('a team the caller is not in is 403', async (t) => {
  for (const path of ['/api/inventories/', '/api/inventory-items/', '/api/inventory-transactions/', '/api/inventory-alerts/', '/api/system-audit-logs/', `/api/inventory-items/${teamItem.id}/`]) {
    const res = await callApi(app.server, 'GET', path, teamScope(mallory, teamId));
    t.is(res.status, 403, path);
    t.is(res.body.error.code, 'not_team_member');
  }
  const write = await callApi(app.server, 'POST', '/api/inventory-transactions/', teamScope(mallory, teamId), { kind: 'consume', item_id: teamItem.id, quantity: 1 });
  t.is(write.status, 403);
  t.is((await callApi(app.server, 'GET', '/api/inventories/', { ...mallory.auth, 'x-profile-type': 'team' })).status, 400);
});

// serial (runs before the concurrent tests): its consume is the one the audit test below looks for
test.serial('team members share the team scope', async (t) => {
  const list = await callApi(app.server, 'GET', '/api/inventory-items/', teamScope(alice, teamId));
  t.deepEqual(list.body.results.map((r: any) => r.id), [teamItem.id]);
  t.is(list.body.results[0].profile_type, 'team');
  t.is(list.body.results[0].team_id, teamId);
  const res = await callApi(app.server, 'POST', '/api/inventory-transactions/', teamScope(alice, teamId), { kind: 'consume', item_id: teamItem.id, quantity: 2 });
  t.is(res.status, 201);
  t.is((await callApi(app.server, 'GET', `/api/inventory-items/${teamItem.id}/`, teamScope(bob, teamId))).body.quantity, 3);
  const inv = await callApi(app.server, 'PATCH', `/api/inventories/${teamTree.inventory.id}/`, teamScope(bob, teamId), { description: 'shared by the team' });
  t.is(inv.status, 200);
  // the personal lists stay personal
  const mine = await callApi(app.server, 'GET', '/api/inventories/', selfScope(bob));
  t.false(mine.body.results.some((r: any) => r.id === teamTree.inventory.id));
});

test('writes are audited with who and what changed; team writes feed recent activity', async (t) => {
  const res = await callApi(app.server, 'PATCH', `/api/storages/${teamTree.storage.id}/`, teamScope(bob, teamId), { name: 'Renamed shelf' });
  t.is(res.status, 200);
  const logs = await callApi(app.server, 'GET', `/api/system-audit-logs/?entity_type=storage&entity_id=${teamTree.storage.id}`, teamScope(alice, teamId));
  t.is(logs.status, 200);
  const update = logs.body.results.find((l: any) => l.action === 'storage.update');
  t.truthy(update);
  t.is(update.actor_id, bob.id);
  t.is(update.team_id, teamId);
  t.deepEqual(update.changes.name, { from: teamTree.storage.name, to: 'Renamed shelf' });
  t.false('ip' in update);
  const recent = await callApi(app.server, 'GET', '/api/teams/recent-activity/', teamScope(alice, teamId));
  t.true(JSON.stringify(recent.body).includes('storage.update'));
  // personal audit entries are not visible in the team scope or to others
  const personal = await callApi(app.server, 'GET', '/api/system-audit-logs/?entity_type=inventory', selfScope(alice));
  t.true(personal.body.results.every((l: any) => l.team_id === null && l.actor_id === alice.id));
  const other = await callApi(app.server, 'GET', '/api/system-audit-logs/', selfScope(mallory));
  t.true(other.body.results.every((l: any) => l.actor_id === mallory.id));
  const ledger = await callApi(app.server, 'GET', '/api/system-audit-logs/?action=inventory_transaction.consume', teamScope(bob, teamId));
  t.true(ledger.body.count >= 1);
  t.is((await callApi(app.server, 'GET', `/api/system-audit-logs/${update.id}/`, selfScope(mallory))).status, 404);
  t.is((await callApi(app.server, 'POST', '/api/system-audit-logs/', selfScope(alice), {})).status, 405);
});

test('staff see every audit entry', async (t) => {
  const staff = await buildUser(app.server, { is_staff: true });
  const res = await callApi(app.server, 'GET', `/api/system-audit-logs/?team_id=${teamId}&page_size=100`, selfScope(staff));
  t.is(res.status, 200);
  t.true(res.body.count > 0);
  t.true(res.body.results.every((l: any) => l.team_id === teamId));
  t.true('ip' in res.body.results[0]);
});

test('lists show only the active scope', async (t) => {
  const a = await callApi(app.server, 'GET', '/api/storage-boxes/', selfScope(alice));
  t.deepEqual(a.body.results.map((b: any) => b.id).sort(), [aliceTree.box.id, aliceTree.box2.id].sort());
  const m = await callApi(app.server, 'GET', '/api/storage-boxes/', selfScope(mallory));
  t.false(m.body.results.some((b: any) => b.id === aliceTree.box.id));
  const created2 = await created(app.server, '/api/inventories/', teamScope(bob, teamId), { name: 'Team only' });
  t.is(created2.profile_type, 'team');
  t.is((await callApi(app.server, 'GET', `/api/inventories/${created2.id}/`, selfScope(bob))).status, 404);
});
