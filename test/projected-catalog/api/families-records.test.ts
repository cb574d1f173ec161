// /restqlapi/products/families/* and /restqlapi/<app>/records/.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { buildTeam, selfScope, teamScope, type Headers } from '../../factories/inventory.js';
import { P, q, sku } from '../helpers.js';
import { callApi } from '../../helpers/http.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: false });
});
test.after.always(async () => app?.stop());

const req = (method: string, url: string, h: Headers, payload?: unknown) => callApi(app.server, method, url, h, payload);
const F = `${P}/families`;

test('families: create, read, list, patch and delete, each projected', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const created = await req('POST', `${F}/create-one-shot/`, h, { name: 'Drinks', description: 'Things to drink' });
  t.is(created.status, 201, JSON.stringify(created.body));
  t.like(created.body, { name: 'Drinks', description: 'Things to drink', product_count: 0, profile_type: 'self' });
  const fid = created.body.id;
  const narrow = await req('POST', `${F}/create-one-shot/${q('{id, title: name}')}`, h, { name: 'Snacks' });
  t.deepEqual(Object.keys(narrow.body), ['id', 'title']);
  t.is(narrow.body.title, 'Snacks');

  await req('POST', `${P}/create-one-shot/`, h, { product_name: 'Cola', family_id: fid, variants: [{ sku: sku('C') }] });
  const read = await req('GET', `${F}/${fid}/record-one-shot/${q('{name,product_count}')}`, h);
  t.deepEqual(read.body, { name: 'Drinks', product_count: 1 });
  const product = await req('GET', `${P}/records-one-shot/${q('{name,family{name}}')}`, h);
  t.deepEqual(product.body.results, [{ name: 'Cola', family: { name: 'Drinks' } }]);

  const list = await req('GET', `${F}/records-one-shot/${q('{name}')}`, h);
  t.deepEqual(list.body, { count: 2, next: null, previous: null, results: [{ name: 'Drinks' }, { name: 'Snacks' }] });
  const searched = await req('GET', `${F}/records-one-shot/?search=snack&query=${encodeURIComponent('{name}')}`, h);
  t.deepEqual(searched.body.results, [{ name: 'Snacks' }]);

  const patched = await req('PATCH', `${F}/${fid}/patch-one-shot/${q('{name,description}')}`, h, { description: 'Beverages' });
  t.deepEqual(patched.body, { name: 'Drinks', description: 'Beverages' });
  const clash = await req('PATCH', `${F}/${fid}/patch-one-shot/`, h, { name: 'SNACKS' });
  t.is(clash.status, 409);
  t.is(clash.body.error.code, 'family_exists');
  const dupCreate = await req('POST', `${F}/create-one-shot/`, h, { name: 'drinks' });
  t.is(dupCreate.status, 409);

  // deleting a family in use detaches its products
  const del = await req('DELETE', `${F}/${fid}/record-one-shot/`, h);
  t.is(del.status, 204);
  t.is((await req('GET', `${F}/${fid}/record-one-shot/`, h)).status, 404);
  const detached = await req('GET', `${P}/records-one-shot/${q('{name,family_id,family}')}`, h);
  t.deepEqual(detached.body.results, [{ name: 'Cola', family_id: null, family: null }]);
});

test('families: validation, bad queries and scope', async (t) => {
  const u = await buildUser(app.server);
  const other = await buildUser(app.server);
  const h = selfScope(u);
  for (const body of [{}, { name: '' }, { name: 42 }, { name: 'x'.repeat(151) }, { name: 'ok', extra: 1 }]) {
    const r = await req('POST', `${F}/create-one-shot/`, h, body);
    t.is(r.status, 400, JSON.stringify(body));
    t.is(r.body.error.code, 'validation_error');
  }
  const f = (await req('POST', `${F}/create-one-shot/`, h, { name: 'Mine' })).body;
  t.is((await req('PATCH', `${F}/${f.id}/patch-one-shot/`, h, {})).status, 400);
  const badQuery = await req('POST', `${F}/create-one-shot/${q('{name,products{id}}')}`, h, { name: 'Never' });
  t.is(badQuery.status, 400);
  t.is(badQuery.body.error.details[0].field, 'products');
  t.is((await req('GET', `${F}/records-one-shot/${q('{name}')}`, h)).body.count, 1, 'the refused create wrote nothing');
  for (const [method, url, body] of [
    ['GET', `${F}/${f.id}/record-one-shot/`],
    ['PATCH', `${F}/${f.id}/patch-one-shot/`, { name: 'stolen' }],
    ['DELETE', `${F}/${f.id}/record-one-shot/`],
  ] as const) {
    t.is((await req(method, url, selfScope(other), body)).status, 404, `${method} ${url}`);
  }
  t.is((await req('GET', `${F}/${f.id}/record-one-shot/`, h)).body.name, 'Mine');
  // a family of another scope cannot be given to a product
  const theirs = (await req('POST', `${F}/create-one-shot/`, selfScope(other), { name: 'Theirs' })).body;
  const r = await req('POST', `${P}/create-one-shot/`, h, { product_name: 'P', family_id: theirs.id });
  t.is(r.status, 404);
});

