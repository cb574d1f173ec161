import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { buildTeam, buildTree, selfScope, teamScope } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';
import { sampleInvoice, ublXml, type InvoiceSpec } from '../../factories/invoices.js';
import { bulkStore, linesOf, owner, preview, stockSnapshot, type Owner } from '../helpers.js';

let app: TestApp;
// one sandboxed invoices child (pdf.js under tsx takes ~1 GB) so parallel test files fit in memory
test.before(async () => {
  app = await startApp({ workers: ['invoices', 'imports', 'inventory'], env: { MEDIA_CONCURRENCY: '1' } });
});
test.after.always(async () => app?.stop());

const xml = (spec: InvoiceSpec) => ({ filename: 'invoice.xml', data: Buffer.from(ublXml(spec)) });

async function previewed(o: Owner, spec = sampleInvoice(), family = 'Imported goods') {
  const res = await preview(app.server, o, xml(spec), family);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body;
}

test('all lines valid: one transaction creates the products in the family, receives the stock and applies the session', async (t) => {
  const o = await owner(app.server);
  const spec = sampleInvoice();
  const p = await previewed(o, spec, 'Tableware');
  const res = await bulkStore(app.server, o.headers, { session_id: p.session_id, product_family_name: 'Tableware', lines: linesOf(p) });
  t.is(res.status, 200, JSON.stringify(res.body));
  t.deepEqual(Object.keys(res.body).sort(), ['message', 'results', 'session_id', 'session_status', 'status', 'summary']);
  t.like(res.body, { status: 'success', session_id: p.session_id, session_status: 'applied' });
  t.deepEqual(res.body.summary, { total_lines: 3, processed_lines: 3, skipped_lines: 0, created_products: 3, existing_products: 0, created_inventory_items: 3, updated_inventory_items: 0 });
  t.is(res.body.results.length, 3);
  t.like(res.body.results[0], { line_number: 1, status: 'stored', product_name: 'Blue Ceramic Mug', product_created: true, inventory_item_created: true, quantity: 12, inventory_id: o.tree.inventory.id, storage_box_id: o.tree.box.id });

  const { knex } = app.server.app.platform;
  const family = await knex('product_families').where({ owner_id: o.user.id, name: 'Tableware' }).first();
  t.truthy(family);
  const products = await knex('products').whereIn('id', res.body.results.map((r: { product_id: number }) => r.product_id)).orderBy('id');
  t.true(products.every((pr: { family_id: number; supplier: string }) => pr.family_id === family.id && pr.supplier === 'Northwind Traders GmbH'));
  // the printed SKU became the new product's variant, so the next invoice matches it
  t.is((await knex('product_variants').where({ product_id: products[0].id }).first()).sku, 'MUG-BLUE-01');
  const item = await knex('inventory_items').where({ id: res.body.results[0].inventory_item_id }).first();
  t.is(item.quantity, 12);
  const tx = await knex('inventory_transactions').where({ source_type: 'invoice_session', source_id: String(p.session_id) });
  t.is(tx.length, 1);
  t.is(tx[0].kind, 'import');

  const session = await callApi(app.server, 'GET', `/api/invoice-import/sessions/${p.session_id}/`, o.headers);
  t.like(session.body, { status: 'applied', last_step: 'bulk-store', error_payload: {} });
  t.deepEqual(session.body.result_payload.summary, res.body.summary);
  t.is(session.body.bulk_lines.length, 3);

  // the same invoice again: the preview says it repeats the applied session, and the
  // store needs confirm_duplicate (without it: 409, nothing written, session untouched)
  const again = await previewed(o, spec);
  t.true(again.lines.every((l: { action: string; match: { method: string } }) => l.action === 'use_existing_product' && l.match.method === 'sku'));
  t.like(again.duplicate_of, { session_id: p.session_id, session_status: 'applied', match: 'document' });
  const refused = await bulkStore(app.server, o.headers, { session_id: again.session_id, lines: linesOf(again).slice(0, 2) });
  t.is(refused.status, 409, JSON.stringify(refused.body));
  t.is(refused.body.error.code, 'duplicate_invoice');
  t.like(refused.body.duplicate_of, { session_id: p.session_id });
  t.is((await knex('inventory_items').where({ id: res.body.results[0].inventory_item_id }).first()).quantity, 12);
  t.is((await callApi(app.server, 'GET', `/api/invoice-import/sessions/${again.session_id}/`, o.headers)).body.status, 'previewed');
  // existing products (matched at preview) and increased items once confirmed
  const res2 = await bulkStore(app.server, o.headers, { session_id: again.session_id, lines: linesOf(again).slice(0, 2), confirm_duplicate: true });
  t.is(res2.status, 200, JSON.stringify(res2.body));
  t.deepEqual(res2.body.summary, { total_lines: 3, processed_lines: 2, skipped_lines: 1, created_products: 0, existing_products: 2, created_inventory_items: 0, updated_inventory_items: 2 });
  t.is((await knex('inventory_items').where({ id: res.body.results[0].inventory_item_id }).first()).quantity, 24);
});

