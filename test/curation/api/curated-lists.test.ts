// Curated lists and free curated subscriptions through the API: the curator's CRUD
// and items (its own products only), who reads what (public, unlisted by slug,
// subscribers only), a team curating as a team, another scope's ids, bad input and
// hostile strings, and /restqlapi/curation/records/.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildProduct, buildTeam, teamScope } from '../../factories/inventory.js';
import { callApi as api, type Headers } from '../../helpers/http.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: false });
});
test.after.always(async () => app?.stop());

const call = (method: string, url: string, headers: Headers, payload?: unknown) => api(app.server, method, url, headers, payload);

async function curatedList(u: TestUser, body: Record<string, unknown> = {}, headers: Headers = u.auth) {
  const res = await call('POST', '/api/curated-lists/', headers, { name: 'Best tools', description: 'What I use', ...body });
  if (res.status !== 201) throw new Error(`list: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

test('a curator creates, lists, changes and deletes a list and its products; another user only reads it', async (t) => {
  const [curator, reader] = await Promise.all([buildUser(app.server), buildUser(app.server)]);
  const [hammer, saw] = [await buildProduct(app.server, { userId: curator.id }, { name: 'Hammer' }), await buildProduct(app.server, { userId: curator.id }, { name: 'Saw' })];
  const theirs = await buildProduct(app.server, { userId: reader.id }, { name: 'Not yours' });

  const list = await curatedList(curator);
  t.like(list, { name: 'Best tools', visibility: 'public', price: null, currency: null, interval: null, plan: null, item_count: 0, is_mine: true, subscribed: false, items_locked: false, profile_type: 'self', created_by: curator.id });
  t.deepEqual(list.items, []);
  t.regex(list.slug, /^best-tools-[0-9a-f]{10}$/);

  const added = await call('POST', `/api/curated-lists/${list.id}/items/`, curator.auth, { product: saw.id, note: 'sharp' });
  t.is(added.status, 201, JSON.stringify(added.body));
  t.like(added.body, { position: 0, note: 'sharp', product: { id: saw.id, name: 'Saw' } });
  const first = await call('POST', `/api/curated-lists/${list.id}/items/`, curator.auth, { product: hammer.id, position: 0 });
  t.is(first.status, 201);
  t.is((await call('POST', `/api/curated-lists/${list.id}/items/`, curator.auth, { product: hammer.id })).body.error.code, 'already_listed');
  const foreign = await call('POST', `/api/curated-lists/${list.id}/items/`, curator.auth, { product: theirs.id });
  t.is(foreign.status, 404, 'another scope\'s product is not found');
  t.is(foreign.body.error.details.field, 'product');
  t.is((await call('PATCH', `/api/curated-lists/${list.id}/items/${added.body.id}/`, curator.auth, { position: 5 })).body.position, 5);

  // the reader sees it among public lists, with its products in order
  const found = await call('GET', '/api/curated-lists/?mine=false&search=Best', reader.auth);
  t.true(found.body.results.some((l: { id: number }) => l.id === list.id));
  const read = await call('GET', `/api/curated-lists/${list.id}/`, reader.auth);
  t.is(read.status, 200);
  t.like(read.body, { is_mine: false, created_by: null, item_count: 2, items_locked: false });
  t.deepEqual(read.body.items.map((i: { product: { name: string } }) => i.product.name), ['Hammer', 'Saw']);
  t.false((await call('GET', '/api/curated-lists/?mine=true', reader.auth)).body.results.some((l: { id: number }) => l.id === list.id));

  // the reader writes nothing: another scope's list is 404 for every write
  t.is((await call('PATCH', `/api/curated-lists/${list.id}/`, reader.auth, { name: 'Mine now' })).status, 404);
  t.is((await call('DELETE', `/api/curated-lists/${list.id}/`, reader.auth)).status, 404);
  t.is((await call('POST', `/api/curated-lists/${list.id}/items/`, reader.auth, { product: theirs.id })).status, 404);
  t.is((await call('DELETE', `/api/curated-lists/${list.id}/items/${added.body.id}/`, reader.auth)).status, 404);
  t.is((await call('PATCH', `/api/curated-lists/${list.id}/items/${added.body.id}/`, reader.auth, { note: 'x' })).status, 404);

  const renamed = await call('PATCH', `/api/curated-lists/${list.id}/`, curator.auth, { name: 'Better tools', visibility: 'subscribers' });
  t.like(renamed.body, { name: 'Better tools', visibility: 'subscribers', slug: list.slug });
  t.is((await call('DELETE', `/api/curated-lists/${list.id}/items/${added.body.id}/`, curator.auth)).status, 204);
  t.is((await call('DELETE', `/api/curated-lists/${list.id}/`, curator.auth)).status, 204);
  t.is((await call('GET', `/api/curated-lists/${list.id}/`, curator.auth)).status, 404);

  const audit = await app.server.app.platform.knex('system_audit_logs').where({ actor_id: curator.id }).where('action', 'like', 'curated_list%').pluck('action');
  for (const action of ['curated_list.create', 'curated_list_item.create', 'curated_list_item.update', 'curated_list.update', 'curated_list_item.delete', 'curated_list.delete']) t.true(audit.includes(action), action);
});

test('unlisted lists are reached by slug; a subscribers list shows its products to live subscribers only', async (t) => {
  const [curator, reader] = await Promise.all([buildUser(app.server), buildUser(app.server)]);
  const product = await buildProduct(app.server, { userId: curator.id }, { name: 'Secret sauce' });
  const unlisted = await curatedList(curator, { name: 'Hidden gems', visibility: 'unlisted' });
  const members = await curatedList(curator, { name: 'Members only', visibility: 'subscribers' });
  for (const l of [unlisted, members]) t.is((await call('POST', `/api/curated-lists/${l.id}/items/`, curator.auth, { product: product.id })).status, 201);

  const all = await call('GET', '/api/curated-lists/?page_size=100&mine=false', reader.auth);
  t.false(all.body.results.some((l: { id: number }) => l.id === unlisted.id), 'unlisted lists are not listed');
  t.true(all.body.results.some((l: { id: number }) => l.id === members.id));
  t.is((await call('GET', `/api/curated-lists/${unlisted.id}/`, reader.auth)).status, 404, 'nor read by a guessed id');
  const bySlug = await call('GET', `/api/curated-lists/by-slug/${unlisted.slug}/`, reader.auth);
  t.is(bySlug.status, 200);
  t.is(bySlug.body.items[0].product.name, 'Secret sauce');
  t.is((await call('GET', '/api/curated-lists/by-slug/no-such-list-0000000000/', reader.auth)).status, 404);
  t.is((await call('GET', '/api/curated-lists/by-slug/DROP%20TABLE/', reader.auth)).status, 400);
  t.is((await call('GET', `/api/curated-lists/by-slug/${unlisted.slug}/`, {})).status, 401, 'signed-in readers only');

  const locked = await call('GET', `/api/curated-lists/${members.id}/`, reader.auth);
  t.like(locked.body, { items_locked: true, items: null, item_count: 1, subscribed: false });

  // subscribing: an unlisted list needs its slug; the members list is free, so active at once
  const byId = await call('POST', '/api/curated-subscriptions/', reader.auth, { list: unlisted.id });
  t.is(byId.status, 400);
  t.is(byId.body.error.code, 'list_not_found');
  t.is((await call('POST', '/api/curated-subscriptions/', reader.auth, { slug: unlisted.slug })).status, 201);
  const sub = await call('POST', '/api/curated-subscriptions/', reader.auth, { list: members.id });
  t.is(sub.status, 201, JSON.stringify(sub.body));
  t.like(sub.body, { list: members.id, list_name: 'Members only', kind: 'free', status: 'active', price: null, checkout_url: null, billing_subscription: null });
  t.is((await call('POST', '/api/curated-subscriptions/', reader.auth, { list: members.id })).body.error.code, 'already_subscribed');
  const open = await call('GET', `/api/curated-lists/${members.id}/`, reader.auth);
  t.like(open.body, { items_locked: false, subscribed: true });
  t.is(open.body.items[0].product.name, 'Secret sauce');
  t.is((await call('GET', `/api/curated-lists/${unlisted.id}/`, reader.auth)).status, 200, 'a subscriber reads an unlisted list by id');

  // a free subscription ends at once; the products lock again; it can be taken again
  const canceled = await call('PATCH', `/api/curated-subscriptions/${sub.body.id}/`, reader.auth, { cancel_at_period_end: true });
  t.like(canceled.body, { status: 'canceled' });
  t.truthy(canceled.body.canceled_at);
  t.is((await call('PATCH', `/api/curated-subscriptions/${sub.body.id}/`, reader.auth, { cancel_at_period_end: true })).body.error.code, 'subscription_not_live');
  t.true((await call('GET', `/api/curated-lists/${members.id}/`, reader.auth)).body.items_locked);
  t.is((await call('POST', '/api/curated-subscriptions/', reader.auth, { list: members.id })).status, 201);
  const mine = await call('GET', `/api/curated-subscriptions/?list=${members.id}`, reader.auth);
  t.deepEqual(mine.body.results.map((s: { status: string }) => s.status).sort(), ['active', 'canceled']);
  t.is((await call('GET', `/api/curated-subscriptions/?list=${members.id}&status=active`, reader.auth)).body.count, 1);

  // the curator does not subscribe to its own list; nobody reads or changes another's subscription
  const own = await call('POST', '/api/curated-subscriptions/', curator.auth, { list: members.id });
  t.is(own.status, 400);
  t.is(own.body.error.code, 'own_list');
  t.is((await call('GET', `/api/curated-subscriptions/${sub.body.id}/`, curator.auth)).status, 404);
  t.is((await call('PATCH', `/api/curated-subscriptions/${sub.body.id}/`, curator.auth, { cancel_at_period_end: true })).status, 404);
  t.is((await call('POST', '/api/curated-subscriptions/', reader.auth, { list: 2147483647 })).body.error.code, 'list_not_found');
});

test('a team curates as a team: its members share the list; the owner\'s own scope does not', async (t) => {
  const [owner, member] = await Promise.all([buildUser(app.server), buildUser(app.server)]);
  const teamId = await buildTeam(app.server, owner, [member]);
  const product = await buildProduct(app.server, { userId: owner.id, teamId }, { name: 'Team drill' });
  const personal = await buildProduct(app.server, { userId: member.id }, { name: 'Member drill' });
  const list = await curatedList(owner, { name: 'Team picks' }, teamScope(owner, teamId));
  t.like(list, { profile_type: 'team', team_id: teamId });
  const asMember = teamScope(member, teamId);
  t.is((await call('POST', `/api/curated-lists/${list.id}/items/`, asMember, { product: product.id })).status, 201);
  t.is((await call('POST', `/api/curated-lists/${list.id}/items/`, asMember, { product: personal.id })).status, 404, 'a personal product is not the team\'s');
  t.true((await call('GET', `/api/curated-lists/${list.id}/`, asMember)).body.is_mine);
  t.false((await call('GET', `/api/curated-lists/${list.id}/`, owner.auth)).body.is_mine);
  t.is((await call('PATCH', `/api/curated-lists/${list.id}/`, owner.auth, { name: 'x' })).status, 404, 'the personal scope does not write the team\'s list');
  t.is((await call('GET', '/api/curated-lists/?mine=true', asMember)).body.results[0].id, list.id);
});

test('bad input is a documented 400, hostile strings are stored as text, another scope\'s ids are 404', async (t) => {
  const [u, other] = await Promise.all([buildUser(app.server), buildUser(app.server)]);
  const bad = async (method: string, url: string, payload: unknown) => {
    const res = await call(method, url, u.auth, payload);
    t.is(res.status, 400, `${method} ${url} ${JSON.stringify(payload)} -> ${res.status} ${JSON.stringify(res.body)}`);
    t.truthy(res.body.error?.code);
  };
  await bad('POST', '/api/curated-lists/', {});
  await bad('POST', '/api/curated-lists/', { name: '' });
  await bad('POST', '/api/curated-lists/', { name: 42 });
  await bad('POST', '/api/curated-lists/', { name: 'x', visibility: 'private' });
  await bad('POST', '/api/curated-lists/', { name: 'x', price: 500 });
  await bad('POST', '/api/curated-lists/', { name: 'x', price: 500, currency: 'EU', interval: 'month' });
  await bad('POST', '/api/curated-lists/', { name: 'x', price: 12.5, currency: 'EUR', interval: 'month' });
  await bad('POST', '/api/curated-lists/', { name: 'x', price: '500abc', currency: 'EUR', interval: 'month' });
  await bad('POST', '/api/curated-lists/', { name: 'x', price: 500, currency: 'EUR', interval: 'week' });
  await bad('POST', '/api/curated-lists/', { name: 'x', currency: 'EUR' });
  await bad('POST', '/api/curated-lists/', { name: 'bell\u0007' });
  await bad('POST', '/api/curated-lists/', { name: 'x', owner_id: other.id });
  await bad('POST', '/api/curated-subscriptions/', {});
  await bad('POST', '/api/curated-subscriptions/', { list: 'one' });
  await bad('POST', '/api/curated-subscriptions/', { list: 1, slug: 'a' });
  await bad('GET', '/api/curated-lists/?visibility=secret', undefined);
  await bad('GET', '/api/curated-lists/?mine=perhaps', undefined);

  const hostile = `<script>alert(1)</script>'; DROP TABLE curated_lists; -- ${'\u202e'}ʇxǝʇ`;
  const list = await curatedList(u, { name: hostile, description: '{{7*7}} ${process.env}' });
  t.is(list.name, hostile);
  t.is(list.description, '{{7*7}} ${process.env}');
  t.regex(list.slug, /^[a-z0-9-]+$/);
  t.is((await call('GET', `/api/curated-lists/?search=${encodeURIComponent("%' OR 1=1 --")}`, u.auth)).status, 200);
  await bad('PATCH', `/api/curated-lists/${list.id}/`, {});
  await bad('POST', `/api/curated-lists/${list.id}/items/`, { product: 'hammer' });
  await bad('POST', `/api/curated-lists/${list.id}/items/`, { product: 1, position: -1 });

  t.is((await call('GET', '/api/curated-lists/abc/', u.auth)).status, 400);
  t.is((await call('GET', '/api/curated-lists/99999999/', u.auth)).status, 404);
  t.is((await call('GET', '/api/curated-subscriptions/99999999/', u.auth)).status, 404);
  t.is((await call('GET', '/api/curator-earnings/99999999/', u.auth)).status, 404);
  t.is((await call('GET', '/api/curated-lists/', {})).status, 401);
});

