// Support tickets: create, read, PATCH/PUT (rules 1-6), status moves, access, delete,
// bad input.
import test from 'ava';
import { actorFor } from '../../../domain/shared/actor.js';
import { selfScope } from '../../../domain/shared/scope.js';
import { randomBytes, randomUUID } from 'node:crypto';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildTicket, word } from '../../factories/support.js';
import { callApi } from '../../helpers/http.js';

let app: TestApp;
let owner: TestUser;
let stranger: TestUser;
let staff: TestUser;
let categories: { id: string; slug: string }[];
test.before(async () => {
  app = await startApp({ workers: false, env: { TICKETS_PER_HOUR: '1000' } }); // one owner opens many tickets here (budgets: budgets.test.ts)
  [owner, stranger, staff] = await Promise.all([buildUser(app.server, { first_name: 'Olga' }), buildUser(app.server), buildUser(app.server, { is_staff: true })]);
  // seeded ones: other test files add and remove categories meanwhile
  const seeded = ['getting-started', 'account-security', 'inventory-management'];
  categories = (await callApi(app.server, 'GET', '/api/help-categories/', owner.auth)).body.filter((c: { slug: string }) => seeded.includes(c.slug));
});
test.after.always(async () => app?.stop());

const api = (method: string, url: string, user: TestUser | Record<string, string>, payload?: unknown) => callApi(app.server, method, url, 'auth' in user ? (user.auth as Record<string, string>) : (user as Record<string, string>), payload);
const url = (id: string) => `/api/support-tickets/${id}/`;
const FIELDS = [
  'attachment_paths', 'attachment_urls', 'assigned_to', 'created_at', 'description', 'help_categories', 'id', 'other_ticket_type', 'priority', 'replies', 'reply_count',
  'resolution', 'resolved_at', 'resolved_by', 'status', 'subject', 'ticket_number', 'ticket_type', 'ticket_type_label', 'updated_at', 'user', 'user_email', 'user_name',
].sort();

test('POST creates: 201 with the full ticket, uuid id, TKT- number, defaults general and medium, owner fields, formatted times', async (t) => {
  const sentAt = Date.now();
  const r = await api('POST', '/api/support-tickets/', owner, { subject: 'Scanner fails', description: 'The barcode scanner shows an error.' });
  const answeredAt = Date.now();
  t.is(r.status, 201, JSON.stringify(r.body));
  const b = r.body;
  t.deepEqual(Object.keys(b).sort(), FIELDS);
  t.regex(b.id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  t.regex(b.ticket_number, /^TKT-[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/);
  t.like(b, { subject: 'Scanner fails', description: 'The barcode scanner shows an error.', ticket_type: 'general', ticket_type_label: 'General', other_ticket_type: null, status: 'open', priority: 'medium', resolution: null, resolved_at: null, resolved_by: null, reply_count: 0 });
  t.deepEqual(b.help_categories, []);
  t.deepEqual(b.replies, []);
  t.deepEqual(b.attachment_paths, []);
  t.deepEqual(b.attachment_urls, []);
  t.is(b.user, owner.id);
  t.is(b.user_email, owner.email);
  t.is(b.user_name, 'Olga User');
  t.regex(b.created_at, /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}\+0000$/);
  t.regex(b.updated_at, /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}\+0000$/);
  // the instant the server stamped lies within the request (whatever the local zone, also across midnight UTC)
  const [, dd, mm, yyyy, time] = /^(\d{2})\/(\d{2})\/(\d{4}) (\S+)\+0000$/.exec(b.created_at)!;
  const createdAt = Date.parse(`${yyyy}-${mm}-${dd}T${time}Z`);
  t.true(createdAt >= Math.floor(sentAt / 1000) * 1000 && createdAt <= answeredAt, `${b.created_at} within the request`);
  t.is(r.headers.location, `${app.config.publicBaseUrl}/api/support-tickets/${b.id}/`);

  const read = await api('GET', url(b.id), owner);
  t.is(read.status, 200);
  t.deepEqual(read.body, b);
});

