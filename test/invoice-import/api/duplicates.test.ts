// Duplicate invoices and non-stock lines (issue 9 item 14, issue 13): a preview names
// the earlier session of the scope holding the same document or the same invoice, a
// bulk store of an invoice already applied needs confirm_duplicate, and fee, levy,
// shipping and discount lines are marked non-stock and received only when asked.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { callApi } from '../../helpers/http.js';
import { invoiceCsv, sampleInvoice, ublXml, type InvoiceSpec } from '../../factories/invoices.js';
import { bulkStore, linesOf, owner, preview, stockSnapshot, type Owner } from '../helpers.js';
import { sameInvoice, vendorKey } from '../../../domain/invoice-import/duplicates.js';
import { nonStockKind } from '../../../workers/invoice/text/non-stock.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: ['invoices', 'imports', 'inventory'], env: { MEDIA_CONCURRENCY: '1' } });
});
test.after.always(async () => app?.stop());

const xml = (spec: InvoiceSpec) => ({ filename: 'invoice.xml', data: Buffer.from(ublXml(spec)) });
const csv = (spec: InvoiceSpec) => ({ filename: 'invoice.csv', data: Buffer.from(invoiceCsv(spec)) });

async function previewed(o: Owner, file: { filename: string; data: Buffer }) {
  const res = await preview(app.server, o, file);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body;
}

test('the same file again: the preview names the applied session; storing it needs confirm_duplicate', async (t) => {
  const o = await owner(app.server);
  const spec = sampleInvoice();
  const first = await previewed(o, xml(spec));
  t.is(first.duplicate_of, null);
  t.is((await bulkStore(app.server, o.headers, { session_id: first.session_id, lines: linesOf(first) })).status, 200);
  const before = await stockSnapshot(app.server, o.user.id);

  const again = await previewed(o, xml(spec));
  t.like(again.duplicate_of, { session_id: first.session_id, session_status: 'applied', match: 'document', matched_on: [] });
  t.regex(again.message, /already stored in session .*needs confirm_duplicate/);
  const refused = await bulkStore(app.server, o.headers, { session_id: again.session_id, lines: linesOf(again) });
  t.is(refused.status, 409);
  t.like(refused.body, { status: 'error', session_id: again.session_id, session_status: 'previewed', error: { code: 'duplicate_invoice' } });
  t.deepEqual(await stockSnapshot(app.server, o.user.id), before, 'nothing written');
  // the stored session shows it too, and a non-boolean confirmation is a 400
  t.like((await callApi(app.server, 'GET', `/api/invoice-import/sessions/${again.session_id}/`, o.headers)).body, { status: 'previewed', duplicate_of: { session_id: first.session_id } });
  t.is((await bulkStore(app.server, o.headers, { session_id: again.session_id, lines: linesOf(again), confirm_duplicate: 'perhaps' })).status, 400);

  const confirmed = await bulkStore(app.server, o.headers, { session_id: again.session_id, lines: linesOf(again), confirm_duplicate: true });
  t.is(confirmed.status, 200, JSON.stringify(confirmed.body));
  t.is(confirmed.body.summary.updated_inventory_items, 3);
});

test('a document previewed twice but never stored: the second preview says so, and storing it needs no confirmation', async (t) => {
  const o = await owner(app.server);
  const spec = sampleInvoice();
  const first = await previewed(o, xml(spec));
  const again = await previewed(o, xml(spec));
  t.like(again.duplicate_of, { session_id: first.session_id, session_status: 'previewed' });
  t.regex(again.message, /already previewed in session .*not stored/);
  t.notRegex(again.message, /confirm_duplicate/);
  t.is((await bulkStore(app.server, o.headers, { session_id: again.session_id, lines: linesOf(again) })).status, 200);
});

test('the same invoice in another file (a second photo, an export) is found by what it says', async (t) => {
  const o = await owner(app.server);
  const spec = sampleInvoice();
  const first = await previewed(o, xml(spec));
  t.is((await bulkStore(app.server, o.headers, { session_id: first.session_id, lines: linesOf(first) })).status, 200);
  const other = await previewed(o, csv(spec));
  t.like(other.duplicate_of, { session_id: first.session_id, match: 'content', matched_on: ['vendor_name', 'invoice_number'] });
  t.is((await bulkStore(app.server, o.headers, { session_id: other.session_id, lines: linesOf(other) })).status, 409);

  // another invoice of the same supplier, day and amount but its own number is not a duplicate
  const next = await previewed(o, xml({ ...spec, number: `${spec.number}-2` }));
  t.is(next.duplicate_of, null);
  t.is((await bulkStore(app.server, o.headers, { session_id: next.session_id, lines: linesOf(next) })).status, 200);
});

test('duplicates are per scope: another user importing the same file is not refused', async (t) => {
  const a = await owner(app.server);
  const b = await owner(app.server);
  const spec = sampleInvoice();
  const pa = await previewed(a, xml(spec));
  t.is((await bulkStore(app.server, a.headers, { session_id: pa.session_id, lines: linesOf(pa) })).status, 200);
  const pb = await previewed(b, xml(spec));
  t.is(pb.duplicate_of, null);
  t.is((await bulkStore(app.server, b.headers, { session_id: pb.session_id, lines: linesOf(pb) })).status, 200);
});

