// /restqlapi product writes with files: both multipart styles, image limits naming
// their part, and one transaction per request — a failing nested write leaves no
// row and no file behind.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { selfScope, type Headers } from '../../factories/inventory.js';
import { b64, exists, mediaFile, P, q, sendForm, sku, uniquePng } from '../helpers.js';
import { callApi } from '../../helpers/http.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: false });
});
test.after.always(async () => app?.stop());

const req = (method: string, url: string, h: Headers, payload?: unknown) => callApi(app.server, method, url, h, payload);
const media = () => app.config.mediaRoot;
const png = (data: Buffer, name = 'x.png') => ({ filename: name, data });
const count = async (table: string, where: Record<string, unknown>) => Number((await app.server.app.platform.knex(table).where(where).count({ n: '*' }))[0].n);

test('multipart list style: variants[<i>][images] files replace that variant\'s images', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const [a1, a2, b1] = [await uniquePng(), await uniquePng(), await uniquePng()];
  const r = await sendForm(app.server, 'POST', `${P}/create-one-shot/${q('{id,variants{sku,images{id,alt_text,is_primary,size}}}')}`, h, [
    ['payload', JSON.stringify({ product_name: 'Form', variants: [{ sku: 'F-A' + sku() }, { sku: 'F-B' + sku(), images: [{ alt_text: 'b front', is_primary: true }] }] })],
    ['variants[0][images]', png(a1, 'a1.png')],
    ['variants[0][images]', png(a2, 'a2.png')],
    ['variants[1][images]', png(b1, 'b1.png')],
  ]);
  t.is(r.status, 201, JSON.stringify(r.body));
  t.deepEqual(r.body.variants[0].images.map((i: any) => [i.is_primary, i.size]), [[true, a1.length], [false, a2.length]]);
  t.deepEqual(r.body.variants[1].images.map((i: any) => i.alt_text), ['b front']);
  for (const f of [a1, a2, b1]) t.true(exists(mediaFile(media(), f)));

  // on a patch, the same parts replace the variant's images (the old file goes)
  const c1 = await uniquePng();
  const v0 = r.body.variants[0];
  const patched = await sendForm(app.server, 'PATCH', `${P}/${r.body.id}/patch-one-shot/${q('{variants{images{size}}}')}`, h, [
    ['payload', JSON.stringify({ variants: [{ id: (await req('GET', `${P}/${r.body.id}/record-one-shot/${q('{variants{id}}')}`, h)).body.variants[0].id }, { id: (await req('GET', `${P}/${r.body.id}/record-one-shot/${q('{variants{id}}')}`, h)).body.variants[1].id }] })],
    ['variants[0][images]', png(c1)],
  ]);
  t.is(patched.status, 200, JSON.stringify(patched.body));
  t.deepEqual(patched.body.variants[0].images, [{ size: c1.length }]);
  t.is(patched.body.variants[1].images.length, 1, 'the other variant is untouched');
  t.false(exists(mediaFile(media(), a1)), 'replaced files are removed after the commit');
  t.is(v0.images.length, 2);
});

test('multipart operation style: variants[<i>][images][create][<n>][image], on create and on patch', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const files = await Promise.all(Array.from({ length: 3 }, () => uniquePng()));
  const r = await sendForm(app.server, 'POST', `${P}/create-one-shot/`, h, [
    ['payload', JSON.stringify({ product_name: 'Ops', variants: [{ sku: sku('O'), images: { create: [{ alt_text: 'one' }, { alt_text: 'two', is_primary: true }] } }] })],
    ['variants[0][images][create][1][image]', png(files[1])],
    ['variants[0][images][create][0][image]', png(files[0])],
  ]);
  t.is(r.status, 201, JSON.stringify(r.body));
  const v = r.body.variants[0];
  t.deepEqual(v.images.map((i: any) => [i.alt_text, i.is_primary, i.size]), [['two', true, files[1].length], ['one', false, files[0].length]]);

  const patched = await sendForm(app.server, 'PATCH', `${P}/${r.body.id}/patch-one-shot/${q('{variants{images{alt_text,size}}}')}`, h, [
    ['payload', JSON.stringify({ variants: { update: { [v.id]: { images: { create: [{ alt_text: 'three' }], update: { [v.images[0].id]: { alt_text: 'two, replaced' } }, delete: [v.images[1].id] } } } } })],
    [`variants[update][${v.id}][images][create][0][image]`, png(files[2])],
    [`variants[update][${v.id}][images][update][${v.images[0].id}][image]`, png(files[0])],
  ]);
  t.is(patched.status, 200, JSON.stringify(patched.body));
  t.deepEqual(patched.body.variants[0].images, [{ alt_text: 'two, replaced', size: files[0].length }, { alt_text: 'three', size: files[2].length }]);
  t.false(exists(mediaFile(media(), files[1])), 'the replaced file of the updated image is gone');
  t.true(exists(mediaFile(media(), files[0])));
});

