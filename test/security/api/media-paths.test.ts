// /media/ serves only the public folders (product images, inventory icons), each from
// its own root; traversal in any spelling is refused before routing, and private
// uploads (invoices, OCR images, barcode photos) are never reachable.
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { startApp, type TestApp } from '../../helpers/app.js';

let app: TestApp;
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const files: Record<string, string> = {};

test.before(async () => {
  app = await startApp({ workers: false });
  for (const folder of ['products', 'inventory-icons', 'invoices', 'ocr', 'barcode-photos']) {
    const hash = sha(folder);
    const rel = `${folder}/${hash.slice(0, 2)}/${hash}.jpg`;
    fs.mkdirSync(path.join(app.config.mediaRoot, path.dirname(rel)), { recursive: true });
    fs.writeFileSync(path.join(app.config.mediaRoot, rel), `content of ${folder}`);
    files[folder] = rel;
  }
});
test.after.always(async () => app?.stop());

const get = (url: string) => app.server.inject({ method: 'GET', url });

test('public folders are served, content-hash names only, with nosniff', async (t) => {
  for (const folder of ['products', 'inventory-icons']) {
    const res = await get(`/media/${files[folder]}`);
    t.is(res.statusCode, 200, folder);
    t.is(res.payload, `content of ${folder}`);
    t.is(res.headers['x-content-type-options'], 'nosniff');
  }
  const missing = await get(`/media/products/00/${'0'.repeat(64)}.png`);
  t.is(missing.statusCode, 404, 'a missing file is a 404, not a 405');
  t.is(JSON.parse(missing.payload).error.code, 'not_found');
  t.is((await get('/media/products/')).statusCode, 404, 'no listing');
  t.is((await get('/media/products/notes.txt')).statusCode, 404, 'only names the store writes');
});

test('private uploads are never served, whatever the spelling of the path', async (t) => {
  for (const folder of ['invoices', 'ocr', 'barcode-photos']) {
    const rel = files[folder];
    const inner = rel.slice(folder.length + 1);
    const attempts = [
      `/media/${rel}`,
      `/media/products/..%2f${rel}`,
      `/media/products/..%2F${rel}`,
      `/media/products/%2e%2e/${rel}`,
      `/media/products/%2E%2E%2f${rel}`,
      `/media/products/../${rel}`,
      `/media/products/..%5c${folder}%5c${inner.replace('/', '%5c')}`,
      `/media/products/..\\${folder}\\${inner.replace('/', '\\')}`,
      `/media/products/%252e%252e%252f${rel}`,
      `/media/inventory-icons/..%2f..%2f${path.basename(app.config.mediaRoot)}/${rel}`,
      `/media/./${rel}`,
      `/media/products/./../${rel}`,
      `/media/products%2f..%2f${rel}`,
    ];
    for (const url of attempts) {
      const res = await get(url);
      t.true(res.statusCode === 400 || res.statusCode === 404, `${url} -> ${res.statusCode}`);
      t.false(res.payload.includes(`content of ${folder}`), url);
      t.is(typeof JSON.parse(res.payload).error.code, 'string', url);
    }
  }
});

test('dot segments and encoded slashes are refused before routing, on every path', async (t) => {
  for (const url of ['/media/products/..%2finvoices/x.jpg', '/api/products/..%2f..%2fusers/', '/api/%2e%2e/health/', '/api/health/..\\x']) {
    const res = await get(url);
    t.is(res.statusCode, 400, url);
    t.is(JSON.parse(res.payload).error.code, 'invalid_path', url);
  }
});

test('a barcode photo is served only to the user who scanned it, through the API', async (t) => {
  const { buildUser } = await import('../../factories/users.js');
  const [owner, other] = await Promise.all([buildUser(app.server), buildUser(app.server)]);
  const photo = files['barcode-photos'];
  const [row] = await app.server.app.platform
    .knex('barcode_scans')
    .insert({ code: '4006381333931', symbology: 'EAN-13', gtin14: '04006381333931', is_valid: true, source: 'image', image_path: photo, user_id: owner.id, owner_id: owner.id, match_count: 0, matched_variant_ids: '[]' })
    .returning('*');
  const read = await app.server.inject({ method: 'GET', url: `/api/barcode-scans/${row.id}/`, headers: owner.auth });
  t.is(read.statusCode, 200, read.payload);
  const imageUrl = JSON.parse(read.payload).image_url as string;
  t.regex(imageUrl, new RegExp(`/api/barcode-scans/${row.id}/image/$`), 'the URL is the authenticated endpoint, not /media/');
  const path = new URL(imageUrl).pathname;
  const mine = await app.server.inject({ method: 'GET', url: path, headers: owner.auth });
  t.is(mine.statusCode, 200);
  t.is(mine.payload, 'content of barcode-photos');
  t.regex(String(mine.headers['cache-control']), /no-store/);
  t.is((await app.server.inject({ method: 'GET', url: path })).statusCode, 401);
  t.is((await app.server.inject({ method: 'GET', url: path, headers: other.auth })).statusCode, 404);
});