test('created_at follows the reader\'s profile time zone with its offset', async (t) => {
  const ticket = await buildTicket(app.server, owner);
  const tokyo = await buildUser(app.server, { is_staff: true });
  await app.server.app.platform.knex('profiles').where({ user_id: tokyo.id }).update({ timezone: 'Asia/Tokyo' });
  const seen = (await api('GET', url(ticket.id), tokyo)).body;
  t.regex(seen.created_at, /\+0900$/);
  const [d, m, rest] = ticket.created_at.split('/');
  const utc = Date.UTC(Number(rest.slice(0, 4)), Number(m) - 1, Number(d), Number(rest.slice(5, 7)), Number(rest.slice(8, 10)), Number(rest.slice(11, 13)));
  const [d2, m2, rest2] = seen.created_at.split('/');
  const tokyoWall = Date.UTC(Number(rest2.slice(0, 4)), Number(m2) - 1, Number(d2), Number(rest2.slice(5, 7)), Number(rest2.slice(8, 10)), Number(rest2.slice(11, 13)));
  t.is(tokyoWall - utc, 9 * 3600_000, 'the same instant, shown nine hours later');
});

test('ticket numbers are random and unique; a collision draws again', async (t) => {
  const numbers = new Set<string>();
  for (let i = 0; i < 12; i += 1) numbers.add((await buildTicket(app.server, owner)).ticket_number);
  t.is(numbers.size, 12);
  const sorted = [...numbers].sort();
  t.notDeepEqual([...numbers], sorted, 'not issued in sequence');

  // a service whose first draw repeats an existing number retries with the next draw
  const { TicketService } = await import('../../../domain/support/ticket-service.js');
  const existing = [...numbers][0];
  const fresh = `TKT-${Array.from({ length: 8 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[Math.floor(Math.random() * 32)]).join('')}`;
  const draws = [existing, existing, fresh];
  const support = app.server.app.services.support;
  const deps = (support.tickets as unknown as { deps: ConstructorParameters<typeof TicketService>[1] }).deps;
  const service = new TicketService(app.server.app.platform, deps, () => draws.shift()!);
  const created = await service.create(actorFor(owner.id, selfScope(owner.id)), { subject: 'retry', description: 'retry' });
  t.is(created.ticket_number, fresh);
  t.is(draws.length, 0, 'two collisions, then the third draw');
});

test('rule 1: ticket_type matches slug or translated name case-insensitively; rule 2: no match is other with the text kept, a match clears it', async (t) => {
  const cases: [string, string][] = [
    ['billing', 'billing'],
    ['BILLING', 'billing'],
    ['  Technical Support ', 'technical'],
    ['bug report', 'bug_report'],
    ['Fehlerbericht', 'bug_report'],
    ['signalement de BUG', 'bug_report'],
    ['Facturación', 'billing'],
    ['other', 'other'],
  ];
  for (const [sent, slug] of cases) {
    const b = await buildTicket(app.server, owner, { ticket_type: sent });
    t.is(b.ticket_type, slug, sent);
    t.is(b.other_ticket_type, null, sent);
  }
  const unknown = await buildTicket(app.server, owner, { ticket_type: 'Shipping damage' });
  t.is(unknown.ticket_type, 'other');
  t.is(unknown.other_ticket_type, 'Shipping damage');
  t.is(unknown.ticket_type_label, 'Other');
  const de = await api('GET', url(unknown.id), { ...owner.auth, 'accept-language': 'de' });
  t.is(de.body.ticket_type_label, 'Sonstiges', 'the label is translated');

  const explicitOther = await buildTicket(app.server, owner, { ticket_type: 'other', other_ticket_type: 'Warehouse robots' });
  t.like(explicitOther, { ticket_type: 'other', other_ticket_type: 'Warehouse robots' });
  const matchClears = await buildTicket(app.server, owner, { ticket_type: 'billing', other_ticket_type: 'ignored' });
  t.like(matchClears, { ticket_type: 'billing', other_ticket_type: null });

  // later match clears an earlier fallback text
  const patched = await api('PATCH', url(unknown.id), owner, { ticket_type: 'Account' });
  t.like(patched.body, { ticket_type: 'account', other_ticket_type: null });
  const back = await api('PATCH', url(unknown.id), owner, { ticket_type: 'Customs forms' });
  t.like(back.body, { ticket_type: 'other', other_ticket_type: 'Customs forms' });
});

