// Every domain's writes land in the system audit log, in the write's own transaction,
// with actor, scope, entity and changed fields, and without secrets or personal free
// text: one walk through each area (accounts, teams, inventory, catalog, invoice import,
// KYC mirror and notifications, support with its types, categories, FAQ and chat,
// billing, curation, reports, data protection).
import { randomUUID } from 'node:crypto';
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, uniqueEmail, type TestUser } from '../../factories/users.js';
import { buildItem, buildTeam, buildTree, selfScope, teamScope } from '../../factories/inventory.js';
import { buildTicket, callMultipart, word } from '../../factories/support.js';
import { buildReportFixture } from '../../factories/reports.js';
import { callApi as api } from '../../helpers/http.js';
import { ask, createSession } from '../../support/chat-helpers.js';
import { KycMirrorService } from '../../../domain/kyc/kyc-mirror-service.js';

let app: TestApp;
let user: TestUser;
let staff: TestUser;
test.before(async () => {
  // the AI chat's answers come from the `ai` worker (offline engine); nothing else runs jobs
  app = await startApp({ workers: ['ai'], env: { JOB_WAIT_MS: '0' } });
  [user, staff] = await Promise.all([buildUser(app.server), buildUser(app.server, { is_staff: true })]);
});
test.after.always(async () => app?.stop());

const knex = () => app.server.app.platform.knex;
const entries = (where: Record<string, unknown>) => knex()('system_audit_logs').where(where).orderBy('id');
async function one(t: any, where: Record<string, unknown>, why: string) {
  const found = await entries(where);
  t.true(found.length >= 1, `${why}: an entry ${JSON.stringify(where)}`);
  return found[found.length - 1];
}
/** the words a person wrote, which must never reach the log */
const SECRETS: string[] = [];
const secret = (s: string) => (SECRETS.push(s), s);

test.serial('accounts: register, login, API tokens and logout are recorded; passwords and token values are not', async (t) => {
  const email = uniqueEmail('audit');
  const password = secret(`Pw-${word()}-9x`);
  const reg = await api(app.server, 'POST', '/api/auth/register/', {}, { email, password, first_name: 'Ada', last_name: 'Audit' });
  t.is(reg.status, 201, JSON.stringify(reg.body));
  await one(t, { action: 'register', entity_type: 'user', entity_id: reg.body.id ?? reg.body.user?.id }, 'register');
  const token = await api(app.server, 'POST', '/api/auth/api-tokens/', user.auth, { name: 'audit' });
  t.is(token.status, 201);
  SECRETS.push(token.body.token);
  await one(t, { actor_id: user.id, action: 'api_token.create' }, 'api token');
  t.is((await api(app.server, 'DELETE', `/api/auth/api-tokens/${token.body.id}/`, user.auth)).status, 204);
  await one(t, { actor_id: user.id, action: 'api_token.revoke', entity_id: String(token.body.id) }, 'api token revoked');
  const throwaway = await buildUser(app.server);
  t.is((await api(app.server, 'POST', '/api/auth/logout/', throwaway.auth)).status, 200);
  await one(t, { actor_id: throwaway.id, action: 'auth_session.revoke' }, 'logout');
  t.is((await api(app.server, 'POST', '/api/auth/otp/cleanup/', staff.auth)).status, 200);
  await one(t, { actor_id: staff.id, action: 'otp.cleanup' }, 'otp cleanup');
});

