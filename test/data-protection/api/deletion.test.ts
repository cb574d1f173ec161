// Data deletion: the password check, one pending request, cancel within the grace
// period, and an erasure that refuses the login, frees the e-mail, hands the team over
// and keeps the audit and billing rows without personal data.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, uniqueEmail, type TestUser } from '../../factories/users.js';
import { buildTeam, buildTree, selfScope } from '../../factories/inventory.js';
import { callApi as api } from '../../helpers/http.js';
import { unseal } from '../../../jobs/runtime/secrets.js';
import { MAIL_SEAL_PURPOSE } from '../../../domain/shared/mail-service.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: false });
});
test.after.always(async () => app?.stop());

const deletions = () => app.server.app.services.dataProtection.deletions;
const ask = (user: TestUser, payload: unknown = { current_password: user.password }) => api(app.server, 'POST', '/api/gdpr-deletion-request/', user.auth, payload);

/** Ends the grace period of a request now and runs the sweep's erasure. */
/**
 * Makes the request due and runs the sweep until it is erased. The tests of this file run
 * at once and each sweep takes every due request, so another test's sweep may be the one
 * that erases this request (this one's then finds nothing left): what counts is the
 * request's own status afterwards.
 */
async function eraseNow(requestId: string): Promise<string> {
  const { knex } = app.server.app.platform;
  await knex('data_deletion_requests').where({ id: requestId }).update({ scheduled_for: new Date(Date.now() - 1000) });
  const until = Date.now() + 30_000;
  for (;;) {
    await deletions().runDue();
    const { status } = await knex('data_deletion_requests').where({ id: requestId }).first();
    if (status === 'completed' || Date.now() > until) return status as string;
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('the current password is required; a wrong one is 400 and nothing is scheduled', async (t) => {
  const user = await buildUser(app.server);
  t.is((await ask(user, {})).status, 400);
  const wrong = await ask(user, { current_password: 'not-my-password' });
  t.is(wrong.status, 400);
  t.is(wrong.body.error.code, 'invalid_password');
  const apiToken = await api(app.server, 'POST', '/api/auth/api-tokens/', user.auth, { name: 'script' });
  const withToken = await api(app.server, 'POST', '/api/gdpr-deletion-request/', { authorization: `Bearer ${apiToken.body.token}` }, { current_password: user.password });
  t.is(withToken.status, 403, 'a personal API token cannot erase the account');
  t.is(withToken.body.error.code, 'session_required');
  t.is((await api(app.server, 'GET', '/api/data-deletion-requests/', user.auth)).body.count, 0);
});

test('a request waits out the grace period, one at a time, and can be cancelled by its owner only', async (t) => {
  const [user, other] = await Promise.all([buildUser(app.server), buildUser(app.server)]);
  const r = await ask(user, { current_password: user.password, reason: 'moving on' });
  t.is(r.status, 202, JSON.stringify(r.body));
  t.like(r.body, { status: 'pending', user_id: user.id, subject_id: user.id, reason: 'moving on', cancelled_at: null, completed_at: null });
  const grace = new Date(r.body.scheduled_for).getTime() - Date.now();
  t.true(grace > 6.9 * 86_400_000 && grace <= 7 * 86_400_000, 'seven days by default');
  t.is((await ask(user)).status, 409);

  t.is((await api(app.server, 'POST', `/api/data-deletion-requests/${r.body.id}/cancel/`, other.auth)).status, 404);
  t.is((await api(app.server, 'GET', `/api/data-deletion-requests/${r.body.id}/`, other.auth)).status, 404);
  t.is((await deletions().runDue()) >= 0, true);
  t.is((await api(app.server, 'GET', '/api/auth/me/', user.auth)).status, 200, 'still there during the grace period');

  const cancelled = await api(app.server, 'POST', `/api/data-deletion-requests/${r.body.id}/cancel/`, user.auth);
  t.is(cancelled.status, 200);
  t.is(cancelled.body.status, 'cancelled');
  t.is((await api(app.server, 'POST', `/api/data-deletion-requests/${r.body.id}/cancel/`, user.auth)).body.error.code, 'not_cancellable');
  await app.server.app.platform.knex('data_deletion_requests').where({ id: r.body.id }).update({ scheduled_for: new Date(Date.now() - 1000) });
  await deletions().runDue();
  t.is((await api(app.server, 'GET', '/api/auth/me/', user.auth)).status, 200, 'a cancelled request never runs');
});

test('after the grace period the account is erased: login refused, tokens dead, the e-mail free, the team handed over, audit and billing rows kept anonymised', async (t) => {
  const { knex } = app.server.app.platform;
  const [dave, erin, staff] = await Promise.all([buildUser(app.server, { first_name: 'Dave' }), buildUser(app.server), buildUser(app.server, { is_staff: true })]);
  const teamId = await buildTeam(app.server, dave, [erin]);
  await buildTree(app.server, dave, selfScope(dave));
  await knex('system_audit_logs').insert({ actor_id: dave.id, action: 'test.write', entity_type: 'test', summary: `by ${dave.email}`, changes: { email: dave.email, name: 'x' }, ip: '203.0.113.9' });
  // a billing table of the billing area (built elsewhere): the row is kept for the tax law, detached
  await knex.raw('CREATE TABLE IF NOT EXISTS billing_test_history (id serial primary key, user_id uuid, email varchar(255), amount_cents integer not null)');
  t.teardown(() => knex.raw('DROP TABLE IF EXISTS billing_test_history'));
  const [bill] = await knex('billing_test_history').insert({ user_id: dave.id, email: dave.email, amount_cents: 1299 }).returning('id');

  const r = await ask(dave);
  t.is(r.status, 202);
  t.is(await eraseNow(r.body.id), 'completed');

  const login = await api(app.server, 'POST', '/api/auth/login/', {}, { email: dave.email, password: dave.password });
  t.is(login.status, 401);
  t.is((await api(app.server, 'GET', '/api/auth/me/', dave.auth)).status, 401, 'the access token stopped working');
  t.is((await api(app.server, 'POST', '/api/token/refresh/', {}, { refresh: dave.refresh })).status, 401);
  t.falsy(await knex('users').where({ id: dave.id }).first());
  t.is((await knex('inventories').where({ owner_id: dave.id })).length, 0, 'personal rows are gone');

  const team = await knex('teams').where({ id: teamId }).first();
  t.is(team.owner_id, erin.id, 'the longest-standing member owns the team now');
  t.is((await knex('team_members').where({ team_id: teamId, user_id: erin.id }).first()).role, 'owner');

  const audit = await knex('system_audit_logs').where({ actor_id: dave.id, action: 'test.write' }).first();
  t.like(audit, { summary: '[redacted]', ip: null });
  t.deepEqual(audit.changes, { name: 'x' });
  t.true((await knex('system_audit_logs').where({ actor_id: dave.id }).whereNot({ action: 'test.write' })).length > 0, 'his other entries stay, under his bare id');
  t.false(JSON.stringify(await knex('system_audit_logs').where({ actor_id: dave.id })).includes(dave.email), 'no audit row of his names his e-mail');
  t.like(await knex('billing_test_history').where({ id: bill.id }).first(), { user_id: null, email: null, amount_cents: 1299 });

  const done = await api(app.server, 'GET', `/api/data-deletion-requests/${r.body.id}/`, staff.auth);
  t.like(done.body, { status: 'completed', user_id: null, subject_id: dave.id });
  t.deepEqual(done.body.outcome.teams_handed_over, [{ team_id: teamId, new_owner_id: erin.id }]);
  t.deepEqual(done.body.outcome.teams_deleted, []);
  t.true((await api(app.server, 'GET', `/api/data-deletion-requests/?subject_id=${dave.id}`, staff.auth)).body.count === 1);

  const again = await api(app.server, 'POST', '/api/auth/register/', {}, { email: dave.email, password: 'An0ther-Passw0rd!', first_name: 'Dave', last_name: 'Again' });
  t.is(again.status, 201, JSON.stringify(again.body));
});

test('a team with no other member is deleted with its rows; its audit entries stay', async (t) => {
  const { knex } = app.server.app.platform;
  const fay = await buildUser(app.server);
  const soloTeam = await buildTeam(app.server, fay);
  const r = await ask(fay);
  await eraseNow(r.body.id);
  t.falsy(await knex('teams').where({ id: soloTeam }).first());
  t.true((await knex('system_audit_logs').where({ team_id: soloTeam })).length > 0, 'the audit trail outlives the team');
  t.deepEqual((await knex('data_deletion_requests').where({ id: r.body.id }).first()).outcome.teams_deleted, [soloTeam]);
});

test('a second run of an erasure is a no-op; users list only their own requests, staff all', async (t) => {
  const [user, fresh, staff] = await Promise.all([buildUser(app.server), buildUser(app.server, { email: uniqueEmail('solo') }), buildUser(app.server, { is_staff: true })]);
  const r = await ask(user);
  await eraseNow(r.body.id);
  t.false(await deletions().erase(r.body.id));
  const own = await ask(fresh);
  const mine = await api(app.server, 'GET', '/api/data-deletion-requests/', fresh.auth);
  t.deepEqual(mine.body.results.map((x: { id: string }) => x.id), [own.body.id]);
  const all = await api(app.server, 'GET', '/api/data-deletion-requests/?page_size=100', staff.auth);
  t.true(all.body.count >= 2);
  t.is((await api(app.server, 'GET', `/api/data-deletion-requests/${r.body.id}/`, staff.auth)).body.status, 'completed');
  t.is((await api(app.server, 'GET', `/api/data-deletion-requests/${r.body.id}/`, fresh.auth)).status, 404);
});

test('a user with a paid invoice is erased: the invoice stays with its amounts and no personal data, the card token goes, the subscription ends', async (t) => {
  const { knex } = app.server.app.platform;
  const gus = await buildUser(app.server);
  const plan = await knex('subscription_plans').where({ code: 'pro' }).first();
  const [sub] = await knex('user_subscriptions').insert({ owner_id: gus.id, created_by: gus.id, plan_id: plan.id, interval: 'month', status: 'active', processor: 'sandbox', processor_customer_id: 'sbx_cus_gus', processor_subscription_id: `sbx_sub_gus_${gus.id.slice(0, 8)}`, current_period_start: new Date(), current_period_end: new Date(Date.now() + 30 * 86_400_000) }).returning('id');
  const [invoice] = await knex('billing_invoices').insert({ owner_id: gus.id, created_by: gus.id, subscription_id: sub.id, processor: 'sandbox', processor_invoice_id: `sbx_in_gus_${gus.id.slice(0, 8)}`, number: 'SBX-GUS-1', status: 'paid', currency: 'EUR', subtotal: 1200, tax: 228, total: 1428, amount_paid: 1428, amount_refunded: 100, period_start: new Date(), period_end: new Date(Date.now() + 30 * 86_400_000), paid_at: new Date() }).returning('id');
  // a token of this test's own: other test files add pm_card_visa cards to the same database
  const token = `pm_card_gus_${gus.id.slice(0, 8)}`;
  await knex('payment_methods').insert({ owner_id: gus.id, created_by: gus.id, processor: 'sandbox', processor_token: token, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2099 });

  const r = await ask(gus);
  t.is(r.status, 202);
  t.is(await eraseNow(r.body.id), 'completed');
  t.falsy(await knex('users').where({ id: gus.id }).first());

  const kept = await knex('billing_invoices').where({ id: invoice.id }).first();
  t.truthy(kept, 'the invoice outlives the account (tax records)');
  t.like(kept, { owner_id: null, team_id: null, created_by: null, number: 'SBX-GUS-1', status: 'paid', currency: 'EUR', subtotal: 1200, tax: 228, total: 1428, amount_paid: 1428, amount_refunded: 100 });
  t.false(JSON.stringify(kept).includes(gus.id), 'nothing in the row names the user');
  t.false(JSON.stringify(kept).includes(gus.email));
  const subscription = await knex('user_subscriptions').where({ id: sub.id }).first();
  t.like(subscription, { owner_id: null, team_id: null, created_by: null, status: 'canceled' });
  t.is((await knex('payment_methods').where({ processor_token: token })).length, 0, 'the card token is not kept');
  const outcome = (await knex('data_deletion_requests').where({ id: r.body.id }).first()).outcome;
  t.is(outcome.payment_methods_deleted, 1);
  t.is(outcome.subscriptions_canceled, 1);
  t.is(outcome.billing_records_anonymised.billing_invoices, 1);
});

test('an erased curator\'s lists go; the paid subscriptions others held to them end; the earnings stay anonymised', async (t) => {
  const { knex } = app.server.app.platform;
  const [hal, ida] = await Promise.all([buildUser(app.server), buildUser(app.server)]);
  const [list] = await knex('curated_lists').insert({ owner_id: hal.id, created_by: hal.id, name: 'Hal picks', slug: `hal-picks-${hal.id.slice(0, 8)}`, visibility: 'subscribers', price: 500, currency: 'EUR', interval: 'month' }).returning('id');
  const [plan] = await knex('subscription_plans').insert({ code: `curated-${list.id}-t`, name: 'Curated list "Hal picks"', currency: 'EUR', monthly_price: 500, yearly_price: 0, curated_list_id: list.id }).returning('id');
  const [billing] = await knex('user_subscriptions').insert({ owner_id: ida.id, created_by: ida.id, plan_id: plan.id, purpose: 'curated', interval: 'month', status: 'active', processor: 'sandbox', processor_subscription_id: `sbx_sub_hal_${hal.id.slice(0, 8)}` }).returning('id');
  await knex('curated_subscriptions').insert({ owner_id: ida.id, created_by: ida.id, list_id: list.id, kind: 'paid', billing_subscription_id: billing.id });
  const [invoice] = await knex('billing_invoices').insert({ owner_id: ida.id, subscription_id: billing.id, processor: 'sandbox', processor_invoice_id: `sbx_in_hal_${hal.id.slice(0, 8)}`, number: 'SBX-HAL-1', status: 'paid', currency: 'EUR', subtotal: 500, total: 500, amount_paid: 500, period_start: new Date(), period_end: new Date(), paid_at: new Date() }).returning('id');
  const [earning] = await knex('curator_earnings').insert({ owner_id: hal.id, invoice_id: invoice.id, list_id: list.id, list_name: 'Hal picks', currency: 'EUR', gross: 500, fee_bps: 2000, fee: 100, net: 400, paid_at: new Date() }).returning('id');

  const r = await ask(hal);
  await eraseNow(r.body.id);
  t.falsy(await knex('curated_lists').where({ id: list.id }).first());
  t.is((await knex('curated_subscriptions').where({ list_id: list.id })).length, 0);
  t.like(await knex('user_subscriptions').where({ id: billing.id }).first(), { owner_id: ida.id, status: 'canceled' }, 'the subscriber pays for nothing any more');
  t.like(await knex('curator_earnings').where({ id: earning.id }).first(), { owner_id: null, team_id: null, list_id: null, list_name: 'Hal picks', gross: 500, fee: 100, net: 400 });
  t.like(await knex('billing_invoices').where({ id: invoice.id }).first(), { owner_id: ida.id, amount_paid: 500 }, 'the subscriber\'s invoice is untouched');
  t.is((await knex('data_deletion_requests').where({ id: r.body.id }).first()).outcome.curated_subscribers_canceled, 1);
  // the subscriber is told, once; the list's name is the curator's text, so it is in the body, never the subject
  const told = await knex('outbound_emails').where({ to_address: ida.email, template: 'billing' }).select('subject', 'body_sealed');
  t.deepEqual(told.map((m) => m.subject), ['A curated list you subscribed to was removed']);
  t.regex(JSON.parse(unseal(app.config.secretKey, MAIL_SEAL_PURPOSE, told[0].body_sealed)).text, /"Hal picks" was removed together with its curator's account\. Your subscription to it has ended/);
  t.is((await knex('outbound_emails').where({ to_address: hal.email })).length, 0, 'nothing left addressed to the erased curator');
});
