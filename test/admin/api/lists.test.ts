// The staff admin's generic lists and detail pages: every declared resource pages,
// counts and searches; filters narrow; the audit log shows everyone's entries; hostile
// strings come out escaped; wrong input is a 4xx page.
import test, { type ExecutionContext } from 'ava';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { adminAgent, type AdminAgent } from '../../helpers/admin.js';
import { buildItem, buildTeam, buildTree, selfScope } from '../../factories/inventory.js';
import { buildTicket } from '../../factories/support.js';
import { ADMIN_RESOURCES } from '../../../domain/admin/admin-resources.js';
import { hashPassword } from '../../../jobs/runtime/secrets.js';

let app: TestApp;
let staff: TestUser;
let owner: TestUser;
let agent: AdminAgent;
const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)>'&`;
const TAG = `pg${randomBytes(4).toString('hex')}`;

test.before(async () => {
  app = await startApp({ workers: false });
  staff = await buildUser(app.server, { is_staff: true });
  owner = await buildUser(app.server, { first_name: HOSTILE });
  await buildTeam(app.server, owner);
  const tree = await buildTree(app.server, owner, selfScope(owner));
  await buildItem(app.server, selfScope(owner), tree, 5);
  await buildTicket(app.server, owner, { subject: `Printer ${HOSTILE}` });
  // 125 users sharing a tag: more than one page of the largest page size
  const { knex, config } = app.server.app.platform;
  const password_hash = await hashPassword('Str0ng-Passw0rd!', config.passwordScryptCost);
  await knex('users').insert(Array.from({ length: 125 }, (_, i) => ({ email: `${TAG}-${String(i).padStart(3, '0')}@example.test`, password_hash, first_name: 'Paged', last_name: 'User', email_verified_at: new Date() })));
  agent = await adminAgent(app.server, staff.email, staff.password);
});
test.after.always(async () => app?.stop());

const shownCount = (body: string) => Number(/<span class="count" id="count">\((\d+)\)<\/span>/.exec(body)?.[1] ?? NaN);
const rowCount = (body: string) => (/<tbody>([\s\S]*?)<\/tbody>/.exec(body)?.[1].match(/<tr>/g) ?? []).length;
const dbCount = async (knex: Knex, name: string) => {
  const r = ADMIN_RESOURCES.find((x) => x.name === name)!;
  const q = r.rows(knex) as unknown as Knex.QueryBuilder;
  const [{ count }] = await q.clearSelect().count({ count: '*' });
  return Number(count);
};

/**
 * The page's count agrees with the truth. Other test files write to the same database
 * meanwhile: the comparison is made when the truth did not move around the page load
 * (a few tries), else the page's count must lie between the two readings.
 */
async function agrees(t: ExecutionContext, shown: () => Promise<number>, truth: () => Promise<number>, what: string): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const before = await truth();
    const count = await shown();
    const after = await truth();
    if (before === after) {
      t.is(count, before, what);
      return;
    }
  }
  const before = await truth();
  const count = await shown();
  const after = await truth();
  t.true(count >= Math.min(before, after) && count <= Math.max(before, after), `${what}: ${count} not within ${before}..${after}`);
}

for (const resource of ADMIN_RESOURCES) {
  test(`${resource.name}: the list shows the true count, searches, takes every filter, and opens a row`, async (t) => {
    const list = await agent.get(`/admin/${resource.name}/`);
    t.is(list.status, 200, list.body.slice(0, 500));
    await agrees(t, async () => shownCount((await agent.get(`/admin/${resource.name}/`)).body), () => dbCount(app.server.app.platform.knex, resource.name), 'the count');
    const searched = await agent.get(`/admin/${resource.name}/?search=${encodeURIComponent(HOSTILE)}`);
    t.is(searched.status, 200);
    t.false(searched.body.includes('<script>alert'), 'the search term comes back escaped');
    const empty = new URLSearchParams(Object.keys(resource.filters).map((f) => [f, '']));
    t.is((await agent.get(`/admin/${resource.name}/?${empty}`)).status, 200, 'every filter, left empty');
    for (const [name, key] of Object.entries(resource.ordering)) t.is((await agent.get(`/admin/${resource.name}/?ordering=-${name}`)).status, 200, `${name} (${key})`);
    const open = /<a href="(\/admin\/[^"]+\/)" class="open">/.exec(list.body)?.[1];
    if (open) t.is((await agent.get(open)).status, 200, open);
  });
}

test('paging: the count is the whole set, pages of up to 100 rows, links carry the query', async (t) => {
  const first = await agent.get(`/admin/users/?search=${TAG}&page_size=100`);
  t.is(shownCount(first.body), 125);
  t.is(rowCount(first.body), 100);
  t.regex(first.body, /page 1 of 2/);
  const next = /<a href="([^"]+)" rel="next">/.exec(first.body)![1].replace(/&#x3D;/g, '=').replace(/&amp;/g, '&');
  t.regex(next, new RegExp(`search=${TAG}`));
  const second = await agent.get(next);
  t.is(rowCount(second.body), 25);
  t.regex(second.body, /rows 101–125 of 125/);
  t.is((await agent.get(`/admin/users/?search=${TAG}&page_size=101`)).status, 400, 'no page over 100 rows');
  t.is(rowCount((await agent.get(`/admin/users/?search=${TAG}`)).body), 20, 'default page size');
});

