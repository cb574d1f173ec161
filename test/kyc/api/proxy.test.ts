// The main service's user surface as a proxy: per-user limits shared by gateway
// instances, a slow or down microservice as a clear 504/503 (never a hang), cached
// branding, bearer auth, and the reusable verified-only route option.
import test from 'ava';
import net from 'node:net';
import nock from 'nock';
import { buildUser } from '../../factories/users.js';
import { startKycStack, type KycStack } from '../../helpers/kyc.js';
import { startApp, type TestApp } from '../../helpers/app.js';
import { requireVerifiedKyc } from '../../../gateway/plugins/kyc-gate.js';

let stack: KycStack;
let second: TestApp;
let hanging: net.Server;
let slowApp: TestApp;
let downApp: TestApp;
const sockets: net.Socket[] = [];

test.before(async () => {
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
  stack = await startKycStack();
  // a second gateway instance on the same Redis and microservice
  second = await startApp({ env: { ...stack.env, QUEUE_PREFIX: stack.app.config.queuePrefix, KYC_URL: stack.kycUrl }, workers: false });
  // a "microservice" that accepts connections and never answers
  hanging = net.createServer((s) => sockets.push(s));
  await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
  slowApp = await startApp({ env: { KYC_URL: `http://127.0.0.1:${(hanging.address() as net.AddressInfo).port}`, KYC_PROXY_TIMEOUT_MS: '300' }, workers: false });
  const closed = net.createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const port = (closed.address() as net.AddressInfo).port;
  await new Promise((r) => closed.close(r));
  downApp = await startApp({ env: { KYC_URL: `http://127.0.0.1:${port}` }, workers: false });
});
test.after.always(async () => {
  await stack?.stop();
  await second?.stop();
  await slowApp?.stop();
  await downApp?.stop();
  sockets.forEach((s) => s.destroy());
  hanging?.close();
  nock.enableNetConnect();
});

const json = (res: { payload: string }) => JSON.parse(res.payload);

test('access-token: 15 per minute per user across gateway instances, then 429 with Retry-After', async (t) => {
  const user = await buildUser(stack.app.server);
  for (let i = 0; i < 15; i += 1) {
    const server = i % 2 ? second.server : stack.app.server;
    const res = await server.inject({ method: 'POST', url: '/api/v1/kyc/access-token/', headers: user.auth });
    t.is(res.statusCode, 200, `call ${i + 1}: ${res.payload}`);
  }
  const sixteenth = await second.server.inject({ method: 'POST', url: '/api/v1/kyc/access-token/', headers: user.auth });
  t.is(sixteenth.statusCode, 429);
  t.is(json(sixteenth).error.code, 'rate_limited');
  t.true(Number(sixteenth.headers['retry-after']) >= 1);
  // another user is not affected
  const other = await buildUser(stack.app.server);
  t.is((await stack.app.server.inject({ method: 'POST', url: '/api/v1/kyc/access-token/', headers: other.auth })).statusCode, 200);
});

for (const [path, limit] of [['refresh', 6], ['reset', 6]] as const) {
  test(`${path}: ${limit} per minute, then 429`, async (t) => {
    const user = await buildUser(stack.app.server);
    await stack.app.server.inject({ method: 'POST', url: '/api/v1/kyc/access-token/', headers: user.auth });
    for (let i = 0; i < limit; i += 1) {
      const res = await stack.app.server.inject({ method: 'POST', url: `/api/v1/kyc/${path}/`, headers: user.auth });
      t.is(res.statusCode, 200, res.payload);
    }
    const over = await stack.app.server.inject({ method: 'POST', url: `/api/v1/kyc/${path}/`, headers: user.auth });
    t.is(over.statusCode, 429);
    t.truthy(over.headers['retry-after']);
  });
}

test('a microservice that never answers is a 504 within the configured timeout', async (t) => {
  const app = slowApp;
  {
    const user = await buildUser(app.server);
    const started = Date.now();
    const res = await app.server.inject({ method: 'GET', url: '/api/v1/kyc/status/', headers: user.auth });
    const took = Date.now() - started;
    t.is(res.statusCode, 504);
    t.is(json(res).error.code, 'kyc_timeout');
    t.true(took >= 280 && took < 2000, `took ${took} ms`);
  }
});

