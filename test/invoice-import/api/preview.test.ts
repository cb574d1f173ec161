import test from 'ava';
import sharp from 'sharp';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { buildTree, selfScope } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';
import { ciiXml, invoiceCsv, invoicePng, sampleInvoice, scannedPdf, textPdf, total, ublXml } from '../../factories/invoices.js';
import { owner, preview, upload } from '../helpers.js';

let app: TestApp;
// one sandboxed invoices child (pdf.js under tsx takes ~1 GB) so parallel test files fit in memory
test.before(async () => {
  app = await startApp({ workers: ['invoices', 'imports'], env: { INVOICE_MAX_BYTES: String(3 * 1024 * 1024), MEDIA_CONCURRENCY: '1' } });
});
test.after.always(async () => app?.stop());

const PREVIEW_KEYS = ['status', 'mode', 'message', 'session_id', 'session_status', 'invoice', 'inventory_id', 'inventory_name', 'storage_id', 'storage_box_id', 'storage_box_name', 'storage_name', 'product_family_name', 'lines', 'summary'];

test('a text PDF becomes a previewed session with the spec\'s preview body', async (t) => {
  const o = await owner(app.server);
  const spec = sampleInvoice();
  const res = await preview(app.server, o, { filename: 'northwind.pdf', data: await textPdf(spec) }, 'Kitchen');
  t.is(res.status, 200, JSON.stringify(res.body));
  const b = res.body;
  for (const k of PREVIEW_KEYS) t.true(k in b, `missing ${k}`);
  t.is(b.status, 'success');
  t.is(b.mode, 'preview');
  t.is(b.session_status, 'previewed');
  t.is(typeof b.session_id, 'number');
  t.like(b.invoice, { vendor_name: spec.vendor, invoice_number: spec.number, invoice_date: spec.date, currency: 'EUR', total_amount: total(spec) });
  t.true(b.invoice.confidence.invoice_number > 0.5);
  t.like(b, {
    inventory_id: o.tree.inventory.id,
    inventory_name: o.tree.inventory.name,
    storage_id: o.tree.storage.id,
    storage_name: o.tree.storage.name,
    storage_box_id: o.tree.box.id,
    storage_box_name: o.tree.box.name,
    product_family_name: 'Kitchen',
  });
  t.is(b.lines.length, 3);
  t.like(b.lines[0], { line_number: 1, description: 'Blue Ceramic Mug', quantity: 12, unit_price: 4.5, line_total: 54, sku: 'MUG-BLUE-01', status: 'ready', selected_quantity: '12', action: 'create_product', product_id: null, product_name: 'Blue Ceramic Mug' });
  t.deepEqual(b.summary, { total_lines: 3, ready_to_apply: 3, needs_review: 0 });
  t.is(b.extraction.format, 'pdf-text');

  // stored server-side, with the source file
  const row = await app.server.app.platform.knex('invoice_import_sessions').where({ id: b.session_id }).first();
  t.is(row.status, 'previewed');
  t.is(row.profile_type, 'self');
  t.is(row.team_id, null);
  t.is(row.owner_id, o.user.id);
  t.deepEqual(row.source_files.map((f: { name: string; content_type: string }) => [f.name, f.content_type]), [['northwind.pdf', 'application/pdf']]);
  t.true(row.source_files[0].size > 500);
});

test('lines are matched by barcode, then SKU, then name similarity, each ready or needing review with the reason', async (t) => {
  const o = await owner(app.server);
  const { knex } = app.server.app.platform;
  const mk = async (name: string, variant?: { sku?: string; barcode?: string }) => {
    const [p] = await knex('products').insert({ name, owner_id: o.user.id, created_by: o.user.id }).returning(['id', 'name']);
    if (variant) await knex('product_variants').insert({ product_id: p.id, sku: variant.sku ?? '', barcode: variant.barcode ?? '', owner_id: o.user.id });
    return p;
  };
  const byBarcode = await mk('Mug (blue)', { barcode: '4006381333931' });
  const bySku = await mk('Teapot steel', { sku: 'tea-steel-02' });
  const byName = await mk('Bamboo Coaster Set');
  const weak = await mk('Cotton Napkins Pack');
  const spec = sampleInvoice({
    lines: [
      { description: 'Blue Ceramic Mug', quantity: 2, unitPrice: 4.5, sku: 'MUG-X', barcode: '4006381333931' },
      { description: 'Stainless Steel Teapot', quantity: 1, unitPrice: 29.9, sku: 'TEA-STEEL-02' },
      { description: 'Bamboo Coaster Set', quantity: 4, unitPrice: 7.25 },
      { description: 'Cotton Napkin Packs', quantity: 1, unitPrice: 3.1 },
      { description: 'Brand New Gadget', quantity: 1.5, unitPrice: 10 },
    ],
  });
  const res = await preview(app.server, o, { filename: 'inv.xml', data: Buffer.from(ublXml(spec)) });
  t.is(res.status, 200, JSON.stringify(res.body));
  const [l1, l2, l3, l4, l5] = res.body.lines;
  t.like(l1, { match: { product_id: byBarcode.id, method: 'barcode', score: 1 }, product_id: byBarcode.id, action: 'use_existing_product', status: 'ready', barcode: '4006381333931' });
  t.like(l2, { match: { product_id: bySku.id, method: 'sku' }, status: 'ready' });
  t.like(l3, { match: { product_id: byName.id, method: 'name', score: 1 }, status: 'ready' });
  t.like(l4, { match: { product_id: weak.id, method: 'name' }, status: 'needs_review', reasons: ['weak_name_match'] });
  t.regex(l4.reason, /similar name/);
  t.like(l5, { match: null, action: 'create_product', status: 'needs_review', reasons: ['quantity_not_whole'], selected_quantity: null });
  t.deepEqual(res.body.summary, { total_lines: 5, ready_to_apply: 3, needs_review: 2 });

  // another scope's products are never matched
  const stranger = await owner(app.server);
  const res2 = await preview(app.server, stranger, { filename: 'inv.xml', data: Buffer.from(ublXml(spec)) });
  t.true(res2.body.lines.every((l: { match: unknown }) => l.match === null));
});

