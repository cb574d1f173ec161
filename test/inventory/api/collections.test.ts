import test from 'ava';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildItem, buildProduct, buildTree, created, selfScope } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';

let app: TestApp;
let user: TestUser;
let other: TestUser;
test.before(async () => {
  app = await startApp({ workers: false });
  [user, other] = await Promise.all([buildUser(app.server), buildUser(app.server)]);
});
test.after.always(async () => app?.stop());

/** multipart/form-data body built by the platform's own FormData encoder */
async function multipart(fields: Record<string, string | { data: Buffer; filename: string; type: string }>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') fd.append(k, v);
    else fd.append(k, new Blob([v.data], { type: v.type }), v.filename);
  }
  const req = new Request('http://local/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type')! };
}
async function upload(method: string, url: string, u: TestUser, fields: Parameters<typeof multipart>[0]) {
  const { payload, type } = await multipart(fields);
  const res = await app.server.inject({ method, url, payload, headers: { ...u.auth, 'content-type': type } });
  return { status: res.statusCode, body: JSON.parse(res.payload) };
}
const png = (w = 16, h = 16) => sharp({ create: { width: w, height: h, channels: 4, background: '#3a7' } }).png().toBuffer();
const noisyPng = (w: number, h: number) => sharp(randomBytes(w * h * 4), { raw: { width: w, height: h, channels: 4 } }).png({ compressionLevel: 0 }).toBuffer();

test('icons: create with an emoji or a PNG upload, served back by absolute URL', async (t) => {
  const emoji = await callApi(app.server, 'POST', '/api/inventory-icons/', selfScope(user), { name: 'Jar', value: '🫙' });
  t.is(emoji.status, 201);
  t.like(emoji.body, { name: 'Jar', value: '🫙', icon_image: null, is_system: false, profile_type: 'self' });
  const image = await png();
  const res = await upload('POST', '/api/inventory-icons/', user, { name: 'Crate', value: '📦', icon_image: { data: image, filename: 'crate.png', type: 'image/png' } });
  t.is(res.status, 201, JSON.stringify(res.body));
  t.regex(res.body.icon_image, /^http:\/\/127\.0\.0\.1:8000\/media\/inventory-icons\/.+\.png$/);
  const served = await app.server.inject({ method: 'GET', url: new URL(res.body.icon_image).pathname });
  t.is(served.statusCode, 200);
  t.deepEqual(served.rawPayload, image);
  // PATCH with another PNG, then clear it
  const patched = await upload('PATCH', `/api/inventory-icons/${res.body.id}/`, user, { icon_image: { data: await png(8, 8), filename: 'x.png', type: 'image/png' } });
  t.is(patched.status, 200);
  t.not(patched.body.icon_image, res.body.icon_image);
  const cleared = await callApi(app.server, 'PATCH', `/api/inventory-icons/${res.body.id}/`, selfScope(user), { icon_image: null });
  t.is(cleared.body.icon_image, null);
  const put = await upload('PUT', `/api/inventory-icons/${res.body.id}/`, user, { name: 'Big crate', value: '🗃️' });
  t.like(put.body, { name: 'Big crate', value: '🗃️' });
  t.is((await callApi(app.server, 'DELETE', `/api/inventory-icons/${res.body.id}/`, selfScope(user))).status, 204);
  t.is((await callApi(app.server, 'GET', `/api/inventory-icons/${res.body.id}/`, selfScope(user))).status, 404);
});

