// WebSocket upgrades are limited per client address (#22 item 11): WS_UPGRADES_PER_MINUTE
// upgrade requests to any /ws/ path (notifications, the AI chat, an unknown one),
// counted before the token is looked at; one more is answered HTTP 429 with the JSON
// error body and Retry-After, and no socket opens. Another address is not affected.
// Real `ws` clients against a listening gateway; addresses come from X-Forwarded-For
// behind one trusted proxy hop.
import test from 'ava';
import WebSocket from 'ws';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { wsUrl } from '../../helpers/ws.js';

const PER_MINUTE = 3;
let app: TestApp;
let user: TestUser;
test.before(async () => {
  app = await startApp({ workers: false, listen: true, env: { WS_UPGRADES_PER_MINUTE: String(PER_MINUTE), TRUST_PROXY_HOPS: '1' } });
  user = await buildUser(app.server);
});
test.after.always(async () => app?.stop());

type Outcome =
  | { kind: 'opened'; first: { type: string } | null; close: number }
  | { kind: 'refused'; status: number; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * One upgrade from `address`: either the socket opened (its first message, or the
 * close code when the server closes it at once) or the upgrade was refused (the HTTP
 * answer). Never both: a refused upgrade must not open.
 */
function attempt(address: string, path: string, token: string | undefined): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(app.url, path, token), { headers: { 'x-forwarded-for': address } });
    let opened = false;
    const timer = setTimeout(() => reject(new Error(`no outcome for ${path} from ${address}`)), 20_000);
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ kind: 'refused', status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    ws.on('open', () => (opened = true));
    ws.on('error', () => undefined);
    ws.once('message', (raw) => {
      clearTimeout(timer);
      resolve({ kind: 'opened', first: JSON.parse(raw.toString()), close: 0 });
      ws.close();
    });
    ws.on('close', (code) => {
      clearTimeout(timer);
      if (opened) resolve({ kind: 'opened', first: null, close: code });
    });
  });
}

test(`WS_UPGRADES_PER_MINUTE upgrades per address; one more is HTTP 429 with the JSON body and Retry-After, no socket`, async (t) => {
  for (let i = 0; i < PER_MINUTE; i++) {
    const ok = await attempt('198.51.100.1', '/ws/notifications/', user.access);
    t.is(ok.kind, 'opened');
    t.is(ok.kind === 'opened' && ok.first?.type, 'connection.ready');
  }
  const over = await attempt('198.51.100.1', '/ws/notifications/', user.access);
  if (over.kind !== 'refused') return t.fail(`the upgrade opened: ${JSON.stringify(over)}`);
  t.is(over.status, 429);
  t.regex(String(over.headers['content-type']), /application\/json/);
  const retryAfter = Number(over.headers['retry-after']);
  t.true(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${over.headers['retry-after']}`);
  const body = JSON.parse(over.body);
  t.is(body.error.code, 'rate_limited');
  t.is(typeof body.error.message, 'string');
  t.is(body.error.details.retry_after, retryAfter);

  const other = await attempt('198.51.100.2', '/ws/notifications/', user.access);
  t.is(other.kind, 'opened', 'another address is not affected');
});

test('every /ws/ path spends the same budget (the AI chat, an unknown path), and it is spent before the token is checked', async (t) => {
  const address = '198.51.100.10';
  const chat = await attempt(address, '/ws/support/ai-chat/', user.access);
  t.is(chat.kind === 'opened' && chat.first?.type, 'support.chat.ready');
  const unknown = await attempt(address, '/ws/nowhere/', user.access);
  t.is(unknown.kind === 'opened' && unknown.close, 4404, 'an unknown path is still accepted and closed 4404 (within the budget)');
  const badToken = await attempt(address, '/ws/notifications/', 'not-a-token');
  t.is(badToken.kind === 'opened' && badToken.close, 4401);
  // the budget is spent: even a valid token on a real channel is refused now
  for (const path of ['/ws/support/ai-chat/', '/ws/notifications/', '/ws/nowhere/']) {
    const over = await attempt(address, path, user.access);
    t.is(over.kind === 'refused' && over.status, 429, path);
  }
  // without a token at all, a flood from one address is refused before any work
  const anonymous = await attempt('198.51.100.11', '/ws/notifications/', undefined);
  t.is(anonymous.kind === 'opened' && anonymous.close, 4401);
});
