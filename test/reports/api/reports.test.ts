import test from 'ava';
import { PDFParse } from 'pdf-parse';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { selfScope } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';
import { buildReportFixture, waitForReport, type ReportFixture } from '../../factories/reports.js';
import { connect, wsUrl } from '../../helpers/ws.js';

let app: TestApp;
let user: TestUser;
let other: TestUser;
let fx: ReportFixture;
test.before(async () => {
  app = await startApp({ workers: ['reports'], listen: true });
  user = await buildUser(app.server);
  other = await buildUser(app.server);
  fx = await buildReportFixture(app.server, user, selfScope(user));
});
test.after.always(async () => app?.stop());

const generate = (body: unknown, headers = selfScope(user)) => callApi(app.server, 'POST', '/api/generate-report/', headers, body);
async function completed(body: unknown) {
  const r = await generate(body);
  if (r.status !== 202) throw new Error(`generate -> ${r.status} ${JSON.stringify(r.body)}`);
  const report = await waitForReport(app.server, selfScope(user), r.body.id);
  if (report.status !== 'completed') throw new Error(`report failed: ${report.error}`);
  return report;
}
async function download(report: any, headers = selfScope(user)) {
  return app.server.inject({ method: 'GET', url: `/api/reports/${report.id}/download/`, headers });
}
const csvRows = (text: string) => text.trim().split('\r\n').map((l) => l.split(','));

test('generate answers 202 with a queued report record', async (t) => {
  const r = await generate({ kind: 'low_stock', format: 'csv' });
  t.is(r.status, 202);
  t.is(r.headers.location, `/api/reports/${r.body.id}/`);
  t.like(r.body, { kind: 'low_stock', format: 'csv', title: 'Low stock', download_url: null, profile_type: 'self' });
  // a free worker may have taken the job before the answer was written
  t.true(['queued', 'running'].includes(r.body.status), r.body.status);
  const done = await waitForReport(app.server, selfScope(user), r.body.id);
  t.is(done.status, 'completed');
  t.is(done.progress, 100);
  t.is(done.download_url, `http://127.0.0.1:8000/api/reports/${r.body.id}/download/`);
  t.truthy(done.expires_at);
  t.truthy(done.finished_at);
});

test('inventory valuation: quantity × unit cost per item, per inventory and in total', async (t) => {
  const report = await completed({ kind: 'inventory_valuation', format: 'csv' });
  // 6 × 2.50 + 4 × 4.00 = 31.00 in the main inventory; 1 × 10.00 + 4 × 1.25 = 15.00 in the annex
  t.is(report.summary.total_value, 46);
  t.is(report.summary.total_quantity, 15);
  t.deepEqual(report.summary.inventories.map((i: any) => [i.inventory_id, i.value, i.quantity, i.item_count]).sort(), [[fx.inv1.id, 31, 10, 2], [fx.inv2.id, 15, 5, 2]].sort());
  t.is(report.row_count, 4);
  const res = await download(report);
  t.is(res.statusCode, 200);
  t.regex(res.headers['content-type'] as string, /^text\/csv/);
  t.regex(res.headers['content-disposition'] as string, /attachment; filename="inventory_valuation-\d+\.csv"/);
  const rows = csvRows(res.payload);
  t.deepEqual(rows[0], ['Item', 'Inventory', 'Box', 'Product', 'Lot', 'Quantity', 'Unit', 'Unit cost', 'Value']);
  t.is(rows.length, 5);
  const i1 = rows.find((r) => r[0] === String(fx.i1.id))!;
  t.deepEqual(i1.slice(5), ['6', 'pcs', '2.50', '15.00']);
  const i4 = rows.find((r) => r[0] === String(fx.i4.id))!;
  t.deepEqual([i4[4], i4[8]], ['L2', '5.00']);
});

test('valuation of one inventory', async (t) => {
  const report = await completed({ kind: 'inventory_valuation', format: 'csv', filters: { inventory_id: fx.inv2.id } });
  t.is(report.summary.total_value, 15);
  t.is(report.row_count, 2);
});

test('low stock: items at or below their minimum, with the quantity that reaches the target', async (t) => {
  const report = await completed({ kind: 'low_stock', format: 'csv' });
  // i2: 12 − 4 = 8 at 4.00 = 32.00; i3 (no target): 2 − 1 = 1 at 10.00
  t.deepEqual(report.summary, { reorder_quantity: 9, reorder_cost: 42 });
  const rows = csvRows((await download(report)).payload);
  t.is(rows.length, 3);
  t.deepEqual(rows.slice(1).map((r) => [r[0], r[1], r[8], r[10]]), [[String(fx.i3.id), 'Acme', '1', '10.00'], [String(fx.i2.id), 'Bolt & Co', '8', '32.00']]);
});

test('stock movements over a period, from the ledger', async (t) => {
  const report = await completed({ kind: 'stock_movements', format: 'csv', filters: { period_start: new Date(Date.now() - 3600_000).toISOString() } });
  t.like(report.summary, { transaction_count: 6, in_quantity: 19, out_quantity: 4, moved_quantity: 0 });
  t.is(report.row_count, 6);
  const rows = csvRows((await download(report)).payload);
  t.is(rows[0][0], 'When');
  t.deepEqual(rows.slice(1).map((r) => r[8]).map(Number).sort((a, b) => a - b), [-4, 1, 1, 3, 4, 10]);
  // a period that ended before the fixture holds nothing
  const empty = await completed({ kind: 'stock_movements', format: 'csv', filters: { period_start: '2020-01-01', period_end: '2020-02-01' } });
  t.is(empty.row_count, 0);
  t.is(csvRows((await download(empty)).payload).length, 1);
  // only consumption
  const consumed = await completed({ kind: 'stock_movements', format: 'csv', filters: { kinds: ['consume'] } });
  t.like(consumed.summary, { transaction_count: 1, in_quantity: 0, out_quantity: 4 });
});