test('icons: bad uploads are refused with the field named', async (t) => {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).jpeg().toBuffer();
  const wrongType = await upload('POST', '/api/inventory-icons/', user, { name: 'J', icon_image: { data: jpeg, filename: 'fake.png', type: 'image/png' } });
  t.is(wrongType.status, 415);
  t.is(wrongType.body.error.code, 'unsupported_file_type');
  t.is(wrongType.body.error.details[0].path, 'icon_image');
  const text = await upload('POST', '/api/inventory-icons/', user, { name: 'T', icon_image: { data: Buffer.from('not an image at all, just text'), filename: 'icon.png', type: 'image/png' } });
  t.is(text.status, 415);
  // a PNG signature followed by garbage is still judged by its bytes
  const header = await upload('POST', '/api/inventory-icons/', user, { name: 'H', icon_image: { data: Buffer.concat([Buffer.from('GIF89a'), randomBytes(64)]), filename: 'i.png', type: 'image/png' } });
  t.is(header.status, 415);
  const big = await noisyPng(300, 250);
  t.true(big.length > 256 * 1024);
  const tooBig = await upload('POST', '/api/inventory-icons/', user, { name: 'B', icon_image: { data: big, filename: 'big.png', type: 'image/png' } });
  t.is(tooBig.status, 413);
  t.is(tooBig.body.error.code, 'file_too_large');
  t.is(tooBig.body.error.details[0].path, 'icon_image');
  const huge = await upload('POST', '/api/inventory-icons/', user, { name: 'B', icon_image: { data: await noisyPng(600, 600), filename: 'huge.png', type: 'image/png' } });
  t.is(huge.status, 413);
  const empty = await upload('POST', '/api/inventory-icons/', user, { name: 'E', icon_image: { data: Buffer.alloc(0), filename: 'e.png', type: 'image/png' } });
  t.is(empty.status, 400);
  const notFile = await upload('POST', '/api/inventory-icons/', user, { name: 'S', icon_image: 'just a string' });
  t.is(notFile.status, 400);
  const nothing = await callApi(app.server, 'POST', '/api/inventory-icons/', selfScope(user), { name: 'Nothing' });
  t.is(nothing.status, 400);
  t.is(nothing.body.error.code, 'icon_required');
  const noName = await callApi(app.server, 'POST', '/api/inventory-icons/', selfScope(user), { value: '🙂' });
  t.is(noName.status, 400);
  t.is(noName.body.error.details[0].path, 'name');
  const count = await app.server.app.platform.knex('inventory_icons').where({ owner_id: user.id }).whereIn('name', ['J', 'T', 'H', 'B', 'E', 'S']).count({ n: '*' });
  t.is(Number(count[0].n), 0);
  // nothing refused reached the disk
  const sha = createHash('sha256').update(big).digest('hex');
  await t.throwsAsync(fs.access(path.join(app.config.mediaRoot, 'inventory-icons', sha.slice(0, 2), `${sha}.png`)));
});

test('seeded icons and types are listed for everyone and read-only', async (t) => {
  const icons = await callApi(app.server, 'GET', '/api/inventory-icons/?is_system=true&page_size=100', selfScope(user));
  t.true(icons.body.count >= 20);
  t.true(icons.body.results.every((i: any) => i.is_system && i.profile_type === 'system'));
  const box = icons.body.results.find((i: any) => i.name === 'Box');
  t.is(box.value, '📦');
  const patch = await callApi(app.server, 'PATCH', `/api/inventory-icons/${box.id}/`, selfScope(user), { name: 'Mine now' });
  t.is(patch.status, 403);
  t.is(patch.body.error.code, 'read_only');
  t.is((await callApi(app.server, 'DELETE', `/api/inventory-icons/${box.id}/`, selfScope(user))).status, 403);
  const types = await callApi(app.server, 'GET', '/api/inventory-types/?search=pantry', selfScope(user));
  t.is(types.body.count, 1);
  t.like(types.body.results[0], { name: 'Pantry', is_system: true, icon_value: '🥫' });
  t.is((await callApi(app.server, 'PUT', `/api/inventory-types/${types.body.results[0].id}/`, selfScope(user), { name: 'X' })).status, 403);
});

test('types take an icon id: own or seeded; another user\'s icon is 404', async (t) => {
  const seeded = (await callApi(app.server, 'GET', '/api/inventory-icons/?search=Garage', selfScope(user))).body.results[0];
  const mine = await created(app.server, '/api/inventory-icons/', selfScope(user), { name: 'Mine', value: '🔩' });
  const theirs = await created(app.server, '/api/inventory-icons/', selfScope(other), { name: 'Theirs', value: '🔒' });
  const a = await callApi(app.server, 'POST', '/api/inventory-types/', selfScope(user), { name: 'Bikes', icon: seeded.id });
  t.is(a.status, 201);
  t.like(a.body, { name: 'Bikes', icon: seeded.id, icon_value: seeded.value, is_system: false });
  const b = await callApi(app.server, 'PATCH', `/api/inventory-types/${a.body.id}/`, selfScope(user), { icon: mine.id });
  t.is(b.body.icon, mine.id);
  const c = await callApi(app.server, 'PATCH', `/api/inventory-types/${a.body.id}/`, selfScope(user), { icon: theirs.id });
  t.is(c.status, 404);
  t.is(c.body.error.details.field, 'icon');
  const form = await upload('POST', '/api/inventory-types/', user, { name: 'Form type', icon: String(mine.id) });
  t.is(form.status, 201);
  t.is(form.body.icon, mine.id);
  t.is((await callApi(app.server, 'PATCH', `/api/inventory-types/${a.body.id}/`, selfScope(user), { icon: 'abc' })).status, 400);
  t.is((await callApi(app.server, 'PATCH', `/api/inventory-types/${a.body.id}/`, selfScope(user), {})).status, 400);
  t.is((await callApi(app.server, 'DELETE', `/api/inventory-types/${a.body.id}/`, selfScope(user))).status, 204);
});

