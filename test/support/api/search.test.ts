// The ticket list: blind-index search over number, subject and description (never
// another user's tickets), filters, ordering by severity and life cycle, pages.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildTicket, word } from '../../factories/support.js';
import { callApi } from '../../helpers/http.js';

let app: TestApp;
let alice: TestUser;
let bob: TestUser;
let staff: TestUser;
test.before(async () => {
  app = await startApp({ workers: false });
  [alice, bob, staff] = await Promise.all([buildUser(app.server), buildUser(app.server), buildUser(app.server, { is_staff: true })]);
});
test.after.always(async () => app?.stop());

const list = async (user: TestUser, query: string) => {
  const r = await callApi(app.server, 'GET', `/api/support-tickets/?${query}`, user.auth);
  if (r.status !== 200) throw new Error(`${query}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { count: number; next: string | null; previous: string | null; results: any[] };
};
const ids = (page: { results: { id: string }[] }) => page.results.map((r) => r.id);

test('search finds a word of a description, subject or number; never a word from another user\'s ticket', async (t) => {
  const aliceWord = word();
  const bobWord = word();
  const mine = await buildTicket(app.server, alice, { subject: `Sync stuck ${word()}`, description: `The nightly sync shows ${aliceWord} every time.` });
  const theirs = await buildTicket(app.server, bob, { description: `Bob's private detail ${bobWord} and also ${aliceWord}` });

  t.deepEqual(ids(await list(alice, `search=${aliceWord}`)), [mine.id], 'only her own ticket, though Bob\'s has the word too');
  const none = await list(alice, `search=${bobWord}`);
  t.is(none.count, 0, 'a word from another user\'s ticket finds nothing');
  t.deepEqual(none.results, []);
  t.deepEqual(ids(await list(bob, `search=${bobWord}`)), [theirs.id]);
  t.deepEqual(ids(await list(staff, `search=${aliceWord}`)).sort(), [mine.id, theirs.id].sort(), 'staff search everyone\'s');

  const subjectWord = mine.subject.split(' ').at(-1);
  t.deepEqual(ids(await list(alice, `search=${subjectWord}`)), [mine.id], 'subject');
  t.deepEqual(ids(await list(alice, `search=${mine.ticket_number}`)), [mine.id], 'full ticket number');
  t.deepEqual(ids(await list(alice, `search=${mine.ticket_number.slice(4).toLowerCase()}`)), [mine.id], 'number without prefix, any case');
  t.deepEqual(ids(await list(alice, `search=${encodeURIComponent(`NIGHTLY ${aliceWord.toUpperCase()}`)}`)), [mine.id], 'all words, any case');
  t.is((await list(alice, `search=${encodeURIComponent(`nightly ${bobWord}`)}`)).count, 0, 'every word must occur');
  t.is((await list(alice, `search=${aliceWord.slice(0, 6)}`)).count, 0, 'whole words, not fragments');
  t.is((await list(alice, 'search=%21%21%3F')).count, 0, 'no word at all: nothing');
  t.true((await list(alice, 'search=')).count >= 1, 'an empty search lists everything');
});

test('search ignores accents and punctuation and follows edits of description and subject', async (t) => {
  const w = word();
  const ticket = await buildTicket(app.server, alice, { description: `Le café-crème (${w}) déborde.` });
  t.deepEqual(ids(await list(alice, `search=${encodeURIComponent(`CAFE creme ${w}`)}`)), [ticket.id]);
  t.deepEqual(ids(await list(alice, `search=${encodeURIComponent('débordé'.slice(0, 7))}`)), [ticket.id], 'déborde / deborde');

  const replacement = word();
  await callApi(app.server, 'PATCH', `/api/support-tickets/${ticket.id}/`, alice.auth, { description: `Now about ${replacement}` });
  t.is((await list(alice, `search=${w}`)).count, 0, 'the old words are gone from the index');
  t.deepEqual(ids(await list(alice, `search=${replacement}`)), [ticket.id]);
  const subjectWord = word();
  await callApi(app.server, 'PATCH', `/api/support-tickets/${ticket.id}/`, alice.auth, { subject: `Renamed ${subjectWord}` });
  t.deepEqual(ids(await list(alice, `search=${encodeURIComponent(`${subjectWord} ${replacement}`)}`)), [ticket.id], 'subject re-indexed, description kept');
});

