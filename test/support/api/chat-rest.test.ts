// The AI support chat over REST with the default offline engine and a real `ai`
// worker: sessions, cited answers, the ticket offer, bad input, ownership and
// encryption at rest.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { ask, createSession, json } from '../chat-helpers.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: ['ai'] });
});
test.after.always(async () => {
  await app?.stop();
});

test('POST /api/v1/support/chat/sessions/ creates a session (language default en)', async (t) => {
  const user = await buildUser(app.server);
  const res = await app.server.inject({ method: 'POST', url: '/api/v1/support/chat/sessions/', payload: { language: 'de' }, headers: user.auth });
  t.is(res.statusCode, 201);
  const session = json(res);
  t.regex(session.id, /^[0-9a-f-]{36}$/);
  t.is(session.language, 'de');
  t.is(session.title, null);
  t.is(session.message_count, 0);
  const plain = await app.server.inject({ method: 'POST', url: '/api/v1/support/chat/sessions/', headers: user.auth });
  t.is(plain.statusCode, 201);
  t.is(json(plain).language, 'en');
});

test('session creation: bad language and no token are refused', async (t) => {
  const user = await buildUser(app.server);
  for (const language of ['', 'english please', 42, '<script>', 'x'.repeat(40)]) {
    const res = await app.server.inject({ method: 'POST', url: '/api/v1/support/chat/sessions/', payload: { language }, headers: user.auth });
    t.is(res.statusCode, 400, String(language));
    t.is(json(res).error.code, 'validation_error');
  }
  const anonymous = await app.server.inject({ method: 'POST', url: '/api/v1/support/chat/sessions/', payload: {} });
  t.is(anonymous.statusCode, 401);
});

test('"how do I import a supplier invoice?" is answered with the steps, citing the invoice import article', async (t) => {
  const user = await buildUser(app.server);
  const session = await createSession(app.server, user);
  const res = await ask(app.server, user, session.id, 'How do I import a supplier invoice?');
  t.is(res.statusCode, 200, res.payload);
  const reply = json(res);
  t.true(reply.resolved);
  t.false(reply.should_offer_ticket);
  t.false(reply.ticket_creation_available);
  t.deepEqual(reply.cited_articles.map((a: { slug: string }) => a.slug), ['import-supplier-invoice']);
  t.deepEqual(Object.keys(reply.cited_articles[0]).sort(), ['id', 'slug', 'title']);
  t.true(Number.isInteger(reply.cited_articles[0].id));
  t.true(reply.answer.includes('/api/invoice-import/preview/'));
  t.is(reply.message.role, 'assistant');
  t.is(reply.message.content, reply.answer);
  t.is(reply.message.reply_to, reply.user_message.id);
  t.is(reply.user_message.content, 'How do I import a supplier invoice?');
  t.is(reply.session.id, session.id);
  t.is(reply.session.message_count, 2);
  t.is(reply.session.title, 'How do I import a supplier invoice?');
  t.true(Array.isArray(reply.suggested_actions) && reply.suggested_actions.length > 0);
  t.is(reply.engine, 'offline');
});

test('a question the articles cannot answer offers a ticket (consent needed) and cites nothing', async (t) => {
  const user = await buildUser(app.server);
  const session = await createSession(app.server, user);
  const reply = json(await ask(app.server, user, session.id, 'Can I pay my subscription with bitcoin?'));
  t.false(reply.resolved);
  t.true(reply.should_offer_ticket);
  t.true(reply.ticket_creation_available);
  t.deepEqual(reply.cited_articles, []);
  const tickets = await app.server.app.platform.knex('support_tickets').where({ user_id: user.id }).count<{ count: string }[]>('* as count');
  t.is(Number(tickets[0].count), 0, 'offering is not creating');
});

