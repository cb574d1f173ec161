// The AI support chat socket with a real `ws` client against the listening gateway
// and an `ai` worker: the handshake, every client message type, the reply push and
// support.chat.error for every failure, with the socket left open.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { connect, wsUrl, type TestSocket } from '../../helpers/ws.js';
import { ask, createSession, json } from '../chat-helpers.js';

let app: TestApp;
let limited: TestApp;
test.before(async () => {
  // the error test sends ~20 messages back to back: above the default burst of 20
  app = await startApp({ listen: true, workers: ['ai'], env: { WS_MESSAGE_BURST: '100' } });
  limited = await startApp({ listen: true, workers: ['ai'], env: { AI_MESSAGES_PER_MINUTE: '3' } });
});
// every socket a test opened is closed before the gateways stop
const sockets: TestSocket[] = [];
test.after.always(() => {
  for (const s of sockets) s.close();
});
test.after.always(async () => {
  await limited?.stop();
  await app?.stop();
});

async function open(user: TestUser, target = app): Promise<TestSocket> {
  const socket = connect(wsUrl(target.url, '/ws/support/ai-chat/', user.access));
  sockets.push(socket);
  await socket.next('support.chat.ready');
  return socket;
}

/** The first message of a type received after the first `after` messages. */
const nextAfter = (socket: TestSocket, after: number, type: string) => socket.next(type, (m) => socket.messages.indexOf(m) >= after);

/** The socket is still open and answering. */
async function stillOpen(t: { is: (a: unknown, b: unknown) => void }, socket: TestSocket) {
  const before = socket.messages.length;
  socket.send({ type: 'ping' });
  await socket.next('pong', (m) => socket.messages.indexOf(m) >= before);
  t.is(socket.socket.readyState, socket.socket.OPEN);
}

test('a missing or bad token closes with 4401; the ready message carries an empty object', async (t) => {
  t.is(await connect(wsUrl(app.url, '/ws/support/ai-chat/')).closeCode(), 4401);
  t.is(await connect(wsUrl(app.url, '/ws/support/ai-chat/', 'ipa_not-a-token')).closeCode(), 4401);
  const user = await buildUser(app.server);
  const socket = await open(user);
  t.deepEqual(socket.messages[0], { type: 'support.chat.ready', data: {} });
  // the path works without its trailing slash too
  const bare = connect(wsUrl(app.url, '/ws/support/ai-chat', user.access));
  sockets.push(bare);
  await bare.next('support.chat.ready');
  t.pass();
});

test('create a session, send a message: message.saved at once, then the cited reply', async (t) => {
  const user = await buildUser(app.server);
  const socket = await open(user);
  socket.send({ type: 'support.chat.sessions.create', data: { language: 'en' } });
  const created = await socket.next('support.chat.session.created');
  const session = created.data.session;
  t.regex(session.id, /^[0-9a-f-]{36}$/);
  t.is(session.language, 'en');

  socket.send({ type: 'support.chat.message.send', data: { session_id: session.id, message: 'How do I import a supplier invoice?' } });
  const saved = await socket.next('support.chat.message.saved');
  t.is(saved.data.session_id, session.id);
  t.is(saved.data.message.role, 'user');
  t.is(saved.data.message.content, 'How do I import a supplier invoice?');
  const reply = await socket.next('support.chat.reply');
  t.true(socket.messages.indexOf(saved) < socket.messages.indexOf(reply), 'saved comes first');
  for (const key of ['session', 'message', 'resolved', 'should_offer_ticket', 'ticket_creation_available', 'suggested_actions', 'cited_articles']) t.true(key in reply.data, key);
  t.is(reply.data.session.id, session.id);
  t.is(reply.data.message.role, 'assistant');
  t.is(reply.data.message.reply_to, saved.data.message.id);
  t.true(reply.data.resolved);
  t.false(reply.data.should_offer_ticket);
  t.false(reply.data.ticket_creation_available);
  t.is(reply.data.cited_articles[0].slug, 'import-supplier-invoice');
  t.true(reply.data.message.content.includes('/api/invoice-import/bulk-store/'));
});