test('inventories: CRUD, validation, pagination, search and ordering', async (t) => {
  const u = await buildUser(app.server);
  const type = (await callApi(app.server, 'GET', '/api/inventory-types/?search=Workshop', selfScope(u))).body.results[0];
  const inv = await callApi(app.server, 'POST', '/api/inventories/', selfScope(u), { name: 'Garage shelves', inventory_type: type.id, currency: 'usd', location: 'Garage' });
  t.is(inv.status, 201);
  t.like(inv.body, { name: 'Garage shelves', inventory_type: type.id, inventory_type_name: 'Workshop', currency: 'USD', is_archived: false, storage_count: 0 });
  for (const bad of [{}, { name: '' }, { name: 'x'.repeat(151) }, { name: 'ok', currency: 'euro' }, { name: 'ok', inventory_type: -1 }, { name: 'ok', extra: 1 }]) {
    const res = await callApi(app.server, 'POST', '/api/inventories/', selfScope(u), bad);
    t.is(res.status, 400, JSON.stringify(bad));
    t.is(res.body.error.code, 'validation_error');
  }
  t.is((await callApi(app.server, 'POST', '/api/inventories/', selfScope(u), { name: 'ok', inventory_type: 999999 })).status, 404);
  const put = await callApi(app.server, 'PUT', `/api/inventories/${inv.body.id}/`, selfScope(u), { name: 'Garage', description: 'all of it' });
  t.like(put.body, { name: 'Garage', description: 'all of it', inventory_type: type.id });
  t.is((await callApi(app.server, 'PUT', `/api/inventories/${inv.body.id}/`, selfScope(u), { description: 'no name' })).status, 400);
  for (let i = 0; i < 5; i++) await created(app.server, '/api/inventories/', selfScope(u), { name: `Zeta ${i}`, is_archived: i % 2 === 0 });
  const page1 = await callApi(app.server, 'GET', '/api/inventories/?page_size=2&ordering=-name', selfScope(u));
  t.is(page1.body.count, 6);
  t.deepEqual(page1.body.results.map((r: any) => r.name), ['Zeta 4', 'Zeta 3']);
  t.regex(page1.body.next, /page=2/);
  const page3 = await callApi(app.server, 'GET', new URL(page1.body.next).pathname + new URL(page1.body.next).search.replace('page=2', 'page=3'), selfScope(u));
  t.deepEqual(page3.body.results.map((r: any) => r.name), ['Zeta 0', 'Garage']);
  t.is(page3.body.next, null);
  t.truthy(page3.body.previous);
  t.is((await callApi(app.server, 'GET', '/api/inventories/?is_archived=true', selfScope(u))).body.count, 3);
  t.is((await callApi(app.server, 'GET', '/api/inventories/?search=all of', selfScope(u))).body.count, 1);
  t.is((await callApi(app.server, 'GET', '/api/inventories/?page_size=1000', selfScope(u))).status, 400);
  t.is((await callApi(app.server, 'GET', '/api/inventories/?ordering=secret', selfScope(u))).status, 400);
  t.is((await callApi(app.server, 'GET', '/api/inventories/abc/', selfScope(u))).status, 400);
  t.is((await callApi(app.server, 'GET', '/api/inventories/', {})).status, 401);
  t.is((await callApi(app.server, 'DELETE', `/api/inventories/${inv.body.id}/`, selfScope(u))).status, 204);
});

test('storages and boxes: denormalised names, moves between inventories, delete refused while stocked', async (t) => {
  const tree = await buildTree(app.server, user, selfScope(user));
  t.is(tree.storage.inventory_name, tree.inventory.name);
  t.like(tree.box, { storage_id: tree.storage.id, storage_name: tree.storage.name, inventory_id: tree.inventory.id, inventory_name: tree.inventory.name });
  t.is((await callApi(app.server, 'POST', '/api/storages/', selfScope(user), { inventory_id: tree.inventory.id, name: 'x', kind: 'spaceship' })).status, 400);
  t.is((await callApi(app.server, 'POST', '/api/storage-boxes/', selfScope(user), { name: 'no storage' })).status, 400);
  const item = await buildItem(app.server, selfScope(user), tree, 3);
  // a second inventory: moving the storage carries its boxes and items along
  const inv2 = await created(app.server, '/api/inventories/', selfScope(user), { name: 'Second' });
  const moved = await callApi(app.server, 'PATCH', `/api/storages/${tree.storage.id}/`, selfScope(user), { inventory_id: inv2.id });
  t.is(moved.body.inventory_name, 'Second');
  t.is((await callApi(app.server, 'GET', `/api/storage-boxes/${tree.box.id}/`, selfScope(user))).body.inventory_id, inv2.id);
  const it = (await callApi(app.server, 'GET', `/api/inventory-items/${item.id}/`, selfScope(user))).body;
  t.like(it, { inventory_id: inv2.id, inventory_name: 'Second' });
  const boxes = await callApi(app.server, 'GET', `/api/storage-boxes/?inventory_id=${inv2.id}&ordering=name`, selfScope(user));
  t.is(boxes.body.count, 2);
  t.is(boxes.body.results[0].item_count, 1);
  t.is(boxes.body.results[0].total_quantity, 3);
  for (const url of [`/api/storage-boxes/${tree.box.id}/`, `/api/storages/${tree.storage.id}/`, `/api/inventories/${inv2.id}/`]) {
    const res = await callApi(app.server, 'DELETE', url, selfScope(user));
    t.is(res.status, 409, url);
    t.is(res.body.error.code, 'not_empty');
  }
  t.is((await callApi(app.server, 'DELETE', `/api/storage-boxes/${tree.box2.id}/`, selfScope(user))).status, 204);
});