test('/restqlapi/curation/records/ lists the caller\'s own curation rows only', async (t) => {
  const [curator, reader] = await Promise.all([buildUser(app.server), buildUser(app.server)]);
  const product = await buildProduct(app.server, { userId: curator.id }, { name: 'Chisel' });
  const list = await curatedList(curator, { name: 'Woodwork' });
  const item = await call('POST', `/api/curated-lists/${list.id}/items/`, curator.auth, { product: product.id });
  const sub = await call('POST', '/api/curated-subscriptions/', reader.auth, { list: list.id });

  const mine = await call('GET', '/restqlapi/curation/records/', curator.auth);
  t.is(mine.status, 200);
  t.deepEqual(mine.body.results, [
    { id: list.id, label: 'Woodwork (public)', model: 'curated_list', app: 'curation' },
    { id: item.body.id, label: 'Chisel in Woodwork', model: 'curated_list_item', app: 'curation' },
  ]);
  const theirs = await call('GET', '/restqlapi/curation/records/', reader.auth);
  t.deepEqual(theirs.body.results, [{ id: sub.body.id, label: 'Woodwork (free)', model: 'curated_subscription', app: 'curation' }]);
  t.deepEqual((await call('GET', '/restqlapi/curation/records/?model=curated_list', reader.auth)).body.results, []);
});

test('the root index lists the curation collections, each behind authentication', async (t) => {
  const index = await call('GET', '/api/', {});
  const entries = Object.values(index.body.endpoints).flat() as { path: string; auth: string }[];
  for (const path of ['/api/curated-lists/', '/api/curated-subscriptions/', '/api/curator-earnings/']) {
    const entry = entries.find((e) => e.path === path);
    t.truthy(entry, path);
    t.regex(entry!.auth, /^bearer/, path);
  }
});
