// Hostile input refused at the edge, for every route at once: NUL characters in any
// part of a request, bodies nested too deep, a missing body where an object is
// expected. Each is the documented 400, never a 500 from deep inside.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { inspectInput, MAX_INPUT_DEPTH } from '../../../gateway/http/input-guard.js';
import { httpStatusOf, translateError } from '../../../gateway/http/errors.js';

let app: TestApp;
let user: TestUser;
test.before(async () => {
  app = await startApp({ workers: false, env: { JOB_WAIT_MS: '0' } });
  user = await buildUser(app.server);
});
test.after.always(async () => app?.stop());

const send = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  app.server.inject({ method, url, payload: payload as string, headers: { ...user.auth, ...headers } });
const error = (res: { payload: string }) => JSON.parse(res.payload).error;

test('no body where an object is expected: 400 body_required (POST /api/jobs/echo/ was a 500)', async (t) => {
  for (const payload of [undefined, 'null']) {
    const res = await send('POST', '/api/jobs/echo/', payload, payload ? { 'content-type': 'application/json' } : {});
    t.is(res.statusCode, 400, res.payload);
    t.is(error(res).code, 'body_required');
    t.deepEqual(error(res).details, [{ path: 'payload', message: 'a JSON object body is required', type: 'object.base' }]);
  }
  t.is((await send('POST', '/api/jobs/echo/', {})).statusCode, 202, 'an empty object takes the defaults');
  t.is((await send('POST', '/api/teams/')).statusCode, 400, 'any route with an object body');
  t.is((await send('POST', '/api/auth/logout/')).statusCode, 200, 'a route that declares its body optional');
});

test('a NUL character anywhere is 400 nul_character naming where', async (t) => {
  const cases: [string, string, unknown, Record<string, string>, string][] = [
    ['PATCH', '/api/profiles/me/', { bio: 'a\u0000b' }, {}, 'payload.bio'],
    ['POST', '/api/teams/', { name: 'x', ['k\u0000']: 1 }, {}, 'payload.k\\u0000'],
    ['POST', '/api/inventories/', { name: 'ok', tags: [['deep\u0000']] }, {}, 'payload.tags.0.0'],
    ['GET', '/api/inventories/?search=a%00b', undefined, {}, 'query.search'],
    ['GET', '/api/inventories/1%00/', undefined, {}, 'path'],
    ['GET', '/api/inventories/', undefined, { 'x-team-id': '1\u00002' }, 'headers.x-team-id'],
  ];
  for (const [method, url, payload, headers, where] of cases) {
    const res = await send(method, url, payload, headers);
    t.is(res.statusCode, 400, `${method} ${url}: ${res.payload}`);
    t.is(error(res).code, 'nul_character');
    t.is(error(res).details[0].path, where);
  }
});

test('half a surrogate pair is 400 invalid_unicode (PostgreSQL JSON refuses it deep inside a write)', async (t) => {
  for (const payload of ['{"name": "Fam", "description": "x\\ud83dy"}', '{"name": "Fam\\udc00"}', '{"name": "F", "\\ud800": 1}']) {
    const res = await send('POST', '/api/product-families/', payload, { 'content-type': 'application/json' });
    t.is(res.statusCode, 400, payload);
    t.is(error(res).code, 'invalid_unicode', payload);
  }
  const emoji = await send('POST', '/api/product-families/', '{"name": "Fam \\ud83d\\ude00 x"}', { 'content-type': 'application/json' });
  t.is(emoji.statusCode, 201, 'a whole pair is a character like any other');
});

test('JSON nested deeper than the limit is 400 nesting_too_deep before anything recurses (5,000 deep was a 500)', async (t) => {
  for (const depth of [MAX_INPUT_DEPTH + 1, 5000, 200_000]) {
    const body = `{"echo": ${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const res = await send('POST', '/api/jobs/echo/', body, { 'content-type': 'application/json' });
    t.is(res.statusCode, 400, `depth ${depth}`);
    t.is(error(res).code, 'nesting_too_deep');
    t.true(error(res).details[0].path.length <= 201, 'the path is not echoed back in full');
  }
  const fine = `{"echo": ${'['.repeat(MAX_INPUT_DEPTH - 1)}${']'.repeat(MAX_INPUT_DEPTH - 1)}}`;
  t.is((await send('POST', '/api/jobs/echo/', fine, { 'content-type': 'application/json' })).statusCode, 202);
});

test('the inspection walks iteratively and skips uploaded files', (t) => {
  let deep: unknown = 'x';
  for (let i = 0; i < 100_000; i++) deep = [deep];
  t.is(inspectInput(deep, 'payload')?.code, 'nesting_too_deep');
  t.is(inspectInput({ file: Buffer.from([0, 0, 0]) }, 'payload'), null, 'binary files may hold NUL bytes');
  t.is(inspectInput({ a: [{ b: 'fine' }] }, 'payload'), null);
});

test('any value the database refuses (SQLSTATE class 22) is a 400, not a 500', (t) => {
  for (const code of ['22001', '22021', '22P05', '2201B', '22P02']) {
    const err = Object.assign(new Error('db says no'), { code });
    const out = translateError(err);
    t.is(out && httpStatusOf(out), 400, code);
    t.is(out?.code, 'invalid_value', code);
  }
});
