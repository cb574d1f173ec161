// The platform surface: root index, health, documentation, the one error body and
// optional trailing slashes.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';

let app: TestApp;
test.before(async () => {
  // CORS is off unless CORS_ORIGINS names origins (test/security/headers.test.ts)
  app = await startApp({ workers: false, env: { CORS_ORIGINS: 'https://app.example.test' } });
  // a route registered after composition must show up in the generated endpoint map
  app.server.route({ method: 'GET', path: '/api/zz-probe/{id}/', options: { auth: false, tags: ['api'], description: 'Probe route of the surface test' }, handler: () => ({ ok: true }) });
});
test.after.always(async () => app?.stop());

const get = (url: string, headers: Record<string, string> = {}) => app.server.inject({ method: 'GET', url, headers });
const json = (res: { payload: string }) => JSON.parse(res.payload);

for (const url of ['/', '/api/']) {
  test(`GET ${url} is the root index`, async (t) => {
    const res = await get(url);
    t.is(res.statusCode, 200);
    const body = json(res);
    t.is(body.version, '1.0.0');
    t.is(body.status, 'ok');
    t.is(typeof body.name, 'string');
    t.true(body.description.length > 20);
    for (const link of ['swagger_ui', 'openapi', 'markdown', 'docs_login', 'health']) t.regex(body.documentation[link], /^https?:\/\/.+\/$|\.json$/, link);
    t.is(body.documentation.swagger_ui, `${app.config.publicBaseUrl}/api/docs/`);
    t.true(Array.isArray(body.quick_start) && body.quick_start.length >= 3);
    t.true(body.quick_start.some((s: string) => s.includes('/api/auth/register/')));

    const all = Object.values(body.endpoints as Record<string, { path: string; methods: string[]; auth: string; url: string }[]>).flat();
    const byPath = new Map(all.map((e) => [e.path, e]));
    t.deepEqual(byPath.get('/api/zz-probe/{id}/'), { path: '/api/zz-probe/{id}/', url: `${app.config.publicBaseUrl}/api/zz-probe/{id}/`, methods: ['GET'], descriptions: { GET: 'Probe route of the surface test' }, auth: 'none' } as never);
    t.deepEqual(byPath.get('/api/teams/')?.methods, ['GET', 'POST']);
    t.is(byPath.get('/api/teams/')?.auth, 'bearer');
    t.deepEqual(byPath.get('/api/profiles/me/')?.methods, ['GET', 'PATCH', 'PUT']);
    t.is(byPath.get('/api/auth/otp/history/')?.auth, 'bearer (staff)');
    t.is(byPath.get('/api/auth/login/')?.auth, 'none');
    t.truthy(byPath.get('/api/health/'));
    t.true(all.every((e) => !e.path.startsWith('/api/swaggerui')), 'documentation assets are not endpoints');
  });
}

// serial (runs before the others): building the OpenAPI document the first time holds the
// event loop for a few seconds on this 2-core machine, longer than health's 2 s check budget
// (a started web process builds it once at start; plugins/openapi.ts)
test.serial('GET /api/health/ answers 200 with both checks when PostgreSQL and Redis answer', async (t) => {
  const res = await get('/api/health/');
  t.is(res.statusCode, 200);
  const body = json(res);
  t.is(body.status, 'ok');
  t.is(body.version, '1.0.0');
  t.is(body.checks.database.status, 'ok');
  t.is(body.checks.redis.status, 'ok');
  t.is(typeof body.checks.database.latency_ms, 'number');
});

