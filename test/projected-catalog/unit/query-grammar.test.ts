// The ?query= grammar and its compilation against the catalog models, without a
// server: every error case names its position (and field), and nothing but a
// QueryError ever comes out of a hostile query.
import test from 'ava';
import fc from 'fast-check';
import { parseQuery, QueryError, QUERY_MAX_LENGTH } from '../../../domain/projected-catalog/query-parser.js';
import { compileProjection, projectionDepth, projectionSql, describeModel, type CompiledProjection } from '../../../domain/projected-catalog/projection-compiler.js';
import { familyModel, productModel, recordModel } from '../../../domain/projected-catalog/catalog-models.js';
import { httpStatusOf } from '../../../gateway/http/errors.js';

const compile = (q: string, model = productModel) => compileProjection(model, parseQuery(q));
/** the output shape of a compiled projection: key -> nested shape or true */
function shape(c: CompiledProjection): Record<string, unknown> {
  return Object.fromEntries(c.entries.map((e) => [e.key, e.child ? shape(e.child) : e.field]));
}
function fails(t: import('ava').ExecutionContext, q: string, expect: { position?: number; field?: string; type?: string; message?: RegExp }) {
  const err = t.throws(() => compile(q), { instanceOf: QueryError }, q)!;
  const d = (err as QueryError).details as unknown as { path: string; position: number; field?: string; type: string }[];
  t.is(httpStatusOf(err as QueryError), 400);
  t.is((err as QueryError).code, 'invalid_query');
  t.is(d[0].path, 'query');
  if (expect.position !== undefined) t.is(d[0].position, expect.position, `position of ${q}`);
  if (expect.field !== undefined) t.is(d[0].field, expect.field, `field of ${q}`);
  if (expect.type !== undefined) t.is(d[0].type, expect.type, `type of ${q}`);
  if (expect.message) t.regex(err.message, expect.message);
  t.regex(err.message, /position \d+/);
}

test('whitelist: only the named fields, nested to any depth, in query order', (t) => {
  t.deepEqual(shape(compile('{id,name,variants{sku,images{alt_text}}}')), { id: 'id', name: 'name', variants: { sku: 'sku', images: { alt_text: 'alt_text' } } });
  t.deepEqual(shape(compile(' { name , id , tags { values { value } } } ')), { name: 'name', id: 'id', tags: { values: { value: 'value' } } });
  t.deepEqual(shape(compile('{family{name}}')), { family: { name: 'name' } });
});

test('a relation named without a selection gets all its fields; no query means every field everywhere', (t) => {
  const c = compile('{tags}');
  t.deepEqual(Object.keys(shape(c).tags as object), ['id', 'label', 'position', 'values']);
  const all = compileProjection(productModel, null);
  t.deepEqual(Object.keys(shape(all)), Object.keys(productModel.fields));
  t.is(projectionDepth(all), 3);
  t.is(projectionDepth(compile('{id,name}')), 1);
  t.is(projectionDepth(compile('{id,variants{sku}}')), 2);
});

test('* and exclusions start from every field; named relations narrow in place', (t) => {
  const star = shape(compile('{*}'));
  t.deepEqual(Object.keys(star), Object.keys(productModel.fields));
  const ex = shape(compile('{-description,-variants}'));
  t.false('description' in ex);
  t.false('variants' in ex);
  t.true('tags' in ex);
  const narrowed = shape(compile('{*, -supplier, variants{sku}}'));
  t.deepEqual(narrowed.variants, { sku: 'sku' });
  t.false('supplier' in narrowed);
  t.deepEqual(Object.keys(narrowed), Object.keys(productModel.fields).filter((f) => f !== 'supplier'), 'model order kept');
  // exclusions inside a nested level
  const nested = shape(compile('{id, variants{-images,-tags}}'));
  t.deepEqual(Object.keys(nested.variants as object), ['id', 'name', 'sku', 'barcode', 'position', 'created_at', 'updated_at']);
  const starred = shape(compile('{id, variants{*, -barcode, images{id}}}')).variants as Record<string, unknown>;
  t.deepEqual(Object.keys(starred), ['id', 'name', 'sku', 'position', 'tags', 'images', 'created_at', 'updated_at']);
  t.deepEqual(starred.images, { id: 'id' });
  t.deepEqual(Object.keys(starred.tags as object), ['id', 'label', 'value', 'position']);
});

test('aliases rename, in whitelist and wildcard levels alike', (t) => {
  t.deepEqual(shape(compile('{pk: id, title:name, skus: variants{code: sku}}')), { pk: 'id', title: 'name', skus: { code: 'sku' } });
  const star = shape(compile('{*, title: name}'));
  t.is(star.title, 'name');
  t.false('name' in star);
  t.is(Object.keys(star).indexOf('title'), Object.keys(productModel.fields).indexOf('name'), 'renamed in place');
});

test('unknown fields are 400 with the position, the field and where', (t) => {
  fails(t, '{id,nam}', { position: 4, field: 'nam', type: 'query.unknown_field', message: /Unknown field "nam" at position 4/ });
  fails(t, '{id,variants{sku,images{alt}}}', { position: 24, field: 'alt', type: 'query.unknown_field', message: /in variants\.images/ });
  fails(t, '{-nope}', { position: 2, field: 'nope', type: 'query.unknown_field' });
  fails(t, '{x: nope}', { position: 4, field: 'nope' });
  fails(t, '{__proto__}', { field: '__proto__', type: 'query.unknown_field' });
  fails(t, '{constructor}', { field: 'constructor', type: 'query.unknown_field' });
});