test('a microservice that is down is a 503 at once', async (t) => {
  const app = downApp;
  {
    const user = await buildUser(app.server);
    const res = await app.server.inject({ method: 'POST', url: '/api/v1/kyc/access-token/', headers: user.auth });
    t.is(res.statusCode, 503);
    t.is(json(res).error.code, 'kyc_unavailable');
    t.truthy(res.headers['retry-after']);
  }
});

test('bearer auth is required on the user surface', async (t) => {
  for (const [method, path] of [['POST', 'access-token'], ['GET', 'status'], ['POST', 'refresh'], ['POST', 'reset'], ['GET', 'branding']] as const) {
    const res = await stack.app.server.inject({ method, url: `/api/v1/kyc/${path}/` });
    t.is(res.statusCode, 401, path);
    t.truthy(json(res).error.code);
  }
  const user = await buildUser(stack.app.server);
  const noSlash = await stack.app.server.inject({ method: 'GET', url: '/api/v1/kyc/status', headers: user.auth });
  t.is(noSlash.statusCode, 200);
});

test('branding: BrandingOut, cached briefly', async (t) => {
  const user = await buildUser(stack.app.server);
  const first = await stack.app.server.inject({ method: 'GET', url: '/api/v1/kyc/branding/', headers: user.auth });
  t.is(first.statusCode, 200);
  t.deepEqual(json(first), { project: stack.project.slug, name: stack.env.KYC_PROJECT_NAME, logo_url: '', primary_color: '', support_email: '', provider: 'inhouse' });
  await stack.app.server.app.platform.knex('kyc.projects').where({ id: stack.project.id }).update({ name: 'Renamed' });
  const second = await stack.app.server.inject({ method: 'GET', url: '/api/v1/kyc/branding/', headers: user.auth });
  t.is(json(second).name, stack.env.KYC_PROJECT_NAME, 'served from the cache');
  await stack.app.server.app.platform.knex('kyc.projects').where({ id: stack.project.id }).update({ name: stack.env.KYC_PROJECT_NAME });
});

test('a route option gates features on the verified flag (403 kyc_required)', async (t) => {
  stack.app.server.route({ method: 'GET', path: '/api/test-kyc-gated/', options: { plugins: requireVerifiedKyc }, handler: () => ({ ok: true }) });
  const user = await buildUser(stack.app.server);
  const denied = await stack.app.server.inject({ method: 'GET', url: '/api/test-kyc-gated/', headers: user.auth });
  t.is(denied.statusCode, 403);
  t.is(json(denied).error.code, 'kyc_required');
  await stack.app.server.app.services.kyc.mirror.refresh(user.id, { status: 'approved', is_verified: true }, 5);
  const allowed = await stack.app.server.inject({ method: 'GET', url: '/api/test-kyc-gated/', headers: user.auth });
  t.is(allowed.statusCode, 200);
  // a proxied answer with an older version never moves the mirror back
  await stack.app.server.app.services.kyc.mirror.refresh(user.id, { status: 'pending', is_verified: false }, 4);
  t.is((await stack.app.server.inject({ method: 'GET', url: '/api/test-kyc-gated/', headers: user.auth })).statusCode, 200);
});

test('the OpenAPI document lists the verification endpoints under the kyc tag', async (t) => {
  const res = await stack.app.server.inject({ method: 'GET', url: '/api/openapi.json' });
  t.is(res.statusCode, 200);
  const doc = json(res);
  t.true(doc.tags.some((tag: { name: string }) => tag.name === 'kyc'));
  for (const path of ['/api/v1/kyc/access-token/', '/api/v1/kyc/status/', '/api/v1/kyc/refresh/', '/api/v1/kyc/reset/', '/api/v1/kyc/branding/', '/api/v1/internal/kyc/status-callback/']) {
    t.truthy(doc.paths[path], path);
  }
  t.truthy(doc.paths['/api/v1/kyc/access-token/'].post.responses['429']);
});
