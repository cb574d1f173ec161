import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { selfScope, type Headers } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: false });
});
test.after.always(async () => app?.stop());

const call = (method: string, url: string, headers: Headers, payload?: unknown) => callApi(app.server, method, url, headers, payload);

async function product(h: Headers, body: Record<string, unknown>) {
  const r = await call('POST', '/api/products/', h, body);
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body;
}

test('product families: CRUD, unique per scope in any case, deleting keeps products', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const created = await call('POST', '/api/product-families/', h, { name: 'Cleaning', description: 'Soaps and such' });
  t.is(created.status, 201);
  t.is(created.body.product_count, 0);
  const dup = await call('POST', '/api/product-families/', h, { name: 'CLEANING' });
  t.is(dup.status, 409);
  t.is(dup.body.error.code, 'family_exists');
  t.is((await call('POST', '/api/product-families/', h, { description: 'no name' })).status, 400);
  t.is((await call('POST', '/api/product-families/', h, { name: '' })).status, 400);

  const other = await call('POST', '/api/product-families/', h, { name: 'Tools' });
  const rename = await call('PATCH', `/api/product-families/${other.body.id}/`, h, { name: 'cleaning' });
  t.is(rename.status, 409);
  const sameCase = await call('PATCH', `/api/product-families/${created.body.id}/`, h, { name: 'CLEANING' });
  t.is(sameCase.status, 200, 'renaming a family to its own name in another case is fine');
  const put = await call('PUT', `/api/product-families/${created.body.id}/`, h, { name: 'Cleaning', description: '' });
  t.is(put.status, 200);
  t.is(put.body.description, '');

  const stranger = await buildUser(app.server);
  t.is((await call('GET', `/api/product-families/${created.body.id}/`, selfScope(stranger))).status, 404);
  t.is((await call('PATCH', `/api/product-families/${created.body.id}/`, selfScope(stranger), { name: 'x' })).status, 404);
  t.is((await call('POST', '/api/product-families/', selfScope(stranger), { name: 'Cleaning' })).status, 201, 'names are unique per scope only');

  const p = await product(h, { product_name: 'Bleach', family_id: created.body.id });
  t.is(p.product_family_name, 'Cleaning');
  const list = await call('GET', '/api/product-families/?search=clean', h);
  t.is(list.body.count, 1);
  t.is(list.body.results[0].product_count, 1);
  t.is((await call('DELETE', `/api/product-families/${created.body.id}/`, h)).status, 204);
  const orphan = await call('GET', `/api/products/${p.id}/`, h);
  t.is(orphan.body.family_id, null);
  t.is(orphan.body.product_family_name, null);
});
