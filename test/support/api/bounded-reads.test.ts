// Ticket reads stay small however long the conversation (issue 22, item 3): a list item
// embeds its latest LIST_REPLIES replies and counts all; the detail view its latest
// DETAIL_REPLIES; the whole conversation pages at /replies/. And a staff internal note
// changes nothing the owner sees (item 6), not even updated_at or the ordering by it.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildTicket } from '../../factories/support.js';
import { callApi } from '../../helpers/http.js';
import { DETAIL_REPLIES, LIST_REPLIES } from '../../../domain/support/ticket-presenter.js';

let app: TestApp;
let owner: TestUser;
let staff: TestUser;
test.before(async () => {
  app = await startApp({ workers: false, env: { TICKET_REPLIES_PER_HOUR: '1000' } });
  [owner, staff] = await Promise.all([buildUser(app.server), buildUser(app.server, { is_staff: true })]);
});
test.after.always(async () => {
  await app?.stop();
});

const api = (method: string, url: string, user: TestUser, payload?: unknown) => callApi(app.server, method, url, user.auth, payload);
const messages = (replies: { message: string }[]) => replies.map((r) => r.message);

test('list items carry reply_count and the latest replies only; the detail view its latest; /replies/ pages them all', async (t) => {
  const ticket = await buildTicket(app.server, owner);
  const total = DETAIL_REPLIES + 5;
  for (let i = 0; i < total; i += 1) {
    const r = await api('POST', `/api/support-tickets/${ticket.id}/add_reply/`, i % 2 ? staff : owner, { message: `m${i}` });
    t.is(r.status, 201);
  }
  await api('POST', `/api/support-tickets/${ticket.id}/add_reply/`, staff, { message: 'internal', is_internal: true });
  const all = Array.from({ length: total }, (_, i) => `m${i}`);

  const list = await api('GET', `/api/support-tickets/?search=${ticket.ticket_number}`, owner);
  const item = list.body.results.find((x: { id: string }) => x.id === ticket.id);
  t.is(item.reply_count, total, 'the internal note is not counted for the owner');
  t.deepEqual(messages(item.replies), all.slice(-LIST_REPLIES));

  const detail = await api('GET', `/api/support-tickets/${ticket.id}/`, owner);
  t.is(detail.body.reply_count, total);
  t.deepEqual(messages(detail.body.replies), all.slice(-DETAIL_REPLIES));
  const staffDetail = await api('GET', `/api/support-tickets/${ticket.id}/`, staff);
  t.is(staffDetail.body.reply_count, total + 1);
  t.is(staffDetail.body.replies.at(-1).message, 'internal');

  const first = await api('GET', `/api/support-tickets/${ticket.id}/replies/?page_size=10`, owner);
  t.is(first.status, 200);
  t.is(first.body.count, total);
  t.deepEqual(messages(first.body.results), all.slice(0, 10));
  t.regex(first.body.next, /\/api\/support-tickets\/[^/]+\/replies\/\?.*page=2/);
  t.is(first.body.previous, null);
  const last = await api('GET', `/api/support-tickets/${ticket.id}/replies/?page_size=10&page=3`, owner);
  t.deepEqual(messages(last.body.results), all.slice(20));
  t.is(last.body.next, null);

  const stranger = await buildUser(app.server);
  t.is((await api('GET', `/api/support-tickets/${ticket.id}/replies/`, stranger)).status, 404);
  t.is((await api('GET', `/api/support-tickets/not-a-uuid/replies/`, owner)).status, 404);
  t.is((await api('GET', `/api/support-tickets/${ticket.id}/replies/?page_size=101`, owner)).status, 400);
});

test('a staff internal note leaves the owner-visible updated_at and ordering unchanged', async (t) => {
  const older = await buildTicket(app.server, owner);
  const newer = await buildTicket(app.server, owner);
  const before = (await api('GET', `/api/support-tickets/${older.id}/`, owner)).body;
  const ordered = async () => (await api('GET', '/api/support-tickets/?ordering=-updated_at&page_size=100', owner)).body.results.map((x: { id: string }) => x.id).filter((id: string) => id === older.id || id === newer.id);
  t.deepEqual(await ordered(), [newer.id, older.id]);
  await new Promise((r) => setTimeout(r, 1100)); // updated_at is shown to the second
  t.is((await api('POST', `/api/support-tickets/${older.id}/add_reply/`, staff, { message: 'note to self', is_internal: true })).status, 201);
  const after = (await api('GET', `/api/support-tickets/${older.id}/`, owner)).body;
  t.deepEqual(after, before);
  t.deepEqual(await ordered(), [newer.id, older.id]);
  // a public reply does move it
  t.is((await api('POST', `/api/support-tickets/${older.id}/add_reply/`, staff, { message: 'public' })).status, 201);
  t.deepEqual(await ordered(), [older.id, newer.id]);
});
