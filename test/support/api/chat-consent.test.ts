// Tickets only with consent: a reply that offers a ticket stores a draft server-side;
// POST .../ticket/ and support.chat.ticket.create create a ticket only with consent
// true and a draft, a second consent returns the same ticket, and nothing else creates one.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { connect, wsUrl } from '../../helpers/ws.js';
import { ask, consent, createSession, json } from '../chat-helpers.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ listen: true, workers: ['ai'] });
});
test.after.always(async () => {
  await app?.stop();
});

const ticketsOf = async (user: TestUser) => app.server.app.platform.knex('support_tickets').where({ user_id: user.id });

async function offered(user: TestUser, question = 'My pallet scanner beeps three times and then shows E42') {
  const session = await createSession(app.server, user);
  const reply = json(await ask(app.server, user, session.id, question));
  if (!reply.should_offer_ticket) throw new Error(`expected a ticket offer for "${question}"`);
  return { session, reply };
}

test('consent false never creates a ticket', async (t) => {
  const user = await buildUser(app.server);
  const { session } = await offered(user);
  for (const payload of [{ consent: false }, { consent: false, subject: 'please create it anyway' }]) {
    const res = await consent(app.server, user, session.id, payload);
    t.is(res.statusCode, 400);
    t.is(json(res).error.code, 'consent_required');
  }
  for (const payload of [{}, { consent: 'true' }, { consent: 1 }, { consent: null }]) {
    const res = await consent(app.server, user, session.id, payload);
    t.is(res.statusCode, 400, JSON.stringify(payload));
    t.is(json(res).error.code, 'validation_error');
  }
  t.is((await ticketsOf(user)).length, 0);
});

test('consent true without a draft (no reply offered a ticket) is 409 no_ticket_draft', async (t) => {
  const user = await buildUser(app.server);
  const session = await createSession(app.server, user);
  const empty = await consent(app.server, user, session.id, { consent: true });
  t.is(empty.statusCode, 409);
  t.is(json(empty).error.code, 'no_ticket_draft');
  const answered = json(await ask(app.server, user, session.id, 'How do I import a supplier invoice?'));
  t.false(answered.should_offer_ticket);
  t.is((await consent(app.server, user, session.id, { consent: true })).statusCode, 409);
  t.is((await ticketsOf(user)).length, 0);
});

test('consent true creates the drafted ticket for the user; a second consent returns the same ticket', async (t) => {
  const user = await buildUser(app.server);
  const { session, reply } = await offered(user);
  t.true(reply.ticket_creation_available);
  const first = await consent(app.server, user, session.id, { consent: true });
  t.is(first.statusCode, 201, first.payload);
  const ticket = json(first);
  t.regex(ticket.ticket_number, /^TKT-[A-Z0-9]{8}$/);
  t.is(ticket.user, user.id);
  // the subject is stored in clear and e-mailed: a neutral one; the question stays in the encrypted description
  t.is(ticket.subject, 'Support chat request');
  t.true(ticket.description.includes('My pallet scanner beeps three times'));
  t.is(ticket.priority, 'medium');
  t.is(ticket.ticket_type, 'general');
  t.is(ticket.status, 'open');

  const second = await consent(app.server, user, session.id, { consent: true, subject: 'a different subject' });
  t.is(second.statusCode, 200);
  t.is(json(second).id, ticket.id);
  t.is((await ticketsOf(user)).length, 1);

  const detail = json(await app.server.inject({ method: 'GET', url: `/api/v1/support/chat/sessions/${session.id}/`, headers: user.auth }));
  t.false(detail.messages[1].ticket_creation_available, 'the draft is used up');
  const read = await app.server.inject({ method: 'GET', url: `/api/support-tickets/${ticket.id}/`, headers: user.auth });
  t.is(read.statusCode, 200);
});

test('overrides replace the draft\'s subject, description, type and priority; bad ones are refused', async (t) => {
  const user = await buildUser(app.server);
  const { session } = await offered(user, 'Where can I see my billing history?');
  for (const bad of [{ priority: 'critical' }, { subject: '' }, { subject: 'x'.repeat(201) }, { ticket_type: 42 }]) {
    const res = await consent(app.server, user, session.id, { consent: true, ...bad });
    t.is(res.statusCode, 400, JSON.stringify(bad));
  }
  const res = await consent(app.server, user, session.id, { consent: true, subject: 'Billing history', description: 'I need last year\'s invoices.', ticket_type: 'billing', priority: 'high' });
  t.is(res.statusCode, 201);
  const ticket = json(res);
  t.is(ticket.subject, 'Billing history');
  t.is(ticket.description, "I need last year's invoices.");
  t.is(ticket.ticket_type, 'billing');
  t.is(ticket.priority, 'high');
});

test('concurrent consents for one draft create exactly one ticket', async (t) => {
  const user = await buildUser(app.server);
  const { session } = await offered(user);
  const results = await Promise.all(Array.from({ length: 6 }, () => consent(app.server, user, session.id, { consent: true })));
  t.deepEqual(results.map((r) => r.statusCode).sort(), [200, 200, 200, 200, 200, 201]);
  t.is(new Set(results.map((r) => json(r).id)).size, 1);
  t.is((await ticketsOf(user)).length, 1);
});

test('a newer offer in the session is a new draft, hence a new ticket', async (t) => {
  const user = await buildUser(app.server);
  const { session } = await offered(user);
  const first = json(await consent(app.server, user, session.id, { consent: true }));
  const again = json(await ask(app.server, user, session.id, 'Also, the coffee machine in our break room leaks water'));
  t.true(again.ticket_creation_available);
  const second = await consent(app.server, user, session.id, { consent: true });
  t.is(second.statusCode, 201);
  t.not(json(second).id, first.id);
});

test('over the WebSocket: support.chat.ticket.create with consent, once', async (t) => {
  const user = await buildUser(app.server);
  const socket = connect(wsUrl(app.url, '/ws/support/ai-chat/', user.access));
  t.teardown(() => socket.close());
  await socket.next('support.chat.ready');
  const session = await createSession(app.server, user);
  socket.send({ type: 'support.chat.message.send', data: { session_id: session.id, message: 'Please connect me with a human about my contract' } });
  const reply = await socket.next('support.chat.reply');
  t.true(reply.data.should_offer_ticket);
  t.true(reply.data.ticket_creation_available);
  socket.send({ type: 'support.chat.ticket.create', data: { session_id: session.id, consent: false } });
  t.is((await socket.next('support.chat.error')).data.code, 'consent_required');
  socket.send({ type: 'support.chat.ticket.create', data: { session_id: session.id, consent: true, priority: 'low' } });
  const created = await socket.next('support.chat.ticket.created');
  t.true(created.data.created);
  t.is(created.data.session_id, session.id);
  t.is(created.data.ticket.priority, 'low');
  socket.send({ type: 'support.chat.ticket.create', data: { session_id: session.id, consent: true } });
  const repeat = await socket.next('support.chat.ticket.created', (m) => m.data.created === false);
  t.is(repeat.data.ticket.id, created.data.ticket.id);
  t.is((await ticketsOf(user)).length, 1);
});
