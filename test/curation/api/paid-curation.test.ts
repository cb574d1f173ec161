// A paid curated list on the sandbox processor, end to end: the checkout of the
// billing area, activation by the signed webhook only, the subscriber's invoice,
// the curator's earnings less the platform fee, a refund reversing them, payouts
// recorded by staff against the balance, and cancel at period end.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildProduct, buildTeam, teamScope } from '../../factories/inventory.js';
import { callApi as api, type Headers } from '../../helpers/http.js';
import { waitFor } from '../../helpers/wait.js';
import { signatureHeader } from '../../../domain/billing/webhook-signature.js';

const SECRET = 'test-curation-webhook-secret';
let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: ['billing', 'mail'], env: { BILLING_SANDBOX_TICK_SECONDS: '0', BILLING_WEBHOOK_SECRET: SECRET, CURATOR_PLATFORM_FEE_BPS: '2000' } });
});
test.after.always(async () => app?.stop());

const call = (method: string, url: string, headers: Headers, payload?: unknown) => api(app.server, method, url, headers, payload);
// (90 s: the webhook and its jobs are quick alone, but a CI machine loaded by other test files took over 30 s once)
const until = <T>(fn: () => Promise<T>, ok: (v: T) => boolean, message: string) => waitFor(async () => { const v = await fn(); return ok(v) ? v : null; }, { timeoutMs: 90_000, message });

async function paidList(curator: TestUser, headers: Headers = curator.auth, price = 500) {
  const product = await buildProduct(app.server, { userId: curator.id, teamId: headers['x-team-id'] ? Number(headers['x-team-id']) : null }, { name: 'Premium pick' });
  const list = await call('POST', '/api/curated-lists/', headers, { name: 'Premium picks', visibility: 'subscribers', price, currency: 'EUR', interval: 'month' });
  if (list.status !== 201) throw new Error(JSON.stringify(list.body));
  await call('POST', `/api/curated-lists/${list.body.id}/items/`, headers, { product: product.id });
  return list.body;
}

/** Subscribes and pays on the sandbox's hosted checkout; resolves once the webhook activated it. */
async function subscribeAndPay(t: { is: (a: unknown, b: unknown, m?: string) => void }, reader: TestUser, listId: number) {
  await call('POST', '/api/payment-methods/', reader.auth, { token: 'pm_card_visa', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2099 });
  const start = await call('POST', '/api/curated-subscriptions/', reader.auth, { list: listId });
  t.is(start.status, 201, JSON.stringify(start.body));
  const checkout = new URL(start.body.checkout_url);
  t.is((await app.server.inject({ method: 'POST', url: `${checkout.pathname}pay/` })).statusCode, 200);
  await until(() => call('GET', `/api/curated-subscriptions/${start.body.id}/`, reader.auth), (r) => r.body.status === 'active' && !!r.body.current_period_end, 'curated subscription active with its period');
  return start.body;
}

async function refund(processorInvoiceId: string, amount: number) {
  const raw = JSON.stringify({ id: `evt_refund_${processorInvoiceId}_${amount}`, type: 'charge.refunded', created: Math.floor(Date.now() / 1000), data: { object: { id: `ch_${processorInvoiceId}`, object: 'charge', invoice: processorInvoiceId, amount_refunded: amount } } });
  const res = await app.server.inject({ method: 'POST', url: '/api/sandbox/webhook/', headers: { 'content-type': 'application/json', 'sandbox-signature': signatureHeader([SECRET], Buffer.from(raw)) }, payload: raw });
  if (res.statusCode !== 200) throw new Error(res.payload);
}

