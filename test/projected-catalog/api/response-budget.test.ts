// A /restqlapi list page holds at most PROJECTED_CATALOG_MAX_ROWS rows counting nested
// ones (#22 item 9): many products with many nested rows at full depth cut the page,
// `next` continues exactly where it stopped (offset=), the pages together are the
// whole list in order, nothing skipped or repeated, and each answer stays small.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { selfScope, type Headers } from '../../factories/inventory.js';
import { seedProducts } from '../../../scripts/bench/projected-catalog-seed.js';
import { P } from '../helpers.js';
import { callApi } from '../../helpers/http.js';

const BUDGET = 200;
// 1 product + 2 tags + 6 values + 10 variants + 10 variant tags + 30 images
const SHAPE = { variants: 10, imagesPerVariant: 3, tags: 2, valuesPerTag: 3 };
const ROWS_PER_PRODUCT = 59;
const PRODUCTS = 40;
const and = (query: string) => `&query=${encodeURIComponent(query)}`;

let app: TestApp;
let user: TestUser;
let big: TestUser;
test.before(async () => {
  app = await startApp({ workers: false, env: { PROJECTED_CATALOG_MAX_ROWS: String(BUDGET) } });
  user = await buildUser(app.server);
  big = await buildUser(app.server);
  const knex = app.server.app.platform.knex;
  await seedProducts(knex, { ownerId: user.id }, PRODUCTS, SHAPE, 'budget');
  // one product over the budget on its own, between two small ones
  await seedProducts(knex, { ownerId: big.id }, 1, { variants: 2, imagesPerVariant: 1, tags: 0, valuesPerTag: 0 }, 'small-a');
  await seedProducts(knex, { ownerId: big.id }, 1, { variants: 60, imagesPerVariant: 3, tags: 0, valuesPerTag: 0 }, 'huge');
  await seedProducts(knex, { ownerId: big.id }, 1, { variants: 2, imagesPerVariant: 1, tags: 0, valuesPerTag: 0 }, 'small-b');
});
test.after.always(async () => app?.stop());

/** Every JSON object in a value (each is one row of the answer). */
function objects(v: unknown): number {
  if (Array.isArray(v)) return v.reduce((n: number, x) => n + objects(x), 0);
  if (v && typeof v === 'object') return 1 + Object.values(v).reduce((n: number, x) => n + objects(x), 0);
  return 0;
}

