// /restqlapi/products: projection on every endpoint, nested writes with operations,
// foreign ids, add/remove, scope.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { buildTeam, selfScope, teamScope, type Headers } from '../../factories/inventory.js';
import { b64, P, q, sku, uniquePng } from '../helpers.js';
import { callApi } from '../../helpers/http.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: false });
});
test.after.always(async () => app?.stop());

const req = (method: string, url: string, h: Headers, payload?: unknown) => callApi(app.server, method, url, h, payload);

async function create(h: Headers, body: Record<string, unknown>, query = '') {
  const r = await req('POST', `${P}/create-one-shot/${query}`, h, body);
  if (r.status !== 201) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

async function fullProduct(h: Headers) {
  return create(h, {
    product_name: 'Sparkling water',
    supplier: 'Aqua',
    tags: [{ label: 'Origin', values: ['Alps', 'Spring'] }, { label: 'Diet', values: ['vegan'] }],
    variants: [
      { name: '1.5 l', sku: sku('W15'), barcode: '4006381333931', tags: [{ label: 'Size', value: 'L' }], images: [{ image: b64(await uniquePng()), alt_text: 'front' }, { image: b64(await uniquePng()), alt_text: 'back' }] },
      { name: '0.5 l', sku: sku('W05'), tags: { create: [{ label: 'Size', value: 'S' }] }, images: { create: [{ image: b64(await uniquePng()), alt_text: 'small' }] } },
    ],
  });
}

test('create answers the full shape by default and the projection when asked', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const p = await fullProduct(h);
  t.is(p.name, 'Sparkling water');
  t.is(p.product_name, 'Sparkling water');
  t.deepEqual(p.tags.map((x: any) => [x.label, x.values.map((v: any) => v.value)]), [['Origin', ['Alps', 'Spring']], ['Diet', ['vegan']]]);
  t.is(p.variants.length, 2);
  t.is(p.variants[0].barcode, '4006381333931');
  t.deepEqual(p.variants[0].images.map((i: any) => [i.alt_text, i.is_primary]), [['front', true], ['back', false]]);
  t.regex(p.variants[0].images[0].image, /^http:\/\/127\.0\.0\.1:8000\/media\/products\/.+\.png$/);
  t.deepEqual(p.variants[1].tags.map((x: any) => x.value), ['S']);
  t.is(p.primary_image_url, p.variants[0].images[0].image);
  t.is(p.profile_type, 'self');

  const narrow = await create(h, { product_name: 'Narrow', variants: [{ sku: sku(), images: [{ image: b64(await uniquePng()), alt_text: 'a' }] }] }, q('{id,name,variants{sku,images{alt_text}}}'));
  t.deepEqual(Object.keys(narrow), ['id', 'name', 'variants']);
  t.deepEqual(Object.keys(narrow.variants[0]), ['sku', 'images']);
  t.deepEqual(narrow.variants[0].images, [{ alt_text: 'a' }]);
});

test('read, list and patch answer the projection; * / - / aliases work end to end', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const p = await fullProduct(h);
  const read = await req('GET', `${P}/${p.id}/record-one-shot/${q('{id, title: name, tags{label, values{value}}}')}`, h);
  t.is(read.status, 200);
  t.deepEqual(read.body, { id: p.id, title: 'Sparkling water', tags: [{ label: 'Origin', values: [{ value: 'Alps' }, { value: 'Spring' }] }, { label: 'Diet', values: [{ value: 'vegan' }] }] });

  const full = await req('GET', `${P}/${p.id}/record-one-shot/`, h);
  t.deepEqual(full.body, p, 'no query: the same full shape create answered');

  const excl = await req('GET', `${P}/${p.id}/record-one-shot/${q('{*, -variants, -tags, -family, -description}')}`, h);
  t.false('variants' in excl.body);
  t.false('description' in excl.body);
  t.is(excl.body.supplier, 'Aqua');

  const list = await req('GET', `${P}/records-one-shot/${q('{id,variants{sku}}')}`, h);
  t.is(list.status, 200);
  t.is(list.body.count, 1);
  t.deepEqual(list.body.results, [{ id: p.id, variants: p.variants.map((v: any) => ({ sku: v.sku })) }]);
  t.is(list.body.next, null);

  const patched = await req('PATCH', `${P}/${p.id}/patch-one-shot/${q('{name,supplier}')}`, h, { supplier: 'Aqua Ltd' });
  t.is(patched.status, 200);
  t.deepEqual(patched.body, { name: 'Sparkling water', supplier: 'Aqua Ltd' });
});

