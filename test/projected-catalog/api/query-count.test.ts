// The number of SQL queries of a projected read depends on the depth of the query,
// never on the number of rows: counted with knex's 'query' event for a scope with
// 1 product and one with 500 (× 3 variants × 2 images, tags), at each depth.
import test from 'ava';
import type { Knex } from 'knex';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildTeam, selfScope, teamScope, type Headers } from '../../factories/inventory.js';
import { seedProducts } from '../../../scripts/bench/projected-catalog-seed.js';
import { P, q } from '../helpers.js';
import { callApi } from '../../helpers/http.js';

let app: TestApp;
let one: TestUser;
let many: TestUser;
let manyTeam: number;
test.before(async () => {
  // 500 products × 19 rows at full depth: the response budget lifted (response-budget.test.ts tests it)
  app = await startApp({ workers: false, env: { PROJECTED_CATALOG_MAX_ROWS: '100000' } });
  one = await buildUser(app.server);
  many = await buildUser(app.server);
  manyTeam = await buildTeam(app.server, many);
  const knex = app.server.app.platform.knex;
  await seedProducts(knex, { ownerId: one.id }, 1);
  await seedProducts(knex, { ownerId: many.id }, 500);
  await seedProducts(knex, { ownerId: many.id, teamId: manyTeam }, 500);
});
test.after.always(async () => app?.stop());

/** Runs `fn` and returns the SQL statements knex sent meanwhile (the tests of this file run serially). */
async function counted<T>(fn: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  const knex: Knex = app.server.app.platform.knex;
  const sql: string[] = [];
  const listener = (data: { sql: string }) => sql.push(data.sql);
  knex.on('query', listener);
  try {
    return { result: await fn(), sql };
  } finally {
    knex.removeListener('query', listener);
  }
}

const DEPTHS: [number, string | null][] = [
  [1, '{id,name}'],
  [2, '{id,name,variants{sku}}'],
  [3, '{id,name,tags{label,values{value}},variants{sku,tags{value},images{alt_text,image}}}'],
  [3, null], // no query: every field at every level
];

test.serial('list: the same number of queries for 1 and for 500 products at every depth, at most depth + 2 (the count, the page\'s row budget, the rows)', async (t) => {
  const read = async (h: Headers, query: string | null) => {
    const r = await counted(() => callApi(app.server, 'GET', `${P}/records-one-shot/?page_size=500${query ? `&query=${encodeURIComponent(query)}` : ''}`, h));
    t.is(r.result.status, 200, JSON.stringify(r.result.body).slice(0, 300));
    return r;
  };
  // warm the token cache so authentication is not counted
  await read(selfScope(one), '{id}');
  await read(selfScope(many), '{id}');
  for (const [depth, query] of DEPTHS) {
    const small = await read(selfScope(one), query);
    const large = await read(selfScope(many), query);
    t.is(small.result.body.results.length, 1);
    t.is(large.result.body.results.length, 500);
    t.is(large.sql.length, small.sql.length, `depth ${depth} ${query}: ${small.sql.length} queries for 1 product, ${large.sql.length} for 500`);
    t.true(large.sql.length <= depth + 2, `depth ${depth}: ${large.sql.length} queries`);
    if (depth === 3) {
      const p = large.result.body.results[0];
      t.is(p.variants.length, 3);
      t.is(p.variants[0].images.length, 2);
      t.is(p.tags[0].values.length, 2);
    }
    t.log(`depth ${depth} ${query ?? '(no query)'}: ${large.sql.length} queries for 500 products`);
  }
  // team scope adds the membership check, once
  await read(teamScope(many, manyTeam), '{id}');
  const team = await read(teamScope(many, manyTeam), DEPTHS[2][1]);
  t.is(team.result.body.results.length, 500);
  t.true(team.sql.length <= 3 + 2);
});

test.serial('read, create and patch: the read of the answer is one statement whatever the projection', async (t) => {
  const h = selfScope(many);
  const list = await callApi(app.server, 'GET', `${P}/records-one-shot/?page_size=1&query=${encodeURIComponent('{id}')}`, h);
  const id = list.body.results[0].id;
  for (const [, query] of DEPTHS) {
    const r = await counted(() => callApi(app.server, 'GET', `${P}/${id}/record-one-shot/${query ? q(query) : ''}`, h));
    t.is(r.result.status, 200);
    t.is(r.sql.length, 1, `GET with ${query}`);
  }
  const narrow = await counted(() => callApi(app.server, 'PATCH', `${P}/${id}/patch-one-shot/${q('{id,name}')}`, h, { supplier: 'changed' }));
  const deep = await counted(() => callApi(app.server, 'PATCH', `${P}/${id}/patch-one-shot/${q(DEPTHS[2][1]!)}`, h, { supplier: 'changed again' }));
  t.is(narrow.result.status, 200);
  t.is(deep.result.status, 200);
  t.is(deep.sql.length, narrow.sql.length, 'a deeper projection of the answer costs no extra statement');
  t.is(deep.sql.filter((s) => /json_build_object/.test(s)).length, 1);
});