test('rule 1: when several types match, the first in sort_order wins', async (t) => {
  const name = `Clash ${randomBytes(3).toString('hex')}`;
  const a = `clash_a_${randomBytes(3).toString('hex')}`;
  const b = `clash_b_${randomBytes(3).toString('hex')}`;
  await api('POST', '/api/support-ticket-types/', staff, { slug: b, name: 'Second', sort_order: 2_000, translations: { de: { name } } });
  await api('POST', '/api/support-ticket-types/', staff, { slug: a, name, sort_order: 1_500 });
  t.is((await buildTicket(app.server, owner, { ticket_type: name.toUpperCase() })).ticket_type, a);
  await api('PATCH', `/api/support-ticket-types/${b}/`, staff, { sort_order: 1_400 });
  t.is((await buildTicket(app.server, owner, { ticket_type: name })).ticket_type, b);
  await api('PATCH', `/api/support-ticket-types/${b}/`, staff, { is_active: false });
  t.is((await buildTicket(app.server, owner, { ticket_type: name })).ticket_type, a, 'inactive types do not match');
});

test('rule 3: a PATCH without ticket_type leaves ticket_type and other_ticket_type unchanged', async (t) => {
  const ticket = await buildTicket(app.server, owner, { ticket_type: 'Drone delivery' });
  const r = await api('PATCH', url(ticket.id), owner, { subject: 'Drone delivery failed', priority: 'high' });
  t.is(r.status, 200);
  t.like(r.body, { ticket_type: 'other', other_ticket_type: 'Drone delivery', subject: 'Drone delivery failed', priority: 'high' });
  const moved = await api('PATCH', url(ticket.id), owner, { status: 'in_progress' });
  t.like(moved.body, { ticket_type: 'other', other_ticket_type: 'Drone delivery', status: 'in_progress' });
  const typed = await buildTicket(app.server, owner, { ticket_type: 'billing' });
  t.like((await api('PATCH', url(typed.id), owner, { other_ticket_type: 'not applied' })).body, { ticket_type: 'billing', other_ticket_type: null }, 'other_ticket_type only applies to other');
  t.like((await api('PATCH', url(ticket.id), owner, { other_ticket_type: 'Drone delivery (EU)' })).body, { ticket_type: 'other', other_ticket_type: 'Drone delivery (EU)' });
});

test('rules 4 and 5: help_category_ids replaces the whole set, [] clears it; responses carry help_categories objects, never ids', async (t) => {
  const [c1, c2, c3] = categories;
  const ticket = await buildTicket(app.server, owner, { help_category_ids: [c1.id, c2.id, c1.id] });
  t.deepEqual(ticket.help_categories.map((c: { id: string }) => c.id).sort(), [c1.id, c2.id].sort());
  t.false('help_category_ids' in ticket);
  for (const c of ticket.help_categories) t.deepEqual(Object.keys(c).sort(), ['article_count', 'description', 'icon', 'id', 'is_active', 'name', 'slug', 'sort_order', 'title']);

  const replaced = await api('PATCH', url(ticket.id), owner, { help_category_ids: [c3.id] });
  t.deepEqual(replaced.body.help_categories.map((c: { id: string }) => c.id), [c3.id]);
  const untouched = await api('PATCH', url(ticket.id), owner, { priority: 'low' });
  t.deepEqual(untouched.body.help_categories.map((c: { id: string }) => c.id), [c3.id], 'absent: unchanged');
  const cleared = await api('PATCH', url(ticket.id), owner, { help_category_ids: [] });
  t.deepEqual(cleared.body.help_categories, []);

  const bad = await api('PATCH', url(ticket.id), owner, { help_category_ids: [c1.id, randomUUID()] });
  t.is(bad.status, 400);
  t.is(bad.body.error.code, 'validation_error');
  t.is(bad.body.error.details[0].path, 'help_category_ids.1');
  t.is((await api('PATCH', url(ticket.id), owner, { help_category_ids: ['nope'] })).status, 400);
  t.is((await api('PATCH', url(ticket.id), owner, { help_category_ids: 5 })).status, 400);
  t.is((await api('PATCH', url(ticket.id), owner, { help_category_ids: { id: c1.id } })).status, 400);
  t.deepEqual((await api('PATCH', url(ticket.id), owner, { help_category_ids: `${c1.id},${c2.id}` })).body.help_categories.length, 2, 'a comma list (multipart style) is read as a list');
  await api('PATCH', url(ticket.id), owner, { help_category_ids: [c1.id] });
  const de = await api('GET', url(ticket.id), { ...owner.auth, 'accept-language': 'de' });
  t.is(de.body.help_categories[0].title, c1.slug === 'getting-started' ? 'Erste Schritte' : de.body.help_categories[0].name, 'categories are translated');
});