test('list: filters, search, ordering and pages of up to 500', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  for (const [name, category] of [['Apple', 'fruit'], ['Banana', 'fruit'], ['Carrot', 'veg']]) await create(h, { product_name: name, category, variants: [{ sku: sku(name) }] });
  const fruit = await req('GET', `${P}/records-one-shot/?category=fruit&ordering=-name${q('{name}').replace('?', '&')}`, h);
  t.deepEqual(fruit.body.results, [{ name: 'Banana' }, { name: 'Apple' }]);
  const paged = await req('GET', `${P}/records-one-shot/?page_size=2&query=${encodeURIComponent('{name}')}`, h);
  t.is(paged.body.count, 3);
  t.is(paged.body.results.length, 2);
  t.regex(paged.body.next, /page=2/);
  t.regex(paged.body.next, /query=/, 'the projection travels in the next link');
  const search = await req('GET', `${P}/records-one-shot/?search=carr&query=${encodeURIComponent('{name}')}`, h);
  t.deepEqual(search.body.results, [{ name: 'Carrot' }]);
  t.is((await req('GET', `${P}/records-one-shot/?page_size=500`, h)).status, 200);
  t.is((await req('GET', `${P}/records-one-shot/?page_size=501`, h)).status, 400);
});

test('a bad query is 400 on every endpoint, and a write with one writes nothing', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const p = await create(h, { product_name: 'Q' });
  const bad = q('{id,variants{nope}}');
  for (const [method, url, body] of [
    ['GET', `${P}/records-one-shot/${bad}`],
    ['GET', `${P}/${p.id}/record-one-shot/${bad}`],
    ['POST', `${P}/create-one-shot/${bad}`, { product_name: 'Never' }],
    ['PATCH', `${P}/${p.id}/patch-one-shot/${bad}`, { product_name: 'Never' }],
  ] as const) {
    const r = await req(method, url, h, body);
    t.is(r.status, 400, `${method} ${url}`);
    t.is(r.body.error.code, 'invalid_query');
    t.is(r.body.error.details[0].field, 'nope');
    t.is(r.body.error.details[0].position, 13);
  }
  const list = await req('GET', `${P}/records-one-shot/${q('{name}')}`, h);
  t.deepEqual(list.body.results, [{ name: 'Q' }], 'neither the create nor the patch wrote');
  const syntax = await req('GET', `${P}/records-one-shot/?query=${encodeURIComponent('{id')}`, h);
  t.is(syntax.status, 400);
  t.is(syntax.body.error.details[0].position, 3);
  const long = await req('GET', `${P}/records-one-shot/?query=${'x'.repeat(5000)}`, h);
  t.is(long.status, 400);
});

test('patch with operations: tags, variants, variant tags and images created, updated and deleted', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const p = await fullProduct(h);
  const [v1, v2] = p.variants;
  const [origin, diet] = p.tags;
  const [front, back] = v1.images;
  const newSku = sku('NEW');
  const r = await req('PATCH', `${P}/${p.id}/patch-one-shot/`, h, {
    tags: { create: [{ label: 'Brand', values: ['Aqua'] }], update: { [origin.id]: { values: ['Alps'] } }, delete: [diet.id] },
    variants: {
      create: [{ name: 'can', sku: newSku, tags: [{ label: 'Pack', value: 'can' }], images: { create: [{ image: b64(await uniquePng()), alt_text: 'can' }] } }],
      update: {
        [v1.id]: {
          name: '1.5 litre',
          tags: { update: { [v1.tags[0].id]: { value: 'XL' } }, create: [{ label: 'Colour', value: 'blue' }] },
          images: { update: { [back.id]: { alt_text: 'back side', is_primary: true } }, delete: [front.id], create: [{ image: b64(await uniquePng()), alt_text: 'side' }] },
        },
      },
      delete: [v2.id],
    },
  });
  t.is(r.status, 200, JSON.stringify(r.body));
  const after = r.body;
  t.deepEqual(after.tags.map((x: any) => [x.id, x.label, x.values.map((v: any) => v.value)]), [[origin.id, 'Origin', ['Alps']], [after.tags[1].id, 'Brand', ['Aqua']]], 'tag ids are kept on update');
  t.deepEqual(after.variants.map((v: any) => [v.id === v1.id ? 'v1' : v.sku === newSku ? 'new' : 'other', v.name]), [['v1', '1.5 litre'], ['new', 'can']]);
  const k1 = after.variants[0];
  t.is(k1.sku, v1.sku, 'untouched fields stay');
  t.deepEqual(k1.tags.map((x: any) => [x.id, x.label, x.value]), [[v1.tags[0].id, 'Size', 'XL'], [k1.tags[1].id, 'Colour', 'blue']]);
  t.deepEqual(k1.images.map((i: any) => [i.id, i.alt_text, i.is_primary]), [[back.id, 'back side', true], [k1.images[1].id, 'side', false]]);
  t.deepEqual(after.variants[1].images.map((i: any) => [i.alt_text, i.is_primary]), [['can', true]]);
  t.deepEqual(after.variants[1].tags.map((x: any) => x.value), ['can']);
  const gone = await app.server.app.platform.knex('product_variants').where({ id: v2.id }).first();
  t.is(gone, undefined);
  // audit trail of the write
  const audit = await app.server.app.platform.knex('system_audit_logs').where({ entity_type: 'product', entity_id: String(p.id), action: 'product.update' }).first();
  t.truthy(audit);
});