test('two copies stored at the same moment: exactly one applies, the other is refused as a duplicate', async (t) => {
  const o = await owner(app.server);
  const spec = sampleInvoice();
  const p1 = await previewed(o, xml(spec));
  const p2 = await previewed(o, csv(spec));
  const [r1, r2] = await Promise.all([
    bulkStore(app.server, o.headers, { session_id: p1.session_id, lines: linesOf(p1) }),
    bulkStore(app.server, o.headers, { session_id: p2.session_id, lines: linesOf(p2) }),
  ]);
  t.deepEqual([r1.status, r2.status].sort(), [200, 409]);
  t.is([r1, r2].find((r) => r.status === 409)!.body.error.code, 'duplicate_invoice');
});

test('fee, levy, shipping and discount lines are not stock: marked at preview, received only when asked', async (t) => {
  const o = await owner(app.server);
  const spec = sampleInvoice({
    lines: [
      { description: 'Blue Ceramic Mug', quantity: 2, unitPrice: 4.5, sku: 'MUG-NS-1' },
      { description: 'Thuiskopieheffing (copying levy)', quantity: 1, unitPrice: 0.12 },
      { description: 'Shipping and handling', quantity: 1, unitPrice: 5.95 },
      { description: 'Loyalty discount', quantity: 1, unitPrice: -2 },
    ],
  });
  const p = await previewed(o, xml(spec));
  t.deepEqual(p.lines.map((l: { status: string }) => l.status), ['ready', 'non_stock', 'non_stock', 'non_stock']);
  t.deepEqual(p.lines.map((l: { non_stock_kind: string | null }) => l.non_stock_kind), [null, 'levy', 'shipping', 'discount']);
  t.false(p.lines[1].stock);
  t.like(p.summary, { total_lines: 4, ready_to_apply: 1, needs_review: 3 });
  t.regex(p.message, /3 line\(s\) not stock/);

  // sending a non-stock line without saying so aborts the store (all or nothing)
  const lines = linesOf(p);
  const refused = await bulkStore(app.server, o.headers, { session_id: p.session_id, lines: lines.slice(0, 3) });
  t.is(refused.status, 400);
  t.deepEqual(refused.body.errors.map((e: { line_number: number; field: string }) => [e.line_number, e.field]), [[2, 'receive_non_stock'], [3, 'receive_non_stock']]);
  // the goods alone store; a fee asked for explicitly is received too
  const stored = await bulkStore(app.server, o.headers, { session_id: p.session_id, lines: [lines[0], { ...lines[2], receive_non_stock: true }] });
  t.is(stored.status, 200, JSON.stringify(stored.body));
  t.is(stored.body.summary.processed_lines, 2);
});

test('the preview lists header fields to review: missing ones and those below the threshold', async (t) => {
  const o = await owner(app.server);
  const p = await previewed(o, xml(sampleInvoice()));
  t.is(p.invoice.review_threshold, 0.9);
  t.deepEqual(p.invoice.needs_review, [], 'an e-invoice is exact');
  const c = await previewed(o, csv(sampleInvoice()));
  for (const f of c.invoice.needs_review) t.true(c.invoice[f] === null || c.invoice.confidence[f] < 0.9, f);
  for (const f of ['vendor_name', 'invoice_number', 'invoice_date', 'currency', 'total_amount']) {
    if (!c.invoice.needs_review.includes(f)) t.true(c.invoice.confidence[f] >= 0.9, f);
  }
});

test('duplicate rules: similar sellers (OCR slips), numbers that differ, legal forms', (t) => {
  t.is(vendorKey('Acme B.V.'), 'acme');
  t.is(vendorKey('UNIHAKKA INTERNATIONAL SDN BHD'), 'unihakkainternational');
  const base = { vendor_name: 'UNIHAKKA INTERNATIONAL SDN BHD', invoice_number: null, invoice_date: '2018-03-05', total_amount: 8.2 };
  t.deepEqual(sameInvoice(base, { ...base, vendor_name: 'UNIHAKKA INTERNATLONAL SDN BHD' }), ['vendor_name', 'invoice_date', 'total_amount']);
  t.is(sameInvoice(base, { ...base, total_amount: 8.3 }), null);
  t.is(sameInvoice({ ...base, invoice_number: 'A-1' }, { ...base, invoice_number: 'A-2' }), null);
  t.deepEqual(sameInvoice({ ...base, invoice_number: 'A-1' }, { ...base, invoice_number: 'a-1', invoice_date: null }), ['vendor_name', 'invoice_number']);
  t.deepEqual(sameInvoice({ ...base, vendor_name: null, invoice_number: 'R77' }, { ...base, vendor_name: 'Someone', invoice_number: 'R77' }), ['invoice_number', 'invoice_date', 'total_amount']);
  t.is(sameInvoice({ ...base, vendor_name: 'Shop A' }, { ...base, vendor_name: 'Completely Different' }), null);
});

test('non-stock words in several languages, and negative lines', (t) => {
  const line = (description: string, total = 1) => ({ description: { value: description, confidence: 1 }, line_total: { value: total, confidence: 1 }, unit_price: { value: null, confidence: 0 } });
  t.is(nonStockKind(line('Versandkosten')), 'shipping');
  t.is(nonStockKind(line('Frais de port')), 'shipping');
  t.is(nonStockKind(line('Pfand 0,25')), 'deposit');
  t.is(nonStockKind(line('Statiegeld krat')), 'deposit');
  t.is(nonStockKind(line('Recupel bijdrage')), 'levy');
  t.is(nonStockKind(line('Rounding adjustment')), 'rounding');
  t.is(nonStockKind(line('Service charge 10%')), 'service_charge');
  t.is(nonStockKind(line('Card surcharge')), 'fee');
  t.is(nonStockKind(line('Coffee beans 1kg')), null);
  t.is(nonStockKind(line('Delivery van toy')), null);
  t.is(nonStockKind(line('Anything', -3)), 'discount');
});