test('an unanswerable question: the reply offers a ticket and says one can be created', async (t) => {
  const user = await buildUser(app.server);
  const socket = await open(user);
  const session = await createSession(app.server, user);
  socket.send({ type: 'support.chat.message.send', data: { session_id: session.id, message: 'Do you deliver pizza to the warehouse?' } });
  const reply = await socket.next('support.chat.reply');
  t.true(reply.data.should_offer_ticket);
  t.true(reply.data.ticket_creation_available);
  t.false(reply.data.resolved);
  t.deepEqual(reply.data.cited_articles, []);
});

test('sessions.list and sessions.get return only the caller\'s sessions, decrypted', async (t) => {
  const user = await buildUser(app.server);
  const other = await buildUser(app.server);
  const mine = await createSession(app.server, user);
  await ask(app.server, user, mine.id, 'I forgot my password');
  const theirs = await createSession(app.server, other);
  const socket = await open(user);
  socket.send({ type: 'support.chat.sessions.list' });
  const list = await socket.next('support.chat.sessions');
  t.is(list.data.count, 1);
  t.deepEqual(list.data.sessions.map((s: { id: string }) => s.id), [mine.id]);
  t.is(list.data.sessions[0].title, 'I forgot my password');

  socket.send({ type: 'support.chat.sessions.get', data: { session_id: mine.id } });
  const got = await socket.next('support.chat.session');
  t.is(got.data.session.id, mine.id);
  t.deepEqual(got.data.messages.map((m: { role: string }) => m.role), ['user', 'assistant']);
  t.is(got.data.messages[1].cited_articles[0].slug, 'reset-forgotten-password');

  socket.send({ type: 'support.chat.sessions.get', data: { session_id: theirs.id } });
  const denied = await socket.next('support.chat.error');
  t.is(denied.data.code, 'session_not_found');
  await stillOpen(t, socket);
});

test('every failure is support.chat.error with a code, and the socket stays open', async (t) => {
  const user = await buildUser(app.server);
  const other = await buildUser(app.server);
  const socket = await open(user);
  const session = await createSession(app.server, user);
  const foreign = await createSession(app.server, other);
  const cases: [unknown, string][] = [
    [{ type: 'support.chat.message.send', data: { session_id: session.id, message: '' } }, 'empty_message'],
    [{ type: 'support.chat.message.send', data: { session_id: session.id, message: '   ' } }, 'empty_message'],
    [{ type: 'support.chat.message.send', data: { session_id: session.id } }, 'empty_message'],
    [{ type: 'support.chat.message.send', data: { session_id: session.id, message: 'x'.repeat(4001) } }, 'message_too_long'],
    [{ type: 'support.chat.message.send', data: { session_id: foreign.id, message: 'hello?' } }, 'session_not_found'],
    [{ type: 'support.chat.message.send', data: { session_id: '00000000-0000-4000-8000-000000000000', message: 'hello?' } }, 'session_not_found'],
    [{ type: 'support.chat.message.send', data: { session_id: 'not-a-uuid', message: 'hello?' } }, 'validation_error'],
    [{ type: 'support.chat.message.send', data: { session_id: session.id, message: { nested: true } } }, 'validation_error'],
    [{ type: 'support.chat.message.send', data: 'just a string' }, 'validation_error'],
    [{ type: 'support.chat.sessions.get', data: {} }, 'validation_error'],
    [{ type: 'support.chat.sessions.create', data: { language: '<img src=x onerror=alert(1)>' } }, 'validation_error'],
    [{ type: 'support.chat.ticket.create', data: { session_id: session.id } }, 'validation_error'],
    [{ type: 'support.chat.ticket.create', data: { session_id: session.id, consent: false } }, 'consent_required'],
    [{ type: 'support.chat.ticket.create', data: { session_id: foreign.id, consent: true } }, 'session_not_found'],
    [{ type: 'support.chat.delete.everything', data: {} }, 'unknown_type'],
    [{ type: 'support.chat.sessions.list', data: [] }, 'validation_error'],
  ];
  for (const [message, code] of cases) {
    const before = socket.messages.length;
    socket.send(message);
    const error = await nextAfter(socket, before, 'support.chat.error');
    t.is(error.data.code, code, JSON.stringify(message).slice(0, 120));
    t.is(typeof error.data.message, 'string');
  }
  for (const raw of ['{not json', '[1,2,3]', '"text"', '{"data": {}}', '']) {
    const before = socket.messages.length;
    socket.socket.send(raw);
    const error = await nextAfter(socket, before, 'support.chat.error');
    t.is(error.data.code, 'invalid_message', raw);
  }
  await stillOpen(t, socket);
  const [{ count }] = await app.server.app.platform.knex('support_chat_messages').where({ user_id: user.id }).count<{ count: string }[]>('* as count');
  t.is(Number(count), 0, 'no refused message was saved');
});