test('expiring soon: stocked items expiring within the days, expired ones too', async (t) => {
  const report = await completed({ kind: 'expiring_soon', format: 'csv', filters: { days: 30 } });
  t.deepEqual(report.summary, { expired_count: 1, quantity: 5, value: 15, days: 30 });
  const rows = csvRows((await download(report)).payload);
  t.deepEqual(rows.slice(1).map((r) => [r[0], r[6]]), [[String(fx.i4.id), '-1'], [String(fx.i3.id), '5']]);
  const within3 = await completed({ kind: 'expiring_soon', format: 'csv', filters: { days: 3 } });
  t.is(within3.row_count, 1);
});

test('a PDF is a real document: title, scope, filters, figures, chart and table text', async (t) => {
  const report = await completed({ kind: 'inventory_valuation', format: 'pdf', title: 'Quarterly valuation' });
  const res = await download(report);
  t.is(res.statusCode, 200);
  t.is(res.headers['content-type'], 'application/pdf');
  const buf = res.rawPayload;
  t.is(buf.subarray(0, 5).toString(), '%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(buf) });
  try {
    const { text } = await parser.getText();
    t.true(text.includes('Quarterly valuation'));
    t.true(text.includes(`personal (${user.email})`));
    t.true(text.includes('Filters: none'));
    t.true(text.includes('Total value: 46'));
    t.true(text.includes('Value by inventory')); // the chart's title, drawn as text
    t.true(text.includes(fx.p2.name));
    t.true(text.includes(fx.inv1.name));
  } finally {
    await parser.destroy();
  }
});

test('another user\'s report is 404 everywhere; no token is 401', async (t) => {
  const report = await completed({ kind: 'low_stock', format: 'csv' });
  t.is((await callApi(app.server, 'GET', `/api/reports/${report.id}/`, selfScope(other))).status, 404);
  t.is((await download(report, selfScope(other))).statusCode, 404);
  const list = await callApi(app.server, 'GET', '/api/reports/', selfScope(other));
  t.is(list.body.count, 0);
  t.is((await callApi(app.server, 'GET', `/api/reports/${report.id}/`, {})).status, 401);
  // nor can the other user report on this user's inventory
  const foreign = await generate({ kind: 'inventory_valuation', format: 'csv', filters: { inventory_id: fx.inv1.id } }, selfScope(other));
  t.is(foreign.status, 404);
  t.is(foreign.body.error.code, 'not_found');
});

test('bad input is 400 with the documented error body', async (t) => {
  const badKind = await generate({ kind: 'everything', format: 'csv' });
  t.is(badKind.status, 400);
  t.is(badKind.body.error.code, 'validation_error');
  t.is((await generate({ kind: 'low_stock', format: 'docx' })).status, 400);
  t.is((await generate({ kind: 'low_stock', format: 'csv', filters: { days: 3 } })).status, 400);
  const backwards = await generate({ kind: 'stock_movements', format: 'csv', filters: { period_start: '2026-02-01', period_end: '2026-01-01' } });
  t.is(backwards.status, 400);
  t.is(backwards.body.error.code, 'validation_error');
  t.is((await callApi(app.server, 'GET', '/api/reports/?status=bogus', selfScope(user))).status, 400);
});

test('a report not completed yet cannot be downloaded (409)', async (t) => {
  const { knex } = app.server.app.platform;
  const [row] = await knex('reports').insert({ kind: 'low_stock', format: 'csv', title: 'Stuck', status: 'running', progress: 40, owner_id: user.id, created_by: user.id }).returning('id');
  const res = await callApi(app.server, 'GET', `/api/reports/${row.id}/download/`, selfScope(user));
  t.is(res.status, 409);
  t.is(res.body.error.code, 'report_not_ready');
});

test('the reports app of /restqlapi lists the caller\'s reports only', async (t) => {
  const report = await completed({ kind: 'expiring_soon', format: 'csv' });
  const mine = await callApi(app.server, 'GET', '/restqlapi/reports/records/?model=report&page_size=100', selfScope(user));
  t.is(mine.status, 200);
  t.true(mine.body.results.some((r: any) => r.id === report.id && r.model === 'report'));
  t.is((await callApi(app.server, 'GET', '/restqlapi/reports/records/', selfScope(other))).body.count, 0);
});

test('progress and the finished job are pushed over /ws/notifications/ to the requester', async (t) => {
  const ws = connect(wsUrl(app.url, '/ws/notifications/', user.access));
  try {
    await new Promise((resolve, reject) => { ws.socket.once('open', resolve); ws.socket.once('error', reject); });
    const r = await generate({ kind: 'inventory_valuation', format: 'csv' });
    const running = await ws.next('report.progress', (m) => m.data.report_id === r.body.id && m.data.status === 'running');
    t.is(running.data.kind, 'inventory_valuation');
    const done = await ws.next('report.progress', (m) => m.data.report_id === r.body.id && m.data.status === 'completed');
    t.is(done.data.progress, 100);
    const job = await ws.next('job.completed', (m) => m.data.job_id === `reports-generate-${r.body.id}`);
    t.like(job.data.result, { report_id: r.body.id, status: 'completed', row_count: 4 });
  } finally {
    ws.close();
  }
});