test('users: search and filters narrow the list', async (t) => {
  const byEmail = await agent.get(`/admin/users/?search=${encodeURIComponent(owner.email)}`);
  t.is(shownCount(byEmail.body), 1);
  const staffOnly = await agent.get(`/admin/users/?is_staff=true&search=${encodeURIComponent(staff.email)}`);
  t.is(shownCount(staffOnly.body), 1);
  const notStaff = await agent.get(`/admin/users/?is_staff=false&search=${encodeURIComponent(staff.email)}`);
  t.is(shownCount(notStaff.body), 0);
  t.regex(notStaff.body, /Nothing matches/);
});

test('hostile strings are escaped in lists and detail pages', async (t) => {
  for (const url of [`/admin/users/?search=${encodeURIComponent(owner.email)}`, `/admin/users/${owner.id}/`, '/admin/tickets/?search=Printer']) {
    const res = await agent.get(url);
    t.is(res.status, 200, url);
    t.false(res.body.includes('<script>alert'), url);
    t.false(res.body.includes('<img src=x'), url);
    t.true(res.body.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'), `${url} shows the text, escaped`);
  }
});

test('the audit log shows every entry, filtered by actor, action, entity and period', async (t) => {
  const { knex } = app.server.app.platform;
  const total = async () => Number((await knex('system_audit_logs').count({ count: '*' }))[0].count);
  await agrees(t, async () => shownCount((await agent.get('/admin/audit-logs/')).body), total, 'every entry, not the viewer\'s own');
  const byActor = await agent.get(`/admin/audit-logs/?actor=${encodeURIComponent(owner.email)}&action=login`);
  const [{ count: ownerLogins }] = await knex('system_audit_logs').where({ actor_id: owner.id, action: 'login' }).count({ count: '*' });
  t.true(Number(ownerLogins) >= 1);
  t.is(shownCount(byActor.body), Number(ownerLogins));
  const byId = await agent.get(`/admin/audit-logs/?actor_id=${owner.id}&entity_type=user&entity_id=${owner.id}`);
  t.true(shownCount(byId.body) >= 1);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  t.is(shownCount((await agent.get(`/admin/audit-logs/?created_after=${tomorrow}`)).body), 0);
  await agrees(t, async () => shownCount((await agent.get(`/admin/audit-logs/?created_before=${tomorrow}`)).body), total, 'until tomorrow');
});

test('wrong input is a page naming the problem, never a 500', async (t) => {
  const bad = await agent.get('/admin/users/?is_staff=maybe');
  t.is(bad.status, 400);
  t.regex(bad.body, /is_staff/);
  t.is((await agent.get('/admin/users/?no_such_filter=1')).status, 400);
  t.is((await agent.get('/admin/users/?page=0')).status, 400);
  t.is((await agent.get('/admin/users/?ordering=password_hash')).status, 400);
  t.is((await agent.get('/admin/audit-logs/?created_after=yesterday')).status, 400);
  t.is((await agent.get('/admin/no-such-thing/')).status, 404);
  t.is((await agent.get('/admin/users/not-a-uuid/')).status, 404);
  t.is((await agent.get('/admin/users/00000000-0000-4000-8000-000000000000/')).status, 404);
  t.is((await agent.get('/admin/teams/99999999999/')).status, 404);
  t.is((await agent.get(`/admin/users/?search=${'a'.repeat(201)}`)).status, 400);
  t.is((await agent.get('/admin/users/?search=%00')).status, 400);
});

test('the home page\'s figures are the counts of their lists', async (t) => {
  const home = await agent.get('/admin/');
  t.is(home.status, 200);
  const figuresOf = (body: string) => [...body.matchAll(/<a href="([^"]+)"><strong>(\d+)<\/strong>/g)].map((m) => ({ href: m[1].replace(/&#x3D;/g, '=').replace(/&amp;/g, '&'), count: Number(m[2]) }));
  const figures = figuresOf(home.body);
  t.true(figures.length >= 4);
  for (const [i, f] of figures.entries()) {
    await agrees(t, async () => figuresOf((await agent.get('/admin/')).body)[i].count, async () => shownCount((await agent.get(f.href)).body), f.href);
  }
});

test('no secret column is ever shown', async (t) => {
  const detail = await agent.get(`/admin/users/${owner.id}/`);
  const hash = (await app.server.app.platform.knex('users').where({ id: owner.id }).first()).password_hash;
  t.false(detail.body.includes(hash));
  t.notRegex(detail.body, /scrypt|password_hash/i);
});
