// Pictures are limited by their pixels, not only their bytes: a 35 KB PNG can
// declare 5000 × 5000 pixels. Inventory icons (served publicly, shown small) take at
// most 1024 px a side; product images at most 60 megapixels. Checked from the
// header, before anything decodes the picture.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { selfScope } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';
import sharp from 'sharp';
import { multipart, solidPng } from '../../factories/images.js';

/** a flat colour compresses to almost nothing: a picture bomb in a few KiB */
const tinyHugePng = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();

let app: TestApp;
let user: TestUser;
test.before(async () => {
  app = await startApp({ workers: false });
  user = await buildUser(app.server);
});
test.after.always(async () => app?.stop());

const send = (method: string, url: string, fields: Parameters<typeof multipart>[0]) => {
  const m = multipart(fields);
  return callApi(app.server, method, url, { ...selfScope(user), ...m.headers }, m.payload);
};

test('an inventory icon of 5000 × 5000 px is refused however small the file', async (t) => {
  const huge = await tinyHugePng(5000, 5000);
  t.true(huge.length < 256 * 1024, 'under the byte limit');
  const res = await send('POST', '/api/inventory-icons/', { name: 'Huge', icon_image: { filename: 'huge.png', contentType: 'image/png', data: huge } });
  t.is(res.status, 400, JSON.stringify(res.body));
  t.is(res.body.error.code, 'image_too_large');
  t.is(res.body.error.details[0].path, 'icon_image');
  t.regex(res.body.error.message, /5000 × 5000/);

  const wide = await send('POST', '/api/inventory-icons/', { name: 'Wide', icon_image: { filename: 'wide.png', contentType: 'image/png', data: await solidPng(1025, 8) } });
  t.is(wide.status, 400, 'a side over 1024 px');
  t.is(wide.body.error.code, 'image_too_large');

  const ok = await send('POST', '/api/inventory-icons/', { name: 'Fine', icon_image: { filename: 'ok.png', contentType: 'image/png', data: await solidPng(1024, 1024) } });
  t.is(ok.status, 201, JSON.stringify(ok.body));
  const patched = await send('PATCH', `/api/inventory-icons/${ok.body.id}/`, { icon_image: { filename: 'huge.png', contentType: 'image/png', data: huge } });
  t.is(patched.status, 400, 'also on update');
  t.is(patched.body.error.code, 'image_too_large');
});

test('a product image over 60 megapixels is refused as too large, not as corrupt', async (t) => {
  const product = await callApi(app.server, 'POST', '/api/products/', selfScope(user), { product_name: `Pixels ${Date.now()}`, variants: [{ name: 'v', sku: `PX-${Date.now()}` }] });
  t.is(product.status, 201);
  const res = await send('POST', '/api/product-images/', { image: { filename: 'big.png', contentType: 'image/png', data: await tinyHugePng(8000, 8000) }, variant_id: product.body.variants[0].id });
  t.is(res.status, 400, JSON.stringify(res.body));
  t.is(res.body.error.code, 'image_too_large');
  t.is(res.body.error.details[0].path, 'image');
});
