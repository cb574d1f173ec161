// Ticket types and help categories: read by everyone (active, translated, sorted),
// managed by staff only; article_count counts published FAQ articles.
import test from 'ava';
import { randomBytes } from 'node:crypto';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { callApi } from '../../helpers/http.js';

let app: TestApp;
let user: TestUser;
let staff: TestUser;
test.before(async () => {
  app = await startApp({ workers: false });
  user = await buildUser(app.server);
  staff = await buildUser(app.server, { is_staff: true });
});
test.after.always(async () => app?.stop());

const tag = () => randomBytes(4).toString('hex');

test('GET /api/support-ticket-types/ lists the seeded active types by sort_order with exactly slug, name, description, sort_order', async (t) => {
  const r = await callApi(app.server, 'GET', '/api/support-ticket-types/', user.auth);
  t.is(r.status, 200);
  t.true(Array.isArray(r.body));
  const slugs = r.body.map((x: { slug: string }) => x.slug);
  t.true(slugs.includes('general') && slugs.includes('other'));
  t.true(slugs.length >= 6, 'a useful set');
  for (const x of r.body) t.deepEqual(Object.keys(x).sort(), ['description', 'name', 'slug', 'sort_order']);
  const orders = r.body.map((x: { sort_order: number }) => x.sort_order);
  t.deepEqual(orders, [...orders].sort((a: number, b: number) => a - b));
  t.is(r.body.find((x: { slug: string }) => x.slug === 'general').name, 'General');
  t.is((await callApi(app.server, 'GET', '/api/support-ticket-types/', {})).status, 401);
});