test('a line without product_id uses the product of that name in the scope, or creates it', async (t) => {
  const o = await owner(app.server);
  const p = await previewed(o, sampleInvoice({ lines: [{ description: 'Widget', quantity: 2, unitPrice: 1 }, { description: 'Gizmo', quantity: 1, unitPrice: 1 }] }));
  const res = await bulkStore(app.server, o.headers, {
    session_id: p.session_id,
    product_family_name: 'Gadgets',
    lines: [
      { line_number: 1, product_id: null, product_name: o.tree.product.name.toUpperCase(), selected_quantity: '2', inventory_id: o.tree.inventory.id, storage_box_id: o.tree.box2.id },
      { line_number: 2, product_name: 'Gizmo', selected_quantity: '1' },
    ],
  });
  t.is(res.status, 200, JSON.stringify(res.body));
  t.like(res.body.results[0], { product_id: o.tree.product.id, product_created: false, storage_box_id: o.tree.box2.id });
  t.like(res.body.results[1], { product_name: 'Gizmo', product_created: true, storage_box_id: o.tree.box.id, inventory_id: o.tree.inventory.id });
  t.like(res.body.summary, { created_products: 1, existing_products: 1 });
});

test('any invalid line aborts the whole store: status error, errors per line, session failed, nothing written; retry works', async (t) => {
  const o = await owner(app.server);
  const other = await buildUser(app.server);
  const theirs = await buildTree(app.server, other, selfScope(other));
  const secondTree = await buildTree(app.server, o.user, o.headers);
  const p = await previewed(o);
  const before = await stockSnapshot(app.server, o.user.id);
  const base = linesOf(p);
  const bad = [
    { ...base[0], selected_quantity: '2.5' },
    { ...base[1], product_id: theirs.product.id },
    { ...base[2], storage_box_id: secondTree.box.id },
    { line_number: 9, product_name: 'Ghost', selected_quantity: 'abc' },
    { ...base[0], line_number: 2, selected_quantity: '0' },
    { ...base[0], line_number: 0 },
  ];
  const res = await bulkStore(app.server, o.headers, { session_id: p.session_id, lines: bad });
  t.is(res.status, 400);
  t.is(res.body.status, 'error');
  t.regex(res.body.message, /aborted/i);
  t.regex(res.body.message, /nothing was written/i);
  const errs = res.body.errors.map((e: { line_number: number; field: string }) => `${e.line_number}:${e.field}`);
  t.true(errs.includes('1:selected_quantity'), errs.join());
  t.true(errs.includes('2:product_id'), errs.join());
  t.true(errs.includes('3:storage_box_id'), errs.join());
  t.true(errs.includes('9:line_number'), errs.join());
  t.true(errs.includes('9:selected_quantity'), errs.join());
  t.true(errs.includes('2:line_number'), 'a line number twice is an error');
  t.true(errs.includes('2:selected_quantity'), '0 is not > 0');
  t.true(errs.includes('0:line_number'), 'an integer that is no line is echoed as sent, not as its entry (6)');
  for (const e of res.body.errors) t.true(typeof e.line_number === 'number' && typeof e.field === 'string' && typeof e.message === 'string' && e.message.length > 0);

  t.deepEqual(await stockSnapshot(app.server, o.user.id), before, 'no inventory row changed');
  const session = (await callApi(app.server, 'GET', `/api/invoice-import/sessions/${p.session_id}/`, o.headers)).body;
  t.is(session.status, 'failed');
  t.is(session.last_step, 'bulk-store');
  t.is(session.error_payload.message, res.body.message);
  t.deepEqual(session.error_payload.errors, res.body.errors);
  t.deepEqual(session.result_payload, {});

  // a failed session is retried with corrected lines
  const retry = await bulkStore(app.server, o.headers, { session_id: p.session_id, lines: base });
  t.is(retry.status, 200, JSON.stringify(retry.body));
  t.is(retry.body.session_status, 'applied');
  const after = (await callApi(app.server, 'GET', `/api/invoice-import/sessions/${p.session_id}/`, o.headers)).body;
  t.like(after, { status: 'applied', error_payload: {}, attempts: 2 });
});

test('selected_quantity must be a string holding a whole number above zero', async (t) => {
  const o = await owner(app.server);
  const p = await previewed(o);
  const before = await stockSnapshot(app.server, o.user.id);
  for (const q of ['1.0', '-3', ' ', 'ten', '1e3', '0', 2.5, null, true]) {
    const res = await bulkStore(app.server, o.headers, { session_id: p.session_id, lines: [{ ...linesOf(p)[0], selected_quantity: q }] });
    t.is(res.status, 400, `${JSON.stringify(q)}: ${JSON.stringify(res.body)}`);
    t.deepEqual(res.body.errors.map((e: { field: string }) => e.field), ['selected_quantity'], JSON.stringify(q));
  }
  t.deepEqual(await stockSnapshot(app.server, o.user.id), before);
  const ok = await bulkStore(app.server, o.headers, { session_id: p.session_id, lines: [{ ...linesOf(p)[0], selected_quantity: ' 7 ' }] });
  t.is(ok.status, 200);
  t.is(ok.body.results[0].quantity, 7);
});