test('plain arrays on a patch replace the collection (ids keep identity); SKU swaps work', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const p = await fullProduct(h);
  const [v1, v2] = p.variants;
  const r = await req('PATCH', `${P}/${p.id}/patch-one-shot/${q('{tags{label},variants{id,sku,images{id}}}')}`, h, {
    tags: [{ label: 'Only' }],
    variants: [
      { id: v2.id, sku: v1.sku },
      { id: v1.id, sku: v2.sku, images: [{ id: v1.images[1].id }] },
    ],
  });
  t.is(r.status, 200, JSON.stringify(r.body));
  t.deepEqual(r.body.tags, [{ label: 'Only' }]);
  t.deepEqual(r.body.variants, [
    { id: v2.id, sku: v1.sku, images: v2.images.map((i: any) => ({ id: i.id })) },
    { id: v1.id, sku: v2.sku, images: [{ id: v1.images[1].id }] },
  ]);
});

test('add and remove are refused with a 400 that says so; update/delete on a create too', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const p = await fullProduct(h);
  const v = p.variants[0];
  for (const op of ['add', 'remove']) {
    const r = await req('PATCH', `${P}/${p.id}/patch-one-shot/`, h, { variants: { update: { [v.id]: { images: { [op]: [v.images[0].id] } } } } });
    t.is(r.status, 400);
    t.is(r.body.error.code, 'validation_error');
    t.regex(r.body.error.message, new RegExp(`${op}.*not enabled`));
    t.is(r.body.error.details[0].path, `variants.update.${v.id}.images.${op}`);
    const onCreate = await req('POST', `${P}/create-one-shot/`, h, { product_name: 'X', variants: [{ images: { [op]: [1] } }] });
    t.is(onCreate.status, 400);
    t.regex(onCreate.body.error.message, /not enabled/);
    const tags = await req('PATCH', `${P}/${p.id}/patch-one-shot/`, h, { tags: { [op]: [1] } });
    t.is(tags.status, 400);
  }
  for (const op of ['update', 'delete']) {
    const r = await req('POST', `${P}/create-one-shot/`, h, { product_name: 'X', variants: [{ images: { [op]: op === 'update' ? { 1: { alt_text: 'x' } } : [1] } }] });
    t.is(r.status, 400, op);
    t.regex(r.body.error.message, /only "?create"? is allowed/);
    const v2 = await req('POST', `${P}/create-one-shot/`, h, { product_name: 'X', variants: { [op]: op === 'update' ? { 1: { name: 'x' } } : [1] } });
    t.is(v2.status, 400);
  }
  const badKey = await req('PATCH', `${P}/${p.id}/patch-one-shot/`, h, { variants: { update: { abc: { name: 'x' } } } });
  t.is(badKey.status, 400);
  const empty = await req('PATCH', `${P}/${p.id}/patch-one-shot/`, h, { variants: {} });
  t.is(empty.status, 400);
  const both = await req('PATCH', `${P}/${p.id}/patch-one-shot/`, h, { variants: { update: { [v.id]: { name: 'x' } }, delete: [v.id] } });
  t.is(both.status, 400);
  t.is(both.body.error.code, 'conflicting_operations');
  const unchanged = await req('GET', `${P}/${p.id}/record-one-shot/`, h);
  t.deepEqual(unchanged.body, p, 'nothing refused changed anything');
});