test('records: each app lists the caller\'s scope only; unbuilt apps answer an empty list; support lists the caller\'s own tickets', async (t) => {
  const u = await buildUser(app.server);
  const member = await buildUser(app.server);
  const other = await buildUser(app.server);
  const h = selfScope(u);
  const p = (await req('POST', `${P}/create-one-shot/`, h, { product_name: 'Record me', product_family_name: 'Fam', variants: [{ name: 'v', sku: sku('R') }] })).body;
  await req('POST', `${P}/create-one-shot/`, selfScope(other), { product_name: 'Not mine' });
  const inv = await req('POST', '/api/inventories/', h, { name: 'My inventory' });

  const products = await req('GET', '/restqlapi/products/records/', h);
  t.is(products.status, 200);
  const items = products.body.results;
  t.deepEqual(items.find((i: any) => i.model === 'product'), { id: p.id, label: 'Record me', model: 'product', app: 'products' });
  t.truthy(items.find((i: any) => i.model === 'product_family' && i.label === 'Fam'));
  t.truthy(items.find((i: any) => i.model === 'product_variant' && i.label === 'v'));
  t.false(items.some((i: any) => i.label === 'Not mine'));
  const onlyProducts = await req('GET', `/restqlapi/products/records/?model=product${q('{label}').replace('?', '&')}`, h);
  t.deepEqual(onlyProducts.body.results, [{ label: 'Record me' }]);

  const inventory = await req('GET', '/restqlapi/inventory/records/', h);
  t.deepEqual(inventory.body.results.filter((i: any) => i.model === 'inventory'), [{ id: inv.body.id, label: 'My inventory', model: 'inventory', app: 'inventory' }]);

  const accounts = await req('GET', '/restqlapi/accounts/records/', h);
  t.deepEqual(accounts.body.results, [{ id: u.id, label: u.email, model: 'user', app: 'accounts' }]);

  for (const app_ of ['curation', 'payments', 'reports', 'support']) {
    const r = await req('GET', `/restqlapi/${app_}/records/`, h);
    t.is(r.status, 200, app_);
    t.deepEqual(r.body, { count: 0, next: null, previous: null, results: [] });
  }
  // support: the caller's own tickets, never another user's
  const ticket = await req('POST', '/api/support-tickets/', h, { subject: 'Record my ticket', description: 'It is mine.' });
  t.is(ticket.status, 201);
  await req('POST', '/api/support-tickets/', selfScope(other), { subject: 'Not my ticket', description: 'Theirs.' });
  const support = await req('GET', '/restqlapi/support/records/', h);
  t.deepEqual(support.body.results, [{ id: ticket.body.id, label: `${ticket.body.ticket_number} Record my ticket`, model: 'support_ticket', app: 'support' }]);
  t.is((await req('GET', '/restqlapi/transactions/records/', h)).body.count, 0);
  t.is((await req('GET', '/restqlapi/teams/records/', h)).body.count, 0);
  const unknown = await req('GET', '/restqlapi/nonsense/records/', h);
  t.is(unknown.status, 404);
  t.is((await req('GET', '/restqlapi/products/records/?query=%7Bnope%7D', h)).status, 400);
  t.is((await req('GET', '/restqlapi/products/records/', {})).status, 401);

  // team scope: the team, its members, its rows
  const teamId = await buildTeam(app.server, u, [member]);
  const th = teamScope(member, teamId);
  await req('POST', `${P}/create-one-shot/`, th, { product_name: 'Team thing' });
  const teamProducts = await req('GET', `/restqlapi/products/records/?model=product${q('{label}').replace('?', '&')}`, th);
  t.deepEqual(teamProducts.body.results, [{ label: 'Team thing' }]);
  const teams = await req('GET', '/restqlapi/teams/records/', th);
  t.deepEqual(teams.body.results.map((i: any) => [i.id, i.model]), [[teamId, 'team']]);
  const members = await req('GET', '/restqlapi/accounts/records/', th);
  t.deepEqual(members.body.results.map((i: any) => i.id).sort(), [u.id, member.id].sort());
  t.is((await req('GET', '/restqlapi/teams/records/', selfScope(member))).body.results[0].id, teamId, 'self scope: the team one belongs to');
  t.is((await req('GET', '/restqlapi/products/records/', teamScope(other, teamId))).status, 403);
});