test('photos (PNG, JPEG) and scanned PDFs are read by OCR', async (t) => {
  const o = await owner(app.server);
  const spec = sampleInvoice();
  for (const [name, data, format] of [
    ['photo.png', await invoicePng(spec), 'image'],
    ['photo.jpg', await invoicePng(spec, { format: 'jpeg' }), 'image'],
    ['scan.pdf', await scannedPdf(spec), 'pdf-scan'],
  ] as const) {
    const res = await preview(app.server, o, { filename: name, data });
    t.is(res.status, 200, `${name}: ${JSON.stringify(res.body)}`);
    t.is(res.body.extraction.format, format, name);
    t.like(res.body.invoice, { vendor_name: spec.vendor, invoice_number: spec.number, invoice_date: spec.date, currency: 'EUR' }, name);
    t.deepEqual(res.body.lines.map((l: { description: string; quantity: number }) => [l.description, l.quantity]), spec.lines.map((l) => [l.description, l.quantity]), name);
    t.true(res.body.invoice.confidence.vendor_name < 0.99, 'OCR values are not exact');
    // the total sits under a bare label, but its item lines add up to it: sure, and the photo is read once
    t.is(res.body.invoice.total_amount, spec.lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0), name);
    t.true(res.body.invoice.confidence.total_amount >= 0.9, `${name}: ${res.body.invoice.confidence.total_amount}`);
    if (format === 'image') t.false((res.body.extraction.warnings as string[]).some((w) => /another OCR engine/.test(w)), `${name}: ${JSON.stringify(res.body.extraction.warnings)}`);
  }
});

test('structured e-invoices: UBL 2.1, CII, CSV, and a Factur-X PDF whose embedded XML wins over the printed text', async (t) => {
  const o = await owner(app.server);
  const spec = sampleInvoice({ lines: [{ description: 'Oak Shelf Board', quantity: 6, unitPrice: 12.5, sku: 'OAK-6', barcode: '4006381333931', unit: 'C62' }] });
  const facturx = await textPdf({ ...spec, number: 'PRINTED-NUMBER-1', vendor: 'Printed Name Ltd' }, { attach: { name: 'factur-x.xml', data: Buffer.from(ciiXml(spec)) } });
  for (const [name, data, format] of [
    ['inv.xml', Buffer.from(ublXml(spec)), 'ubl'],
    ['cii.xml', Buffer.from(ciiXml(spec)), 'cii'],
    ['export.csv', Buffer.from(invoiceCsv(spec, ';')), 'csv'],
    ['facturx.pdf', facturx, 'facturx'],
  ] as const) {
    const res = await preview(app.server, o, { filename: name, data });
    t.is(res.status, 200, `${name}: ${JSON.stringify(res.body)}`);
    t.is(res.body.extraction.format, format, name);
    t.like(res.body.invoice, { vendor_name: spec.vendor, invoice_number: spec.number, invoice_date: '2024-03-15', currency: 'EUR' }, name);
    t.like(res.body.lines[0], { description: 'Oak Shelf Board', quantity: 6, unit_price: 12.5, line_total: 75, sku: 'OAK-6' }, name);
    if (format !== 'csv') t.is(res.body.lines[0].barcode, '4006381333931', name);
  }
});

