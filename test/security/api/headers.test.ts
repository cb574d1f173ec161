// Response headers: nosniff everywhere, a CSP on every HTML page that still lets the
// page run (inline blocks by hash, assets self-hosted), no-store on API answers (they
// carry tokens), CORS only for configured origins, and Swagger UI that shows only
// our own OpenAPI document.
import test from 'ava';
import { createHash } from 'node:crypto';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { loadConfig, ConfigError } from '../../../jobs/runtime/config.js';

let app: TestApp;
let corsApp: TestApp;
test.before(async () => {
  app = await startApp({ workers: false });
  corsApp = await startApp({ workers: false, env: { CORS_ORIGINS: 'https://app.example.test, http://localhost:3000/' } });
});
test.after.always(async () => {
  await app?.stop();
  await corsApp?.stop();
});

const get = (url: string, headers: Record<string, string> = {}) => app.server.inject({ method: 'GET', url, headers });
const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));

test('X-Content-Type-Options: nosniff on answers, errors, pages and assets', async (t) => {
  const user = await buildUser(app.server);
  const answers = [
    await get('/api/'),
    await get('/api/profiles/me/', user.auth),
    await get('/api/profiles/me/'), // 401
    await get('/api/no-such/'), // 404
    await app.server.inject({ method: 'DELETE', url: '/api/teams/' }), // 405
    await app.server.inject({ method: 'POST', url: '/api/auth/login/', payload: '{', headers: { 'content-type': 'application/json' } }), // 400
    await get('/api/openapi.json'),
    await get('/api/docs/'),
    await get('/admin/'),
    await get('/api/swaggerui/swagger-ui-bundle.js'),
  ];
  for (const res of answers) t.is(res.headers['x-content-type-options'], 'nosniff', `${res.request.method} ${res.request.url.pathname} ${res.statusCode}`);
});

for (const url of ['/admin/login/', '/api/docs/', '/api/docs-login/']) {
  test(`${url} runs under a CSP that allows exactly its own scripts`, async (t) => {
    const res = await get(url);
    t.is(res.statusCode, 200);
    const csp = String(res.headers['content-security-policy'] ?? '');
    t.truthy(csp, 'a policy is sent');
    const d = directives(csp);
    t.deepEqual(d.get('default-src'), ["'none'"]);
    t.deepEqual(d.get('frame-ancestors'), ["'none'"]);
    const scripts = d.get('script-src') ?? [];
    t.false(scripts.includes("'unsafe-inline'") || scripts.includes("'unsafe-eval'") || scripts.includes('*'), 'no inline or eval escape hatch for scripts');
    t.deepEqual(d.get('connect-src'), ["'self'"], 'the page can only call this origin');
    // every inline script of the page is allowed by its hash; every external one is same-origin and served
    for (const m of res.payload.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      const src = /src="([^"]+)"/.exec(m[1])?.[1];
      if (src) {
        t.regex(src, /^\/[^/]/, 'self-hosted');
        t.is((await get(src)).statusCode, 200, src);
      } else {
        t.true(scripts.includes(`'sha256-${createHash('sha256').update(m[2]).digest('base64')}'`), 'inline script allowed by hash');
      }
    }
    for (const m of res.payload.matchAll(/<link[^>]+href="([^"]+)"/g)) t.is((await get(m[1])).statusCode, 200, m[1]);
    t.is(res.headers['x-frame-options'], 'DENY');
  });
}

test('other HTML (the library\'s own pages) runs nothing', async (t) => {
  for (const url of ['/api/swaggerui/index.html', '/api/swaggerui/oauth2-redirect.html']) {
    const res = await get(url);
    t.is(res.statusCode, 200, url);
    t.regex(String(res.headers['content-security-policy']), /default-src 'none'/, url);
    t.notRegex(String(res.headers['content-security-policy']), /script-src/, url);
  }
});

test('Swagger UI shows only our own OpenAPI document, whatever ?url= says', async (t) => {
  const res = await get('/api/docs/?url=https://evil.example/spec.json');
  t.is(res.statusCode, 200);
  t.notRegex(res.payload, /location\.(search|href|hash)/, 'the page reads nothing from its own URL');
  t.notRegex(res.payload, /evil\.example/);
  t.regex(res.payload, /url: "\/api\/openapi\.json"/);
  t.regex(res.payload, /queryConfigEnabled: false/, "Swagger UI's own query configuration is off");
  t.notRegex(res.payload, /StandaloneLayout/, 'no top bar with a box to load another spec');
});

test('API answers are Cache-Control: no-store, the token answers above all', async (t) => {
  const user = await buildUser(app.server);
  const login = await app.server.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: user.email, password: user.password } });
  t.is(login.statusCode, 200);
  t.is(login.headers['cache-control'], 'no-store');
  const refreshed = await app.server.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: user.refresh } });
  t.is(refreshed.statusCode, 200);
  t.is(refreshed.headers['cache-control'], 'no-store');
  t.is((await get('/api/profiles/me/', user.auth)).headers['cache-control'], 'no-store');
  t.is((await get('/api/profiles/me/')).headers['cache-control'], 'no-store');
  t.regex(String((await get('/api/swaggerui/swagger-ui.css')).headers['cache-control']), /max-age=\d+/, 'documentation assets may be cached');
});

test('CORS: no cross-origin access unless CORS_ORIGINS names the origin', async (t) => {
  const preflight = (server: TestApp, origin: string) =>
    server.server.inject({ method: 'OPTIONS', url: '/api/teams/', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' } });
  const byDefault = await preflight(app, 'https://evil.example');
  t.is(byDefault.headers['access-control-allow-origin'], undefined, 'default: no origin is allowed');
  t.is((await get('/api/', { origin: 'https://evil.example' })).headers['access-control-allow-origin'], undefined);

  const allowed = await preflight(corsApp, 'https://app.example.test');
  t.is(allowed.statusCode, 200);
  t.is(allowed.headers['access-control-allow-origin'], 'https://app.example.test');
  t.is((await preflight(corsApp, 'http://localhost:3000')).headers['access-control-allow-origin'], 'http://localhost:3000');
  const other = await preflight(corsApp, 'https://evil.example');
  t.is(other.headers['access-control-allow-origin'], undefined, 'an origin not listed gets nothing');
  const simple = await corsApp.server.inject({ method: 'GET', url: '/api/', headers: { origin: 'https://evil.example' } });
  t.is(simple.headers['access-control-allow-origin'], undefined);
});

test('CORS_ORIGINS must list origins (or *)', (t) => {
  t.throws(() => loadConfig({ CORS_ORIGINS: 'https://ok.example, not a url' }), { instanceOf: ConfigError, message: /CORS_ORIGINS/ });
  t.throws(() => loadConfig({ CORS_ORIGINS: 'https://ok.example/path' }), { instanceOf: ConfigError });
  t.deepEqual(loadConfig({}).corsOrigins, []);
  t.deepEqual(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins, ['*']);
});