/** Follows `next` from `first` to the end; the pages in order. */
async function walk(h: Headers, first: string) {
  const pages: { results: any[]; next: string | null; previous: string | null; count: number; bytes: number }[] = [];
  let url: string | null = first;
  while (url) {
    const r = await callApi(app.server, 'GET', url, h);
    if (r.status !== 200) throw new Error(`${url}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    pages.push({ ...r.body, bytes: r.raw.length });
    url = r.body.next ? new URL(r.body.next).pathname + new URL(r.body.next).search : null;
    if (pages.length > 100) throw new Error('more pages than products');
  }
  return pages;
}

test('a full-depth page is cut at the row budget; next continues exactly; the union is the whole list; every answer stays small', async (t) => {
  const h = selfScope(user);
  // the whole list in order, without nested rows (nothing to cut)
  const all = await callApi(app.server, 'GET', `${P}/records-one-shot/?page_size=500${and('{id}')}`, h);
  t.is(all.status, 200);
  const ids: number[] = all.body.results.map((p: { id: number }) => p.id);
  t.is(ids.length, PRODUCTS, 'the narrow projection is not cut');

  const pages = await walk(h, `${P}/records-one-shot/?page_size=500`);
  const perPage = Math.floor(BUDGET / ROWS_PER_PRODUCT);
  t.true(pages.length >= Math.ceil(PRODUCTS / perPage), `${pages.length} pages`);
  t.deepEqual(pages.flatMap((p) => p.results.map((r) => r.id)), ids, 'the pages together: every product once, in order');
  for (const [i, page] of pages.entries()) {
    t.is(page.count, PRODUCTS, 'count is the whole list');
    const rows = objects(page.results);
    t.true(rows <= BUDGET, `page ${i}: ${rows} rows`);
    t.is(page.results.length, Math.min(perPage, PRODUCTS - i * perPage), `page ${i} holds as many whole products as fit`);
    t.is(page.results[0].variants.length, SHAPE.variants, 'products are whole, at full depth');
    t.is(page.results[0].variants[0].images.length, SHAPE.imagesPerVariant);
    t.is(objects(page.results[0]), ROWS_PER_PRODUCT, 'the budget counts what the answer holds');
    // a page's size is bounded by the budget, not by page_size (a row here is well under 1 KB)
    t.true(page.bytes < BUDGET * 1024, `page ${i}: ${page.bytes} bytes`);
    if (page.next) {
      const next = new URL(page.next);
      t.is(next.searchParams.get('offset'), String((i + 1) * perPage), 'next starts at the first product left out');
      t.is(next.searchParams.get('page'), null);
      t.is(next.searchParams.get('page_size'), '500', 'the other parameters are kept');
    }
  }
  t.is(pages[0].previous, null);
  t.truthy(pages[1].previous, 'an offset page links back');

  // the same list with the budget lifted would have been one big answer
  t.true(pages.reduce((n, p) => n + p.bytes, 0) > BUDGET * 1024, 'the cut matters: the whole list is larger than one page may be');
});

test('a cut page keeps filters, ordering and projection in next; page numbers still work until a page is cut', async (t) => {
  const h = selfScope(user);
  const query = '{id,name,variants{sku,images{alt_text}}}'; // 1 + 10 + 30 = 41 rows a product
  const first = await callApi(app.server, 'GET', `${P}/records-one-shot/?page_size=3&ordering=-name${and(query)}`, h);
  t.is(first.status, 200);
  t.is(first.body.results.length, 3, '3 × 41 rows fit: a whole page');
  t.regex(first.body.next, /page=2/, 'a whole page links by page number');
  const wide = await callApi(app.server, 'GET', `${P}/records-one-shot/?page_size=10&ordering=-name${and(query)}`, h);
  t.is(wide.body.results.length, 4, '4 × 41 = 164 rows fit, 5 × 41 do not');
  const next = new URL(wide.body.next);
  t.is(next.searchParams.get('offset'), '4');
  t.is(next.searchParams.get('ordering'), '-name');
  t.is(next.searchParams.get('query'), query);
  const second = await callApi(app.server, 'GET', next.pathname + next.search, h);
  const sorted: string[] = (await callApi(app.server, 'GET', `${P}/records-one-shot/?page_size=100&ordering=-name${and('{name}')}`, h)).body.results.map((p: { name: string }) => p.name);
  t.deepEqual([...wide.body.results, ...second.body.results].map((p: { name: string }) => p.name), sorted.slice(0, 4 + second.body.results.length), 'the second page continues the ordering exactly');
  // page 2 of a cut list starts where page_size says (page numbers are not rewritten)
  const page2 = await callApi(app.server, 'GET', `${P}/records-one-shot/?page_size=10&page=2&ordering=-name${and(query)}`, h);
  t.deepEqual(page2.body.results.map((p: { name: string }) => p.name), sorted.slice(10, 14));
  t.regex(page2.body.previous, /page=1/);
  t.regex(page2.body.next, /offset=14/);
});

test('a product over the budget on its own is returned whole and alone; the walk still moves on', async (t) => {
  const h = selfScope(big);
  const pages = await walk(h, `${P}/records-one-shot/?page_size=100&ordering=name${and('{name,variants{images{id}}}')}`);
  t.deepEqual(
    pages.map((p) => p.results.map((r) => r.name.split(' ')[0])),
    [['huge'], ['small-a', 'small-b']],
    'the huge product (241 rows) alone, then the two small ones',
  );
  t.is(pages[0].results[0].variants.length, 60, 'never split');
});

test('offset is validated: negative or not a number is 400', async (t) => {
  const h = selfScope(user);
  for (const bad of ['-1', 'x', '1.5', '99999999999']) {
    const r = await callApi(app.server, 'GET', `${P}/records-one-shot/?offset=${bad}`, h);
    t.is(r.status, 400, bad);
    t.is(r.body.error.code, 'validation_error');
  }
  const past = await callApi(app.server, 'GET', `${P}/records-one-shot/?offset=1000`, h);
  t.is(past.status, 200);
  t.deepEqual(past.body.results, []);
  t.is(past.body.next, null);
});