test('a candidate whose decrypted text lacks the word (a digest collision) is dropped and not counted', async (t) => {
  const w = word();
  const honest = await buildTicket(app.server, alice, { description: `has ${w}` });
  const impostor = await buildTicket(app.server, alice, { description: 'does not have it' });
  const crypto = app.server.app.services.support.crypto;
  const [digest] = crypto.search.digest([w]);
  await app.server.app.platform.knex.raw('UPDATE support_tickets SET search_tokens = array_append(search_tokens, ?::bigint) WHERE id = ?', [digest, impostor.id]);
  const page = await list(alice, `search=${w}`);
  t.deepEqual(ids(page), [honest.id]);
  t.is(page.count, 1);
});

test('filters: status, priority, ticket_type, assigned_to (id, me, none) and, for staff, user', async (t) => {
  const u = await buildUser(app.server);
  const a = await buildTicket(app.server, u, { priority: 'low', ticket_type: 'billing' });
  const b = await buildTicket(app.server, u, { priority: 'urgent', ticket_type: 'technical' });
  const c = await buildTicket(app.server, u, { priority: 'high', ticket_type: 'Mystery' });
  await callApi(app.server, 'PATCH', `/api/support-tickets/${b.id}/`, staff.auth, { status: 'in_progress', assigned_to: staff.id });
  await callApi(app.server, 'PATCH', `/api/support-tickets/${c.id}/`, u.auth, { status: 'resolved', resolution: 'ok' });

  t.deepEqual(ids(await list(u, 'status=open')), [a.id]);
  t.deepEqual(ids(await list(u, 'status=in_progress,resolved&ordering=created_at')), [b.id, c.id]);
  t.deepEqual(ids(await list(u, 'priority=urgent')), [b.id]);
  t.deepEqual(ids(await list(u, 'priority=low,high&ordering=created_at')), [a.id, c.id]);
  t.deepEqual(ids(await list(u, 'ticket_type=billing')), [a.id]);
  t.deepEqual(ids(await list(u, 'ticket_type=other')), [c.id]);
  t.deepEqual(ids(await list(u, 'ticket_type=billing,technical&ordering=created_at')), [a.id, b.id]);
  t.deepEqual(ids(await list(u, `assigned_to=${staff.id}`)), [b.id]);
  t.deepEqual(ids(await list(u, 'assigned_to=none&ordering=created_at')), [a.id, c.id]);
  t.true(ids(await list(staff, 'assigned_to=me&page_size=100')).includes(b.id));
  t.deepEqual(ids(await list(staff, `user=${u.id}&ordering=created_at`)), [a.id, b.id, c.id]);
  t.deepEqual(ids(await list(bob, `user=${u.id}&page_size=100`)).filter((id) => [a.id, b.id, c.id].includes(id)), [], 'user filter never widens a user\'s view');

  for (const bad of ['status=bogus', 'status=open,nope', 'priority=critical', 'assigned_to=bob', 'user=123', 'ordering=subject', 'ordering=-', 'page=0', 'page_size=101', 'page=x', 'search=' + 'x'.repeat(201), 'unknown=1']) {
    const r = await callApi(app.server, 'GET', `/api/support-tickets/?${bad}`, u.auth);
    t.is(r.status, 400, bad);
    t.is(r.body.error.code, 'validation_error', bad);
  }
});