test('foreign ids: another product\'s rows are 400 foreign_id, another scope\'s are 404; none is touched', async (t) => {
  const u = await buildUser(app.server);
  const other = await buildUser(app.server);
  const h = selfScope(u);
  const p = await fullProduct(h);
  const sibling = await fullProduct(h);
  const theirs = await fullProduct(selfScope(other));
  const v = p.variants[0];
  const cases: [string, Record<string, unknown>, number, string][] = [
    ['variant of another product', { variants: { update: { [sibling.variants[0].id]: { name: 'stolen' } } } }, 400, `variants.update.${sibling.variants[0].id}`],
    ['variant of another product (delete)', { variants: { delete: [sibling.variants[1].id] } }, 400, 'variants.delete.0'],
    ['variant of another scope', { variants: { update: { [theirs.variants[0].id]: { name: 'stolen' } } } }, 404, `variants.update.${theirs.variants[0].id}`],
    ['tag of another product', { tags: { delete: [sibling.tags[0].id] } }, 400, 'tags.delete.0'],
    ['tag of another scope', { tags: { update: { [theirs.tags[0].id]: { label: 'x' } } } }, 404, `tags.update.${theirs.tags[0].id}`],
    ['variant tag of another variant', { variants: { update: { [v.id]: { tags: { delete: [p.variants[1].tags[0].id] } } } } }, 400, `variants.update.${v.id}.tags.delete.0`],
    ['image of another variant of this product', { variants: { update: { [v.id]: { images: { update: { [p.variants[1].images[0].id]: { alt_text: 'x' } } } } } } }, 400, `variants.update.${v.id}.images.update.${p.variants[1].images[0].id}`],
    ['image of another scope', { variants: { update: { [v.id]: { images: { delete: [theirs.variants[0].images[0].id] } } } } }, 404, `variants.update.${v.id}.images.delete.0`],
    ['image of another scope in a replace list', { variants: [{ id: v.id, images: [{ id: theirs.variants[0].images[0].id }] }, { id: p.variants[1].id }] }, 404, 'variants.0.images.0.id'],
    ['variant of another scope in a replace list', { variants: [{ id: theirs.variants[0].id }] }, 404, 'variants.0.id'],
    ['unknown id', { variants: { delete: [2147483000] } }, 404, 'variants.delete.0'],
  ];
  for (const [what, body, status, path] of cases) {
    const r = await req('PATCH', `${P}/${p.id}/patch-one-shot/`, h, body);
    t.is(r.status, status, `${what}: ${JSON.stringify(r.body)}`);
    const details = r.body.error.details;
    t.is(Array.isArray(details) ? details[0].path : details.field, path, what);
    t.regex(r.body.error.message, /\d+/, `${what} names the id`);
  }
  t.deepEqual((await req('GET', `${P}/${p.id}/record-one-shot/`, h)).body, p);
  t.deepEqual((await req('GET', `${P}/${sibling.id}/record-one-shot/`, h)).body, sibling);
  t.deepEqual((await req('GET', `${P}/${theirs.id}/record-one-shot/`, selfScope(other))).body, theirs);
});

test('another scope\'s product is 404 on every endpoint; team scope works through the headers', async (t) => {
  const owner = await buildUser(app.server);
  const member = await buildUser(app.server);
  const stranger = await buildUser(app.server);
  const teamId = await buildTeam(app.server, owner, [member]);
  const teamP = await create(teamScope(owner, teamId), { product_name: 'Team product', variants: [{ sku: sku('T') }] });
  t.is(teamP.profile_type, 'team');
  t.is(teamP.team_id, teamId);
  // the member sees it in team scope, not in self scope
  t.is((await req('GET', `${P}/${teamP.id}/record-one-shot/`, teamScope(member, teamId))).status, 200);
  const memberList = await req('GET', `${P}/records-one-shot/${q('{id}')}`, teamScope(member, teamId));
  t.deepEqual(memberList.body.results, [{ id: teamP.id }]);
  for (const h of [selfScope(member), selfScope(stranger)]) {
    t.is((await req('GET', `${P}/${teamP.id}/record-one-shot/`, h)).status, 404);
    t.is((await req('PATCH', `${P}/${teamP.id}/patch-one-shot/`, h, { supplier: 'x' })).status, 404);
    t.is((await req('DELETE', `${P}/${teamP.id}/record-one-shot/`, h)).status, 404);
    t.deepEqual((await req('GET', `${P}/records-one-shot/${q('{id}')}`, h)).body.results, []);
  }
  const foreignTeam = await req('GET', `${P}/records-one-shot/`, teamScope(stranger, teamId));
  t.is(foreignTeam.status, 403);
  const badHeader = await req('GET', `${P}/records-one-shot/`, { ...selfScope(owner), 'x-profile-type': 'galaxy' });
  t.is(badHeader.status, 400);
  const noAuth = await req('GET', `${P}/records-one-shot/`, {});
  t.is(noAuth.status, 401);
  // variants created in team scope carry the team's scope (SKU uniqueness per scope)
  const dup = await req('POST', `${P}/create-one-shot/`, teamScope(member, teamId), { product_name: 'Dup', variants: [{ sku: teamP.variants[0].sku }] });
  t.is(dup.status, 409);
  t.is(dup.body.error.code, 'sku_conflict');
  const sameSkuSelf = await req('POST', `${P}/create-one-shot/`, selfScope(member), { product_name: 'Mine', variants: [{ sku: teamP.variants[0].sku }] });
  t.is(sameSkuSelf.status, 201);
});

