// add_reply: the reply record, internal notes (staff only, hidden from the owner in
// every response, count, list and WebSocket message), reopening, and the
// notifications of new tickets, replies and status changes (WebSocket + e-mail).
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildTicket, word } from '../../factories/support.js';
import { callApi } from '../../helpers/http.js';
import { connect, wsUrl, type TestSocket } from '../../helpers/ws.js';
import { mailsTo } from '../../helpers/mail.js';
import { waitFor } from '../../helpers/kyc.js';

/** generous waits: the machine is shared with other suites and can be very busy */
const SLOW = 30_000;

let app: TestApp;
let owner: TestUser;
let staff: TestUser;
let otherStaff: TestUser;
let stranger: TestUser;
const sockets: TestSocket[] = [];
test.before(async () => {
  // test files share the database: a scheduled sweep would notify other files' tickets
  app = await startApp({ workers: ['support', 'mail'], listen: true, env: { SUPPORT_SWEEP_EVERY_MINUTES: '0' } });
  [owner, staff, otherStaff, stranger] = await Promise.all([buildUser(app.server), buildUser(app.server, { is_staff: true, first_name: 'Sam' }), buildUser(app.server, { is_staff: true }), buildUser(app.server)]);
});
test.after.always(async () => {
  for (const s of sockets) s.close();
  await app?.stop();
});

const api = (method: string, url: string, user: TestUser, payload?: unknown) => callApi(app.server, method, url, user.auth, payload);
const reply = (id: string, user: TestUser, body: unknown) => api('POST', `/api/support-tickets/${id}/add_reply/`, user, body);
const socketOf = async (user: TestUser) => {
  const s = connect(wsUrl(app.url, '/ws/notifications/', user.access));
  sockets.push(s);
  await s.next('connection.ready');
  return s;
};

test('add_reply answers 201 with the reply record; the ticket lists it and counts it', async (t) => {
  const ticket = await buildTicket(app.server, owner);
  const r = await reply(ticket.id, owner, { message: 'Any news?' });
  t.is(r.status, 201, JSON.stringify(r.body));
  t.deepEqual(Object.keys(r.body).sort(), ['author', 'author_name', 'created_at', 'id', 'is_internal', 'is_staff_reply', 'message', 'ticket', 'updated_at']);
  t.like(r.body, { ticket: ticket.id, message: 'Any news?', is_internal: false, is_staff_reply: false, author: owner.id, author_name: 'Test User' });
  t.regex(r.body.id, /^[0-9a-f-]{36}$/);
  t.regex(r.body.created_at, /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}[+-]\d{4}$/);
  const s = await reply(ticket.id, staff, { message: 'Looking into it.' });
  t.like(s.body, { is_staff_reply: true, author: staff.id, author_name: 'Sam User' });
  const read = await api('GET', `/api/support-tickets/${ticket.id}/`, owner);
  t.is(read.body.reply_count, 2);
  t.deepEqual(read.body.replies.map((x: { message: string }) => x.message), ['Any news?', 'Looking into it.']);
  t.deepEqual(read.body.replies[0], r.body);

  for (const bad of [{}, { message: '' }, { message: '   ' }, { message: 42 }, { message: 'x'.repeat(20001) }, { message: 'x', is_internal: 'maybe' }, { message: 'x', extra: 1 }]) {
    const b = await reply(ticket.id, owner, bad);
    t.is(b.status, 400, JSON.stringify(bad).slice(0, 60));
    t.is(b.body.error.code, 'validation_error');
  }
  t.is((await reply(ticket.id, stranger, { message: 'hi' })).status, 404);
  t.is((await callApi(app.server, 'POST', `/api/support-tickets/${ticket.id}/add_reply`, owner.auth, { message: 'no slash' })).status, 201, 'also without the trailing slash');
});