test.serial('a paid list: checkout, activation by the webhook, the invoice, earnings less the fee, a refund, payouts, cancel', async (t) => {
  const [curator, reader, staff, stranger] = await Promise.all([buildUser(app.server), buildUser(app.server), buildUser(app.server, { is_staff: true }), buildUser(app.server)]);
  const list = await paidList(curator);
  t.like(list, { price: 500, currency: 'EUR', interval: 'month' });
  t.truthy(list.plan);
  t.false((await call('GET', '/api/subscription-plans/?page_size=100', reader.auth)).body.results.some((p: { id: number }) => p.id === list.plan), 'the hidden plan is not offered');

  const tokenOnly = await call('POST', '/api/payment-methods/', reader.auth, { token: 'pm_card_visa' });
  t.is(tokenOnly.status, 400, 'the sandbox holds no cards: the display data is required');
  t.is(tokenOnly.body.error.code, 'required');
  const start = await call('POST', '/api/curated-subscriptions/', reader.auth, { list: list.id });
  t.is(start.status, 201, JSON.stringify(start.body));
  t.like(start.body, { kind: 'paid', status: 'incomplete', price: 500, currency: 'EUR', interval: 'month' });
  t.regex(start.body.checkout_url, /\/billing\/sandbox\/checkout\/sbx_cs_[0-9a-f]{32}\/$/);
  t.true((await call('GET', `/api/curated-lists/${list.id}/`, reader.auth)).body.items_locked, 'an unpaid checkout unlocks nothing');
  // abandoning the unpaid checkout and starting again is allowed; a declined one stays incomplete
  t.like((await call('PATCH', `/api/curated-subscriptions/${start.body.id}/`, reader.auth, { cancel_at_period_end: true })).body, { status: 'canceled' });
  const sub = await subscribeAndPay(t, reader, list.id);
  t.not(sub.id, start.body.id);

  const active = await call('GET', `/api/curated-subscriptions/${sub.id}/`, reader.auth);
  t.like(active.body, { status: 'active', checkout_url: null, cancel_at_period_end: false });
  t.truthy(active.body.current_period_end);
  const opened = await call('GET', `/api/curated-lists/${list.id}/`, reader.auth);
  t.like(opened.body, { items_locked: false, subscribed: true });
  t.is(opened.body.items[0].product.name, 'Premium pick');

  // the subscriber's billing history holds the invoice; the platform subscription stays free and separate
  const invoices = await until(() => call('GET', `/api/billing-history/?subscription=${sub.billing_subscription}`, reader.auth), (r) => r.body.count === 1, 'invoice');
  t.like(invoices.body.results[0], { status: 'paid', currency: 'EUR', total: 500, amount_paid: 500 });
  t.is((await call('GET', '/api/user-subscriptions/', reader.auth)).body.count, 0, 'a curated subscription is not the scope\'s plan');

  // earnings: 500 less 20 % = 400, read-only for the curator and nobody else's
  const earnings = await until(() => call('GET', '/api/curator-earnings/', curator.auth), (r) => r.body.count === 1, 'earning');
  const earning = earnings.body.results[0];
  t.like(earning, { list: list.id, list_name: 'Premium picks', currency: 'EUR', gross: 500, refunded: 0, fee_bps: 2000, fee: 100, net: 400 });
  t.deepEqual((await call('GET', '/api/curator-earnings/totals/', curator.auth)).body.results, [{ currency: 'EUR', gross: 500, refunded: 0, fees: 100, net: 400, paid_out: 0, balance: 400 }]);
  t.is((await call('GET', `/api/curator-earnings/${earning.id}/`, stranger.auth)).status, 404);
  t.is((await call('GET', '/api/curator-earnings/', reader.auth)).body.count, 0);
  t.deepEqual((await call('GET', '/api/curator-earnings/totals/', stranger.auth)).body.results, []);
  t.is((await call('POST', '/api/curator-earnings/', curator.auth, { net: 1_000_000 })).status, 405, 'no route writes earnings');

  // a refund of half the invoice reverses half the earning
  const { knex } = app.server.app.platform;
  const inv = await knex('billing_invoices').where({ subscription_id: sub.billing_subscription }).first();
  await refund(inv.processor_invoice_id, 250);
  const refunded = await until(() => call('GET', `/api/curator-earnings/${earning.id}/`, curator.auth), (r) => r.body.refunded === 250, 'refund applied');
  t.like(refunded.body, { gross: 500, refunded: 250, fee: 50, net: 200 });
  t.is((await knex('billing_invoices').where({ id: inv.id }).first()).amount_refunded, 250);

  // payouts: staff only, never past the balance, audited
  const payout = { curator_user: curator.id, currency: 'EUR', amount: 150, reference: 'SEPA-2026-11-001' };
  t.like((await call('GET', `/api/curator-earnings/totals/?curator_user=${curator.id}`, staff.auth)).body.results[0], { currency: 'EUR', balance: 200 }, 'staff read a curator\'s balance');
  t.is((await call('GET', `/api/curator-earnings/totals/?curator_user=${curator.id}`, stranger.auth)).status, 403);
  t.is((await call('GET', '/api/curator-earnings/totals/?curator_user=not-a-uuid', staff.auth)).status, 400);
  t.is((await call('POST', '/api/curator-earnings/payouts/', curator.auth, payout)).status, 403, 'a curator does not pay itself');
  const tooMuch = await call('POST', '/api/curator-earnings/payouts/', staff.auth, { ...payout, amount: 201 });
  t.is(tooMuch.status, 409);
  t.like(tooMuch.body.error, { code: 'payout_exceeds_balance', details: { balance: 200, currency: 'EUR' } });
  t.is((await call('POST', '/api/curator-earnings/payouts/', staff.auth, { ...payout, currency: 'USD' })).body.error.code, 'payout_exceeds_balance');
  t.is((await call('POST', '/api/curator-earnings/payouts/', staff.auth, { ...payout, curator_user: '00000000-0000-4000-8000-000000000000' })).body.error.code, 'curator_not_found');
  t.is((await call('POST', '/api/curator-earnings/payouts/', staff.auth, { ...payout, amount: 1.5 })).status, 400);
  t.is((await call('POST', '/api/curator-earnings/payouts/', staff.auth, { currency: 'EUR', amount: 1 })).status, 400, 'a curator is named');
  const paid = await call('POST', '/api/curator-earnings/payouts/', staff.auth, payout);
  t.is(paid.status, 201, JSON.stringify(paid.body));
  t.like(paid.body, { currency: 'EUR', amount: 150, reference: 'SEPA-2026-11-001', profile_type: 'self', recorded_by: staff.id, balance: 50 });
  t.deepEqual((await call('GET', '/api/curator-earnings/totals/', curator.auth)).body.results, [{ currency: 'EUR', gross: 500, refunded: 250, fees: 50, net: 200, paid_out: 150, balance: 50 }]);
  t.is((await call('GET', '/api/curator-earnings/payouts/', curator.auth)).body.results[0].id, paid.body.id);
  t.is((await call('GET', '/api/curator-earnings/payouts/', stranger.auth)).body.count, 0);
  const audit = await knex('system_audit_logs').where({ entity_type: 'curator_payout', entity_id: String(paid.body.id) }).first();
  t.like(audit, { action: 'curator_payout.create', actor_id: staff.id });
  t.truthy(await knex('system_audit_logs').where({ action: 'curator_earning.refund', entity_id: String(earning.id) }).first());

  const records = await call('GET', '/restqlapi/curation/records/', curator.auth);
  t.deepEqual(records.body.results.map((r: { model: string }) => r.model), ['curated_list', 'curated_list_item', 'curator_earning', 'curator_payout']);

  // the list with a paid subscriber is kept; the subscriber cancels at period end through the processor
  t.is((await call('DELETE', `/api/curated-lists/${list.id}/`, curator.auth)).body.error.code, 'list_has_paid_subscriptions');
  t.is((await call('POST', '/api/curated-subscriptions/', reader.auth, { list: list.id })).body.error.code, 'already_subscribed');
  const cancel = await call('PATCH', `/api/curated-subscriptions/${sub.id}/`, reader.auth, { cancel_at_period_end: true });
  t.is(cancel.status, 200, JSON.stringify(cancel.body));
  t.like(cancel.body, { status: 'active', cancel_at_period_end: true });
  t.is((await call('PATCH', `/api/curated-subscriptions/${sub.id}/`, stranger.auth, { cancel_at_period_end: false })).status, 404);
});

