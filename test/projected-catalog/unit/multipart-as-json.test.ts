// Multipart bracket paths of the projected product writes, without a server: no
// depth or index limit, no gaps, no prototype keys, conflicts with the JSON refused.
import test from 'ava';
import { multipartToBody, parseBracketPath } from '../../../gateway/plugins/multipart-as-json.js';
import { DomainError } from '../../../jobs/runtime/errors.js';
import { httpStatusOf } from '../../../gateway/http/errors.js';

const file = (text: string) => ({ filename: `${text}.png`, headers: { 'content-type': 'image/png' }, payload: Buffer.from(text) });

function refused(t: import('ava').ExecutionContext, parts: Record<string, unknown>, part: string, message?: RegExp) {
  const err = t.throws(() => multipartToBody(parts), { instanceOf: DomainError })!;
  t.is(httpStatusOf(err as DomainError), 400);
  t.is((err as DomainError).code, 'invalid_multipart');
  t.is(((err as DomainError).details as { path: string }[])[0].path, part);
  if (message) t.regex(err.message, message);
}

test('bracket paths parse to any depth and index', (t) => {
  t.deepEqual(parseBracketPath('variants[0][images][create][1][image]'), ['variants', '0', 'images', 'create', '1', 'image']);
  const deep = `a${'[b]'.repeat(40)}`;
  t.is(parseBracketPath(deep).length, 41);
  t.deepEqual(parseBracketPath('variants[12345][images]'), ['variants', '12345', 'images']);
  for (const bad of ['variants[', 'variants]', 'variants[0]x', 'variants[][images]', '0[a]', 'a[__proto__]', 'a[constructor][x]', 'a[b c]', 'a[-1]', 'a[01]', '[a]']) {
    t.throws(() => parseBracketPath(bad), { instanceOf: DomainError }, bad);
  }
});

test('the list form: files replace a variant\'s images, zipped with a JSON list of the same length', (t) => {
  const body = multipartToBody({
    payload: JSON.stringify({ product_name: 'P', variants: [{ sku: 'A' }, { sku: 'B', images: [{ alt_text: 'one' }, { alt_text: 'two', is_primary: true }] }] }),
    'variants[0][images]': [file('a1'), file('a2')],
    'variants[1][images]': [file('b1'), file('b2')],
  }) as any;
  t.deepEqual(body.variants[0].images.map((i: any) => i.image.toString()), ['a1', 'a2']);
  t.deepEqual(body.variants[1].images.map((i: any) => [i.alt_text, i.image.toString()]), [['one', 'b1'], ['two', 'b2']]);
  t.true(body.variants[1].images[1].is_primary);
  // a single file part arrives as one value, not a list
  const one = multipartToBody({ payload: '{"product_name":"P","variants":[{}]}', 'variants[0][images]': file('x') }) as any;
  t.is(one.variants[0].images[0].image.toString(), 'x');
});

test('the operation form: variants[i][images][create][n][image], indexes far above 20, parts in any order', (t) => {
  const variants = Array.from({ length: 30 }, (_, i) => ({ sku: `S${i}`, images: { create: [{ alt_text: `v${i}a` }] } }));
  const parts: Record<string, unknown> = { payload: JSON.stringify({ product_name: 'P', variants }) };
  parts['variants[29][images][create][1][image]'] = file('29b');
  parts['variants[29][images][create][0][image]'] = file('29a');
  parts['variants[25][images][create][0][image]'] = file('25a');
  const body = multipartToBody(parts) as any;
  t.is(body.variants[29].images.create[0].image.toString(), '29a');
  t.is(body.variants[29].images.create[0].alt_text, 'v29a');
  t.is(body.variants[29].images.create[1].image.toString(), '29b', 'a file may add an entry at the end of the list');
  t.is(body.variants[25].images.create[0].image.toString(), '25a');
  t.is(body.variants[0].images.create[0].image, undefined);
  // update maps keep row ids as keys; containers are created where the JSON has none
  const upd = multipartToBody({ payload: '{"variants":{"update":{"12":{"name":"n"}}}}', 'variants[update][12][images][create][0][image]': file('u'), 'variants[update][12][images][update][7][image]': file('r') }) as any;
  t.is(upd.variants.update['12'].images.create[0].image.toString(), 'u');
  t.is(upd.variants.update['12'].images.update['7'].image.toString(), 'r');
  t.false(Array.isArray(upd.variants.update['12'].images.update));
  // 1,000 variants deep in one list: no index limit
  const many = multipartToBody({ payload: JSON.stringify({ variants: Array.from({ length: 1000 }, () => ({})) }), 'variants[999][images][create][0][image]': file('last') }) as any;
  t.is(many.variants[999].images.create[0].image.toString(), 'last');
  t.is(Object.getPrototypeOf(many.variants), Array.prototype);
});