test('translations: Accept-Language picks the language (q-values honoured), then the profile language, English as the fallback', async (t) => {
  const name = async (headers: Record<string, string>, slug = 'billing') => (await callApi(app.server, 'GET', '/api/support-ticket-types/', { ...user.auth, ...headers })).body.find((x: { slug: string }) => x.slug === slug).name;
  t.is(await name({}), 'Billing');
  t.is(await name({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' }), 'Abrechnung');
  t.is(await name({ 'accept-language': 'fr' }), 'Facturation');
  t.is(await name({ 'accept-language': 'es-MX' }), 'Facturación', 'a region falls back to its language');
  t.is(await name({ 'accept-language': 'en;q=0.5, fr;q=0.9' }), 'Facturation', 'highest q wins');
  t.is(await name({ 'accept-language': 'xx, *' }), 'Billing', 'unknown language: English');

  // the profile's language applies when the header names none we have
  const polyglot = await buildUser(app.server);
  await app.server.app.platform.knex('profiles').where({ user_id: polyglot.id }).update({ language: 'de' });
  const viaProfile = await callApi(app.server, 'GET', '/api/support-ticket-types/', { ...polyglot.auth, 'accept-language': 'xx' });
  t.is(viaProfile.body.find((x: { slug: string }) => x.slug === 'billing').name, 'Abrechnung');
  const headerWins = await callApi(app.server, 'GET', '/api/support-ticket-types/', { ...polyglot.auth, 'accept-language': 'fr' });
  t.is(headerWins.body.find((x: { slug: string }) => x.slug === 'billing').name, 'Facturation');

  const cats = await callApi(app.server, 'GET', '/api/help-categories/', { ...user.auth, 'accept-language': 'es' });
  const gs = cats.body.find((c: { slug: string }) => c.slug === 'getting-started');
  t.is(gs.title, 'Primeros pasos');
  t.is(gs.name, 'Primeros pasos');
});

test('GET /api/help-categories/ returns the documented objects; article_count counts published FAQ articles (one per slug)', async (t) => {
  const r = await callApi(app.server, 'GET', '/api/help-categories/', user.auth);
  t.is(r.status, 200);
  t.true(r.body.length >= 5);
  for (const c of r.body) {
    t.deepEqual(Object.keys(c).sort(), ['article_count', 'description', 'icon', 'id', 'is_active', 'name', 'slug', 'sort_order', 'title']);
    t.regex(c.id, /^[0-9a-f-]{36}$/);
    t.is(c.title, c.name);
    t.true(c.is_active);
    t.is(typeof c.article_count, 'number');
  }
  const cat = r.body.find((c: { slug: string }) => c.slug === 'troubleshooting');
  const knex = app.server.app.platform.knex;
  const slug = `reset-${tag()}`;
  const inserted = await knex('faq_articles').insert([
    { slug, title: 'Reset', body: 'x', help_category_id: cat.id, language: 'en', is_published: true },
    { slug, title: 'Zurücksetzen', body: 'x', help_category_id: cat.id, language: 'de', is_published: true },
    { slug: `draft-${tag()}`, title: 'Draft', body: 'x', help_category_id: cat.id, language: 'en', is_published: false },
    { slug: `other-${tag()}`, title: 'Other', body: 'x', help_category_id: cat.id, language: 'en', is_published: true },
  ]).returning('id');
  const again = await callApi(app.server, 'GET', `/api/help-categories/${cat.id}/`, user.auth);
  t.is(again.status, 200);
  t.is(again.body.article_count, cat.article_count + 2, 'two published articles; the German translation and the draft do not add');
  await knex('faq_articles').whereIn('id', inserted.map((r: { id: number }) => r.id)).delete();
});

test('staff manage ticket types; users get 403; protected and used types are refused with 409', async (t) => {
  const slug = `shipping_${tag()}`;
  const body = { slug, name: 'Shipping', description: 'Parcels', sort_order: 55, translations: { de: { name: 'Versand', description: 'Pakete' } } };
  t.is((await callApi(app.server, 'POST', '/api/support-ticket-types/', user.auth, body)).status, 403);
  const created = await callApi(app.server, 'POST', '/api/support-ticket-types/', staff.auth, body);
  t.is(created.status, 201, JSON.stringify(created.body));
  t.like(created.body, { slug, name: 'Shipping', sort_order: 55, is_active: true });
  t.deepEqual(created.body.translations, body.translations);
  t.is((await callApi(app.server, 'POST', '/api/support-ticket-types/', staff.auth, body)).body.error.code, 'slug_taken');
  t.is((await callApi(app.server, 'POST', '/api/support-ticket-types/', staff.auth, { slug: 'Bad Slug!', name: 'x' })).status, 400);
  t.is((await callApi(app.server, 'POST', '/api/support-ticket-types/', staff.auth, { slug: `x${tag()}`, name: 'x', translations: { DE: { name: 'y' } } })).status, 400);

  const de = await callApi(app.server, 'GET', '/api/support-ticket-types/', { ...user.auth, 'accept-language': 'de' });
  t.is(de.body.find((x: { slug: string }) => x.slug === slug).name, 'Versand');

  t.is((await callApi(app.server, 'PATCH', `/api/support-ticket-types/${slug}/`, user.auth, { name: 'x' })).status, 403);
  const off = await callApi(app.server, 'PATCH', `/api/support-ticket-types/${slug}/`, staff.auth, { is_active: false });
  t.is(off.status, 200);
  t.false(off.body.is_active);
  const list = await callApi(app.server, 'GET', '/api/support-ticket-types/', user.auth);
  t.false(list.body.some((x: { slug: string }) => x.slug === slug), 'inactive types are not listed');
  t.is((await callApi(app.server, 'GET', `/api/support-ticket-types/${slug}/`, user.auth)).status, 404);
  const all = await callApi(app.server, 'GET', '/api/support-ticket-types/?include_inactive=true', staff.auth);
  t.true(all.body.some((x: { slug: string }) => x.slug === slug));
  const ignored = await callApi(app.server, 'GET', '/api/support-ticket-types/?include_inactive=true', user.auth);
  t.false(ignored.body.some((x: { slug: string }) => x.slug === slug), 'include_inactive is for staff');

  for (const p of ['general', 'other']) {
    t.is((await callApi(app.server, 'PATCH', `/api/support-ticket-types/${p}/`, staff.auth, { is_active: false })).body.error.code, 'protected_ticket_type');
    t.is((await callApi(app.server, 'DELETE', `/api/support-ticket-types/${p}/`, staff.auth)).body.error.code, 'protected_ticket_type');
  }
  t.is((await callApi(app.server, 'PATCH', '/api/support-ticket-types/general/', staff.auth, { description: 'General questions about the platform' })).status, 200, 'other fields of protected types can change');

  // in use: refuse deletion
  const used = `used_${tag()}`;
  await callApi(app.server, 'POST', '/api/support-ticket-types/', staff.auth, { slug: used, name: `Used ${tag()}` });
  const ticket = await callApi(app.server, 'POST', '/api/support-tickets/', user.auth, { subject: 's', description: 'd', ticket_type: used });
  t.is(ticket.body.ticket_type, used);
  t.is((await callApi(app.server, 'DELETE', `/api/support-ticket-types/${used}/`, staff.auth)).body.error.code, 'ticket_type_in_use');
  t.is((await callApi(app.server, 'DELETE', `/api/support-ticket-types/${slug}/`, user.auth)).status, 403);
  t.is((await callApi(app.server, 'DELETE', `/api/support-ticket-types/${slug}/`, staff.auth)).status, 204);
  t.is((await callApi(app.server, 'DELETE', `/api/support-ticket-types/${slug}/`, staff.auth)).status, 404);
});

test('staff manage help categories; users get 403; inactive ones are hidden from users', async (t) => {
  const slug = `returns-${tag()}`;
  t.is((await callApi(app.server, 'POST', '/api/help-categories/', user.auth, { slug, name: 'Returns' })).status, 403);
  const c = await callApi(app.server, 'POST', '/api/help-categories/', staff.auth, { slug, name: 'Returns', icon: 'icons/help/returns.svg', sort_order: 5, translations: { fr: { name: 'Retours', description: '' } } });
  t.is(c.status, 201, JSON.stringify(c.body));
  t.like(c.body, { slug, title: 'Returns', name: 'Returns', icon: 'icons/help/returns.svg', sort_order: 5, is_active: true, article_count: 0 });
  t.is((await callApi(app.server, 'GET', `/api/help-categories/${c.body.id}/`, { ...user.auth, 'accept-language': 'fr' })).body.title, 'Retours');
  t.is((await callApi(app.server, 'POST', '/api/help-categories/', staff.auth, { slug, name: 'x' })).status, 409);
  t.is((await callApi(app.server, 'POST', '/api/help-categories/', staff.auth, { slug: `y${tag()}`, name: 'x', icon: '../../etc/passwd' })).status, 400);

  t.is((await callApi(app.server, 'PATCH', `/api/help-categories/${c.body.id}/`, user.auth, { is_active: false })).status, 403);
  t.is((await callApi(app.server, 'PATCH', `/api/help-categories/${c.body.id}/`, staff.auth, { is_active: false })).status, 200);
  t.false((await callApi(app.server, 'GET', '/api/help-categories/', user.auth)).body.some((x: { id: string }) => x.id === c.body.id));
  t.is((await callApi(app.server, 'GET', `/api/help-categories/${c.body.id}/`, user.auth)).status, 404);
  t.is((await callApi(app.server, 'GET', `/api/help-categories/${c.body.id}/`, staff.auth)).status, 200);
  t.is((await callApi(app.server, 'GET', '/api/help-categories/not-a-uuid/', user.auth)).status, 404);

  t.is((await callApi(app.server, 'DELETE', `/api/help-categories/${c.body.id}/`, user.auth)).status, 403);
  t.is((await callApi(app.server, 'DELETE', `/api/help-categories/${c.body.id}/`, staff.auth)).status, 204);
  t.is((await callApi(app.server, 'DELETE', `/api/help-categories/${c.body.id}/`, staff.auth)).status, 404);
});