test('internal notes: staff only (403 for users); never in the owner\'s responses, counts, lists or WebSocket messages', async (t) => {
  const ownerSocket = await socketOf(owner);
  const ticket = await buildTicket(app.server, owner);
  const denied = await reply(ticket.id, owner, { message: 'sneaky', is_internal: true });
  t.is(denied.status, 403);
  t.is(denied.body.error.code, 'staff_only');

  const secret = `internal-${word()}`;
  await api('PATCH', `/api/support-tickets/${ticket.id}/`, staff, { assigned_to: otherStaff.id });
  const note = await reply(ticket.id, staff, { message: secret, is_internal: true });
  t.is(note.status, 201);
  t.true(note.body.is_internal);
  const pub = await reply(ticket.id, staff, { message: 'We are on it.' });
  t.is(pub.status, 201);

  const asOwner = await api('GET', `/api/support-tickets/${ticket.id}/`, owner);
  t.is(asOwner.body.reply_count, 1);
  t.deepEqual(asOwner.body.replies.map((x: { message: string }) => x.message), ['We are on it.']);
  t.false(JSON.stringify(asOwner.body).includes(secret));
  const ownerList = await callApi(app.server, 'GET', '/api/support-tickets/?page_size=100', owner.auth);
  t.false(JSON.stringify(ownerList.body).includes(secret));
  t.is(ownerList.body.results.find((x: { id: string }) => x.id === ticket.id).reply_count, 1);

  const asStaff = await api('GET', `/api/support-tickets/${ticket.id}/`, staff);
  t.is(asStaff.body.reply_count, 2);
  t.true(asStaff.body.replies.some((x: { message: string; is_internal: boolean }) => x.message === secret && x.is_internal));

  // the owner hears of the public reply only; the assignee hears of the note
  const heard = await ownerSocket.next('notification', (m) => m.data.kind === 'support.ticket.replied' && m.data.data.ticket_id === ticket.id, SLOW);
  t.is(heard.data.data.reply_id, pub.body.id);
  const assigneeNotes = await waitFor('assignee notified of the note', async () => {
    const rows = await app.server.app.platform.knex('notifications').where({ user_id: otherStaff.id, kind: 'support.ticket.replied' }).whereRaw("data->>'reply_id' = ?", [note.body.id]);
    return rows.length ? rows : null;
  }, SLOW);
  t.is(assigneeNotes.length, 1);
  // positive marker: a public reply after the note reaches the owner
  const later = await reply(ticket.id, staff, { message: `later ${word()}` });
  await ownerSocket.next('notification', (m) => m.data.kind === 'support.ticket.replied' && m.data.data.reply_id === later.body.id, SLOW);
  const ownerMessages = ownerSocket.messages.filter((m) => JSON.stringify(m).includes(ticket.id));
  t.false(ownerMessages.some((m) => m.data?.data?.reply_id === note.body.id), 'no message about the internal note');
  t.false(JSON.stringify(ownerSocket.messages).includes(secret));
  const stored = await app.server.app.platform.knex('notifications').where({ user_id: owner.id });
  t.false(stored.some((n: { data: { reply_id?: string } }) => n.data.reply_id === note.body.id));
  t.false(JSON.stringify(stored).includes(secret));
});

test('an owner\'s reply reopens a pending or resolved ticket; staff replies and internal notes do not move it', async (t) => {
  const ticket = await buildTicket(app.server, owner);
  await api('PATCH', `/api/support-tickets/${ticket.id}/`, staff, { status: 'pending' });
  await reply(ticket.id, staff, { message: 'Which version?' });
  t.is((await api('GET', `/api/support-tickets/${ticket.id}/`, owner)).body.status, 'pending');
  await reply(ticket.id, owner, { message: 'Version 2.0' });
  t.is((await api('GET', `/api/support-tickets/${ticket.id}/`, owner)).body.status, 'open');
  await api('PATCH', `/api/support-tickets/${ticket.id}/`, staff, { status: 'resolved', resolution: 'Update to 2.1' });
  await reply(ticket.id, staff, { message: 'note', is_internal: true });
  t.is((await api('GET', `/api/support-tickets/${ticket.id}/`, owner)).body.status, 'resolved');
  await reply(ticket.id, owner, { message: 'Still broken' });
  const after = (await api('GET', `/api/support-tickets/${ticket.id}/`, owner)).body;
  t.like(after, { status: 'open', resolution: 'Update to 2.1' });
});