test('a variant beyond index 20 and a deep bracket path are placed where they say', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const file = await uniquePng();
  const variants = Array.from({ length: 25 }, (_, i) => ({ sku: sku(`V${i}`) }));
  const r = await sendForm(app.server, 'POST', `${P}/create-one-shot/${q('{variants{sku,images{size}}}')}`, h, [
    ['payload', JSON.stringify({ product_name: 'Many', variants })],
    ['variants[23][images][create][0][image]', png(file)],
    ['variants[24][images][create][0][alt_text]', 'text part'],
    ['variants[24][images][create][0][image]', png(file)],
  ]);
  t.is(r.status, 201, JSON.stringify(r.body));
  t.deepEqual(r.body.variants[23].images, [{ size: file.length }]);
  t.deepEqual(r.body.variants[24].images, [{ size: file.length }]);
  t.deepEqual(r.body.variants[22].images, []);
});

test('bad images are 400 naming their part; limits on size, type and count', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const gif = await (await import('sharp')).default({ create: { width: 4, height: 4, channels: 3, background: 'red' } }).gif().toBuffer();
  const whole = await uniquePng();
  const fake = whole.subarray(0, Math.floor(whole.length / 2)); // a PNG cut in half: the type says image, the bytes do not decode
  const big = Buffer.concat([await uniquePng(), Buffer.alloc(5 * 1024 * 1024)]);
  const cases: [string, Buffer, string][] = [
    ['variants[0][images][create][0][image]', gif, 'unsupported_file_type'],
    ['variants[0][images][create][0][image]', Buffer.from('%PDF-1.4 not an image'), 'unsupported_file_type'],
    ['variants[0][images][create][0][image]', fake, 'invalid_image'],
    ['variants[0][images][create][0][image]', Buffer.alloc(0), 'empty_file'],
    ['variants[0][images][create][0][image]', big, 'file_too_large'],
  ];
  for (const [part, data, code] of cases) {
    const r = await sendForm(app.server, 'POST', `${P}/create-one-shot/`, h, [['payload', JSON.stringify({ product_name: `Bad ${code}`, variants: [{ sku: sku() }] })], [part, png(data)]]);
    t.is(r.status, 400, `${code}: ${JSON.stringify(r.body)}`);
    t.is(r.body.error.code, code);
    t.is(r.body.error.details[0].part, part);
    t.true(r.body.error.message.includes(part));
  }
  const listStyle = await sendForm(app.server, 'POST', `${P}/create-one-shot/`, h, [
    ['payload', JSON.stringify({ product_name: 'Bad list', variants: [{ sku: sku() }] })],
    ['variants[0][images]', png(await uniquePng())],
    ['variants[0][images]', png(gif)],
  ]);
  t.is(listStyle.status, 400);
  t.is(listStyle.body.error.details[0].part, 'variants[0][images]');
  t.is(listStyle.body.error.details[0].index, 1);
  t.regex(listStyle.body.error.message, /file 2/);
  // base64 in JSON goes through the same checks
  const json = await req('POST', `${P}/create-one-shot/`, h, { product_name: 'Bad b64', variants: [{ images: [{ image: b64(gif) }] }] });
  t.is(json.status, 400);
  t.is(json.body.error.code, 'unsupported_file_type');
  t.is(json.body.error.details[0].path, 'variants.0.images.0.image');
  const notBase64 = await req('POST', `${P}/create-one-shot/`, h, { product_name: 'Bad b64', variants: [{ images: [{ image: '***' }] }] });
  t.is(notBase64.status, 400);
  // too many files in one request
  const one = await uniquePng();
  const parts: [string, any][] = [['payload', JSON.stringify({ product_name: 'Too many', variants: Array.from({ length: 3 }, () => ({})) })]];
  for (let v = 0; v < 3; v++) for (let n = 0; n < 14; n++) parts.push([`variants[${v}][images][create][${n}][image]`, png(one)]);
  const tooMany = await sendForm(app.server, 'POST', `${P}/create-one-shot/`, h, parts);
  t.is(tooMany.status, 400);
  t.is(tooMany.body.error.code, 'too_many_images');
  const perVariant = await sendForm(app.server, 'POST', `${P}/create-one-shot/`, h, [['payload', '{"product_name":"x","variants":[{}]}'], ...Array.from({ length: 21 }, (_, n) => [`variants[0][images][create][${n}][image]`, png(one)] as [string, any])]);
  t.is(perVariant.status, 400);
  // malformed multipart parts
  const gap = await sendForm(app.server, 'POST', `${P}/create-one-shot/`, h, [['payload', '{"product_name":"x","variants":[{}]}'], ['variants[5][images]', png(one)]]);
  t.is(gap.status, 400);
  t.is(gap.body.error.code, 'invalid_multipart');
  t.is(gap.body.error.details[0].path, 'variants[5][images]');
  const badJson = await sendForm(app.server, 'POST', `${P}/create-one-shot/`, h, [['payload', '{nope']]);
  t.is(badJson.status, 400);
  t.is(badJson.body.error.details[0].path, 'payload');
  const objectKey = await sendForm(app.server, 'POST', `${P}/create-one-shot/`, h, [['payload', '{"product_name":"x"}'], ['variants[x][images]', png(one)]]);
  t.is(objectKey.status, 400);
  t.is(await count('products', { name: 'Too many', owner_id: u.id }), 0);
  t.false(exists(mediaFile(media(), one)), 'the files of refused requests are not kept');
});