test('rule 6: a PATCH of one field leaves the others intact, including a null resolution', async (t) => {
  const ticket = await buildTicket(app.server, owner, { priority: 'high', ticket_type: 'billing', help_category_ids: [categories[0].id] });
  const r = await api('PATCH', url(ticket.id), owner, { subject: 'New subject only' });
  t.is(r.status, 200);
  const expected = { ...ticket, subject: 'New subject only' };
  delete expected.updated_at;
  const got = { ...r.body };
  delete got.updated_at;
  t.deepEqual(got, expected);
  t.is(r.body.resolution, null);
  const p = await api('PATCH', url(ticket.id), owner, { priority: 'urgent' });
  t.like(p.body, { priority: 'urgent', resolution: null, subject: 'New subject only', description: ticket.description, ticket_type: 'billing' });
  const stamp = async () => new Date((await app.server.app.platform.knex('support_tickets').where({ id: ticket.id }).first()).updated_at).getTime();
  const before = await stamp();
  const nothing = await api('PATCH', url(ticket.id), owner, {});
  t.is(nothing.status, 200);
  t.is(await stamp(), before, 'a PATCH that changes nothing leaves updated_at alone');
});

test('status moves: in_progress and resolved by owner or staff; resolved needs a resolution and stamps resolved_at/by', async (t) => {
  const ticket = await buildTicket(app.server, owner);
  const ip = await api('PATCH', url(ticket.id), owner, { status: 'in_progress' });
  t.like(ip.body, { status: 'in_progress', ticket_type: 'general', resolution: null, resolved_at: null });

  const missing = await api('PATCH', url(ticket.id), staff, { status: 'resolved' });
  t.is(missing.status, 400);
  t.is(missing.body.error.code, 'resolution_required');
  t.is(missing.body.error.details[0].path, 'resolution');
  t.is((await api('PATCH', url(ticket.id), staff, { status: 'resolved', resolution: '   ' })).status, 400);

  const before = Date.now();
  const res = await api('PATCH', url(ticket.id), staff, { status: 'resolved', resolution: 'Replaced the cable.' });
  t.is(res.status, 200);
  t.like(res.body, { status: 'resolved', resolution: 'Replaced the cable.', resolved_by: staff.id });
  t.true(Math.abs(new Date(res.body.resolved_at).getTime() - before) < 60_000);

  // the owner moves it back: the last resolution stays (rule 6)
  const reopened = await api('PATCH', url(ticket.id), owner, { status: 'in_progress' });
  t.like(reopened.body, { status: 'in_progress', resolution: 'Replaced the cable.', resolved_by: staff.id });
  const byOwner = await api('PATCH', url(ticket.id), owner, { status: 'resolved', resolution: 'Works now, thanks' });
  t.like(byOwner.body, { status: 'resolved', resolution: 'Works now, thanks', resolved_by: owner.id });
  t.is((await api('PATCH', url(ticket.id), owner, { resolution: null })).body.error.code, 'resolution_required', 'a resolved ticket keeps its text');

  // with the resolution already stored, status alone resolves
  const again = await buildTicket(app.server, owner);
  await api('PATCH', url(again.id), staff, { resolution: 'Known issue, fixed in 2.1' });
  t.like((await api('PATCH', url(again.id), staff, { status: 'resolved' })).body, { status: 'resolved', resolution: 'Known issue, fixed in 2.1' });
});