test('documents that cannot be read are a clear 400/422, never a 500', async (t) => {
  const o = await owner(app.server);
  const fields = { inventory_id: o.tree.inventory.id, storage_box_id: o.tree.box.id };
  const spec = sampleInvoice();

  const missing = await upload(app.server, o.headers, null, fields);
  t.is(missing.status, 400);
  t.is(missing.body.error.details[0].path, 'document');

  const boundary = 'twodocs';
  const part = (name: string, value: string, file?: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: text/csv` : ''}\r\n\r\n${value}\r\n`;
  const csvText = 'description,quantity,unit_price\nBolt,1,2.00\n';
  const two = `${part('document', csvText, 'a.csv')}${part('document', csvText, 'b.csv')}${part('inventory_id', String(fields.inventory_id))}${part('storage_box_id', String(fields.storage_box_id))}--${boundary}--\r\n`;
  const twice = await callApi(app.server, 'POST', '/api/invoice-import/preview/', { ...o.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, two);
  t.is(twice.status, 400, JSON.stringify(twice.body));
  t.is(twice.body.error.code, 'too_many_documents');

  const empty = await upload(app.server, o.headers, { filename: 'empty.pdf', data: Buffer.alloc(0) }, fields);
  t.is(empty.status, 400);
  t.is(empty.body.error.code, 'empty_file');

  const wrong = await upload(app.server, o.headers, { filename: 'notes.txt', data: Buffer.from('just some words\nand nothing else') }, fields);
  t.is(wrong.status, 400);
  t.is(wrong.body.error.code, 'unsupported_document_type');
  const zip = await upload(app.server, o.headers, { filename: 'x.pdf', data: Buffer.from('PK\u0003\u0004 not a pdf at all') }, fields);
  t.is(zip.status, 400);

  const big = await upload(app.server, o.headers, { filename: 'big.pdf', data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024 + 10, 32)]) }, fields);
  t.is(big.status, 400);
  t.is(big.body.error.code, 'document_too_large');

  const encrypted = await upload(app.server, o.headers, { filename: 'locked.pdf', data: await textPdf(spec, { userPassword: 'secret' }) }, fields);
  t.is(encrypted.status, 422);
  t.is(encrypted.body.error.code, 'document_encrypted');

  const corrupt = await upload(app.server, o.headers, { filename: 'broken.pdf', data: Buffer.from('%PDF-1.7\n1 0 obj <<>> garbage') }, fields);
  t.is(corrupt.status, 422);
  t.regex(corrupt.body.error.code, /^document_(corrupt|empty)$/);

  const notInvoiceXml = await upload(app.server, o.headers, { filename: 'feed.xml', data: Buffer.from('<?xml version="1.0"?><rss><channel/></rss>') }, fields);
  t.is(notInvoiceXml.status, 400, 'one code, one status: the same as a type refused at upload');
  t.is(notInvoiceXml.body.error.code, 'unsupported_document_type');
  const withDtd = await upload(app.server, o.headers, { filename: 'x.xml', data: Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Invoice>&a;</Invoice>') }, fields);
  t.is(withDtd.status, 400);
  t.is(withDtd.body.error.code, 'unsupported_document_type');

  const white = await sharp({ create: { width: 800, height: 1100, channels: 3, background: 'white' } }).png().toBuffer();
  const blank = await upload(app.server, o.headers, { filename: 'blank.png', data: white }, fields);
  t.is(blank.status, 422);
  t.is(blank.body.error.code, 'document_empty');

  const json = await callApi(app.server, 'POST', '/api/invoice-import/preview/', o.headers, { inventory_id: 1 });
  t.is(json.status, 400);

  // nothing was stored as a session for any of them
  const [{ n }] = await app.server.app.platform.knex('invoice_import_sessions').where({ owner_id: o.user.id }).count({ n: '*' });
  t.is(Number(n), 0);
});

test('inventory and box must be in the caller\'s scope (404) and the box in that inventory (400)', async (t) => {
  const o = await owner(app.server);
  const other = await buildUser(app.server);
  const theirs = await buildTree(app.server, other, selfScope(other));
  const pdf = { filename: 'a.pdf', data: await textPdf(sampleInvoice()) };
  const foreignInventory = await upload(app.server, o.headers, pdf, { inventory_id: theirs.inventory.id, storage_box_id: o.tree.box.id });
  t.is(foreignInventory.status, 404);
  t.is(foreignInventory.body.error.code, 'not_found');
  const foreignBox = await upload(app.server, o.headers, pdf, { inventory_id: o.tree.inventory.id, storage_box_id: theirs.box.id });
  t.is(foreignBox.status, 404);

  const second = await buildTree(app.server, o.user, o.headers);
  const mismatch = await upload(app.server, o.headers, pdf, { inventory_id: o.tree.inventory.id, storage_box_id: second.box.id });
  t.is(mismatch.status, 400);
  t.is(mismatch.body.error.code, 'storage_box_mismatch');

  const bad = await upload(app.server, o.headers, pdf, { inventory_id: 'abc', storage_box_id: o.tree.box.id });
  t.is(bad.status, 400);
  t.is(bad.body.error.details[0].path, 'inventory_id');

  const anonymous = await upload(app.server, {}, pdf, { inventory_id: o.tree.inventory.id, storage_box_id: o.tree.box.id });
  t.is(anonymous.status, 401);
});