test('rollback: a failing nested write leaves no row and no file, and changes nothing it touched first', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const taken = await req('POST', `${P}/create-one-shot/`, h, { product_name: 'Holder', variants: [{ sku: 'TAKEN-1' + u.id.slice(0, 4) }] });
  t.is(taken.status, 201);
  const takenSku = 'TAKEN-1' + u.id.slice(0, 4);

  // create: images of the first variant are stored, the second variant's SKU is taken -> 409, nothing stays
  const [f1, f2] = [await uniquePng(), await uniquePng()];
  const r = await sendForm(app.server, 'POST', `${P}/create-one-shot/`, h, [
    ['payload', JSON.stringify({ product_name: 'Doomed', tags: [{ label: 'T', values: ['v'] }], variants: [{ sku: sku('OK'), images: { create: [{}, {}] } }, { sku: takenSku }] })],
    ['variants[0][images][create][0][image]', png(f1)],
    ['variants[0][images][create][1][image]', png(f2)],
  ]);
  t.is(r.status, 409, JSON.stringify(r.body));
  t.is(r.body.error.code, 'sku_conflict');
  t.is(r.body.error.details.field, 'variants.1.sku');
  t.is(await count('products', { name: 'Doomed' }), 0);
  t.false(exists(mediaFile(media(), f1)), 'stored files are removed on rollback');
  t.false(exists(mediaFile(media(), f2)));

  // patch: the scalar change, the tag ops and the new image come before a foreign id fails -> all rolled back
  const p = (await req('POST', `${P}/create-one-shot/`, h, { product_name: 'Stable', supplier: 'before', tags: [{ label: 'Keep', values: ['a'] }], variants: [{ sku: sku('ST'), images: [{ image: b64(await uniquePng()) }] }] })).body;
  const other = await buildUser(app.server);
  const theirs = (await req('POST', `${P}/create-one-shot/`, selfScope(other), { product_name: 'Theirs', variants: [{ sku: sku('TH') }] })).body;
  const f3 = await uniquePng();
  const failing = await sendForm(app.server, 'PATCH', `${P}/${p.id}/patch-one-shot/`, h, [
    ['payload', JSON.stringify({ supplier: 'after', tags: { create: [{ label: 'New' }], delete: [p.tags[0].id] }, variants: { update: { [p.variants[0].id]: { name: 'renamed', images: { create: [{}] } } }, delete: [theirs.variants[0].id] } })],
    [`variants[update][${p.variants[0].id}][images][create][0][image]`, png(f3)],
  ]);
  t.is(failing.status, 404, JSON.stringify(failing.body));
  t.deepEqual((await req('GET', `${P}/${p.id}/record-one-shot/`, h)).body, p, 'nothing of the patch was written');
  t.false(exists(mediaFile(media(), f3)));
  t.is((await req('GET', `${P}/${theirs.id}/record-one-shot/`, selfScope(other))).body.variants.length, 1, 'the foreign variant is untouched');

  // a file whose bytes another row already uses is kept by the rollback
  const shared = await uniquePng();
  const keep = await req('POST', `${P}/create-one-shot/`, h, { product_name: 'Owner of the file', variants: [{ sku: sku('SH'), images: [{ image: b64(shared) }] }] });
  t.is(keep.status, 201);
  const again = await req('POST', `${P}/create-one-shot/`, h, { product_name: 'Doomed 2', variants: [{ sku: sku('D2'), images: [{ image: b64(shared) }] }, { sku: takenSku }] });
  t.is(again.status, 409);
  t.true(exists(mediaFile(media(), shared)), 'a file another row uses stays');
});

