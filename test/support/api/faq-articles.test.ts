// FAQ articles: seeded about the platform, read by users, managed by staff, counted by
// help categories, and searched by every instance right after an edit.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { FAQ_ARTICLES, seedFaqArticles } from '../../../db/seeds/faq-articles.js';
import { ask, createSession, json } from '../chat-helpers.js';

let app: TestApp;
let staff: TestUser;
let user: TestUser;
test.before(async () => {
  app = await startApp({ workers: ['ai'] });
  staff = await buildUser(app.server, { is_staff: true });
  user = await buildUser(app.server);
});
// articles made here are removed at the end: other test files search the same articles
const made: string[] = [];
test.after.always(async () => {
  if (app) await app.server.app.platform.knex('faq_articles').whereIn('slug', made).delete();
  await app?.stop();
});

const unique = (tag: string) => {
  const slug = `${tag}-${Math.random().toString(36).slice(2, 8)}`;
  made.push(slug);
  return slug;
};
const api = (method: string, url: string, who: TestUser, payload?: unknown) => app.server.inject({ method, url, payload: payload as object, headers: who.auth });

test('seeded: every topic in English, German, French and Spanish, in help categories', async (t) => {
  const slugs = FAQ_ARTICLES.en.map((a) => a.slug);
  for (const topic of ['create-account', 'create-team-and-invite-members', 'set-up-first-inventory', 'stock-transactions', 'low-stock-and-expiry-alerts', 'scan-a-barcode', 'import-supplier-invoice', 'verify-your-identity', 'api-access-tokens', 'contact-support-with-a-ticket']) {
    t.true(slugs.includes(topic), topic);
  }
  for (const lang of ['de', 'fr', 'es']) t.deepEqual(FAQ_ARTICLES[lang].map((a) => a.slug).sort(), [...slugs].sort(), lang);
  const list = json(await api('GET', '/api/faq-articles/?language=de&page_size=100', user));
  const seeded = list.results.filter((a: { slug: string }) => slugs.includes(a.slug));
  t.is(seeded.length, slugs.length);
  t.true(seeded.every((a: { help_category_id: string | null; is_published: boolean }) => a.help_category_id && a.is_published));
});

test('users read published articles; staff create, change and delete them; users cannot', async (t) => {
  const slug = unique('returns-policy');
  for (const [method, url] of [['POST', '/api/faq-articles/'], ['PATCH', '/api/faq-articles/1/'], ['DELETE', '/api/faq-articles/1/']] as const) {
    t.is((await api(method, url, user, { slug, title: 'x', body: 'y' })).statusCode, 403, `${method} ${url}`);
  }
  const created = await api('POST', '/api/faq-articles/', staff, { slug, title: 'Returning goods to a supplier', body: 'Record a consume transaction with a reference.', is_published: false });
  t.is(created.statusCode, 201);
  const article = json(created);
  t.is(article.language, 'en');
  t.false(article.is_published);
  t.is((await api('GET', `/api/faq-articles/${article.id}/`, user)).statusCode, 404, 'unpublished is hidden from users');
  t.is((await api('GET', `/api/faq-articles/${article.id}/`, staff)).statusCode, 200);

  const published = await api('PATCH', `/api/faq-articles/${article.id}/`, staff, { is_published: true, title: 'Returning goods' });
  t.is(json(published).title, 'Returning goods');
  t.is(json(published).body, 'Record a consume transaction with a reference.');
  t.is((await api('GET', `/api/faq-articles/${article.id}/`, user)).statusCode, 200);
  const found = json(await api('GET', `/api/faq-articles/?search=${encodeURIComponent('consume transaction with a reference')}`, user));
  t.true(found.results.some((a: { id: number }) => a.id === article.id));

  t.is((await api('DELETE', `/api/faq-articles/${article.id}/`, staff)).statusCode, 204);
  t.is((await api('GET', `/api/faq-articles/${article.id}/`, staff)).statusCode, 404);
  t.is((await api('DELETE', `/api/faq-articles/${article.id}/`, staff)).statusCode, 404);
});