test.serial('a new price applies to new subscribers; a team pays as a team (its owner only)', async (t) => {
  const [curator, owner, member] = await Promise.all([buildUser(app.server), buildUser(app.server), buildUser(app.server)]);
  const teamId = await buildTeam(app.server, owner, [member]);
  const list = await paidList(curator);
  const repriced = await call('PATCH', `/api/curated-lists/${list.id}/`, curator.auth, { price: 900, currency: 'EUR', interval: 'year' });
  t.like(repriced.body, { price: 900, interval: 'year' });
  t.not(repriced.body.plan, list.plan);
  const plans = await app.server.app.platform.knex('subscription_plans').where({ curated_list_id: list.id }).orderBy('id');
  t.deepEqual(plans.map((p: { is_active: boolean; yearly_price: number }) => [p.is_active, p.yearly_price]), [[false, 0], [true, 900]]);

  const refused = await call('POST', '/api/curated-subscriptions/', teamScope(member, teamId), { list: list.id });
  t.is(refused.status, 403);
  t.is(refused.body.error.code, 'not_team_owner');
  const start = await call('POST', '/api/curated-subscriptions/', teamScope(owner, teamId), { list: list.id });
  t.is(start.status, 201, JSON.stringify(start.body));
  t.like(start.body, { profile_type: 'team', team_id: teamId, price: 900, interval: 'year', status: 'incomplete' });
  t.is((await call('GET', `/api/curated-subscriptions/${start.body.id}/`, owner.auth)).status, 404, 'the owner\'s personal scope does not hold the team\'s subscription');
  t.is((await call('GET', `/api/curated-subscriptions/${start.body.id}/`, teamScope(member, teamId))).status, 200);
  // the platform plan is still the team's to take: curated subscriptions do not count as it
  const pro = (await call('GET', '/api/subscription-plans/?code=pro', owner.auth)).body.results[0];
  t.is((await call('POST', '/api/user-subscriptions/', teamScope(owner, teamId), { plan: pro.id })).status, 201);
});

test.serial('making a list free lets new subscribers in free; a team-curated list earns for the team', async (t) => {
  const [owner, reader] = await Promise.all([buildUser(app.server), buildUser(app.server)]);
  const teamId = await buildTeam(app.server, owner);
  const list = await paidList(owner, teamScope(owner, teamId), 1000);
  await subscribeAndPay(t, reader, list.id);
  const earned = await until(() => call('GET', '/api/curator-earnings/', teamScope(owner, teamId)), (r) => r.body.count === 1, 'team earning');
  t.like(earned.body.results[0], { profile_type: 'team', team_id: teamId, gross: 1000, fee: 200, net: 800 });
  t.is((await call('GET', '/api/curator-earnings/', owner.auth)).body.count, 0, 'the owner\'s personal scope earns nothing of the team\'s');

  const free = await call('PATCH', `/api/curated-lists/${list.id}/`, teamScope(owner, teamId), { price: null });
  t.like(free.body, { price: null, currency: null, interval: null, plan: null });
  const other = await buildUser(app.server);
  const sub = await call('POST', '/api/curated-subscriptions/', other.auth, { list: list.id });
  t.like(sub.body, { kind: 'free', status: 'active' });
});
