// The staff ticket workflow in the admin (/admin/tickets/{id}/…): reply or internal
// note, assign, move status — through the support domain, so the API shows the same
// ticket (an internal note stays out of the owner's view) and the audit log has each
// action with the staff actor. Staff only, CSRF on every form, bad input re-renders
// the page with the problem (400), bad ids are 404.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildTicket } from '../../factories/support.js';
import { AdminAgent, adminAgent } from '../../helpers/admin.js';
import { callApi } from '../../helpers/http.js';

let app: TestApp;
let staff: TestUser;
let colleague: TestUser;
let agent: AdminAgent;

test.before(async () => {
  // each test opens tickets as its own owner; replies and notes are budgeted per user
  app = await startApp({ workers: false });
  staff = await buildUser(app.server, { is_staff: true, first_name: 'Desk' });
  colleague = await buildUser(app.server, { is_staff: true, first_name: 'Colleague' });
  agent = await adminAgent(app.server, staff.email, staff.password);
});
test.after.always(async () => app?.stop());

const knex = () => app.server.app.platform.knex;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function ticketOfNewOwner(subject?: string) {
  const owner = await buildUser(app.server);
  const ticket = (await buildTicket(app.server, owner, subject ? { subject } : {})) as { id: string; subject: string; description: string };
  return { owner, ticket };
}

const ownerView = async (owner: TestUser, id: string) => (await callApi(app.server, 'GET', `/api/support-tickets/${id}/`, owner.auth)).body as { status: string; assigned_to: string | null; resolution: string | null; replies: { message: string; is_internal: boolean }[]; reply_count: number };

test('the ticket page: subject, decrypted description, requester and the staff forms with their CSRF token', async (t) => {
  const { owner, ticket } = await ticketOfNewOwner();
  const page = await agent.get(`/admin/tickets/${ticket.id}/`);
  t.is(page.status, 200);
  t.regex(String(page.headers['content-type']), /^text\/html/);
  t.is(page.headers['cache-control'], 'no-store');
  t.true(page.body.includes(ticket.subject));
  t.true(page.body.includes(ticket.description));
  t.true(page.body.includes(owner.email));
  for (const form of ['reply-form', 'assign-form', 'status-form']) t.true(page.body.includes(`id="${form}"`), form);
  t.true(page.body.includes(`name="admin_crumb" value="${agent.crumb}"`));
  t.true(page.body.includes(colleague.email), 'the staff are offered as assignees');
});

test('an internal note: staff see it, the owner does not; a public reply reaches the owner; both audited with the staff actor', async (t) => {
  const { owner, ticket } = await ticketOfNewOwner();
  const note = await agent.post(`/admin/tickets/${ticket.id}/reply/`, { message: 'Customer is on the legacy plan — check billing first.', kind: 'note' });
  t.is(note.status, 303);
  t.is(note.location, `/admin/tickets/${ticket.id}/?done=note`);
  const page = await agent.get(note.location!);
  t.true(page.body.includes('id="notice"'));
  t.true(page.body.includes('data-internal="true"'));
  t.true(page.body.includes('Customer is on the legacy plan — check billing first.'));

  let seen = await ownerView(owner, ticket.id);
  t.is(seen.replies.length, 0, 'the owner does not see the note');
  t.is(seen.reply_count, 0);

  t.is((await agent.post(`/admin/tickets/${ticket.id}/reply/`, { message: 'We are looking into it.', kind: 'reply' })).status, 303);
  seen = await ownerView(owner, ticket.id);
  t.deepEqual(seen.replies.map((r) => [r.message, r.is_internal]), [['We are looking into it.', false]]);

  const audits = await knex()('system_audit_logs').where({ action: 'support_ticket.reply', actor_id: staff.id }).whereRaw("changes->>'ticket_id' = ?", [ticket.id]).orderBy('id');
  t.deepEqual(audits.map((a) => a.changes.is_internal), [true, false]);
});

test('assign and unassign; a user who is not staff, or not an id, re-renders the form with the problem', async (t) => {
  const { owner, ticket } = await ticketOfNewOwner();
  const ok = await agent.post(`/admin/tickets/${ticket.id}/assign/`, { assigned_to: colleague.id });
  t.is(ok.status, 303);
  t.is((await ownerView(owner, ticket.id)).assigned_to, colleague.id);
  t.true((await agent.get(ok.location!)).body.includes(colleague.email));

  const notStaff = await agent.post(`/admin/tickets/${ticket.id}/assign/`, { assigned_to: owner.id });
  t.is(notStaff.status, 400);
  t.true(notStaff.body.includes('id="form-error"'));
  t.regex(notStaff.body, /active staff user/);
  t.true(notStaff.body.includes('id="assign-form"'), 'the page again, not an error page');
  const garbage = await agent.post(`/admin/tickets/${ticket.id}/assign/`, { assigned_to: '<b>x</b>' });
  t.is(garbage.status, 400);
  t.false(garbage.body.includes('<b>x</b>'));
  t.is((await ownerView(owner, ticket.id)).assigned_to, colleague.id, 'nothing changed');

  t.is((await agent.post(`/admin/tickets/${ticket.id}/assign/`, { assigned_to: '' })).status, 303);
  t.is((await ownerView(owner, ticket.id)).assigned_to, null);
  const audits = await knex()('system_audit_logs').where({ action: 'support_ticket.update', actor_id: staff.id, entity_id: ticket.id });
  t.is(audits.length, 2);
});

