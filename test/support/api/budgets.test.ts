// Per-user budgets of the support desk (issue 22, item 2): tickets and replies per hour,
// attachment bytes stored, active chat sessions, replies per ticket; staff are exempt
// from the per-user ones. Beyond a budget: 429 with retry_after (and Retry-After).
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildTicket, callMultipart } from '../../factories/support.js';
import { callApi, type ApiAnswer } from '../../helpers/http.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({
    workers: false,
    env: { TICKETS_PER_HOUR: '3', TICKET_REPLIES_PER_HOUR: '3', TICKET_MAX_REPLIES: '10', TICKET_ATTACHMENT_BYTES_PER_USER: String(1024 * 1024), AI_MAX_OPEN_SESSIONS: '2' },
  });
});
test.after.always(async () => {
  await app?.stop();
});

const api = (method: string, url: string, user: TestUser, payload?: unknown) => callApi(app.server, method, url, user.auth, payload);
const newTicket = (user: TestUser) => api('POST', '/api/support-tickets/', user, { subject: 'Scanner', description: 'It beeps.' });

function isBudget429(t: { is: (a: unknown, b: unknown, m?: string) => void; true: (a: boolean, m?: string) => void }, r: ApiAnswer, code: string) {
  t.is(r.status, 429, JSON.stringify(r.body));
  t.is(r.body.error.code, code);
  const wait = r.body.error.details.retry_after;
  t.true(Number.isInteger(wait) && wait >= 1, `retry_after ${wait}`);
}

test('a user opens TICKETS_PER_HOUR tickets an hour; the next is 429 ticket_budget_exceeded; staff are exempt', async (t) => {
  const [user, staff] = await Promise.all([buildUser(app.server), buildUser(app.server, { is_staff: true })]);
  for (let i = 0; i < 3; i += 1) t.is((await newTicket(user)).status, 201);
  const over = await newTicket(user);
  isBudget429(t, over, 'ticket_budget_exceeded');
  t.true(Number(over.headers['retry-after']) >= 1);
  t.is((await app.server.app.platform.knex('support_tickets').where({ user_id: user.id })).length, 3, 'nothing stored beyond the budget');
  for (let i = 0; i < 4; i += 1) t.is((await newTicket(staff)).status, 201, 'staff have no ticket budget');
  t.is((await newTicket(await buildUser(app.server))).status, 201, 'another user keeps their own budget');
});

test('a user writes TICKET_REPLIES_PER_HOUR replies an hour; a ticket holds TICKET_MAX_REPLIES replies (409 ticket_reply_limit)', async (t) => {
  const [user, staff] = await Promise.all([buildUser(app.server), buildUser(app.server, { is_staff: true })]);
  const ticket = await buildTicket(app.server, user);
  const reply = (who: TestUser, message: string) => api('POST', `/api/support-tickets/${ticket.id}/add_reply/`, who, { message });
  for (let i = 0; i < 3; i += 1) t.is((await reply(user, `mine ${i}`)).status, 201);
  isBudget429(t, await reply(user, 'one too many'), 'reply_budget_exceeded');
  // staff have no reply budget, but the ticket's room is shared
  for (let i = 3; i < 10; i += 1) t.is((await reply(staff, `staff ${i}`)).status, 201);
  const full = await reply(staff, 'the eleventh');
  t.is(full.status, 409);
  t.is(full.body.error.code, 'ticket_reply_limit');
  t.is((await api('GET', `/api/support-tickets/${ticket.id}/`, staff)).body.reply_count, 10);
});

test('attachments of one user stay within TICKET_ATTACHMENT_BYTES_PER_USER in total (429 attachment_budget_exceeded)', async (t) => {
  const user = await buildUser(app.server);
  const file = (n: number) => ({ filename: `log${n}.txt`, contentType: 'text/plain', data: Buffer.from('log line\n'.repeat(Math.ceil((600 * 1024) / 9))) });
  const post = (n: number) => callMultipart(app.server, 'POST', '/api/support-tickets/', user.auth, { subject: 'Logs', description: 'Attached.', attachments: [file(n)] });
  t.is((await post(1)).status, 201);
  isBudget429(t, await post(2), 'attachment_budget_exceeded');
  const first = (await app.server.app.platform.knex('support_tickets').where({ user_id: user.id }).select('id'))[0];
  const patch = await callMultipart(app.server, 'PATCH', `/api/support-tickets/${first.id}/`, user.auth, { attachments: [file(3)] });
  isBudget429(t, patch, 'attachment_budget_exceeded');
  // deleting the ticket frees its bytes
  t.is((await api('DELETE', `/api/support-tickets/${first.id}/`, user)).status, 204);
  t.is((await post(4)).status, 201);
});

test('a user has at most AI_MAX_OPEN_SESSIONS active chat sessions (429 chat_session_budget_exceeded), concurrent creations included', async (t) => {
  const user = await buildUser(app.server);
  const create = () => app.server.inject({ method: 'POST', url: '/api/v1/support/chat/sessions/', payload: { language: 'en' }, headers: user.auth });
  const answers = await Promise.all([create(), create(), create(), create()]);
  t.deepEqual(answers.map((a) => a.statusCode).sort(), [201, 201, 429, 429]);
  const refused = JSON.parse(answers.find((a) => a.statusCode === 429)!.payload);
  t.is(refused.error.code, 'chat_session_budget_exceeded');
  t.true(refused.error.details.retry_after > 23 * 3600, 'free again when the oldest has been idle a day');
  t.is((await app.server.app.platform.knex('support_chat_sessions').where({ user_id: user.id })).length, 2);
});
