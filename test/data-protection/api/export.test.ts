// Data export: the caller's data and nobody else's (a shared team's rows as the team's),
// one at a time, the download for the requester only, and its expiry.
import test from 'ava';
import AdmZip from 'adm-zip';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildTeam, buildTree, buildItem, buildProduct, selfScope, teamScope } from '../../factories/inventory.js';
import { callApi as api } from '../../helpers/http.js';
import { buildTicket, word } from '../../factories/support.js';

let app: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let staff: TestUser;
let teamId: number;
const secret = { ticket: '', bobProduct: '', teamInventory: '', aliceInventory: '', aliceList: '', bobList: '' };

test.before(async () => {
  app = await startApp({ workers: false });
  [alice, bob, carol, staff] = await Promise.all([buildUser(app.server, { first_name: 'Alice' }), buildUser(app.server, { first_name: 'Bobby' }), buildUser(app.server), buildUser(app.server, { is_staff: true })]);
  teamId = await buildTeam(app.server, bob, [alice, carol]);
  const mine = await buildTree(app.server, alice, selfScope(alice));
  secret.aliceInventory = mine.inventory.name;
  await buildItem(app.server, selfScope(alice), mine, 5);
  // the team's rows are created by bob: alice sees them as the team's, without bob
  const shared = await buildTree(app.server, bob, teamScope(bob, teamId), teamId);
  secret.teamInventory = shared.inventory.name;
  await buildItem(app.server, teamScope(bob, teamId), shared, 3);
  secret.bobProduct = (await buildProduct(app.server, { userId: bob.id }, { name: `Bob private ${word()}` })).name;
  secret.ticket = `My scanner ${word()} broke`;
  await buildTicket(app.server, alice, { description: secret.ticket });
  await buildTicket(app.server, bob, { description: `Bob ticket ${word()}` });
  secret.aliceList = `Alice picks ${word()}`;
  secret.bobList = `Bob picks ${word()}`;
  const aliceList = await api(app.server, 'POST', '/api/curated-lists/', alice.auth, { name: secret.aliceList });
  const bobList = await api(app.server, 'POST', '/api/curated-lists/', bob.auth, { name: secret.bobList });
  if (aliceList.status !== 201 || bobList.status !== 201) throw new Error('curated lists');
  await api(app.server, 'POST', '/api/curated-subscriptions/', alice.auth, { list: bobList.body.id });
});
test.after.always(async () => app?.stop());

const exports = () => app.server.app.services.dataProtection.exports;

async function finishedExport(user: TestUser) {
  const r = await api(app.server, 'POST', '/api/gdpr-export-request/', user.auth);
  if (r.status !== 202) throw new Error(`export -> ${r.status} ${JSON.stringify(r.body)}`);
  await exports().run(r.body.id);
  return r.body.id as string;
}

const download = (user: TestUser, id: string) => api(app.server, 'GET', `/api/data-export-requests/${id}/download/`, user.auth);