test('status moves: resolved needs a resolution (the form again, 400), then resolved, closed, and a closed ticket refuses replies', async (t) => {
  const { owner, ticket } = await ticketOfNewOwner();
  const missing = await agent.post(`/admin/tickets/${ticket.id}/status/`, { status: 'resolved', resolution: '' });
  t.is(missing.status, 400);
  t.true(missing.body.includes('id="status-form"'));
  t.regex(missing.body, /resolution/);
  t.is((await ownerView(owner, ticket.id)).status, 'open');

  t.is((await agent.post(`/admin/tickets/${ticket.id}/status/`, { status: 'pending' })).status, 303);
  t.is((await ownerView(owner, ticket.id)).status, 'pending');
  t.is((await agent.post(`/admin/tickets/${ticket.id}/status/`, { status: 'resolved', resolution: 'Replaced the printer driver.' })).status, 303);
  const resolved = await ownerView(owner, ticket.id);
  t.is(resolved.status, 'resolved');
  t.is(resolved.resolution, 'Replaced the printer driver.');
  t.is((await agent.post(`/admin/tickets/${ticket.id}/status/`, { status: 'closed' })).status, 303);
  const page = await agent.get(`/admin/tickets/${ticket.id}/`);
  t.false(page.body.includes('id="reply-form"'), 'no reply form on a closed ticket');
  const late = await agent.post(`/admin/tickets/${ticket.id}/reply/`, { message: 'one more thing', kind: 'reply' });
  t.is(late.status, 409);
  t.regex(late.body, /closed/);
  t.is((await agent.post(`/admin/tickets/${ticket.id}/status/`, { status: 'sleeping' })).status, 400);
});

test('bad input: an empty message, a missing or unknown kind are 400 with the form again; a NUL the edge\'s 400 page; nothing changes', async (t) => {
  const { owner, ticket } = await ticketOfNewOwner();
  for (const fields of [{ message: '   ', kind: 'reply' }, { message: 'hello' }, { message: 'hello', kind: 'shout' }]) {
    const res = await agent.post(`/admin/tickets/${ticket.id}/reply/`, fields);
    t.is(res.status, 400, JSON.stringify(fields));
    t.true(res.body.includes('id="form-error"'), JSON.stringify(fields));
    t.true(res.body.includes('id="reply-form"'), JSON.stringify(fields));
  }
  // a NUL is refused at the edge, before any form (the input guard): the error page names it
  const nul = await agent.post(`/admin/tickets/${ticket.id}/reply/`, { message: 'a\u0000b', kind: 'note' });
  t.is(nul.status, 400);
  t.true(nul.body.includes('id="error-message"'));
  t.regex(nul.body, /NUL/);
  const hostile = await agent.post(`/admin/tickets/${ticket.id}/reply/`, { message: '<script>alert(1)</script>', kind: 'note' });
  t.is(hostile.status, 303);
  const page = await agent.get(`/admin/tickets/${ticket.id}/`);
  t.false(page.body.includes('<script>alert(1)</script>'));
  t.true(page.body.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
  t.is((await ownerView(owner, ticket.id)).reply_count, 0);
});

test('bad ids are 404 on every ticket page and form', async (t) => {
  for (const id of ['not-a-uuid', UNKNOWN]) {
    t.is((await agent.get(`/admin/tickets/${id}/`)).status, 404, id);
    t.is((await agent.post(`/admin/tickets/${id}/reply/`, { message: 'x', kind: 'reply' })).status, 404, id);
    t.is((await agent.post(`/admin/tickets/${id}/assign/`, { assigned_to: '' })).status, 404, id);
    t.is((await agent.post(`/admin/tickets/${id}/status/`, { status: 'open' })).status, 404, id);
  }
});

test('CSRF: a form without its token, or with another, is 403 and changes nothing', async (t) => {
  const { owner, ticket } = await ticketOfNewOwner();
  const none = await agent.post(`/admin/tickets/${ticket.id}/reply/`, { message: 'forged', kind: 'reply' }, { crumb: false });
  t.is(none.status, 403);
  const wrong = await agent.post(`/admin/tickets/${ticket.id}/status/`, { status: 'closed' }, { crumb: 'x'.repeat(43) });
  t.is(wrong.status, 403);
  t.is((await agent.post(`/admin/tickets/${ticket.id}/assign/`, { assigned_to: staff.id }, { crumb: false })).status, 403);
  const seen = await ownerView(owner, ticket.id);
  t.is(seen.reply_count, 0);
  t.is(seen.status, 'open');
  t.is(seen.assigned_to, null);
});

test('staff only: without a session every page and form goes to the sign-in page; a regular user gets no session; a bearer token is no session', async (t) => {
  const { owner, ticket } = await ticketOfNewOwner();
  const anonymous = new AdminAgent(app.server);
  const page = await anonymous.get(`/admin/tickets/${ticket.id}/`);
  t.is(page.status, 303);
  t.is(page.location, `/admin/login/?next=${encodeURIComponent(`/admin/tickets/${ticket.id}/`)}`);
  await anonymous.get('/admin/login/'); // a crumb, so the post is refused for want of a session, not of a token
  const post = await anonymous.post(`/admin/tickets/${ticket.id}/reply/`, { message: 'x', kind: 'reply' });
  t.is(post.status, 303);
  t.regex(post.location ?? '', /^\/admin\/login\//);

  const regular = new AdminAgent(app.server);
  const refused = await regular.signIn(owner.email, owner.password);
  t.not(refused.status, 303);
  t.false(regular.jar.has('admin_sid'));
  t.is((await regular.get(`/admin/tickets/${ticket.id}/`)).status, 303);

  const bearer = await app.server.inject({ method: 'GET', url: `/admin/tickets/${ticket.id}/`, headers: staff.auth });
  t.is(bearer.statusCode, 303, 'the admin is a cookie session, not the API token');
  t.is((await ownerView(owner, ticket.id)).reply_count, 0);
});
