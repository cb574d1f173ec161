// The system audit trail: writes of several areas recorded (actor, scope, entity,
// changed fields without secrets or free text), append-only in the database, filters.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildTeam, buildTree, selfScope, teamScope } from '../../factories/inventory.js';
import { buildTicket } from '../../factories/support.js';
import { callApi as api } from '../../helpers/http.js';

let app: TestApp;
let user: TestUser;
let other: TestUser;
let staff: TestUser;
let teamId: number;
test.before(async () => {
  app = await startApp({ workers: false });
  [user, other, staff] = await Promise.all([buildUser(app.server), buildUser(app.server), buildUser(app.server, { is_staff: true })]);
  teamId = await buildTeam(app.server, user);
});
test.after.always(async () => app?.stop());

const entries = (where: Record<string, unknown>) => app.server.app.platform.knex('system_audit_logs').where(where).orderBy('id');

test('writes in several areas are recorded with actor, scope, entity and field names, without secrets or free text', async (t) => {
  await buildTree(app.server, user, selfScope(user));
  await buildTree(app.server, user, teamScope(user, teamId), teamId);
  const ticket = await buildTicket(app.server, user, { description: 'my phone is 555-0100' });
  const token = await api(app.server, 'POST', '/api/auth/api-tokens/', user.auth, { name: 'ci' });
  t.is(token.status, 201, JSON.stringify(token.body));

  const inventories = await entries({ actor_id: user.id, entity_type: 'inventory' });
  t.deepEqual(inventories.map((e) => [e.profile_type, e.team_id]), [['self', null], ['team', teamId]]);
  const [ticketEntry] = await entries({ actor_id: user.id, action: 'support_ticket.create', entity_id: ticket.id });
  t.truthy(ticketEntry);
  t.is(ticketEntry.changes.description, '[redacted]');
  t.is(ticketEntry.changes.subject, '[redacted]');
  const [tokenEntry] = await entries({ actor_id: user.id, action: 'api_token.create' });
  t.is(tokenEntry.changes.name, 'ci');
  t.false(JSON.stringify(tokenEntry).includes(token.body.token), 'the token value never enters the log');
  t.false(JSON.stringify(await entries({ actor_id: user.id })).includes('555-0100'));
  t.truthy((await entries({ actor_id: user.id, entity_type: 'team' }))[0], 'teams');

  const reply = await api(app.server, 'POST', `/api/support-tickets/${ticket.id}/add_reply/`, user.auth, { message: 'more words' });
  t.is(reply.status, 201);
  t.is((await entries({ actor_id: user.id, action: 'support_ticket.reply' }))[0].changes.message, '[redacted]');
  t.is((await api(app.server, 'DELETE', `/api/support-tickets/${ticket.id}/`, user.auth)).status, 204);
  t.truthy((await entries({ actor_id: user.id, action: 'support_ticket.delete', entity_id: ticket.id }))[0]);
});

test('the database refuses UPDATE and DELETE of audit rows, and a redaction that is not asked for or changes more', async (t) => {
  const { knex } = app.server.app.platform;
  const [row] = await knex('system_audit_logs').insert({ actor_id: other.id, action: 'test.append_only', entity_type: 'test', summary: 'x', changes: { email: 'a@b.test' } }).returning('*');
  const refused = async (sql: Promise<unknown>) => {
    const err = await t.throwsAsync(sql);
    t.regex(err!.message, /append-only/);
  };
  await refused(knex('system_audit_logs').where({ id: row.id }).update({ action: 'test.rewritten' }));
  await refused(knex('system_audit_logs').where({ id: row.id }).delete());
  await refused(knex('system_audit_logs').where({ id: row.id }).update({ summary: '[redacted]', ip: null, changes: knex.raw("changes - 'email'") }));
  await refused(
    knex.transaction(async (trx) => {
      await trx.raw("SET LOCAL invp.audit_redaction = 'on'");
      await trx('system_audit_logs').where({ id: row.id }).update({ summary: '[redacted]', ip: null, changes: trx.raw("changes - 'email'"), action: 'test.other' });
    }),
  );
  t.like(await knex('system_audit_logs').where({ id: row.id }).first(), { action: 'test.append_only', summary: 'x' });
  // the one allowed change: the erasure's redaction of personal data
  await knex.transaction(async (trx) => {
    await trx.raw("SET LOCAL invp.audit_redaction = 'on'");
    await trx('system_audit_logs').where({ id: row.id }).update({ summary: '[redacted]', ip: null, changes: trx.raw("changes - 'email'") });
  });
  t.like(await knex('system_audit_logs').where({ id: row.id }).first(), { action: 'test.append_only', summary: '[redacted]', changes: {} });
});

test('system-audit-logs filter by actor, action, entity and period; users see their scope, staff all, another user\'s entry is 404', async (t) => {
  await buildTicket(app.server, other);
  const byAction = await api(app.server, 'GET', `/api/system-audit-logs/?action=support_ticket.create&actor_id=${other.id}`, staff.auth);
  t.is(byAction.status, 200);
  t.is(byAction.body.count, 1);
  t.like(byAction.body.results[0], { actor_id: other.id, action: 'support_ticket.create', entity_type: 'support_ticket' });
  const byEntity = await api(app.server, 'GET', `/api/system-audit-logs/?entity_type=support_ticket&actor_id=${other.id}`, staff.auth);
  t.true(byEntity.body.results.every((e: { entity_type: string }) => e.entity_type === 'support_ticket'));
  const future = new Date(Date.now() + 3_600_000).toISOString();
  t.is((await api(app.server, 'GET', `/api/system-audit-logs/?actor_id=${other.id}&created_after=${future}`, staff.auth)).body.count, 0);
  const past = new Date(Date.now() - 3_600_000).toISOString();
  t.true((await api(app.server, 'GET', `/api/system-audit-logs/?actor_id=${other.id}&created_after=${past}&created_before=${future}`, staff.auth)).body.count >= 1);
  t.is((await api(app.server, 'GET', '/api/system-audit-logs/?created_after=yesterday', staff.auth)).status, 400);

  const own = await api(app.server, 'GET', '/api/system-audit-logs/?page_size=100', other.auth);
  t.true(own.body.results.every((e: { actor_id: string }) => e.actor_id === other.id));
  const foreign = (await entries({ actor_id: user.id }))[0];
  t.is((await api(app.server, 'GET', `/api/system-audit-logs/${foreign.id}/`, other.auth)).status, 404);
  t.is((await api(app.server, 'GET', `/api/system-audit-logs/${foreign.id}/`, staff.auth)).status, 200);
  t.is((await api(app.server, 'PATCH', `/api/system-audit-logs/${foreign.id}/`, staff.auth, { action: 'x' })).status, 405, 'no write endpoint');
});