test('answers come in the session language', async (t) => {
  const user = await buildUser(app.server);
  const session = await createSession(app.server, user, 'fr');
  const reply = json(await ask(app.server, user, session.id, 'Comment importer une facture fournisseur ?'));
  t.is(reply.cited_articles[0].slug, 'import-supplier-invoice');
  t.regex(reply.answer, /Voici ce que dit notre article d'aide/);
});

test('bad messages: empty, blank, too long, wrong type, missing', async (t) => {
  const user = await buildUser(app.server);
  const session = await createSession(app.server, user);
  for (const message of ['', '   \n\t ']) {
    const res = await ask(app.server, user, session.id, message);
    t.is(res.statusCode, 400);
    t.is(json(res).error.code, 'empty_message');
  }
  const long = await ask(app.server, user, session.id, 'a'.repeat(4001));
  t.is(long.statusCode, 400);
  t.is(json(long).error.code, 'message_too_long');
  for (const message of [42, { text: 'hi' }, ['hi'], true]) {
    const res = await ask(app.server, user, session.id, message);
    t.is(res.statusCode, 400, JSON.stringify(message));
    t.is(json(res).error.code, 'validation_error');
  }
  const missing = await app.server.inject({ method: 'POST', url: `/api/v1/support/chat/sessions/${session.id}/messages/`, payload: {}, headers: user.auth });
  t.is(missing.statusCode, 400);
  const notJson = await app.server.inject({ method: 'POST', url: `/api/v1/support/chat/sessions/${session.id}/messages/`, payload: '{"message": ', headers: { ...user.auth, 'content-type': 'application/json' } });
  t.is(notJson.statusCode, 400);
  // nothing was saved by the refused requests
  const detail = json(await app.server.inject({ method: 'GET', url: `/api/v1/support/chat/sessions/${session.id}/`, headers: user.auth }));
  t.is(detail.messages.length, 0);
});

test("another user's session, an unknown one and a malformed id: 404 / 404 / 400 everywhere", async (t) => {
  const owner = await buildUser(app.server);
  const other = await buildUser(app.server);
  const session = await createSession(app.server, owner);
  await ask(app.server, owner, session.id, 'I forgot my password');
  const unknown = '6f1c2a4e-8b3d-4c5e-9f70-123456789abc';
  for (const id of [session.id, unknown]) {
    for (const [method, path, payload] of [
      ['GET', '', undefined],
      ['GET', 'messages/', undefined],
      ['POST', 'messages/', { message: 'show me the other messages' }],
      ['POST', 'ticket/', { consent: true }],
    ] as const) {
      const res = await app.server.inject({ method, url: `/api/v1/support/chat/sessions/${id}/${path}`, payload, headers: other.auth });
      t.is(res.statusCode, 404, `${method} ${path}`);
      t.is(json(res).error.code, 'session_not_found');
    }
  }
  const bad = await app.server.inject({ method: 'GET', url: "/api/v1/support/chat/sessions/1' OR '1'='1/", headers: owner.auth });
  t.is(bad.statusCode, 400);
  const list = json(await app.server.inject({ method: 'GET', url: '/api/v1/support/chat/sessions/', headers: other.auth }));
  t.is(list.count, 0);
});

test('saved sessions are listed and read back decrypted, newest first', async (t) => {
  const user = await buildUser(app.server);
  const first = await createSession(app.server, user);
  await ask(app.server, user, first.id, 'how can I add a member to my team');
  const second = await createSession(app.server, user, 'de');
  await ask(app.server, user, second.id, 'Passwort vergessen');
  const list = json(await app.server.inject({ method: 'GET', url: '/api/v1/support/chat/sessions/?page_size=1', headers: user.auth }));
  t.is(list.count, 2);
  t.is(list.results.length, 1);
  t.is(list.results[0].id, second.id);
  t.truthy(list.next);
  const detail = json(await app.server.inject({ method: 'GET', url: `/api/v1/support/chat/sessions/${first.id}/`, headers: user.auth }));
  t.is(detail.id, first.id);
  t.deepEqual(detail.messages.map((m: { role: string }) => m.role), ['user', 'assistant']);
  t.is(detail.messages[0].content, 'how can I add a member to my team');
  t.is(detail.messages[1].cited_articles[0].slug, 'create-team-and-invite-members');
  const messages = json(await app.server.inject({ method: 'GET', url: `/api/v1/support/chat/sessions/${first.id}/messages/`, headers: user.auth }));
  t.is(messages.count, 2);
  t.is(messages.results.length, 2);
  t.is(messages.next, null);
  const paged = json(await app.server.inject({ method: 'GET', url: `/api/v1/support/chat/sessions/${first.id}/messages/?page_size=1`, headers: user.auth }));
  t.like(paged, { count: 2, previous: null });
  t.is(paged.results.length, 1);
  t.is(paged.results[0].role, 'user');
  t.regex(paged.next, /page=2/);
  const unknown = await app.server.inject({ method: 'GET', url: `/api/v1/support/chat/sessions/${first.id}/messages/?foo=bar`, headers: user.auth });
  t.is(unknown.statusCode, 400);
});

test('sessions, messages and drafts are encrypted at rest, bound to their row', async (t) => {
  const user = await buildUser(app.server);
  const session = await createSession(app.server, user);
  const secret = 'My warehouse code is ZEBRA-4471 and my invoice will not import';
  const reply = json(await ask(app.server, user, session.id, secret));
  const { knex } = app.server.app.platform;
  const rows = await knex('support_chat_messages').where({ session_id: session.id });
  t.is(rows.length, 2);
  for (const row of rows) {
    t.regex(row.content_enc, /^fc1\./);
    t.false(row.content_enc.includes('ZEBRA'));
    t.truthy(row.enc_key_id);
  }
  const sessionRow = await knex('support_chat_sessions').where({ id: session.id }).first();
  t.false(JSON.stringify(sessionRow).includes('ZEBRA'));
  const assistantRow = rows.find((r) => r.role === 'assistant');
  t.false(String(assistantRow.meta_enc).includes('import'), 'cited titles are encrypted too');
  const drafts = await knex('support_chat_ticket_drafts').where({ session_id: session.id });
  for (const d of drafts) t.false(d.draft_enc.includes('ZEBRA'));
  // a ciphertext copied onto another row does not decrypt there
  const question = rows.find((r) => r.role === 'user');
  await knex('support_chat_messages').where({ id: assistantRow.id }).update({ content_enc: question.content_enc });
  const res = await app.server.inject({ method: 'GET', url: `/api/v1/support/chat/sessions/${session.id}/`, headers: user.auth });
  t.not(res.statusCode, 200, 'an integrity failure, never the other row\'s text');
  t.false(res.payload.includes('ZEBRA'));
  t.truthy(reply);
});

test('one reply per question in the database, whatever runs the answer again', async (t) => {
  const user = await buildUser(app.server);
  const session = await createSession(app.server, user);
  const reply = json(await ask(app.server, user, session.id, 'low stock alert'));
  const answers = app.server.app.services.supportChat.answers;
  const again = await answers.answer(reply.user_message.id);
  t.false(again.created);
  t.is(again.reply_id, reply.message.id);
  const [{ count }] = await app.server.app.platform.knex('support_chat_messages').where({ reply_to: reply.user_message.id }).count<{ count: string }[]>('* as count');
  t.is(Number(count), 1);
});