test('delete: 204, then 404; refused with 409 while in stock', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const p = await fullProduct(h);
  const del = await req('DELETE', `${P}/${p.id}/record-one-shot/`, h);
  t.is(del.status, 204);
  t.is((await req('GET', `${P}/${p.id}/record-one-shot/`, h)).status, 404);
  t.is((await req('DELETE', `${P}/${p.id}/record-one-shot/`, h)).status, 404);
  t.is((await req('DELETE', `${P}/abc/record-one-shot/`, h)).status, 400);

  const stocked = await create(h, { product_name: 'Stocked' });
  const inv = await req('POST', '/api/inventories/', h, { name: 'Inv' });
  const storage = await req('POST', '/api/storages/', h, { inventory_id: inv.body.id, name: 'Shelf', kind: 'shelf' });
  const box = await req('POST', '/api/storage-boxes/', h, { storage_id: storage.body.id, name: 'Box' });
  const item = await req('POST', '/api/inventory-items/', h, { storage_box_id: box.body.id, product_id: stocked.id, quantity: 3 });
  t.is(item.status, 201, JSON.stringify(item.body));
  const refused = await req('DELETE', `${P}/${stocked.id}/record-one-shot/`, h);
  t.is(refused.status, 409);
  t.is(refused.body.error.code, 'product_in_stock');
});

test('validation: missing name, wrong types, bad barcodes, duplicate SKUs, hostile strings', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const cases: [Record<string, unknown>, number, string][] = [
    [{ supplier: 'x' }, 400, 'validation_error'],
    [{ product_name: 42 }, 400, 'validation_error'],
    [{ product_name: 'P', variants: 'many' }, 400, 'validation_error'],
    [{ product_name: 'P', variants: [{ sku: sku(), barcode: '4006381333932' }] }, 400, 'invalid_check_digit'],
    [{ product_name: 'P', variants: { create: [{ sku: 'DUP-1' }, { sku: 'dup-1' }] } }, 400, 'duplicate_sku'],
    [{ product_name: 'P', variants: [{ images: [{ alt_text: 'no file' }] }] }, 400, 'validation_error'],
    [{ product_name: 'P', tags: [{ values: ['no label'] }] }, 400, 'validation_error'],
    [{ product_name: 'P', variants: Array.from({ length: 201 }, () => ({})) }, 400, 'validation_error'],
  ];
  for (const [body, status, code] of cases) {
    const r = await req('POST', `${P}/create-one-shot/`, h, body);
    t.is(r.status, status, JSON.stringify(body).slice(0, 200) + ' ' + JSON.stringify(r.body).slice(0, 300));
    if (code) t.is(r.body.error.code, code);
  }
  const dupPath = await req('POST', `${P}/create-one-shot/`, h, { product_name: 'P', variants: { create: [{ sku: 'DUP-2' }, { sku: 'DUP-2' }] } });
  t.is(dupPath.body.error.details[0].path, 'variants.create.1.sku');
  const hostile = "Robert'); DROP TABLE products;-- <script>alert(1)</script> \u202e";
  const made = await create(h, { product_name: hostile, variants: [{ name: hostile, sku: sku() }], tags: [{ label: hostile, values: [hostile] }] }, q('{name,variants{name},tags{label,values{value}}}'));
  t.is(made.name, hostile);
  t.is(made.variants[0].name, hostile);
  t.is(made.tags[0].values[0].value, hostile);
  const notJson = await callApi(app.server, 'POST', `${P}/create-one-shot/`, { ...h, 'content-type': 'application/json' }, '{"product_name": ');
  t.is(notJson.status, 400);
  const proto = await callApi(app.server, 'POST', `${P}/create-one-shot/`, { ...h, 'content-type': 'application/json' }, '{"product_name":"P","__proto__":{"admin":true}}');
  t.is(proto.status, 400);
  t.is(proto.body.error.code, 'forbidden_key');
  const wrongType = await callApi(app.server, 'POST', `${P}/create-one-shot/`, { ...h, 'content-type': 'text/plain' }, 'hello');
  t.is(wrongType.status, 415);
  const emptyPatch = await req('PATCH', `${P}/${made.id ?? 1}/patch-one-shot/`, h, {});
  t.is(emptyPatch.status, 400);
});