test('other statuses: pending is staff-only, closed blocks edits and replies until a status move reopens it', async (t) => {
  const ticket = await buildTicket(app.server, owner);
  const denied = await api('PATCH', url(ticket.id), owner, { status: 'pending' });
  t.is(denied.status, 403);
  t.is(denied.body.error.code, 'staff_only');
  t.is((await api('PATCH', url(ticket.id), staff, { status: 'pending' })).body.status, 'pending');
  t.is((await api('PATCH', url(ticket.id), owner, { status: 'nonsense' })).status, 400);

  const closed = await api('PATCH', url(ticket.id), owner, { status: 'closed' });
  t.is(closed.body.status, 'closed');
  const edit = await api('PATCH', url(ticket.id), owner, { subject: 'late edit' });
  t.is(edit.status, 409);
  t.is(edit.body.error.code, 'ticket_closed');
  t.is((await api('POST', `${url(ticket.id)}add_reply/`, owner, { message: 'hello?' })).body.error.code, 'ticket_closed');
  const reopened = await api('PATCH', url(ticket.id), owner, { status: 'in_progress', subject: 'reopened with an edit' });
  t.like(reopened.body, { status: 'in_progress', subject: 'reopened with an edit' });
});

test('PUT needs subject and description and otherwise behaves like PATCH', async (t) => {
  const ticket = await buildTicket(app.server, owner, { ticket_type: 'Space elevator' });
  t.is((await api('PUT', url(ticket.id), owner, { subject: 'only subject' })).status, 400);
  const r = await api('PUT', url(ticket.id), owner, { subject: 'Full', description: 'Full description' });
  t.is(r.status, 200);
  t.like(r.body, { subject: 'Full', description: 'Full description', ticket_type: 'other', other_ticket_type: 'Space elevator', priority: 'medium' });
});

test('access: another user\'s ticket is 404 on every endpoint; staff reach all and alone assign', async (t) => {
  const ticket = await buildTicket(app.server, owner);
  for (const [method, path, body] of [
    ['GET', url(ticket.id), undefined],
    ['PATCH', url(ticket.id), { subject: 'x' }],
    ['PUT', url(ticket.id), { subject: 'x', description: 'y' }],
    ['DELETE', url(ticket.id), undefined],
    ['POST', `${url(ticket.id)}add_reply/`, { message: 'x' }],
  ] as const) {
    const r = await api(method, path, stranger, body);
    t.is(r.status, 404, `${method} ${path}`);
    t.is(r.body.error.code, 'not_found');
  }
  t.false((await api('GET', '/api/support-tickets/?page_size=100', stranger)).body.results.some((x: { id: string }) => x.id === ticket.id));
  for (const bad of ['not-a-uuid', randomUUID()]) t.is((await api('GET', url(bad), owner)).status, 404);
  t.is((await api('GET', url(ticket.id), {})).status, 401);

  t.is((await api('GET', url(ticket.id), staff)).status, 200);
  const assignDenied = await api('PATCH', url(ticket.id), owner, { assigned_to: staff.id });
  t.is(assignDenied.status, 403);
  t.is(assignDenied.body.error.code, 'staff_only');
  t.is((await api('PATCH', url(ticket.id), staff, { assigned_to: stranger.id })).status, 400, 'only staff can be assignees');
  t.is((await api('PATCH', url(ticket.id), staff, { assigned_to: randomUUID() })).status, 400);
  t.is((await api('PATCH', url(ticket.id), staff, { assigned_to: staff.id })).body.assigned_to, staff.id);
  t.is((await api('PATCH', url(ticket.id), staff, { assigned_to: null })).body.assigned_to, null);
});