test.serial('teams, inventory and catalog: team, invitation withdrawn, inventory tree, stock movement, search history', async (t) => {
  const teamId = await buildTeam(app.server, user);
  await one(t, { actor_id: user.id, entity_type: 'team', team_id: teamId }, 'team');
  const invite = await api(app.server, 'POST', `/api/teams/${teamId}/add-member/`, user.auth, { email: uniqueEmail('invitee') });
  t.is(invite.status, 202, JSON.stringify(invite.body));
  const invitationId = invite.body.invitation.id;
  t.is((await api(app.server, 'DELETE', `/api/teams/${teamId}/invitations/${invitationId}/`, user.auth)).status, 204);
  t.like(await one(t, { action: 'withdraw_invitation', entity_id: String(invitationId) }, 'invitation withdrawn'), { actor_id: user.id, profile_type: 'team', team_id: teamId });

  const tree = await buildTree(app.server, user, teamScope(user, teamId), teamId);
  t.like(await one(t, { entity_type: 'inventory', entity_id: String(tree.inventory.id) }, 'inventory'), { actor_id: user.id, profile_type: 'team', team_id: teamId });
  await one(t, { entity_type: 'storage_box', entity_id: String(tree.box.id) }, 'storage box');
  const product = await api(app.server, 'POST', '/api/products/', teamScope(user, teamId), { name: `Audited ${word()}` });
  t.is(product.status, 201, JSON.stringify(product.body));
  t.like(await one(t, { entity_type: 'product', entity_id: String(product.body.id) }, 'product'), { actor_id: user.id, team_id: teamId });
  const item = await buildItem(app.server, teamScope(user, teamId), tree, 5);
  await one(t, { actor_id: user.id, team_id: teamId, entity_type: 'inventory_transaction' }, `stock movement of item ${item.id}`);

  const words = secret(`private ${word()}`);
  const search = await api(app.server, 'POST', '/api/product-searches/', user.auth, { search: words });
  t.true([200, 201].includes(search.status), JSON.stringify(search.body));
  const logged = await one(t, { actor_id: user.id, action: 'product_search.record' }, 'search history');
  t.like(logged.changes, { source: 'api' });
});

test.serial('invoice import: the uploaded document is recorded (its name and words are not)', async (t) => {
  const tree = await buildTree(app.server, user, selfScope(user));
  const line = secret(`Widget ${word()}`);
  const res = await callMultipart(app.server, 'POST', '/api/invoice-import/preview/', user.auth, {
    inventory_id: String(tree.inventory.id),
    storage_box_id: String(tree.box.id),
    document: { filename: secret(`invoice-${word()}.csv`), contentType: 'text/csv', data: Buffer.from(`sku,description,quantity,unit_price\nA-1,${line},2,3.50\n`) },
  });
  t.true([200, 202].includes(res.status), JSON.stringify(res.body));
  t.like(await one(t, { actor_id: user.id, action: 'invoice_document.upload' }, 'invoice document'), { profile_type: 'self' });
});

test.serial('KYC mirror and notifications: a status callback changes the mirror and notifies, both recorded without the reviewer\'s comment', async (t) => {
  const subject = await buildUser(app.server);
  const mirror = new KycMirrorService(app.server.app.platform, app.server.app.services.notifications);
  const comment = secret(`blurry ${word()}`);
  const outcome = await mirror.applyCallback({ external_user_id: subject.id, status: 'retry', is_verified: false, version: 3, event_id: randomUUID(), moderation_comment: comment } as never);
  t.is(outcome, 'applied');
  const changed = await one(t, { action: 'kyc_mirror.update', entity_id: subject.id }, 'kyc mirror');
  t.deepEqual(changed.changes.status, { from: 'not_started', to: 'retry' });
  t.like(await one(t, { action: 'notification.create', entity_type: 'notification' }, 'notification'), { actor_id: null });
  t.is((await entries({ action: 'notification.create' })).filter((e) => e.changes.user_id === subject.id).length, 1);
});