test('the multipart payload JSON goes through the input guard: a lone surrogate is 400 invalid_unicode', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const name = `Lone ${sku()}`;
  const r = await sendForm(app.server, 'POST', `${P}/create-one-shot/`, h, [['payload', `{"product_name":"${name} \\ud800","variants":[{}]}`]]);
  t.is(r.status, 400, JSON.stringify(r.body));
  t.is(r.body.error.code, 'invalid_unicode');
  t.regex(r.body.error.details[0].path, /^payload/);
  t.is(await count('products', { owner_id: u.id }), 0, 'nothing stored (not as U+FFFD either)');
});

test('an unknown key in a nested image create is reported at its create path, not as an update row id (JSON and multipart)', async (t) => {
  const u = await buildUser(app.server);
  const h = selfScope(u);
  const made = await req('POST', `${P}/create-one-shot/`, h, { product_name: `Paths ${sku()}`, variants: [{ sku: sku('PA') }] });
  t.is(made.status, 201);
  const [pid, vid] = [made.body.id, made.body.variants[0].id];
  const png = await uniquePng();
  const cases: [string, () => Promise<{ status: number; body: any }>, string][] = [
    ['create, JSON', () => req('POST', `${P}/create-one-shot/`, h, { product_name: 'x', variants: [{ sku: sku(), images: { create: [{ image: b64(png), bogus: 1 }] } }] }), 'variants.0.images.create.0.bogus'],
    [
      'create, multipart',
      () => sendForm(app.server, 'POST', `${P}/create-one-shot/`, h, [['payload', JSON.stringify({ product_name: 'x', variants: [{ sku: sku(), images: { create: [{ alt_text: 'a', bogus: 1 }] } }] })], ['variants[0][images][create][0][image]', { filename: 'a.png', data: png }]]),
      'variants.0.images.create.0.bogus',
    ],
    ['patch, a stored variant\'s image create, JSON', () => req('PATCH', `${P}/${pid}/patch-one-shot/`, h, { variants: { update: { [vid]: { images: { create: [{ image: b64(png), bogus: 1 }] } } } } }), `variants.update.${vid}.images.create.0.bogus`],
    [
      'patch, a stored variant\'s image create, multipart',
      () => sendForm(app.server, 'PATCH', `${P}/${pid}/patch-one-shot/`, h, [['payload', JSON.stringify({ variants: { update: { [vid]: { images: { create: [{ bogus: 1 }] } } } } })], [`variants[update][${vid}][images][create][0][image]`, { filename: 'a.png', data: png }]]),
      `variants.update.${vid}.images.create.0.bogus`,
    ],
    ['patch, an unknown field of a stored variant', () => req('PATCH', `${P}/${pid}/patch-one-shot/`, h, { variants: { update: { [vid]: { bogus: 'x' } } } }), `variants.update.${vid}.bogus`],
  ];
  for (const [label, send, path] of cases) {
    const r = await send();
    t.is(r.status, 400, label);
    t.is(r.body.error.code, 'validation_error', label);
    t.deepEqual(r.body.error.details.map((d: { path: string }) => d.path), [path], label);
    t.is(r.body.error.details[0].type, 'object.unknown', label);
    t.regex(r.body.error.details[0].message, /is not allowed$/, label);
    t.notRegex(r.body.error.message, /row id/, label);
  }
  // a key of the update map that is not a row id is still named as such
  const notId = await req('PATCH', `${P}/${pid}/patch-one-shot/`, h, { variants: { update: { abc: { name: 'x' } } } });
  t.is(notId.status, 400);
  t.deepEqual(notId.body.error.details.map((d: { path: string; message: string }) => [d.path, d.message]), [['variants.update.abc', 'variants.update.abc is not a row id']]);
  t.is(await count('product_images', { product_id: pid }), 0, 'nothing stored');
});