test('staff are told of new tickets over /ws/notifications/ and by e-mail; owners of status changes by others', async (t) => {
  const staffSocket = await socketOf(staff);
  const ownerSocket = await socketOf(owner);
  const ticket = await buildTicket(app.server, owner, { subject: `Urgent ${word()}`, priority: 'urgent' });
  const created = await staffSocket.next('notification', (m) => m.data.kind === 'support.ticket.created' && m.data.data.ticket_id === ticket.id, SLOW);
  t.is(created.data.title, `New support ticket ${ticket.ticket_number}`);
  t.true(created.data.body.includes(ticket.subject));
  t.false(JSON.stringify(created).includes(ticket.description), 'no description in notifications');
  const mail = await waitFor('staff e-mail', async () => (await mailsTo(app.config, staff.email)).find((m) => m.includes(ticket.ticket_number)), SLOW);
  t.regex(mail, /New support ticket/);
  t.false(mail.includes(ticket.description));
  t.false(ownerSocket.messages.some((m) => m.data?.kind === 'support.ticket.created'), 'the author is not told of their own ticket');

  await api('PATCH', `/api/support-tickets/${ticket.id}/`, staff, { status: 'in_progress' });
  const moved = await ownerSocket.next('notification', (m) => m.data.kind === 'support.ticket.status_changed' && m.data.data.ticket_id === ticket.id, SLOW);
  t.like(moved.data.data, { from_status: 'open', to_status: 'in_progress' });
  t.is(moved.data.title, `Ticket ${ticket.ticket_number} is now in progress`);
  await waitFor('owner e-mail', async () => (await mailsTo(app.config, owner.email)).find((m) => m.includes(ticket.ticket_number) && m.includes('in progress')), SLOW);

  // the owner's own move tells the owner nothing
  await api('PATCH', `/api/support-tickets/${ticket.id}/`, owner, { status: 'resolved', resolution: 'fixed itself' });
  // positive marker: staff reopening it afterwards reaches the owner
  await api('PATCH', `/api/support-tickets/${ticket.id}/`, staff, { status: 'open' });
  await ownerSocket.next('notification', (m) => m.data.kind === 'support.ticket.status_changed' && m.data.data.ticket_id === ticket.id && m.data.data.to_status === 'open', SLOW);
  const changes = ownerSocket.messages.filter((m) => m.data?.kind === 'support.ticket.status_changed' && m.data.data.ticket_id === ticket.id);
  t.deepEqual(changes.map((m) => m.data.data.to_status), ['in_progress', 'open'], 'nothing about the owner\'s own move');

  // events are notified once, also when the job runs twice
  const events = await app.server.app.platform.knex('support_ticket_events').where({ ticket_id: ticket.id }).orderBy('id');
  t.true(events.every((e: { notified_at: Date | null }) => e.notified_at), 'every event marked notified');
  // the staff move's event (its one recipient is the owner; "created" goes to every staff user, and other test files add some)
  const move = events.find((e: { kind: string; actor_id: string }) => e.kind === 'status_changed' && e.actor_id === staff.id);
  const again = await app.server.app.services.support.notifier.notify(Number(move.id));
  t.is(again.skipped, 'already_notified');
  await app.server.app.platform.knex('support_ticket_events').where({ id: move.id }).update({ notified_at: null });
  const rerun = await app.server.app.services.support.notifier.notify(Number(move.id));
  t.is(rerun.notified, 0, 'the dedupe key stops a second notification');
});

test('the support sweep closes long-resolved tickets and re-enqueues lost notifications', async (t) => {
  const ticket = await buildTicket(app.server, owner);
  await api('PATCH', `/api/support-tickets/${ticket.id}/`, staff, { status: 'resolved', resolution: 'done' });
  const knex = app.server.app.platform.knex;
  const old = new Date(Date.now() - 8 * 86_400_000);
  await knex('support_tickets').where({ id: ticket.id }).update({ resolved_at: old, updated_at: old });
  const lost = await buildTicket(app.server, owner);
  const [ev] = await knex('support_ticket_events').where({ ticket_id: lost.id, kind: 'created' });
  await knex('support_ticket_events').where({ id: ev.id }).update({ notified_at: null, created_at: new Date(Date.now() - 5 * 60_000) });
  const result = await app.server.app.services.support.notifier.sweep([ticket.id, lost.id]);
  t.deepEqual(result, { closed: 1, requeued: 1 });
  const after = await api('GET', `/api/support-tickets/${ticket.id}/`, owner);
  t.is(after.body.status, 'closed');
  await waitFor('lost event notified', async () => (await knex('support_ticket_events').where({ id: ev.id }).first()).notified_at, SLOW);
  t.pass();
});
