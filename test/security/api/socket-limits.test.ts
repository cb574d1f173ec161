// WebSocket limits, enforced by the hub for every channel: sockets per user per
// channel (4429 beyond), messages per second per socket (rate_limited error, then
// 4429 for a client that keeps flooding), hostile message content refused like HTTP
// bodies. A new channel (the AI chat) gets the same limits, with its own error type.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { connect, wsUrl, type TestSocket } from '../../helpers/ws.js';
import { pacingDelay } from '../../helpers/wait.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: false, listen: true, env: { WS_MAX_SOCKETS_PER_USER: '3', WS_MESSAGES_PER_SECOND: '2', WS_MESSAGE_BURST: '5' } });
  // a channel as the AI chat will register it: its own limits and error message type
  app.server.app.hub.channel('/ws/test-chat/', {
    limits: { maxSocketsPerUser: 1 },
    errorMessage: (code, message, extra) => ({ type: 'support.chat.error', data: { code, message, ...extra } }),
    onOpen: (conn) => conn.send({ type: 'support.chat.ready', data: {} }),
  });
});
test.after.always(async () => app?.stop());

const open = async (path: string, token: string): Promise<TestSocket> => {
  const ws = connect(wsUrl(app.url, path, token));
  await ws.next(path === '/ws/notifications/' ? 'connection.ready' : 'support.chat.ready');
  return ws;
};

test('a user holds at most WS_MAX_SOCKETS_PER_USER sockets on a channel; one more is closed with 4429', async (t) => {
  const [user, other] = await Promise.all([buildUser(app.server), buildUser(app.server)]);
  const held = await Promise.all([1, 2, 3].map(() => open('/ws/notifications/', user.access)));
  const extra = connect(wsUrl(app.url, '/ws/notifications/', user.access));
  const closed = await extra.closed;
  t.is(closed.code, 4429);
  t.regex(closed.reason, /too many sockets/);
  t.false(extra.messages.some((m) => m.type === 'connection.ready'), 'the extra socket never became ready');

  const theirs = await open('/ws/notifications/', other.access);
  t.pass('another user is not affected');
  held[0].close();
  await held[0].closed;
  const again = await open('/ws/notifications/', user.access);
  t.truthy(again, 'a freed slot can be used again');
  for (const ws of [...held, theirs, again]) ws.close();
});

test('messages over the rate are dropped with rate_limited; a client that keeps flooding is closed with 4429', async (t) => {
  const user = await buildUser(app.server);
  const ws = await open('/ws/notifications/', user.access);
  for (let i = 0; i < 6; i++) ws.send({ type: 'ping' });
  const limited = await ws.next('error', (m) => m.data.code === 'rate_limited');
  t.regex(limited.data.message, /2 per second/);
  t.true(limited.data.retry_after_ms > 0);
  t.is(ws.messages.filter((m) => m.type === 'pong').length, 5, 'the burst was served, the sixth dropped');

  // a client that slows down is served again
  await pacingDelay(700, 'the 2-per-second window refills');
  ws.send({ type: 'ping' });
  await ws.next('pong', () => ws.messages.filter((m) => m.type === 'pong').length === 6);

  const flooder = await open('/ws/notifications/', user.access);
  for (let i = 0; i < 40; i++) flooder.send({ type: 'ping' });
  const closed = await flooder.closed;
  t.is(closed.code, 4429);
  t.regex(closed.reason, /message rate exceeded/);
  t.is(flooder.messages.filter((m) => m.type === 'error' && m.data.code === 'rate_limited').length, 1, 'told once, not once per dropped message');
  ws.close();
});

test('a new channel gets the same limits, with its own error message type', async (t) => {
  const user = await buildUser(app.server);
  const chat = await open('/ws/test-chat/', user.access);
  t.is((await connect(wsUrl(app.url, '/ws/test-chat/', user.access)).closed).code, 4429, 'its own cap of one socket');
  const notifications = await open('/ws/notifications/', user.access);
  t.truthy(notifications, 'caps count per channel');
  for (let i = 0; i < 7; i++) chat.send({ type: 'support.chat.sessions.list' });
  const err = await chat.next('support.chat.error', (m) => m.data.code === 'rate_limited');
  t.is(err.data.code, 'rate_limited');
  t.is(chat.socket.readyState, chat.socket.OPEN, 'a rate-limit error keeps the socket open');
  chat.close();
  notifications.close();
});

test('hostile message content is refused like an HTTP body, and the socket stays open', async (t) => {
  const user = await buildUser(app.server);
  const ws = await open('/ws/notifications/', user.access);
  ws.send({ type: 'jobs.get', data: { job_id: 'system-a\u0000b' } });
  const nul = await ws.next('error', (m) => m.data.code === 'nul_character');
  t.regex(nul.data.message, /message\.data\.job_id/);
  t.is(nul.data.request_type, 'jobs.get', 'the refused request is named');
  ws.send({ type: 'jobs.get', data: { job_id: 'a\u0000', request_id: 'r-7' } });
  t.is((await ws.next('error', (m) => m.data.code === 'nul_character' && m.data.request_id === 'r-7')).data.request_type, 'jobs.get');
  let deep: unknown = 'x';
  for (let i = 0; i < 100; i++) deep = [deep];
  ws.send({ type: 'jobs.get', data: { job_id: deep } });
  await ws.next('error', (m) => m.data.code === 'nesting_too_deep');
  ws.socket.send('not json');
  await ws.next('error', (m) => m.data.code === 'invalid_message');
  ws.send({ type: 'ping' });
  await ws.next('pong');
  t.is(ws.socket.readyState, ws.socket.OPEN);
  ws.close();
});

test('shutdown: a client that never answers the close handshake is cut after the grace period, not after 30 s', async (t) => {
  const own = await startApp({ workers: false, listen: true });
  t.teardown(() => own.stop());
  const user = await buildUser(own.server);
  const ws = connect(wsUrl(own.url, '/ws/notifications/', user.access));
  await ws.next('connection.ready');
  // the client stops reading: the server's close frame is never answered
  const tcp = (ws.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
  tcp.pause();
  const started = Date.now();
  await own.server.app.hub.close(300);
  const took = Date.now() - started;
  t.true(took < 3000, `the hub closed in ${took} ms`);
  t.is(own.server.app.hub.connectionCount, 0);
  tcp.resume();
  t.true([1001, 1006].includes((await ws.closed).code), 'the client learns the connection is gone');
});