test('text parts fill paths the JSON leaves out', (t) => {
  const body = multipartToBody({
    payload: '{"product_name":"P"}',
    'variants[1][sku]': 'B',
    'variants[0][sku]': 'A',
    'variants[0][images][create][0][alt_text]': 'front',
    'variants[0][images][create][0][image]': file('f'),
  }) as any;
  t.deepEqual(body.variants.map((v: any) => v.sku), ['A', 'B']);
  t.is(body.variants[0].images.create[0].alt_text, 'front');
  t.is(body.variants[0].images.create[0].image.toString(), 'f');
  const noJson = multipartToBody({ product_name: 'Only fields' });
  t.deepEqual(noJson, { product_name: 'Only fields' });
});

test('refused: gaps, prototype keys, bad JSON, conflicts, wrong shapes', (t) => {
  refused(t, { payload: '{"variants":[{}]}', 'variants[2][images]': file('x') }, 'variants[2][images]', /gap/);
  refused(t, { payload: '{"variants":[{}]}', 'variants[99999999999999999999][images]': file('x') }, 'variants[99999999999999999999][images]', /gap/);
  refused(t, { payload: '{}', 'variants[0][__proto__][image]': file('x') }, 'variants[0][__proto__][image]');
  refused(t, { payload: '{}', '__proto__[x]': 'y' }, '__proto__[x]');
  refused(t, { payload: '{not json' }, 'payload', /not valid JSON/);
  refused(t, { payload: '{"product_name":"p","__proto__":{"product_name":"zzz"}}' }, 'payload.__proto__', /__proto__/);
  refused(t, { payload: '{"variants":[{"__proto__":{"sku":"x"}}]}' }, 'payload.__proto__', /__proto__/);
  refused(t, { payload: '[1,2]' }, 'payload', /JSON object/);
  refused(t, { payload: file('p') }, 'payload');
  refused(t, { payload: '{"product_name":"P"}', product_name: 'Q' }, 'product_name', /also given/);
  refused(t, { payload: '{"variants":[{"images":{"create":[]}}]}', 'variants[0][images]': file('x') }, 'variants[0][images]', /operations/);
  refused(t, { payload: '{"variants":[{"images":[{"alt_text":"a"}]}]}', 'variants[0][images]': [file('x'), file('y')] }, 'variants[0][images]', /2 file\(s\) for 1/);
  refused(t, { payload: '{"variants":[{"images":[{"id":5}]}]}', 'variants[0][images]': file('x') }, 'variants[0][images]');
  refused(t, { payload: '{"variants":"x"}', 'variants[0][images]': file('x') }, 'variants[0][images]', /not an object or a list/);
  refused(t, { payload: '{"variants":[{"images":{"create":[{"image":"AAAA"}]}}]}', 'variants[0][images][create][0][image]': file('x') }, 'variants[0][images][create][0][image]', /already gives/);
  refused(t, { payload: '{}', 'variants[0][images][create][0][image]': [file('x'), file('y')] }, 'variants[0][images][create][0][image]', /more than once/);
  refused(t, { payload: '{}', 'variants[0][name]': ['a', 'b'] }, 'variants[0][name]', /more than once/);
  refused(t, { payload: '{}', 'variants[0][photo]': file('x') }, 'variants[0][photo]', /files go in/);
  refused(t, { payload: '{}', 'variants[0][images]': [file('x'), 'text'] }, 'variants[0][images]', /mixes/);
  const tooMany: Record<string, unknown> = { payload: '{}' };
  for (let i = 0; i < 501; i++) tooMany[`f${i}`] = 'x';
  refused(t, tooMany, '*', /at most 500 parts/);
});