test.serial('support: ticket types, help categories, FAQ articles, tickets and the chat (sessions, questions, answers) without their words', async (t) => {
  const slug = `t-${word()}`;
  const typeDescription = secret(`internal note ${word()}`);
  t.is((await api(app.server, 'POST', '/api/support-ticket-types/', staff.auth, { slug, name: `Type ${slug}`, description: typeDescription })).status, 201);
  t.is((await api(app.server, 'PATCH', `/api/support-ticket-types/${slug}/`, staff.auth, { sort_order: 7 })).status, 200);
  t.is((await api(app.server, 'DELETE', `/api/support-ticket-types/${slug}/`, staff.auth)).status, 204);
  const created = await one(t, { actor_id: staff.id, action: 'support_ticket_type.create' }, 'ticket type');
  t.is(created.changes.description, '[redacted]');
  t.like((await one(t, { actor_id: staff.id, action: 'support_ticket_type.update' }, 'ticket type updated')).changes, { sort_order: 7 });
  await one(t, { actor_id: staff.id, action: 'support_ticket_type.delete', entity_id: created.entity_id }, 'ticket type deleted');

  const category = await api(app.server, 'POST', '/api/help-categories/', staff.auth, { slug: `c-${word()}`, name: 'Audit', description: secret(`category text ${word()}`) });
  t.is(category.status, 201, JSON.stringify(category.body));
  t.is((await api(app.server, 'PATCH', `/api/help-categories/${category.body.id}/`, staff.auth, { icon: 'box' })).status, 200);
  t.is((await api(app.server, 'DELETE', `/api/help-categories/${category.body.id}/`, staff.auth)).status, 204);
  for (const action of ['create', 'update', 'delete']) await one(t, { actor_id: staff.id, action: `help_category.${action}`, entity_id: category.body.id }, `help category ${action}`);

  const body = secret(`article body ${word()}`);
  const article = await api(app.server, 'POST', '/api/faq-articles/', staff.auth, { slug: `a-${word()}`, title: 'Audit article', body });
  t.is(article.status, 201, JSON.stringify(article.body));
  t.is((await api(app.server, 'PATCH', `/api/faq-articles/${article.body.id}/`, staff.auth, { is_published: false })).status, 200);
  t.is((await api(app.server, 'DELETE', `/api/faq-articles/${article.body.id}/`, staff.auth)).status, 204);
  const faqCreated = await one(t, { actor_id: staff.id, action: 'faq_article.create', entity_id: String(article.body.id) }, 'faq article');
  t.is(faqCreated.changes.body, '[redacted]');
  await one(t, { actor_id: staff.id, action: 'faq_article.update', entity_id: String(article.body.id) }, 'faq article updated');
  await one(t, { actor_id: staff.id, action: 'faq_article.delete', entity_id: String(article.body.id) }, 'faq article deleted');

  const ticket = await buildTicket(app.server, user, { description: secret(`my phone ${word()}`) });
  await one(t, { actor_id: user.id, action: 'support_ticket.create', entity_id: ticket.id }, 'ticket');

  const session = await createSession(app.server, user);
  await one(t, { actor_id: user.id, action: 'support_chat_session.create', entity_id: session.id }, 'chat session');
  const question = secret(`How do I import a supplier invoice ${word()}?`);
  const answered = await ask(app.server, user, session.id, question);
  t.is(answered.statusCode, 200, answered.payload);
  const reply = JSON.parse(answered.payload);
  t.like((await one(t, { actor_id: user.id, action: 'support_chat_message.create', entity_id: reply.user_message.id }, 'chat question')).changes, { session_id: session.id, role: 'user' });
  t.like((await one(t, { action: 'support_chat_message.answer', entity_id: reply.message.id }, 'chat answer')).changes, { session_id: session.id, reply_to: reply.user_message.id });
  SECRETS.push(reply.answer);
});

test.serial('billing: a payment method and a subscription started on the sandbox processor', async (t) => {
  const pm = await api(app.server, 'POST', '/api/payment-methods/', user.auth, { token: 'pm_card_visa', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2099 });
  t.is(pm.status, 201, JSON.stringify(pm.body));
  await one(t, { actor_id: user.id, entity_type: 'payment_method', entity_id: String(pm.body.id) }, 'payment method');
  const plans = await api(app.server, 'GET', '/api/subscription-plans/?code=pro', user.auth);
  const sub = await api(app.server, 'POST', '/api/user-subscriptions/', user.auth, { plan: plans.body.results[0].id, interval: 'month' });
  t.true([200, 201].includes(sub.status), JSON.stringify(sub.body));
  await one(t, { actor_id: user.id, entity_type: 'user_subscription' }, 'subscription');
});

