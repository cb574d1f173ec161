import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { buildTeam, buildTree, buildItem, selfScope, teamScope, type Headers } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';
import { barcodePng, multipart, solidPng } from '../../factories/images.js';

let app: TestApp;
test.before(async () => {
  // the media queue runs in its sandboxed child processes, as in production
  app = await startApp({ workers: ['media'] });
});
test.after.always(async () => app?.stop());

const call = (method: string, url: string, headers: Headers, payload?: unknown) => callApi(app.server, method, url, headers, payload);
const upload = async (url: string, headers: Headers, fields: Parameters<typeof multipart>[0]) => {
  const m = multipart(fields);
  return callApi(app.server, 'POST', url, { ...headers, ...m.headers }, m.payload);
};
const uniq = () => Math.random().toString(36).slice(2, 8);

/** A valid EAN-13 that no other test uses. */
function freshEan13(): string {
  const body = `20${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + ((10 - (sum % 10)) % 10);
}

test('a known code: the matching variants with product, family and where they are stocked; recorded in history', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const tree = await buildTree(app.server, u, h);
  const code = freshEan13();
  const prod = await call('PATCH', `/api/products/${tree.product.id}/`, h, { product_family_name: 'Snacks', variants: [{ name: 'Box of 12', sku: `S-${uniq()}`, barcode: code }] });
  t.is(prod.status, 200, JSON.stringify(prod.body));
  const variantId = prod.body.variants[0].id;
  await buildItem(app.server, h, tree, 7, { variant_id: variantId });

  const res = await call('POST', '/api/scan-barcode/', h, { code });
  t.is(res.status, 200, JSON.stringify(res.body));
  const scan = res.body;
  t.true(scan.found);
  t.is(scan.code, code);
  t.is(scan.symbology, 'EAN-13');
  t.true(scan.is_valid);
  t.is(scan.source, 'manual');
  t.is(scan.match_count, 1);
  const m = scan.matches[0];
  t.is(m.product_id, tree.product.id);
  t.is(m.variant_id, variantId);
  t.is(m.product_family_name, 'Snacks');
  t.is(m.total_quantity, 7);
  t.is(m.stock.length, 1);
  t.like(m.stock[0], { inventory_id: tree.inventory.id, inventory_name: tree.inventory.name, storage_id: tree.storage.id, storage_name: tree.storage.name, storage_box_id: tree.box.id, storage_box_name: tree.box.name, quantity: 7 });

  // another spelling of the same GTIN (GTIN-14 with leading zero) finds it too
  const gtin14 = await call('POST', '/api/scan-barcode/', h, { code: `0${code}` });
  t.is(gtin14.body.symbology, 'GTIN-14');
  t.is(gtin14.body.match_count, 1);

  const history = await call('GET', '/api/barcode-scans/', h);
  t.is(history.status, 200);
  t.is(history.body.count, 2);
  t.is(history.body.results[1].id, scan.id, 'newest first');
  const one = await call('GET', `/api/barcode-scans/${scan.id}/`, h);
  t.is(one.status, 200);
  t.is(one.body.matches[0].variant_id, variantId);
  t.is((await call('GET', '/api/barcode-scans/?found=true&source=manual', h)).body.count, 2);
});

test('unknown codes answer 200 found=false; bad check digits and non-GTINs are 400', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const code = freshEan13();
  const unknown = await call('POST', '/api/scan-barcode/', h, { code });
  t.is(unknown.status, 200);
  t.false(unknown.body.found);
  t.deepEqual(unknown.body.matches, []);
  t.regex(unknown.body.message, /Unknown code/);

  const wrong = `${code.slice(0, 12)}${(Number(code[12]) + 1) % 10}`;
  const bad = await call('POST', '/api/scan-barcode/', h, { code: wrong });
  t.is(bad.status, 400);
  t.is(bad.body.error.code, 'invalid_check_digit');
  t.is(bad.body.error.details[0].expected_check_digit, Number(code[12]));
  t.is(bad.body.error.details[0].symbology, 'EAN-13');
  t.regex(bad.body.error.message, /check digit/);

  for (const [c, sym] of [['96385074', 'EAN-8'], ['036000291452', 'UPC-A'], ['10012345678902', 'GTIN-14']]) {
    const ok = await call('POST', '/api/scan-barcode/', h, { code: c });
    t.is(ok.status, 200, c);
    t.is(ok.body.symbology, sym);
  }
  t.is((await call('POST', '/api/scan-barcode/', h, { code: '96385075' })).body.error.code, 'invalid_check_digit', 'EAN-8');
  t.is((await call('POST', '/api/scan-barcode/', h, { code: '036000291453' })).body.error.code, 'invalid_check_digit', 'UPC-A');
  t.is((await call('POST', '/api/scan-barcode/', h, { code: '10012345678903' })).body.error.code, 'invalid_check_digit', 'GTIN-14');

  for (const c of ['12345', 'ABCDEFGHIJKLM', '123456789012345']) {
    const r = await call('POST', '/api/scan-barcode/', h, { code: c });
    t.is(r.status, 400, c);
    t.is(r.body.error.code, 'invalid_barcode');
  }
  t.is((await call('POST', '/api/scan-barcode/', h, {})).status, 400);
  t.is((await call('POST', '/api/scan-barcode/', h, { code: '' })).status, 400);
  t.is((await call('POST', '/api/scan-barcode/', {}, { code })).status, 401);

  // the misread is kept (is_valid=false); the malformed ones are not
  const invalid = await call('GET', '/api/barcode-scans/?is_valid=false', h);
  t.is(invalid.body.count, 4);
  t.is((await call('GET', '/api/barcode-scans/?is_valid=true', h)).body.count, 4);
});

test('scopes: another scope\'s variants never match; scans are private; team scans see team stock', async (t) => {
  const owner = await buildUser(app.server);
  const member = await buildUser(app.server);
  const teamId = await buildTeam(app.server, owner, [member]);
  const th = teamScope(owner, teamId);
  const code = freshEan13();
  const tree = await buildTree(app.server, owner, th, teamId);
  await call('PATCH', `/api/products/${tree.product.id}/`, th, { variants: [{ barcode: code }] });

  const mine = await call('POST', '/api/scan-barcode/', selfScope(owner), { code });
  t.false(mine.body.found, 'the team\'s product is not in the owner\'s self scope');
  const team = await call('POST', '/api/scan-barcode/', teamScope(member, teamId), { code });
  t.true(team.body.found);

  t.is((await call('GET', `/api/barcode-scans/${team.body.id}/`, teamScope(owner, teamId))).status, 404, 'another member\'s scan is private');
  t.is((await call('DELETE', `/api/barcode-scans/${team.body.id}/`, selfScope(member))).status, 404, 'wrong scope');
  t.is((await call('POST', '/api/scan-barcode/', teamScope(await buildUser(app.server), teamId), { code })).status, 403);
  t.is((await call('DELETE', `/api/barcode-scans/${team.body.id}/`, teamScope(member, teamId))).status, 204);
  t.is((await call('GET', `/api/barcode-scans/${team.body.id}/`, teamScope(member, teamId))).status, 404);
});

test('a photo of a barcode is decoded by a sandboxed job, then looked up and recorded like a typed code', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const code = freshEan13();
  const p = await call('POST', '/api/products/', h, { product_name: `Photo ${uniq()}`, variants: [{ sku: `P-${uniq()}`, barcode: code }] });
  t.is(p.status, 201);

  const png = await barcodePng(code, 'EAN13');
  const res = await upload('/api/scan-barcode/', h, { image: { filename: 'photo.png', contentType: 'image/png', data: png } });
  t.is(res.status, 200, JSON.stringify(res.body));
  t.is(res.body.code, code);
  t.is(res.body.source, 'image');
  t.is(res.body.decoded_format, 'EAN-13');
  t.true(res.body.found);
  t.is(res.body.matches[0].product_id, p.body.id);
  t.regex(res.body.job_id, /^media-/);
  // the photo is private: served to its owner through the API, never under /media/
  t.regex(res.body.image_url, new RegExp(`/api/barcode-scans/${res.body.id}/image/$`));
  const photo = await app.server.inject({ method: 'GET', url: new URL(res.body.image_url).pathname, headers: h });
  t.is(photo.statusCode, 200);
  t.is(photo.headers['content-type'], 'image/png');

  // the job result can be polled too
  const job = await call('GET', `/api/jobs/${res.body.job_id}/`, h);
  t.is(job.status, 200);
  t.is(job.body.state, 'completed');
  t.is(job.body.result.id, res.body.id);

  // UPC-E is expanded to its UPC-A number
  const upce = await upload('/api/scan-barcode/', h, { image: { filename: 'upce.png', data: await barcodePng('01234565', 'UPCE') } });
  t.is(upce.status, 200, JSON.stringify(upce.body));
  t.is(upce.body.code, '012345000065');
  t.is(upce.body.symbology, 'UPC-A');

  // not waiting: 202 with the job to poll
  const later = await upload('/api/scan-barcode/?wait=0', h, { image: { filename: 'p.png', data: png } });
  t.is(later.status, 202);
  t.regex(later.body.poll_url, /\/api\/jobs\/media-/);

  const history = await call('GET', '/api/barcode-scans/?source=image', h);
  t.true(history.body.count >= 2);
});

test('bad barcode photos: no barcode 422, wrong type 415, empty 400, too big 413, not a file 415', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const blank = await upload('/api/scan-barcode/', h, { image: { filename: 'blank.png', data: await solidPng(400, 300) } });
  t.is(blank.status, 422);
  t.is(blank.body.error.code, 'barcode_not_detected');

  const qr = await upload('/api/scan-barcode/', h, { image: { filename: 'qr.png', data: await barcodePng('hello', 'QRCode') } });
  t.is(qr.status, 422, 'only retail (EAN/UPC/ITF-14/DataBar) codes are read');

  const pdf = await upload('/api/scan-barcode/', h, { image: { filename: 'x.png', contentType: 'image/png', data: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF') } });
  t.is(pdf.status, 415);
  t.is(pdf.body.error.code, 'unsupported_file_type');
  const text = await upload('/api/scan-barcode/', h, { image: { filename: 'x.png', data: Buffer.from('just some text, not an image') } });
  t.is(text.status, 415);
  const empty = await upload('/api/scan-barcode/', h, { image: { filename: 'x.png', data: Buffer.alloc(0) } });
  t.is(empty.status, 400);
  t.is(empty.body.error.code, 'empty_file');
  const big = Buffer.concat([await solidPng(), Buffer.alloc(10 * 1024 * 1024 + 10)]);
  const tooBig = await upload('/api/scan-barcode/', h, { image: { filename: 'x.png', data: big } });
  t.is(tooBig.status, 413);
  const huge = await upload('/api/scan-barcode/', h, { image: { filename: 'x.png', data: Buffer.alloc(12 * 1024 * 1024) } });
  t.is(huge.status, 413);
  const asText = await upload('/api/scan-barcode/', h, { image: 'not a file' });
  t.is(asText.status, 415);
  const both = await upload('/api/scan-barcode/', h, { code: '96385074', image: { filename: 'x.png', data: await solidPng() } });
  t.is(both.status, 400);
  // a truncated PNG: the magic bytes pass, decoding fails in the job
  const truncated = (await barcodePng(freshEan13())).subarray(0, 200);
  const broken = await upload('/api/scan-barcode/', h, { image: { filename: 'x.png', data: truncated } });
  t.is(broken.status, 422);
  t.is(broken.body.error.code, 'unreadable_image');
});

test('a retried photo job records its scan once (job id), and the documentation lists the catalog endpoints', async (t) => {
  const u = await buildUser(app.server);
  const scope = { type: 'self' as const, userId: u.id, teamId: null, role: null };
  const { barcodes } = app.server.app.services.catalog;
  const decoded = [{ text: 'hello', format: 'QRCode' }, { text: '96385074', format: 'EAN-8' }];
  const first = await barcodes.scanDecoded(scope, decoded, { jobId: 'media-retry-test-1', mediaPath: 'barcode-photos/x.png' });
  const again = await barcodes.scanDecoded(scope, decoded, { jobId: 'media-retry-test-1', mediaPath: 'barcode-photos/x.png' });
  t.is(again.id, first.id);
  t.is(first.code, '96385074', 'the first decoded GTIN is used');
  t.is((await app.server.app.platform.knex('barcode_scans').where({ job_id: 'media-retry-test-1' })).length, 1);

  const doc = await app.server.inject('/api/openapi.json');
  t.is(doc.statusCode, 200);
  const paths = Object.keys(JSON.parse(doc.payload).paths);
  for (const p of ['/api/products/', '/api/products/{id}/', '/api/product-families/', '/api/product-images/', '/api/barcode-scans/', '/api/product-searches/', '/api/scan-barcode/', '/api/process-image/']) {
    t.true(paths.includes(p), p);
  }
});