test('DELETE by the owner or staff answers 204; the ticket is gone', async (t) => {
  const a = await buildTicket(app.server, owner);
  const b = await buildTicket(app.server, owner);
  t.is((await api('DELETE', url(a.id), owner)).status, 204);
  t.is((await api('GET', url(a.id), owner)).status, 404);
  t.is((await api('DELETE', url(b.id), staff)).status, 204);
  t.is((await api('GET', url(b.id), staff)).status, 404);
  t.is((await api('DELETE', url(b.id), staff)).status, 404);
});

test('bad input is a 4xx with the error body, never a 500', async (t) => {
  const post = (body: unknown, headers: Record<string, string> = {}) => callApi(app.server, 'POST', '/api/support-tickets/', { ...owner.auth, ...headers }, body);
  const cases: [unknown, string][] = [
    [{}, 'subject'],
    [{ subject: 'x' }, 'description'],
    [{ description: 'x' }, 'subject'],
    [{ subject: '   ', description: 'x' }, 'subject'],
    [{ subject: 5, description: 'x' }, 'subject'],
    [{ subject: 'x', description: ['x'] }, 'description'],
    [{ subject: 'x'.repeat(201), description: 'x' }, 'subject'],
    [{ subject: 'x', description: 'x'.repeat(20001) }, 'description'],
    [{ subject: 'x', description: 'x', priority: 'critical' }, 'priority'],
    [{ subject: 'x', description: 'x', ticket_type: 'y'.repeat(101) }, 'ticket_type'],
    [{ subject: 'nul \u0000 byte', description: 'x' }, 'subject'],
    [{ subject: 'x', description: 'x', help_category_ids: 'abc' }, 'help_category_ids'],
    [{ subject: 'x', description: 'x', status: 'resolved' }, 'status'],
    [{ subject: 'x', description: 'x', attachments: ['not a file'] }, 'attachments'],
  ];
  for (const [body, path] of cases) {
    const r = await post(body);
    t.is(r.status, 400, JSON.stringify(body).slice(0, 80));
    t.truthy(r.body.error?.code);
    t.true(JSON.stringify(r.body.error.details ?? '').includes(path), `${path} named: ${JSON.stringify(r.body.error)}`);
  }
  const malformed = await callApi(app.server, 'POST', '/api/support-tickets/', { ...owner.auth, 'content-type': 'application/json' }, '{"subject": ');
  t.is(malformed.status, 400);
  t.is(malformed.body.error.code, 'malformed_json');
  const xml = await callApi(app.server, 'POST', '/api/support-tickets/', { ...owner.auth, 'content-type': 'application/xml' }, '<a/>');
  t.is(xml.status, 415);
  const huge = await post({ subject: 'x', description: 'y'.repeat(2 * 1024 * 1024) });
  t.is(huge.status, 413);
  t.is(huge.body.error.code, 'payload_too_large');

  const hostile = `<script>alert(1)</script> '; DROP TABLE support_tickets; -- ${word()} ✓ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢`;
  const ok = await post({ subject: hostile.slice(0, 200), description: hostile, ticket_type: hostile.slice(0, 100) });
  t.is(ok.status, 201);
  t.is(ok.body.description, hostile, 'stored and returned as text');
  t.is(ok.body.other_ticket_type, hostile.slice(0, 100).trim());
  const q = await callApi(app.server, 'GET', `/api/support-tickets/?search=${encodeURIComponent(hostile)}`, owner.auth);
  t.is(q.status, 200);
  t.is(q.body.count, 1);

  const ticket = await buildTicket(app.server, owner);
  t.is((await api('PATCH', url(ticket.id), owner, { nonsense: 1 })).status, 400);
  t.is((await api('PATCH', url(ticket.id), owner, { priority: 3 })).status, 400);
  t.is((await api('PATCH', url(ticket.id), owner, { assigned_to: 'bob' })).status, 400);
  t.is((await api('PATCH', url(ticket.id), staff, { resolution: 'x'.repeat(5001) })).status, 400);
});
