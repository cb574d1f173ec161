import test from 'ava';
import fs from 'node:fs/promises';
import path from 'node:path';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { buildTeam, selfScope, teamScope, type Headers } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';
import { multipart, solidPng } from '../../factories/images.js';
import { waitFor } from '../../helpers/wait.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: false });
});
test.after.always(async () => app?.stop());

const call = (method: string, url: string, headers: Headers, payload?: unknown) => callApi(app.server, method, url, headers, payload);
const send = async (method: string, url: string, headers: Headers, fields: Parameters<typeof multipart>[0]) => {
  const m = multipart(fields);
  return callApi(app.server, method, url, { ...headers, ...m.headers }, m.payload);
};
const uniq = () => Math.random().toString(36).slice(2, 8);

async function productWithVariants(h: Headers, n = 2) {
  const r = await call('POST', '/api/products/', h, { product_name: `Imaged ${uniq()}`, variants: Array.from({ length: n }, (_, i) => ({ name: `v${i}`, sku: `I-${uniq()}` })) });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body;
}

test('upload PNG, JPEG and WebP to a variant: absolute URL served back, size read, one primary per variant', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const p = await productWithVariants(h);
  const v = p.variants[0].id;

  const first = await send('POST', '/api/product-images/', h, { image: { filename: 'a.png', contentType: 'image/png', data: await solidPng(66, 48) }, variant_id: v, alt_text: 'front' });
  t.is(first.status, 201, JSON.stringify(first.body));
  t.is(first.body.variant_id, v);
  t.is(first.body.product_id, p.id);
  t.is(first.body.content_type, 'image/png');
  t.is(first.body.width, 66);
  t.is(first.body.height, 48);
  t.true(first.body.is_primary, 'the first image of a variant is primary');
  t.regex(first.body.image_url, /^http:\/\/127\.0\.0\.1:8000\/media\/products\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
  const served = await app.server.inject(new URL(first.body.image_url).pathname);
  t.is(served.statusCode, 200);
  t.is(served.headers['content-type'], 'image/png');

  const jpeg = await send('POST', '/api/product-images/', h, { image: { filename: 'b.jpg', data: await solidPng(10, 10, 'jpeg') }, variant_id: String(v), is_primary: 'true' });
  t.is(jpeg.status, 201);
  t.is(jpeg.body.content_type, 'image/jpeg');
  t.true(jpeg.body.is_primary);
  t.false((await call('GET', `/api/product-images/${first.body.id}/`, h)).body.is_primary, 'setting a primary unsets the other');
  const webp = await send('POST', '/api/product-images/', h, { image: { filename: 'c.webp', data: await solidPng(5, 5, 'webp') }, variant_id: v });
  t.is(webp.body.content_type, 'image/webp');
  t.false(webp.body.is_primary);

  const list = await call('GET', `/api/product-images/?variant_id=${v}`, h);
  t.is(list.body.count, 3);
  t.is((await call('GET', '/api/product-images/?is_primary=true', h)).body.count, 1);
  const prod = await call('GET', `/api/products/${p.id}/`, h);
  t.is(prod.body.variants[0].images.length, 3);
  t.is(prod.body.variants[0].images[0].id, jpeg.body.id, 'primary first');
  t.is(prod.body.primary_image_url, jpeg.body.image_url);

  // PATCH: alt text, move to the other variant, replace the file; DELETE promotes the next primary
  const moved = await send('PATCH', `/api/product-images/${webp.body.id}/`, h, { variant_id: p.variants[1].id, alt_text: 'side' });
  t.is(moved.status, 200, JSON.stringify(moved.body));
  t.is(moved.body.variant_id, p.variants[1].id);
  t.true(moved.body.is_primary, 'the only image of its new variant');
  const replaced = await send('PATCH', `/api/product-images/${first.body.id}/`, h, { image: { filename: 'd.png', data: await solidPng(20, 30) } });
  t.is(replaced.status, 200);
  t.is(replaced.body.width, 20);
  t.not(replaced.body.image_url, first.body.image_url);
  const patchJson = await call('PATCH', `/api/product-images/${first.body.id}/`, h, { alt_text: 'json works too' });
  t.is(patchJson.status, 200);
  t.is(patchJson.body.alt_text, 'json works too');

  t.is((await call('DELETE', `/api/product-images/${jpeg.body.id}/`, h)).status, 204);
  t.true((await call('GET', `/api/product-images/${first.body.id}/`, h)).body.is_primary, 'the next image became primary');
  t.is((await call('GET', `/api/product-images/${jpeg.body.id}/`, h)).status, 404);
  // the file of the replaced image is gone (no row points at it any more)
  const oldFile = path.join(app.config.mediaRoot, new URL(first.body.image_url).pathname.replace('/media/', ''));
  await t.throwsAsync(fs.access(oldFile));
});

