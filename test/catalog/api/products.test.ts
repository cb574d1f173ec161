import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildTeam, buildTree, buildItem, selfScope, teamScope, type Headers } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';
import { solidPng } from '../../factories/images.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: false });
});
test.after.always(async () => app?.stop());

const call = (method: string, url: string, headers: Headers, payload?: unknown) => callApi(app.server, method, url, headers, payload);
const sku = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}`;

async function product(h: Headers, body: Record<string, unknown>) {
  const r = await call('POST', '/api/products/', h, body);
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body;
}

test('create with the catalog write shape; read returns name and product_name, tags and variants', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const res = await call('POST', '/api/products/', h, {
    product_name: 'Sparkling water',
    supplier: 'Aqua Ltd',
    description: '1.5 l bottle',
    category: 'Beverages',
    base_unit: 'bottle',
    product_family_name: 'Drinks',
    tags: [{ label: 'Origin', values: ['Alps', 'Spring'] }],
    variants: [
      { name: '1.5 l', sku: sku('W15'), barcode: '4006-381 333931', tags: [{ label: 'Size', value: '1.5 l' }], images: [] },
      { name: '0.5 l', sku: sku('W05'), barcode: '' },
    ],
  });
  t.is(res.status, 201, JSON.stringify(res.body));
  const p = res.body;
  t.is(p.name, 'Sparkling water');
  t.is(p.product_name, 'Sparkling water');
  t.is(p.supplier, 'Aqua Ltd');
  t.is(p.base_unit, 'bottle');
  t.is(p.product_family_name, 'Drinks');
  t.true(Number.isInteger(p.family_id));
  t.is(p.tags.length, 1);
  t.is(p.tags[0].label, 'Origin');
  t.deepEqual(p.tags[0].values.map((v: { value: string }) => v.value), ['Alps', 'Spring']);
  t.true(p.tags[0].values.every((v: { id: number }) => Number.isInteger(v.id)));
  t.is(p.variants.length, 2);
  t.is(p.variants[0].barcode, '4006381333931', 'separators are stripped');
  t.deepEqual(p.variants[0].tags.map((x: { label: string; value: string }) => [x.label, x.value]), [['Size', '1.5 l']]);
  t.deepEqual(p.variants[0].images, []);

  const read = await call('GET', `/api/products/${p.id}/`, h);
  t.is(read.status, 200);
  t.deepEqual(read.body, p);

  // `name` is accepted as the write name too; a family named in another case is the same family
  const alias = await call('POST', '/api/products/', h, { name: 'Still water', product_family_name: 'DRINKS' });
  t.is(alias.status, 201);
  t.is(alias.body.name, 'Still water');
  t.is(alias.body.family_id, p.family_id);
  t.is(alias.body.base_unit, 'pcs');
});

test('create validation: name required, GTIN check digits, duplicate and taken SKUs', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const noName = await call('POST', '/api/products/', h, { supplier: 'x' });
  t.is(noName.status, 400);
  t.is(noName.body.error.code, 'validation_error');

  const badDigit = await call('POST', '/api/products/', h, { product_name: 'P', variants: [{ sku: sku('A'), barcode: '4006381333932' }] });
  t.is(badDigit.status, 400);
  t.is(badDigit.body.error.code, 'invalid_check_digit');
  t.is(badDigit.body.error.details[0].path, 'variants.0.barcode');
  t.is(badDigit.body.error.details[0].expected_check_digit, 1);
  t.regex(badDigit.body.error.message, /expected 1/);

  const notGtin = await call('POST', '/api/products/', h, { product_name: 'P', variants: [{ barcode: '12345' }] });
  t.is(notGtin.status, 400);
  t.is(notGtin.body.error.code, 'invalid_barcode');

  const wrongType = await call('POST', '/api/products/', h, { product_name: 'P', variants: 'many' });
  t.is(wrongType.status, 400);

  const s = sku('DUP');
  const dup = await call('POST', '/api/products/', h, { product_name: 'P', variants: [{ sku: s }, { sku: s.toLowerCase() }] });
  t.is(dup.status, 400);
  t.is(dup.body.error.code, 'duplicate_sku');
  t.is(dup.body.error.details[0].path, 'variants.1.sku');

  const first = await product(h, { product_name: 'First', variants: [{ sku: s }] });
  const clash = await call('POST', '/api/products/', h, { product_name: 'Second', variants: [{ sku: s.toUpperCase() }] });
  t.is(clash.status, 409);
  t.is(clash.body.error.code, 'sku_conflict');
  t.is(clash.body.error.details.product_id, first.id);
  t.is((await app.server.app.platform.knex('products').where({ owner_id: u.id, name: 'Second' })).length, 0, 'nothing written');

  // the same SKU in another scope is fine
  const other = await buildUser(app.server);
  t.is((await call('POST', '/api/products/', selfScope(other), { product_name: 'Elsewhere', variants: [{ sku: s }] })).status, 201);
});

test('PUT replaces the whole product; variants named by id keep their images; PATCH changes only what is given', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const png = (await solidPng()).toString('base64');
  const p = await product(h, {
    product_name: 'Coffee',
    supplier: 'Beans Inc',
    category: 'Food',
    tags: [{ label: 'Roast', values: ['dark'] }],
    variants: [
      { name: '250 g', sku: sku('C250'), barcode: '036000291452', images: [{ image: `data:image/png;base64,${png}`, alt_text: 'bag' }] },
      { name: '1 kg', sku: sku('C1K') },
    ],
  });
  const [v250, v1k] = p.variants;
  t.is(v250.images.length, 1);
  t.true(v250.images[0].is_primary, 'the first image of a variant is primary');
  t.regex(v250.images[0].image_url, /^http:\/\/127\.0\.0\.1:8000\/media\/products\//);
  t.is(p.primary_image_url, v250.images[0].image_url);

  const put = await call('PUT', `/api/products/${p.id}/`, h, { product_name: 'Coffee beans', variants: [{ id: v250.id, name: '250 g bag', sku: v250.sku, barcode: v250.barcode }, { name: '500 g', sku: sku('C500') }] });
  t.is(put.status, 200, JSON.stringify(put.body));
  t.is(put.body.name, 'Coffee beans');
  t.is(put.body.supplier, '', 'omitted fields reset');
  t.is(put.body.category, '');
  t.deepEqual(put.body.tags, [], 'omitted tags emptied');
  t.deepEqual(put.body.variants.map((v: { name: string }) => v.name), ['250 g bag', '500 g']);
  t.is(put.body.variants[0].id, v250.id, 'kept by id');
  t.deepEqual(put.body.variants[0].images, [], 'PUT resets the images of a kept variant that omits them');
  t.false(put.body.variants.some((v: { id: number }) => v.id === v1k.id), 'an omitted variant is deleted');

  const patch = await call('PATCH', `/api/products/${p.id}/`, h, { supplier: 'Roasters', tags: [{ label: 'Roast', values: ['medium'] }] });
  t.is(patch.status, 200);
  t.is(patch.body.supplier, 'Roasters');
  t.is(patch.body.name, 'Coffee beans');
  t.deepEqual(patch.body.variants.map((v: { id: number }) => v.id), put.body.variants.map((v: { id: number }) => v.id), 'variants untouched without a variants array');
  t.deepEqual(patch.body.tags[0].values.map((v: { value: string }) => v.value), ['medium']);

  // a PATCH variants array replaces it; an image given by id moves and keeps its file
  const withImage = await call('PATCH', `/api/products/${p.id}/`, h, { variants: [{ id: put.body.variants[0].id, images: [{ image: png, is_primary: true }] }] });
  t.is(withImage.status, 200, JSON.stringify(withImage.body));
  t.is(withImage.body.variants.length, 1);
  t.is(withImage.body.variants[0].sku, v250.sku, 'PATCH keeps a kept variant\'s sku when not given');
  const imgId = withImage.body.variants[0].images[0].id;
  const moved = await call('PATCH', `/api/products/${p.id}/`, h, { variants: [{ id: put.body.variants[0].id, images: [] }, { name: 'new', images: [imgId] }] });
  t.is(moved.status, 200, JSON.stringify(moved.body));
  t.deepEqual(moved.body.variants[1].images.map((i: { id: number }) => i.id), [imgId]);
  t.true(moved.body.variants[1].images[0].is_primary);

  const empty = await call('PATCH', `/api/products/${p.id}/`, h, {});
  t.is(empty.status, 400);
  const badImage = await call('PATCH', `/api/products/${p.id}/`, h, { variants: [{ name: 'x', images: [{ image: Buffer.from('not an image at all').toString('base64') }] }] });
  t.is(badImage.status, 415);
  const foreignVariant = await call('PATCH', `/api/products/${p.id}/`, h, { variants: [{ id: 2147483000, name: 'x' }] });
  t.is(foreignVariant.status, 404);
});

test('another scope\'s product is 404 for every verb; a team you are not in is 403; team members share products', async (t) => {
  const owner = await buildUser(app.server);
  const member = await buildUser(app.server);
  const stranger = await buildUser(app.server);
  const teamId = await buildTeam(app.server, owner, [member]);
  const p = await product(teamScope(owner, teamId), { product_name: 'Team tool', variants: [{ sku: sku('T') }] });

  for (const [method, body] of [['GET'], ['PUT', { product_name: 'x' }], ['PATCH', { supplier: 'x' }], ['DELETE']] as const) {
    const self = await call(method, `/api/products/${p.id}/`, selfScope(owner), body);
    t.is(self.status, 404, `${method} from the owner's self scope`);
    const other = await call(method, `/api/products/${p.id}/`, selfScope(stranger), body);
    t.is(other.status, 404, `${method} from a stranger`);
  }
  const notMember = await call('GET', '/api/products/', teamScope(stranger, teamId));
  t.is(notMember.status, 403);
  t.is(notMember.body.error.code, 'not_team_member');

  const shared = await call('GET', `/api/products/${p.id}/`, teamScope(member, teamId));
  t.is(shared.status, 200);
  t.is((await call('GET', '/api/products/', selfScope(owner))).body.results.filter((x: { id: number }) => x.id === p.id).length, 0);

  // a family of another scope cannot be referenced
  const fam = await call('POST', '/api/product-families/', selfScope(stranger), { name: 'Mine' });
  const ref = await call('POST', '/api/products/', teamScope(member, teamId), { product_name: 'x', family_id: fam.body.id });
  t.is(ref.status, 404);
  t.is(ref.body.error.details.field, 'family_id');

  // team writes feed the team's recent activity
  const activity = await call('GET', '/api/teams/recent-activity/', teamScope(owner, teamId));
  t.is(activity.status, 200);
  t.true(JSON.stringify(activity.body).includes('product.create'));
});