test('an applied session is never written twice: 409 with the stored result', async (t) => {
  const o = await owner(app.server);
  const p = await previewed(o);
  const first = await bulkStore(app.server, o.headers, { session_id: p.session_id, lines: linesOf(p) });
  t.is(first.status, 200);
  const snapshot = await stockSnapshot(app.server, o.user.id);
  const replay = await bulkStore(app.server, o.headers, { session_id: p.session_id, lines: linesOf(p) });
  t.is(replay.status, 409);
  t.is(replay.body.error.code, 'session_already_applied');
  t.is(replay.body.session_status, 'applied');
  t.deepEqual(replay.body.results, first.body.results);
  t.deepEqual(replay.body.summary, first.body.summary);
  // even with invalid lines: the applied state wins and nothing changes
  const invalid = await bulkStore(app.server, o.headers, { session_id: p.session_id, lines: [{ line_number: 1, selected_quantity: 'x' }] });
  t.is(invalid.status, 409);
  t.deepEqual(await stockSnapshot(app.server, o.user.id), snapshot);
  t.is((await callApi(app.server, 'GET', `/api/invoice-import/sessions/${p.session_id}/`, o.headers)).body.status, 'applied');
});

test('two concurrent bulk stores of one session: exactly one applies', async (t) => {
  const o = await owner(app.server);
  const p = await previewed(o);
  const body = { session_id: p.session_id, lines: linesOf(p) };
  const results = await Promise.all(Array.from({ length: 4 }, () => bulkStore(app.server, o.headers, body)));
  const codes = results.map((r) => r.status).sort();
  t.deepEqual(codes, [200, 409, 409, 409], JSON.stringify(results.map((r) => r.body)));
  const { knex } = app.server.app.platform;
  t.is((await knex('inventory_transactions').where({ source_type: 'invoice_session', source_id: String(p.session_id) })).length, 1);
  const items = await knex('inventory_items').where({ owner_id: o.user.id, storage_box_id: o.tree.box.id });
  t.deepEqual(items.map((i: { quantity: number }) => i.quantity).sort((a: number, b: number) => a - b), [3, 5, 12]);
});

test('request shape errors are 400 before anything runs; unknown or foreign sessions are 404', async (t) => {
  const o = await owner(app.server);
  const p = await previewed(o);
  const noLines = await bulkStore(app.server, o.headers, { session_id: p.session_id, lines: [] });
  t.is(noLines.status, 400);
  t.is(noLines.body.error.code, 'validation_error');
  t.is((await bulkStore(app.server, o.headers, { lines: linesOf(p) })).status, 400);
  t.is((await bulkStore(app.server, o.headers, { session_id: 'x', lines: linesOf(p) })).status, 400);
  t.is((await bulkStore(app.server, o.headers, { session_id: p.session_id, lines: 'all' })).status, 400);
  t.is((await callApi(app.server, 'GET', `/api/invoice-import/sessions/${p.session_id}/`, o.headers)).body.status, 'previewed', 'untouched');

  t.is((await bulkStore(app.server, o.headers, { session_id: 2147483000, lines: linesOf(p) })).status, 404);
  const stranger = await buildUser(app.server);
  const foreign = await bulkStore(app.server, selfScope(stranger), { session_id: p.session_id, lines: linesOf(p) });
  t.is(foreign.status, 404);
  t.is((await callApi(app.server, 'GET', `/api/invoice-import/sessions/${p.session_id}/`, o.headers)).body.status, 'previewed');
});

test('team scope: a team session uses the team\'s stock and is invisible from self scope', async (t) => {
  const lead = await buildUser(app.server);
  const member = await buildUser(app.server);
  const teamId = await buildTeam(app.server, lead, [member]);
  const teamHeaders = teamScope(member, teamId);
  const tree = await buildTree(app.server, member, teamHeaders, teamId);
  const o: Owner = { user: member, headers: teamHeaders, tree };
  const p = await previewed(o);
  const row = await app.server.app.platform.knex('invoice_import_sessions').where({ id: p.session_id }).first();
  t.like(row, { profile_type: 'team', team_id: teamId, owner_id: null });
  t.is((await callApi(app.server, 'GET', `/api/invoice-import/sessions/${p.session_id}/`, selfScope(member))).status, 404);
  t.is((await bulkStore(app.server, selfScope(member), { session_id: p.session_id, lines: linesOf(p) })).status, 404);
  const leadView = await callApi(app.server, 'GET', `/api/invoice-import/sessions/${p.session_id}/`, teamScope(lead, teamId));
  t.like(leadView.body, { profile_type: 'team', team_id: teamId });
  const res = await bulkStore(app.server, teamScope(lead, teamId), { session_id: p.session_id, lines: linesOf(p) });
  t.is(res.status, 200, JSON.stringify(res.body));
  const items = await app.server.app.platform.knex('inventory_items').whereIn('id', res.body.results.map((r: { inventory_item_id: number }) => r.inventory_item_id));
  t.true(items.every((i: { team_id: number; owner_id: string | null }) => i.team_id === teamId && i.owner_id === null));
});