test('ordering: priority by severity, status by life cycle, created_at; pages with count, next and previous', async (t) => {
  const u = await buildUser(app.server);
  const made: Record<string, any> = {};
  for (const p of ['medium', 'urgent', 'low', 'high']) made[p] = await buildTicket(app.server, u, { priority: p });
  t.deepEqual(ids(await list(u, 'ordering=-priority')), ['urgent', 'high', 'medium', 'low'].map((p) => made[p].id));
  t.deepEqual(ids(await list(u, 'ordering=priority')), ['low', 'medium', 'high', 'urgent'].map((p) => made[p].id));
  t.deepEqual(ids(await list(u, '')), ['high', 'low', 'urgent', 'medium'].map((p) => made[p].id), 'newest first by default');
  t.deepEqual(ids(await list(u, 'ordering=created_at')), ['medium', 'urgent', 'low', 'high'].map((p) => made[p].id));

  await callApi(app.server, 'PATCH', `/api/support-tickets/${made.medium.id}/`, u.auth, { status: 'resolved', resolution: 'done' });
  await callApi(app.server, 'PATCH', `/api/support-tickets/${made.urgent.id}/`, u.auth, { status: 'in_progress' });
  await callApi(app.server, 'PATCH', `/api/support-tickets/${made.low.id}/`, u.auth, { status: 'closed' });
  const byStatus = (await list(u, 'ordering=status,-priority')).results.map((r) => r.status);
  t.deepEqual(byStatus, ['open', 'in_progress', 'resolved', 'closed']);
  t.deepEqual((await list(u, 'ordering=-status')).results.map((r) => r.status), ['closed', 'resolved', 'in_progress', 'open']);

  const p1 = await list(u, 'page_size=3&ordering=priority');
  t.is(p1.count, 4);
  t.is(p1.results.length, 3);
  t.is(p1.previous, null);
  t.truthy(p1.next);
  const next = new URL(p1.next!);
  t.is(next.searchParams.get('page'), '2');
  t.is(next.searchParams.get('ordering'), 'priority');
  const p2 = await list(u, next.search.slice(1));
  t.deepEqual(ids(p2), [made.urgent.id]);
  t.is(p2.next, null);
  t.truthy(p2.previous);
  t.deepEqual((await list(u, 'page=9')).results, []);
});

test('a search over every ticket (staff) is counted from the posting list, which follows creates, edits and deletes', async (t) => {
  const w = word();
  const made = [];
  for (const user of [alice, bob, alice]) made.push(await buildTicket(app.server, user, { description: `mentions ${w} here` }));
  t.is((await list(staff, `search=${w}`)).count, 3);
  t.is((await list(staff, `search=${w}&status=open`)).count, 3, 'the filtered path agrees');
  const newest = ids(await list(staff, `search=${w}`));
  t.deepEqual(newest, ids(await list(staff, `search=${w}&status=open`)), 'the same tickets in the same order: newest first');
  t.deepEqual(newest, [...made].reverse().map((m) => m.id));
  t.deepEqual(ids(await list(staff, `search=${w}&page_size=1&page=2`)), [newest[1]], 'pages');
  t.is((await list(staff, `search=${encodeURIComponent(`MENTIONS ${w}`)}`)).count, 3, 'several words: every one must occur');
  t.is((await list(staff, `search=${encodeURIComponent(`${w} ${word()}`)}`)).count, 0, 'a word no ticket has: none');
  await callApi(app.server, 'PATCH', `/api/support-tickets/${made[0].id}/`, alice.auth, { description: 'no longer' });
  t.is((await list(staff, `search=${w}`)).count, 2, 'an edit removes its words');
  t.is((await list(staff, `search=${encodeURIComponent(`mentions ${w}`)}`)).count, 2);
  t.is((await callApi(app.server, 'DELETE', `/api/support-tickets/${made[1].id}/`, bob.auth)).status, 204);
  const page = await list(staff, `search=${w}`);
  t.is(page.count, 1, 'a deleted ticket is no longer counted');
  t.deepEqual(ids(page), [made[2].id]);
  // the posting list holds exactly the tickets' word digests
  const { knex } = app.server.app.platform;
  const stray = await knex.raw('SELECT count(*)::int AS n FROM support_ticket_words p WHERE NOT EXISTS (SELECT 1 FROM support_tickets s WHERE s.id = p.ticket_id AND p.token = ANY (s.search_tokens))');
  const missing = await knex.raw('SELECT count(*)::int AS n FROM support_tickets s, unnest(s.search_tokens) AS w WHERE NOT EXISTS (SELECT 1 FROM support_ticket_words p WHERE p.token = w AND p.ticket_id = s.id)');
  t.is(stray.rows[0].n, 0);
  t.is(missing.rows[0].n, 0);
});
