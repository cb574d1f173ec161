// The batch import's API session: it renews its access token before it expires (and
// once on a 401), one renewal at a time, and retries 429/503 after Retry-After.
import test from 'ava';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiSession, retryAfterMs, SessionError } from '../../../scripts/import-invoices/api-session.js';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';

/** A stand-in platform whose answers the test scripts. */
async function stub(handler: (req: http.IncomingMessage, body: string) => { status: number; headers?: Record<string, string>; body?: unknown }) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const a = handler(req, body);
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(JSON.stringify(a.body ?? {}));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => {
    server.closeAllConnections();
    server.close(r);
  }) };
}

test('429 and 503 are retried after Retry-After (seconds or a date), or after a backoff', async (t) => {
  let calls = 0;
  // a fixed clock: the HTTP date has whole seconds, and a busy machine must not shorten the wait
  const clock = Math.floor(Date.now() / 1000) * 1000;
  const s = await stub(() => {
    calls++;
    if (calls === 1) return { status: 429, headers: { 'retry-after': '2' }, body: { error: { code: 'rate_limited' } } };
    if (calls === 2) return { status: 503, headers: { 'retry-after': new Date(clock + 3000).toUTCString() } };
    if (calls === 3) return { status: 429 };
    return { status: 200, body: { ok: true } };
  });
  const waits: number[] = [];
  const session = new ApiSession(s.url, { token: 'tok' }, { sleep: async (ms) => void waits.push(ms), now: () => clock });
  const res = await session.fetch('/api/anything/', { method: 'POST', body: 'x' });
  t.is(res.status, 200);
  t.is(calls, 4);
  t.is(waits[0], 2000);
  t.is(waits[1], 3000, 'the date three seconds ahead');
  t.true(waits[2] >= 2000 && waits[2] <= 4000, `no Retry-After: a backoff (third attempt), ${waits[2]} ms`);
  await s.close();
});

test('gives up after a bounded number of 429s and hands the answer back', async (t) => {
  const s = await stub(() => ({ status: 429, headers: { 'retry-after': '1' } }));
  const session = new ApiSession(s.url, { token: 'tok' }, { sleep: async () => undefined });
  t.is((await session.fetch('/api/x/')).status, 429);
  await s.close();
});

test('a 401 renews the token once, with one refresh shared by concurrent requests', async (t) => {
  let refreshes = 0;
  let valid = 'old';
  const s = await stub((req, body) => {
    if (req.url === '/api/token/refresh/') {
      refreshes++;
      t.is(JSON.parse(body).refresh, refreshes === 1 ? 'r1' : 'r2', 'each refresh token is used once');
      valid = `access-${refreshes}`;
      return { status: 200, body: { access: valid, refresh: `r${refreshes + 1}`, expires_in: 1800 } };
    }
    return req.headers.authorization === `Bearer ${valid}` ? { status: 200, body: {} } : { status: 401, body: { error: { code: 'token_invalid' } } };
  });
  const session = new ApiSession(s.url, { token: 'expired', refresh: 'r1' });
  valid = 'something else';
  const answers = await Promise.all([1, 2, 3, 4].map(() => session.fetch('/api/data/')));
  t.deepEqual(answers.map((r) => r.status), [200, 200, 200, 200]);
  t.is(refreshes, 1);
  await s.close();
});

test('a bare access token that expires is reported clearly, not retried forever', async (t) => {
  const s = await stub(() => ({ status: 401 }));
  const session = new ApiSession(s.url, { token: 'only-an-access-token' });
  t.false(session.renewable);
  t.is((await session.fetch('/api/data/')).status, 401);
  t.throws(() => new ApiSession(s.url, {}), { instanceOf: SessionError });
  t.is(retryAfterMs('1.5', 0), 1500);
  t.is(retryAfterMs('soon', 0), null);
  await s.close();
});

test('against the platform: the access token is renewed before it expires, for runs longer than its lifetime', async (t) => {
  let app: TestApp | undefined;
  try {
    // no reuse grace: the replay below must count as a reuse however soon it comes
    app = await startApp({ workers: false, listen: true, env: { REFRESH_REUSE_GRACE_SECONDS: '0' } });
    const user = await buildUser(app.server);
    let clock = Date.now();
    const seen: string[] = [];
    const session = new ApiSession(app.url, { refresh: user.refresh }, {
      now: () => clock,
      fetch: (input, init) => {
        const auth = new Headers(init?.headers).get('authorization');
        if (auth) seen.push(auth);
        return fetch(input, init);
      },
    });
    t.is((await session.fetch('/api/profiles/me/')).status, 200);
    t.is((await session.fetch('/api/profiles/me/')).status, 200);
    t.is(new Set(seen).size, 1, 'one access token while it is fresh');
    // 29.5 minutes later (the access token lasts 30): renewed before the next request
    clock += 29.5 * 60_000;
    t.is((await session.fetch('/api/profiles/me/')).status, 200);
    t.is(new Set(seen).size, 2, 'a new access token');
    // the original refresh token was spent by the session, and the session kept working
    const replay = await app.server.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: user.refresh } });
    t.is(replay.statusCode, 401);
  } finally {
    await app?.stop();
  }
});

test('against the platform: a personal API token (--token ipt_…) works as is, with no renewal', async (t) => {
  let app: TestApp | undefined;
  try {
    app = await startApp({ workers: false, listen: true });
    const user = await buildUser(app.server);
    const created = await app.server.inject({ method: 'POST', url: '/api/auth/api-tokens/', headers: user.auth, payload: { name: 'invoice import' } });
    t.is(created.statusCode, 201, created.payload);
    const token = JSON.parse(created.payload).token as string;
    t.regex(token, /^ipt_/);
    let clock = Date.now();
    const session = new ApiSession(app.url, { token }, { now: () => clock });
    t.false(session.renewable);
    t.is((await session.fetch('/api/profiles/me/')).status, 200);
    clock += 6 * 3600_000; // hours later, the same token still serves
    t.is((await session.fetch('/api/profiles/me/')).status, 200);
  } finally {
    await app?.stop();
  }
});

test('queue mode waits out the platform limits (429) instead of failing the file', async (t) => {
  const { whenAllowed } = await import('../../../scripts/import-invoices/clients.js');
  const { RateLimited } = await import('../../../jobs/runtime/errors.js');
  let calls = 0;
  const started = Date.now();
  const value = await whenAllowed(async () => {
    calls++;
    if (calls < 3) throw new RateLimited(0.2, 'slow down', 'too_many_jobs');
    return 'done';
  });
  t.is(value, 'done');
  t.is(calls, 3);
  t.true(Date.now() - started >= 1900, 'Retry-After (at least a second) honoured twice');
  await t.throwsAsync(whenAllowed(async () => { throw new Error('not a limit'); }), { message: 'not a limit' });
});