test.serial('an export holds the caller\'s account, stock, team rows as the team\'s and decrypted tickets, and nobody else\'s data', async (t) => {
  const id = await finishedExport(alice);
  const read = await api(app.server, 'GET', `/api/data-export-requests/${id}/`, alice.auth);
  t.is(read.status, 200);
  t.is(read.body.status, 'completed');
  t.true(read.body.size > 0);
  t.is(read.body.download_url, `${app.config.publicBaseUrl}/api/data-export-requests/${id}/download/`);
  t.truthy(read.body.expires_at);

  const res = await download(alice, id);
  t.is(res.status, 200);
  t.is(res.headers['content-type'], 'application/zip');
  const zip = new AdmZip(res.raw);
  const json = (name: string) => JSON.parse(zip.readAsText(name));
  t.is(json('accounts/account.json').email, alice.email);
  t.false('password_hash' in json('accounts/account.json'));
  const inventories = json('inventory/inventories.json') as { name: string; scope: { type: string; team_id?: number }; created_by: string | null }[];
  t.deepEqual(inventories.find((i) => i.name === secret.aliceInventory)?.scope, { type: 'self' });
  const team = inventories.find((i) => i.name === secret.teamInventory)!;
  t.deepEqual(team.scope, { type: 'team', team_id: teamId });
  t.is(team.created_by, null, 'the member who created a team row is not named');
  t.is((json('inventory/inventory_items.json') as unknown[]).length, 2);
  t.like(json('teams/teams.json')[0], { id: teamId, your_role: 'member', member_count: 3, you_own_it: false });
  t.deepEqual((json('support/support_tickets.json') as { description: string }[]).map((x) => x.description), [secret.ticket]);
  t.truthy(zip.getEntry('manifest.json'));
  const lists = json('curation/curated_lists.json') as { name: string; scope: { type: string } }[];
  t.deepEqual(lists.map((l) => [l.name, l.scope.type]), [[secret.aliceList, 'self']], 'her lists, not the curator\'s she subscribes to');
  t.is((json('curation/curated_subscriptions.json') as unknown[]).length, 1, 'her subscription to another curator\'s list');

  const everything = zip.getEntries().filter((e) => e.entryName.endsWith('.json')).map((e) => zip.readAsText(e)).join('\n');
  for (const other of [bob, carol, staff]) {
    t.false(everything.includes(other.email), 'no other member\'s e-mail');
    t.false(everything.includes(other.id), 'no other member\'s id');
  }
  t.false(everything.includes('Bobby'), 'no other member\'s name');
  t.false(everything.includes(secret.bobProduct), 'no other user\'s personal rows');
});

test.serial('one export at a time: 409 while one is queued', async (t) => {
  const first = await api(app.server, 'POST', '/api/gdpr-export-request/', carol.auth);
  t.is(first.status, 202);
  t.is(first.body.status, 'queued');
  const second = await api(app.server, 'POST', '/api/gdpr-export-request/', carol.auth);
  t.is(second.status, 409);
  t.is(second.body.error.code, 'export_in_progress');
  await exports().run(first.body.id);
  t.is((await api(app.server, 'POST', '/api/gdpr-export-request/', carol.auth)).status, 202, 'a new one once it is completed');
});

test('another user\'s export is 404 to read and to download; staff read it but cannot download it', async (t) => {
  const id = await finishedExport(bob);
  t.is((await api(app.server, 'GET', `/api/data-export-requests/${id}/`, alice.auth)).status, 404);
  t.is((await download(alice, id)).status, 404);
  t.is((await api(app.server, 'GET', `/api/data-export-requests/${id}/`, staff.auth)).status, 200);
  t.is((await download(staff, id)).status, 404);
  t.is((await download(alice, 'not-a-uuid')).status, 404);
  const mine = await api(app.server, 'GET', '/api/data-export-requests/', alice.auth);
  t.true(mine.body.results.every((r: { user_id: string }) => r.user_id === alice.id));
  const all = await api(app.server, 'GET', `/api/data-export-requests/?user_id=${bob.id}`, staff.auth);
  t.true(all.body.results.some((r: { id: string }) => r.id === id));
});

test('after expiry the download is refused and the sweep deletes the archive', async (t) => {
  const id = await finishedExport(staff);
  const { knex } = app.server.app.platform;
  const row = await knex('data_export_requests').where({ id }).first();
  const file = path.join(app.config.mediaRoot, row.file_path);
  t.true(fs.existsSync(file));
  await knex('data_export_requests').where({ id }).update({ expires_at: new Date(Date.now() - 1000) });
  const res = await download(staff, id);
  t.is(res.status, 404);
  t.is(res.body.error.code, 'export_expired');
  t.is((await api(app.server, 'GET', `/api/data-export-requests/${id}/`, staff.auth)).body.download_url, null);
  t.true((await exports().expireDue()) >= 1);
  t.false(fs.existsSync(file));
  t.is((await knex('data_export_requests').where({ id }).first()).status, 'expired');
});