test('list: pagination, filters (GTIN spellings, sku, family), search over variants, and search history', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const s1 = sku('LST');
  await product(h, { product_name: 'Alpha soap', category: 'Hygiene', product_family_name: 'Bath', variants: [{ sku: s1, barcode: '036000291452' }] });
  await product(h, { product_name: 'Beta soap', category: 'Hygiene', variants: [{ sku: sku('LST') }] });
  await product(h, { product_name: 'Gamma towel', category: 'Textiles' });
  const other = await buildUser(app.server);
  await product(selfScope(other), { product_name: 'Alpha soap elsewhere' });

  const page1 = await call('GET', '/api/products/?page_size=2&ordering=name', h);
  t.is(page1.status, 200);
  t.is(page1.body.count, 3);
  t.deepEqual(page1.body.results.map((p: { name: string }) => p.name), ['Alpha soap', 'Beta soap']);
  t.truthy(page1.body.next);
  t.is(page1.body.previous, null);
  const page2 = await call('GET', '/api/products/?page_size=2&ordering=name&page=2', h);
  t.deepEqual(page2.body.results.map((p: { name: string }) => p.name), ['Gamma towel']);

  t.is((await call('GET', '/api/products/?category=hygiene', h)).body.count, 2);
  const ean = await call('GET', '/api/products/?barcode=0036000291452', h);
  t.deepEqual(ean.body.results.map((p: { name: string }) => p.name), ['Alpha soap'], 'EAN-13 spelling finds the UPC-A');
  t.is((await call('GET', `/api/products/?sku=${s1.toLowerCase()}`, h)).body.count, 1);
  t.is((await call('GET', '/api/products/?product_family_name=bath', h)).body.count, 1);
  t.is((await call('GET', `/api/products/?search=${s1}`, h)).body.count, 1, 'search matches variant SKUs');
  t.is((await call('GET', '/api/products/?search=soap&ordering=-name', h)).body.results[0].name, 'Beta soap');
  t.is((await call('GET', '/api/products/?ordering=bogus', h)).status, 400);
  t.is((await call('GET', '/api/products/?page_size=1000', h)).status, 400);

  // searches (page 1 only) are history
  await call('GET', '/api/products/?search=soap&page=2&page_size=1', h);
  const history = await call('GET', '/api/product-searches/', h);
  t.is(history.status, 200);
  t.deepEqual(history.body.results.map((s: { query: string; result_count: number }) => [s.query, s.result_count]), [['soap', 2], [s1, 1]]);
  t.is(history.body.results[0].filters.ordering, '-name');
  const one = await call('GET', `/api/product-searches/${history.body.results[0].id}/`, h);
  t.is(one.status, 200);
  t.is((await call('GET', `/api/product-searches/${history.body.results[0].id}/`, selfScope(other))).status, 404, 'another user\'s search');
  t.is((await call('DELETE', `/api/product-searches/${history.body.results[0].id}/`, selfScope(other))).status, 404);
  t.is((await call('DELETE', `/api/product-searches/${history.body.results[0].id}/`, h)).status, 204);
  t.is((await call('GET', `/api/product-searches/${history.body.results[0].id}/`, h)).status, 404);

  const posted = await call('POST', '/api/product-searches/', h, { query: 'towel', category: 'Textiles' });
  t.is(posted.status, 201, JSON.stringify(posted.body));
  t.is(posted.body.source, 'api');
  t.is(posted.body.result_count, 1);
  t.is(posted.body.results[0].name, 'Gamma towel');
  t.deepEqual(posted.body.filters, { category: 'Textiles' });
  t.is((await call('POST', '/api/product-searches/', h, {})).status, 400);
});