test('Swagger UI, OpenAPI, Markdown docs and the docs login helper are served', async (t) => {
  const ui = await get('/api/docs/');
  t.is(ui.statusCode, 200);
  t.regex(ui.headers['content-type'] as string, /text\/html/);
  t.regex(ui.payload, /swagger/i);

  const spec = await get('/api/openapi.json');
  t.is(spec.statusCode, 200);
  const doc = json(spec);
  t.is(doc.info.version, '1.0.0');
  t.deepEqual(Object.keys(doc.securityDefinitions), ['bearer']);
  t.like(doc.securityDefinitions.bearer, { type: 'apiKey', name: 'Authorization', in: 'header' });
  const paths = Object.keys(doc.paths);
  for (const p of ['/api/auth/register/', '/api/teams/', '/api/teams/{id}/add-member/', '/api/profiles/me/', '/api/jobs/{id}/', '/api/health/']) t.true(paths.includes(p), p);
  t.deepEqual(paths.filter((p) => !p.endsWith('/')), [], 'every path is published with a trailing slash');
  t.truthy(doc.paths['/api/teams/'].post.parameters.find((p: { in: string }) => p.in === 'body'), 'payload schemas come from the joi validators');
  t.truthy(doc.paths['/api/teams/{id}/add-member/'].post.responses['409'], 'error answers are documented');
  t.truthy(doc.definitions.Error, 'the error body is documented');
  // the tag list comes from the route areas (gateway/routes/<area>/index.ts): every tag an
  // operation is listed under has its description there
  const described = new Map((doc.tags as { name: string; description?: string }[]).map((tag) => [tag.name, tag.description ?? '']));
  const operationTags = new Set(Object.values(doc.paths as Record<string, Record<string, { tags?: string[] }>>).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? [])));
  t.true(operationTags.has('restqlapi') && operationTags.has('support-chat'), 'operations carry their area tags');
  for (const tag of operationTags) t.true((described.get(tag) ?? '').length > 0, `tag '${tag}' is listed with a description`);

  const md = await get('/api/docs/markdown/');
  t.is(md.statusCode, 200);
  t.regex(md.headers['content-type'] as string, /text\/markdown/);
  t.regex(md.payload, /^# .+ 1\.0\.0/);
  t.regex(md.payload, /### POST \/api\/auth\/register\//);
  t.regex(md.payload, /### GET \/api\/teams\/recent-activity\//);

  const login = await get('/api/docs-login/');
  t.is(login.statusCode, 200);
  t.regex(login.headers['content-type'] as string, /text\/html/);
  t.regex(login.payload, /<form/);
  t.regex(login.payload, /\/api\/auth\/login\//);
});

test('an unknown route is a 404 in the error body', async (t) => {
  const res = await get('/api/no-such-thing/');
  t.is(res.statusCode, 404);
  t.regex(res.headers['content-type'] as string, /application\/json/);
  t.deepEqual(Object.keys(json(res)), ['error']);
  t.like(json(res).error, { code: 'not_found', details: null });
  t.regex(json(res).error.message, /\/api\/no-such-thing\//);
});

test('a wrong method is a 405 listing the allowed ones', async (t) => {
  const res = await app.server.inject({ method: 'DELETE', url: '/api/teams/' });
  t.is(res.statusCode, 405);
  t.is(json(res).error.code, 'method_not_allowed');
  t.is(res.headers.allow, 'GET, POST');
});

test('malformed JSON is a 400 malformed_json, never a 500', async (t) => {
  const res = await app.server.inject({ method: 'POST', url: '/api/auth/login/', payload: '{"email": "a@b.c", ', headers: { 'content-type': 'application/json' } });
  t.is(res.statusCode, 400);
  t.like(json(res).error, { code: 'malformed_json', details: null });
});

test('valid JSON with a "__proto__" key is 400 forbidden_key, not "malformed", and changes nothing', async (t) => {
  const res = await app.server.inject({ method: 'POST', url: '/api/auth/login/', payload: '{"email":"a@b.c","password":"x","__proto__":{"is_staff":true}}', headers: { 'content-type': 'application/json' } });
  t.is(res.statusCode, 400);
  t.like(json(res).error, { code: 'forbidden_key' });
  t.is(json(res).error.details[0].path, '__proto__');
  t.is(({} as { is_staff?: boolean }).is_staff, undefined);
});

test('a payload over 1 MB is a 413 in the error body', async (t) => {
  const user = await buildUser(app.server);
  const res = await app.server.inject({ method: 'PATCH', url: '/api/profiles/me/', payload: JSON.stringify({ bio: 'x'.repeat(1_100_000) }), headers: { ...user.auth, 'content-type': 'application/json' } });
  t.is(res.statusCode, 413);
  t.is(json(res).error.code, 'payload_too_large');
});

test('validation errors carry field paths; wrong types never reach a handler', async (t) => {
  const res = await app.server.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: ['x'], password: { a: 1 } } });
  t.is(res.statusCode, 400);
  t.is(json(res).error.code, 'validation_error');
  t.deepEqual(json(res).error.details.map((d: { path: string }) => d.path).sort(), ['email', 'password']);
  t.truthy(json(res).error.details[0].message);
  t.truthy(json(res).error.details[0].type);
});

test('errors carry no stack traces', async (t) => {
  const answers = await Promise.all([
    get('/api/no-such-thing/'),
    app.server.inject({ method: 'POST', url: '/api/auth/register/', payload: '{', headers: { 'content-type': 'application/json' } }),
    get('/api/profiles/me/', { authorization: 'Bearer ipa_x' }),
    get('/api/teams/abc/', { authorization: 'Bearer ipa_x' }),
  ]);
  // 404, 400, 401, 401 — or 503 database_unavailable when a busy machine starves the pool, never a 500
  for (const [i, res] of answers.entries()) {
    t.true([[404], [400], [401], [401]][i]!.concat(503).includes(res.statusCode), `${i}: ${res.statusCode}`);
    t.notRegex(res.payload, /at .+\.(ts|js):\d+/);
  }
});

test('trailing slashes are optional', async (t) => {
  const user = await buildUser(app.server);
  t.is((await get('/api/health')).statusCode, 200);
  t.is((await get('/api')).statusCode, 200);
  t.is((await get('/api/teams', user.auth)).statusCode, 200);
  const check = await app.server.inject({ method: 'GET', url: '/api/auth/check-email?email=someone@example.test' });
  t.is(check.statusCode, 200, 'the query string survives');
  t.is((await app.server.inject({ method: 'POST', url: '/api/teams', payload: { name: 'Slashless' }, headers: user.auth })).statusCode, 201);
  t.is((await get('/api/openapi.json')).statusCode, 200, 'file-like paths are left alone');
  t.is((await get('/api/nope')).statusCode, 404);
});

test('CORS preflight is answered for the scope headers (a configured origin)', async (t) => {
  const res = await app.server.inject({
    method: 'OPTIONS',
    url: '/api/teams/',
    headers: { origin: 'https://app.example.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, x-profile-type, x-team-id' },
  });
  t.is(res.statusCode, 200);
  t.regex(String(res.headers['access-control-allow-headers']), /X-Team-Id/i);
});