test('bad uploads: wrong type 415, not an image 415, corrupt 400, empty 400, too big 413, missing fields 400', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const p = await productWithVariants(h, 1);
  const v = p.variants[0].id;
  const gif = await send('POST', '/api/product-images/', h, { image: { filename: 'a.gif', data: await solidPng(5, 5, 'gif') }, variant_id: v });
  t.is(gif.status, 415);
  t.is(gif.body.error.code, 'unsupported_file_type');
  const pdf = await send('POST', '/api/product-images/', h, { image: { filename: 'a.png', contentType: 'image/png', data: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF') }, variant_id: v });
  t.is(pdf.status, 415);
  const text = await send('POST', '/api/product-images/', h, { image: { filename: 'a.png', data: Buffer.from('hello world, definitely not an image') }, variant_id: v });
  t.is(text.status, 415);
  const corrupt = await send('POST', '/api/product-images/', h, { image: { filename: 'a.png', data: (await solidPng(300, 300)).subarray(0, 60) }, variant_id: v });
  t.is(corrupt.status, 400);
  t.is(corrupt.body.error.code, 'invalid_image');
  const empty = await send('POST', '/api/product-images/', h, { image: { filename: 'a.png', contentType: 'image/png', data: Buffer.alloc(0) }, variant_id: v });
  t.is(empty.status, 400);
  t.is(empty.body.error.code, 'empty_file');
  const big = await send('POST', '/api/product-images/', h, { image: { filename: 'a.png', data: Buffer.concat([await solidPng(), Buffer.alloc(5 * 1024 * 1024)]) }, variant_id: v });
  t.is(big.status, 413);
  t.is(big.body.error.code, 'file_too_large');
  const huge = await send('POST', '/api/product-images/', h, { image: { filename: 'a.png', data: Buffer.alloc(7 * 1024 * 1024) }, variant_id: v });
  t.is(huge.status, 413);
  t.is((await send('POST', '/api/product-images/', h, { variant_id: v })).status, 400);
  t.is((await send('POST', '/api/product-images/', h, { image: { filename: 'a.png', data: await solidPng() } })).status, 400);
  t.is((await send('POST', '/api/product-images/', h, { image: { filename: 'a.png', data: await solidPng() }, variant_id: 'abc' })).status, 400);
  t.is((await call('GET', `/api/product-images/?variant_id=${v}`, h)).body.count, 0, 'nothing stored');
});

test('scopes: a variant or image of another scope is 404', async (t) => {
  const owner = await buildUser(app.server);
  const stranger = await buildUser(app.server);
  const teamId = await buildTeam(app.server, owner);
  const th = teamScope(owner, teamId);
  const p = await productWithVariants(th, 1);
  const img = await send('POST', '/api/product-images/', th, { image: { filename: 'a.png', data: await solidPng() }, variant_id: p.variants[0].id });
  t.is(img.status, 201);

  const foreign = await send('POST', '/api/product-images/', selfScope(stranger), { image: { filename: 'a.png', data: await solidPng() }, variant_id: p.variants[0].id });
  t.is(foreign.status, 404);
  t.is(foreign.body.error.details.field, 'variant_id');
  t.is((await send('POST', '/api/product-images/', selfScope(owner), { image: { filename: 'a.png', data: await solidPng() }, variant_id: p.variants[0].id })).status, 404, 'own self scope is another scope');
  for (const method of ['GET', 'PATCH', 'PUT', 'DELETE']) {
    const r = await call(method, `/api/product-images/${img.body.id}/`, selfScope(stranger), method === 'PATCH' || method === 'PUT' ? { alt_text: 'x' } : undefined);
    t.is(r.status, 404, method);
  }
  t.is((await call('GET', '/api/product-images/', selfScope(stranger))).body.count, 0);
  const mine = await productWithVariants(selfScope(stranger), 1);
  t.is((await call('PATCH', `/api/product-images/${img.body.id}/`, th, { variant_id: mine.variants[0].id })).status, 404, 'cannot move into another scope');
});

test('the same picture deleted by one user while another uploads it: the second keeps a file (content-addressed files are claimed under a lock)', async (t) => {
  const a = selfScope(await buildUser(app.server));
  const b = selfScope(await buildUser(app.server));
  const va = (await productWithVariants(a, 1)).variants[0].id;
  const vb = (await productWithVariants(b, 1)).variants[0].id;
  const onDisk = (url: string) => path.join(app.config.mediaRoot, new URL(url).pathname.replace('/media/', ''));
  for (let i = 0; i < 8; i++) {
    const png = await solidPng(20 + i, 21 + (Date.now() % 200));
    const image = { filename: 'x.png', contentType: 'image/png', data: png };
    const mine = await send('POST', '/api/product-images/', a, { image, variant_id: va });
    t.is(mine.status, 201);
    const [gone, theirs] = await Promise.all([call('DELETE', `/api/product-images/${mine.body.id}/`, a), send('POST', '/api/product-images/', b, { image, variant_id: vb })]);
    t.is(gone.status, 204);
    t.is(theirs.status, 201);
    // the delete answers only after its removal ran (ProductImageService.delete awaits it)
    t.true(await fs.stat(onDisk(theirs.body.image_url)).then(() => true, () => false), `round ${i}: the file of a live image is there`);
  }
});

test('a claim puts back a file a removal took, and a removal waits for a claiming transaction and then keeps the file', async (t) => {
  const { media } = app.server.app.services;
  const knex = app.server.app.platform.knex;
  const u = selfScope(await buildUser(app.server));
  const p = await productWithVariants(u, 1);
  const png = await solidPng(33, 17 + (Date.now() % 300));
  const saved = await media.saveTyped(png, { mime: 'image/png', ext: 'png' }, 'products');
  const file = path.join(app.config.mediaRoot, saved.path);
  const used = async (db: typeof knex) => Boolean(await db('product_images').where({ path: saved.path }).first());

  await media.removeIfUnused(saved.path, used); // nobody uses it yet: gone
  t.false(await fs.stat(file).then(() => true, () => false));

  const trx = await knex.transaction();
  await media.claim(trx, saved.path, png);
  t.true(await fs.stat(file).then(() => true, () => false), 'the claim wrote the file back');
  let removed = false;
  const removal = media.removeIfUnused(saved.path, used).then(() => (removed = true));
  // the signal: the removal's transaction is queued behind the claim's advisory lock
  await waitFor(async () => (await knex('pg_locks').where({ locktype: 'advisory', granted: false, objid: knex.raw('hashtext(?)::oid', [saved.path]) })).length > 0, { message: 'the removal waiting on the file lock' });
  t.false(removed, 'the removal waits while the claiming transaction is open');
  await trx('product_images').insert({ variant_id: p.variants[0].id, product_id: p.id, path: saved.path, content_type: 'image/png', size: png.length, width: 33, height: 17, alt_text: '', is_primary: true, position: 0 });
  await trx.commit();
  await removal;
  t.true(await fs.stat(file).then(() => true, () => false), 'the committed row keeps its file');
});