test('delete: 204 and gone; refused while stocked', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const p = await product(h, { product_name: 'Disposable' });
  t.is((await call('DELETE', `/api/products/${p.id}/`, h)).status, 204);
  t.is((await call('GET', `/api/products/${p.id}/`, h)).status, 404);
  t.is((await call('DELETE', `/api/products/${p.id}/`, h)).status, 404);
  t.is((await call('GET', '/api/products/abc/', h)).status, 400);

  const tree = await buildTree(app.server, u, h);
  await buildItem(app.server, h, tree, 5);
  const stocked = await call('DELETE', `/api/products/${tree.product.id}/`, h);
  t.is(stocked.status, 409);
  t.is(stocked.body.error.code, 'product_in_stock');
  t.is((await call('GET', `/api/products/${tree.product.id}/`, h)).status, 200);
});

test.serial('the product list runs a fixed number of SQL queries however many products, tags and variants a page holds', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const { knex } = app.server.app.platform;
  const count = async (url: string) => {
    let n = 0;
    const onQuery = () => {
      n += 1;
    };
    knex.on('query', onQuery);
    try {
      const r = await call('GET', url, h);
      t.is(r.status, 200);
    } finally {
      knex.off('query', onQuery);
    }
    return n;
  };
  await product(h, { product_name: 'Q0', tags: [{ label: 'a', values: ['1'] }], variants: [{ sku: sku('Q'), tags: [{ label: 'x', value: 'y' }] }] });
  const one = await count('/api/products/?page_size=100');
  for (let i = 1; i < 30; i += 1) {
    await product(h, { product_name: `Q${i}`, tags: [{ label: 'a', values: ['1', '2'] }], variants: [{ sku: sku('Q'), tags: [{ label: 'x', value: 'y' }] }, { sku: sku('Q') }] });
  }
  const thirty = await count('/api/products/?page_size=100');
  t.is(thirty, one, `${one} queries for 1 product, ${thirty} for 30`);
  t.true(one <= 12, `${one} queries`);
});

test('two concurrent writes taking the same SKU: exactly one wins, the other is 409 sku_conflict', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const s = sku('RACE');
  const answers = await Promise.all([1, 2, 3].map((n) => call('POST', '/api/products/', h, { product_name: `Racer ${n}`, variants: [{ sku: s }] })));
  t.deepEqual(answers.map((r) => r.status).sort(), [201, 409, 409]);
  t.true(answers.filter((r) => r.status === 409).every((r) => r.body.error.code === 'sku_conflict'));
  t.is((await call('GET', `/api/products/?sku=${s}`, h)).body.count, 1);
});