test('a nested selection on a scalar is 400', (t) => {
  fails(t, '{name{x}}', { position: 5, field: 'name', type: 'query.scalar_selection', message: /scalar.*nested selection at position 5/ });
  fails(t, '{variants{sku{a}}}', { field: 'sku', type: 'query.scalar_selection' });
});

test('duplicates are 400: a field twice, * twice, excluded and selected, one output key twice', (t) => {
  fails(t, '{id,name,id}', { position: 9, field: 'id', type: 'query.duplicate', message: /already named at position 1/ });
  fails(t, '{id, x: id}', { field: 'id', type: 'query.duplicate' });
  fails(t, '{*,*}', { position: 3, field: '*', type: 'query.duplicate' });
  fails(t, '{-name, name}', { field: 'name', type: 'query.duplicate' });
  fails(t, '{-name,-name}', { field: 'name', type: 'query.duplicate' });
  fails(t, '{name: id, name}', { field: 'name', type: 'query.duplicate_key' });
  fails(t, '{*, id: name}', { field: 'id', type: 'query.duplicate_key' });
  fails(t, '{variants{sku, sku}}', { field: 'sku', type: 'query.duplicate', message: /in variants/ });
});

test('malformed queries are 400 with the position', (t) => {
  fails(t, '', { position: 0 });
  fails(t, 'id,name', { position: 0, type: 'query.syntax' });
  fails(t, '{}', { position: 0, type: 'query.empty' });
  fails(t, '{id,}', { position: 4 });
  fails(t, '{id name}', { position: 4 });
  fails(t, '{id', { position: 3 });
  fails(t, '{id}}', { position: 4 });
  fails(t, '{id} x', { position: 5 });
  fails(t, '{,id}', { position: 1 });
  fails(t, '{1d}', { position: 1 });
  fails(t, '{id;drop table products}', { position: 3 });
  fails(t, "{name'}", { position: 5 });
  fails(t, '{variants{}}', { position: 9, type: 'query.empty' });
  fails(t, '{-variants{sku}}', { field: 'variants', type: 'query.excluded_selection' });
  fails(t, '{*name}', { position: 2 });
  fails(t, '{*variants{sku}}', { position: 2 });
  fails(t, '{-x: name}', { field: 'x' });
  fails(t, '{a:}', { position: 3 });
  fails(t, '{:name}', { position: 1 });
  fails(t, `{${'a'.repeat(51)}: name}`, { type: 'query.alias_too_long' });
  fails(t, `{${'n'.repeat(65)}}`, { type: 'query.name_too_long' });
  fails(t, `{${'id,'.repeat(QUERY_MAX_LENGTH / 3)}id}`, { type: 'query.too_long' });
  fails(t, `${'{variants'.repeat(300)}${'}'.repeat(300)}`, {});
  // nesting as deep as the length limit allows is a QueryError, not a stack overflow
  fails(t, `${'{a'.repeat(1999)}}}`, { position: 4000 });
  fails(t, `${'{variants'.repeat(450)}${'}'.repeat(450)}`, { type: 'query.too_long' });
});

test('deep but legal nesting is bounded by the model, not by a parser limit', (t) => {
  fails(t, '{variants{images{id{x}}}}', { field: 'id', type: 'query.scalar_selection' });
  fails(t, '{family{products{id}}}', { field: 'products', type: 'query.unknown_field', message: /in family/ });
  t.deepEqual(shape(compile('{family{name}}')), { family: { name: 'name' } });
  t.deepEqual(shape(compileProjection(familyModel, parseQuery('{id,product_count}'))), { id: 'id', product_count: 'product_count' });
  t.deepEqual(shape(compileProjection(recordModel, parseQuery('{label,app}'))), { label: 'label', app: 'app' });
});

test('the SQL holds only the selected columns and relations; keys are bound, never spliced', (t) => {
  const narrow = projectionSql(compile('{id,name}'), 'p', { mediaBase: 'http://x/media/' });
  t.notRegex(narrow.text, /product_variants|product_tags|product_images/);
  t.deepEqual(narrow.bindings, ['id', 'name']);
  const deep = projectionSql(compile('{id,variants{sku,images{alt_text}}}'), 'p', { mediaBase: 'http://x/media/' });
  t.regex(deep.text, /product_variants/);
  t.regex(deep.text, /product_images/);
  t.notRegex(deep.text, /product_tags|variant_tags|product_families/);
  const aliased = projectionSql(compile("{x_y: name}"), 'p', { mediaBase: '' });
  t.false(aliased.text.includes('x_y'), 'an alias travels as a bound value');
});

test('the docs list every projectable field', (t) => {
  const d = describeModel(productModel);
  t.regex(d, /variants\{id, name, sku, barcode, position, tags\{id, label, value, position\}, images\{id, image, image_url, alt_text/);
  t.regex(d, /tags\{id, label, position, values\{id, value\}\}/);
});

test('fuzz: any text is either a projection or a QueryError, never another exception', (t) => {
  const alphabet = fc.constantFrom('{', '}', ',', ':', '-', '*', ' ', 'id', 'name', 'variants', 'images', 'sku', 'tags', 'values', 'x', '__proto__', '\u0000', '"', '1');
  fc.assert(
    fc.property(fc.array(alphabet, { maxLength: 40 }).map((a) => a.join('')), (q) => {
      try {
        compile(q);
      } catch (err) {
        if (!(err instanceof QueryError)) throw err;
      }
    }),
    { numRuns: 3000 },
  );
  fc.assert(
    fc.property(fc.string({ maxLength: 60 }), (q) => {
      try {
        compile(q);
      } catch (err) {
        if (!(err instanceof QueryError)) throw err;
      }
    }),
    { numRuns: 2000 },
  );
  t.pass();
});
