import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { buildTeam, buildTree, selfScope, teamScope } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';
import { sampleInvoice, ublXml } from '../../factories/invoices.js';
import { bulkStore, linesOf, owner, preview, type Owner } from '../helpers.js';

let app: TestApp;
// one sandboxed invoices child (pdf.js under tsx takes ~1 GB) so parallel test files fit in memory
test.before(async () => {
  app = await startApp({ workers: ['invoices', 'imports'], env: { MEDIA_CONCURRENCY: '1' } });
});
test.after.always(async () => app?.stop());

async function session(o: Owner, number: string) {
  const res = await preview(app.server, o, { filename: `${number}.xml`, data: Buffer.from(ublXml(sampleInvoice({ number }))) });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body;
}

const SESSION_KEYS = ['id', 'status', 'profile_type', 'team_id', 'last_step', 'invoice', 'location', 'preview_lines', 'bulk_lines', 'summary', 'result_payload', 'error_payload'];
const HISTORY_KEYS = ['id', 'status', 'profile_type', 'team_id', 'last_step', 'product_family_name', 'source_files', 'invoice_number', 'vendor_name', 'inventory_id', 'inventory_name', 'storage_box_id', 'storage_box_name', 'total_lines'];

test('latest, history and one session, restored exactly as stored', async (t) => {
  const o = await owner(app.server);
  const none = await callApi(app.server, 'GET', '/api/invoice-import/sessions/latest/', o.headers);
  t.is(none.status, 404);
  const first = await session(o, 'H-1');
  const second = await session(o, 'H-2');
  await bulkStore(app.server, o.headers, { session_id: first.session_id, lines: linesOf(first) });

  const latest = await callApi(app.server, 'GET', '/api/invoice-import/sessions/latest/', o.headers);
  t.is(latest.status, 200);
  t.is(latest.body.status, 'success');
  for (const k of SESSION_KEYS) t.true(k in latest.body.session, `session.${k}`);
  t.like(latest.body.session, { id: second.session_id, status: 'previewed', profile_type: 'self', team_id: null, last_step: 'preview', result_payload: {}, error_payload: {}, bulk_lines: [] });
  t.like(latest.body.session.invoice, { invoice_number: 'H-2', vendor_name: 'Northwind Traders GmbH', invoice_date: '2024-03-15', currency: 'EUR' });
  t.deepEqual(latest.body.session.location, {
    inventory_id: o.tree.inventory.id, inventory_name: o.tree.inventory.name, storage_id: o.tree.storage.id,
    storage_box_id: o.tree.box.id, storage_box_name: o.tree.box.name, storage_name: o.tree.storage.name,
  });
  t.deepEqual(latest.body.session.preview_lines, second.lines);
  t.like(latest.body.session.summary, { total_lines: 3 });

  const one = await callApi(app.server, 'GET', `/api/invoice-import/sessions/${first.session_id}/`, o.headers);
  t.is(one.status, 200);
  t.like(one.body, { id: first.session_id, status: 'applied', last_step: 'bulk-store' });
  t.is(one.body.result_payload.results.length, 3);
  t.deepEqual(one.body.source_files, [{ name: 'H-1.xml', size: Buffer.byteLength(ublXml(sampleInvoice({ number: 'H-1' }))), content_type: 'application/xml' }]);
  // without the trailing slash too
  t.is((await callApi(app.server, 'GET', `/api/invoice-import/sessions/${first.session_id}`, o.headers)).status, 200);

  const list = await callApi(app.server, 'GET', '/api/invoice-import/sessions/', o.headers);
  t.is(list.status, 200);
  t.like(list.body, { status: 'success', count: 2 });
  t.deepEqual(list.body.results.map((r: { id: number }) => r.id), [second.session_id, first.session_id]);
  for (const k of HISTORY_KEYS) t.true(k in list.body.results[0], `history.${k}`);
  t.like(list.body.results[1], { status: 'applied', invoice_number: 'H-1', vendor_name: 'Northwind Traders GmbH', inventory_id: o.tree.inventory.id, storage_box_name: o.tree.box.name, total_lines: 3, product_family_name: 'Imported goods' });
  t.deepEqual(list.body.results[1].source_files[0].name, 'H-1.xml');
});