test('rate limited: past AI_MESSAGES_PER_MINUTE the socket answers rate_limited and REST 429', async (t) => {
  const user = await buildUser(limited.server);
  const socket = await open(user, limited);
  const session = await createSession(limited.server, user);
  for (let i = 0; i < 3; i++) {
    socket.send({ type: 'support.chat.message.send', data: { session_id: session.id, message: `low stock alert ${i}` } });
    await socket.next('support.chat.reply', (m) => m.data.user_message.content === `low stock alert ${i}`);
  }
  socket.send({ type: 'support.chat.message.send', data: { session_id: session.id, message: 'one more' } });
  const error = await socket.next('support.chat.error');
  t.is(error.data.code, 'rate_limited');
  const rest = await ask(limited.server, user, session.id, 'and over REST?');
  t.is(rest.statusCode, 429);
  t.truthy(rest.headers['retry-after']);
  t.is(json(rest).error.code, 'rate_limited');
  await stillOpen(t, socket);
});

test('a reply reaches every chat socket of the user, not the notification socket or other users', async (t) => {
  const user = await buildUser(app.server);
  const stranger = await buildUser(app.server);
  const a = await open(user);
  const b = await open(user);
  const theirs = await open(stranger);
  const notifications = connect(wsUrl(app.url, '/ws/notifications/', user.access));
  sockets.push(notifications);
  await notifications.next('connection.ready');
  const session = await createSession(app.server, user);
  a.send({ type: 'support.chat.message.send', data: { session_id: session.id, message: 'how do I scan a barcode' } });
  const reply = await a.next('support.chat.reply');
  const copy = await b.next('support.chat.reply');
  t.is(copy.data.message.id, reply.data.message.id);
  // positive markers: the stranger's own reply reaches them, and a second question is answered after the first
  const theirSession = await createSession(app.server, stranger);
  theirs.send({ type: 'support.chat.message.send', data: { session_id: theirSession.id, message: 'how do I add a product' } });
  await theirs.next('support.chat.reply');
  a.send({ type: 'support.chat.message.send', data: { session_id: session.id, message: 'and a QR code' } });
  const second = await a.next('support.chat.reply', (m) => m.data.message.id !== reply.data.message.id);
  await b.next('support.chat.reply', (m) => m.data.message.id === second.data.message.id);
  t.false(theirs.messages.some((m) => m.type === 'support.chat.reply' && m.data.message.id === reply.data.message.id));
  t.false(notifications.messages.some((m) => m.type.startsWith('support.chat')));
  t.is(a.messages.filter((m) => m.type === 'support.chat.reply' && m.data.message.id === reply.data.message.id).length, 1, 'answered once');
});

test('request_id is echoed so a client can match answers to requests', async (t) => {
  const user = await buildUser(app.server);
  const socket = await open(user);
  socket.send({ type: 'support.chat.sessions.create', data: { language: 'es', request_id: 'r-1' } });
  const created = await socket.next('support.chat.session.created');
  t.is(created.data.request_id, 'r-1');
  socket.send({ type: 'support.chat.message.send', data: { session_id: 'bad', message: 'x', request_id: 'r-2' } });
  const error = await socket.next('support.chat.error');
  t.is(error.data.request_id, 'r-2');
  t.is(error.data.request_type, 'support.chat.message.send');
});