test('bad article input is a 400, a taken slug a 409', async (t) => {
  const slug = unique('dup');
  t.is((await api('POST', '/api/faq-articles/', staff, { slug, title: 'One', body: 'x' })).statusCode, 201);
  const taken = await api('POST', '/api/faq-articles/', staff, { slug, title: 'Two', body: 'y' });
  t.is(taken.statusCode, 409);
  t.is(json(taken).error.code, 'slug_taken');
  t.is((await api('POST', '/api/faq-articles/', staff, { slug, language: 'de', title: 'Zwei', body: 'y' })).statusCode, 201, 'a translation shares the slug');
  for (const bad of [{ title: 'no slug', body: 'x' }, { slug: 'Has Spaces', title: 't', body: 'x' }, { slug: unique('s'), body: 'x' }, { slug: unique('s'), title: 't', body: 'x', language: 'english' }, { slug: unique('s'), title: 't', body: 'x', help_category_id: 'nope' }, { slug: unique('s'), title: 't', body: 12 }]) {
    const res = await api('POST', '/api/faq-articles/', staff, bad);
    t.is(res.statusCode, 400, JSON.stringify(bad));
  }
  const unknownCategory = await api('POST', '/api/faq-articles/', staff, { slug: unique('c'), title: 't', body: 'x', help_category_id: '00000000-0000-4000-8000-000000000000' });
  t.is(json(unknownCategory).error.code, 'unknown_help_category');
  t.is((await api('PATCH', '/api/faq-articles/1/', staff, {})).statusCode, 400);
  t.is((await api('PATCH', '/api/faq-articles/abc/', staff, { title: 'x' })).statusCode, 400);
});

test('help categories count the published articles (translations once)', async (t) => {
  const categories = json(await api('GET', '/api/help-categories/', user));
  const invoice = categories.find((c: { slug: string }) => c.slug === 'invoice-import');
  const seeded = FAQ_ARTICLES.en.filter((a) => a.category === 'invoice-import').length;
  t.true(invoice.article_count >= seeded);
  const slug = unique('invoice-currencies');
  await api('POST', '/api/faq-articles/', staff, { slug, title: 'Invoice currencies', body: 'x', help_category_id: invoice.id });
  await api('POST', '/api/faq-articles/', staff, { slug, language: 'fr', title: 'Devises des factures', body: 'x', help_category_id: invoice.id });
  const after = json(await api('GET', '/api/help-categories/', user)).find((c: { slug: string }) => c.slug === 'invoice-import');
  t.is(after.article_count, invoice.article_count + 1);
});

test('an edit reaches the answers at once: the worker\'s index is rebuilt', async (t) => {
  const slug = unique('forklift-charging');
  const question = 'How long must a forklift battery charge overnight?';
  const session = await createSession(app.server, user);
  const before = json(await ask(app.server, user, session.id, question));
  t.false(before.cited_articles.some((a: { slug: string }) => a.slug === slug));
  const article = json(await api('POST', '/api/faq-articles/', staff, { slug, title: 'Charging forklift batteries overnight', body: 'A forklift battery must charge for eight hours overnight. Never interrupt the charge.' }));
  const after = json(await ask(app.server, user, session.id, question));
  t.deepEqual(after.cited_articles.map((a: { slug: string }) => a.slug), [slug]);
  t.true(after.answer.includes('eight hours'));
  await api('PATCH', `/api/faq-articles/${article.id}/`, staff, { is_published: false });
  const hidden = json(await ask(app.server, user, session.id, question));
  t.false(hidden.cited_articles.some((a: { slug: string }) => a.slug === slug), 'unpublished: not cited any more');
});

test('a release does not bring back a seeded article staff deleted, nor overwrite an edit', async (t) => {
  const { knex } = app.server.app.platform;
  const row = await knex('faq_articles').where({ slug: 'read-text-from-an-image', language: 'es' }).first();
  const edited = await knex('faq_articles').where({ slug: 'barcode-check-digit', language: 'es' }).first();
  try {
    await api('DELETE', `/api/faq-articles/${row.id}/`, staff);
    await api('PATCH', `/api/faq-articles/${edited.id}/`, staff, { title: 'Título corregido por el personal' });
    await seedFaqArticles(knex);
    t.falsy(await knex('faq_articles').where({ slug: 'read-text-from-an-image', language: 'es' }).first());
    t.is((await knex('faq_articles').where({ id: edited.id }).first()).title, 'Título corregido por el personal');
  } finally {
    const { id: _id, ...restore } = row;
    await knex('faq_articles').insert(restore).onConflict(['slug', 'language']).ignore();
    await knex('faq_articles').where({ id: edited.id }).update({ title: edited.title });
  }
});