test.serial('curation: a curated list created, changed and deleted (its description is free text)', async (t) => {
  const list = await api(app.server, 'POST', '/api/curated-lists/', user.auth, { name: `Picks ${word()}`, description: secret(`my favourites ${word()}`) });
  t.is(list.status, 201, JSON.stringify(list.body));
  t.is((await api(app.server, 'PATCH', `/api/curated-lists/${list.body.id}/`, user.auth, { name: `Renamed ${word()}` })).status, 200);
  t.is((await api(app.server, 'DELETE', `/api/curated-lists/${list.body.id}/`, user.auth)).status, 204);
  for (const action of ['create', 'update', 'delete']) await one(t, { actor_id: user.id, action: `curated_list.${action}`, entity_id: String(list.body.id) }, `curated list ${action}`);
});

test.serial('reports: a report requested and generated, a schedule and an order list', async (t) => {
  const owner = await buildUser(app.server);
  await buildReportFixture(app.server, owner, selfScope(owner));
  const report = await api(app.server, 'POST', '/api/generate-report/', owner.auth, { kind: 'low_stock', format: 'csv' });
  t.is(report.status, 202, JSON.stringify(report.body));
  await one(t, { actor_id: owner.id, action: 'report.create', entity_id: String(report.body.id) }, 'report');
  await app.server.app.services.reports.reports.generate(report.body.id);
  await one(t, { action: 'report.complete', entity_id: String(report.body.id) }, 'report generated');
  const schedule = await api(app.server, 'POST', '/api/report-schedules/', owner.auth, { name: 'Daily', kind: 'low_stock', format: 'csv', frequency: 'daily', time_of_day: '06:00' });
  t.is(schedule.status, 201);
  await one(t, { actor_id: owner.id, entity_type: 'report_schedule', entity_id: String(schedule.body.id) }, 'schedule');
  const list = await api(app.server, 'POST', '/api/create-order-list/', owner.auth, {});
  t.is(list.status, 201, JSON.stringify(list.body));
  await one(t, { actor_id: owner.id, entity_type: 'order_list' }, 'order list');
});

test.serial('data protection: export and deletion requests, a cancelled deletion', async (t) => {
  const subject = await buildUser(app.server);
  t.is((await api(app.server, 'POST', '/api/gdpr-export-request/', subject.auth, {})).status, 202);
  await one(t, { actor_id: subject.id, action: 'data_export.request' }, 'export request');
  const reason = secret(`leaving because ${word()}`);
  const deletion = await api(app.server, 'POST', '/api/gdpr-deletion-request/', subject.auth, { current_password: subject.password, reason });
  t.is(deletion.status, 202, JSON.stringify(deletion.body));
  await one(t, { actor_id: subject.id, action: 'data_deletion.request' }, 'deletion request');
  t.is((await api(app.server, 'POST', `/api/data-deletion-requests/${deletion.body.id}/cancel/`, subject.auth, {})).status, 200);
  await one(t, { actor_id: subject.id, action: 'data_deletion.cancel' }, 'deletion cancelled');
  SECRETS.push(subject.password);
});

test.serial('no secret and no personal free text written above is anywhere in the log', async (t) => {
  const rows = await knex()('system_audit_logs').where('created_at', '>', knex().raw("now() - interval '1 hour'")).select('summary', 'changes');
  const text = JSON.stringify(rows);
  for (const s of SECRETS) t.false(text.includes(s), `"${s}" is in the audit log`);
  t.true(SECRETS.length >= 8);
});