test('limit: default 20, at most 100; a bad limit is 400', async (t) => {
  const o = await owner(app.server);
  for (let i = 0; i < 3; i++) await session(o, `L-${i}`);
  const two = await callApi(app.server, 'GET', '/api/invoice-import/sessions/?limit=2', o.headers);
  t.is(two.status, 200);
  t.is(two.body.count, 2);
  t.deepEqual(two.body.results.map((r: { invoice_number: string }) => r.invoice_number), ['L-2', 'L-1']);
  t.is((await callApi(app.server, 'GET', '/api/invoice-import/sessions/?limit=100', o.headers)).body.count, 3);
  for (const bad of ['0', '-1', 'abc', '1.5', '101', '']) {
    const res = await callApi(app.server, 'GET', `/api/invoice-import/sessions/?limit=${bad}`, o.headers);
    t.is(res.status, 400, `limit=${bad}`);
    t.is(res.body.error.details[0].path, 'limit');
  }
});

test('another scope\'s session is 404 everywhere; team sessions are shared by the team', async (t) => {
  const o = await owner(app.server);
  const mine = await session(o, 'S-1');
  const stranger = await buildUser(app.server);
  t.is((await callApi(app.server, 'GET', `/api/invoice-import/sessions/${mine.session_id}/`, selfScope(stranger))).status, 404);
  t.is((await callApi(app.server, 'GET', '/api/invoice-import/sessions/latest/', selfScope(stranger))).status, 404);
  t.is((await callApi(app.server, 'GET', '/api/invoice-import/sessions/', selfScope(stranger))).body.count, 0);

  const teamId = await buildTeam(app.server, o.user, [stranger]);
  const tree = await buildTree(app.server, o.user, teamScope(o.user, teamId), teamId);
  const teamSession = await session({ user: o.user, headers: teamScope(o.user, teamId), tree }, 'T-1');
  // the team's session is not in the owner's self scope, and the self session not in the team's
  t.deepEqual((await callApi(app.server, 'GET', '/api/invoice-import/sessions/', o.headers)).body.results.map((r: { id: number }) => r.id), [mine.session_id]);
  const teamList = await callApi(app.server, 'GET', '/api/invoice-import/sessions/', teamScope(stranger, teamId));
  t.deepEqual(teamList.body.results.map((r: { id: number }) => r.id), [teamSession.session_id]);
  t.like(teamList.body.results[0], { profile_type: 'team', team_id: teamId });
  t.is((await callApi(app.server, 'GET', `/api/invoice-import/sessions/${mine.session_id}/`, teamScope(stranger, teamId))).status, 404);
  t.is((await callApi(app.server, 'GET', `/api/invoice-import/sessions/${teamSession.session_id}/`, selfScope(stranger))).status, 404);
  const latest = await callApi(app.server, 'GET', '/api/invoice-import/sessions/latest/', teamScope(stranger, teamId));
  t.is(latest.body.session.id, teamSession.session_id);
  // a team the caller is not in
  const outsider = await buildUser(app.server);
  t.is((await callApi(app.server, 'GET', '/api/invoice-import/sessions/', teamScope(outsider, teamId))).status, 403);
  t.is((await callApi(app.server, 'GET', '/api/invoice-import/sessions/abc/', o.headers)).status, 400);
  t.is((await callApi(app.server, 'GET', '/api/invoice-import/sessions/', {})).status, 401);
});

test('the OpenAPI document lists the invoice-import endpoints under their tag', async (t) => {
  const res = await app.server.inject({ method: 'GET', url: '/api/openapi.json' });
  const doc = JSON.parse(res.payload);
  t.true(doc.tags.some((tag: { name: string }) => tag.name === 'invoice-import'));
  for (const p of ['/api/invoice-import/preview/', '/api/invoice-import/bulk-store/', '/api/invoice-import/sessions/latest/', '/api/invoice-import/sessions/', '/api/invoice-import/sessions/{session_id}/']) {
    const ops = doc.paths[p];
    t.truthy(ops, p);
    t.true(Object.values(ops).every((op: any) => op.tags.includes('invoice-import')), p);
  }
  t.truthy(doc.paths['/api/invoice-import/bulk-store/'].post.responses['409']);
});