test('items: create, filters, search and editable fields', async (t) => {
  const u = await buildUser(app.server);
  const tree = await buildTree(app.server, u, selfScope(u));
  const milk = await buildProduct(app.server, { userId: u.id }, { name: 'Oat milk' });
  const a = await created(app.server, '/api/inventory-items/', selfScope(u), { storage_box_id: tree.box.id, product_id: milk.id, quantity: 2, min_quantity: 3, expiry_date: '2030-05-01', lot_number: 'A1' });
  t.like(a, { quantity: 2, min_quantity: 3, is_low_stock: true, unit: 'pcs', expiry_date: '2030-05-01', product_name: 'Oat milk', product_family_name: null });
  const b = await created(app.server, '/api/inventory-items/', selfScope(u), { storage_box_id: tree.box2.id, product_id: tree.product.id, unit: 'kg' });
  t.like(b, { quantity: 0, unit: 'kg', is_low_stock: false });
  for (const bad of [
    { storage_box_id: tree.box.id, product_id: milk.id, quantity: 1.5, lot_number: 'Z' },
    { storage_box_id: tree.box.id, product_id: milk.id, quantity: -1, lot_number: 'Z' },
    { storage_box_id: tree.box.id, product_id: milk.id, expiry_date: '01/02/2030', lot_number: 'Z' },
    { product_id: milk.id },
    { storage_box_id: tree.box.id, product_id: milk.id, serial_number: 'S1', quantity: 2 },
  ]) {
    const res = await callApi(app.server, 'POST', '/api/inventory-items/', selfScope(u), bad);
    t.true(res.status === 400 || res.status === 409, JSON.stringify(bad));
  }
  const mismatch = await callApi(app.server, 'POST', '/api/inventory-items/', selfScope(u), { storage_box_id: tree.box.id, product_id: milk.id, inventory_id: tree.inventory.id + 1, lot_number: 'Q' });
  t.is(mismatch.status, 400);
  t.is(mismatch.body.error.details[0].path, 'inventory_id');
  t.is((await callApi(app.server, 'GET', '/api/inventory-items/?low_stock=true', selfScope(u))).body.count, 1);
  t.is((await callApi(app.server, 'GET', '/api/inventory-items/?in_stock=false', selfScope(u))).body.count, 1);
  t.is((await callApi(app.server, 'GET', `/api/inventory-items/?storage_id=${tree.storage.id}`, selfScope(u))).body.count, 2);
  t.is((await callApi(app.server, 'GET', '/api/inventory-items/?expires_before=2030-12-31', selfScope(u))).body.count, 1);
  t.is((await callApi(app.server, 'GET', '/api/inventory-items/?search=oat', selfScope(u))).body.results[0].id, a.id);
  const ordered = await callApi(app.server, 'GET', '/api/inventory-items/?ordering=-quantity', selfScope(u));
  t.deepEqual(ordered.body.results.map((r: any) => r.id), [a.id, b.id]);
  const patched = await callApi(app.server, 'PATCH', `/api/inventory-items/${a.id}/`, selfScope(u), { min_quantity: 1, notes: 'top shelf', expiry_date: null });
  t.like(patched.body, { min_quantity: 1, is_low_stock: false, notes: 'top shelf', expiry_date: null, quantity: 2 });
  const serial = await callApi(app.server, 'PATCH', `/api/inventory-items/${a.id}/`, selfScope(u), { serial_number: 'SN' });
  t.is(serial.status, 409);
  t.is(serial.body.error.code, 'serial_quantity');
});
