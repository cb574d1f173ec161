// The whole subscription life on the sandbox processor, through the API, the hosted
// pages, the signed webhook and the billing worker: subscribe -> renew -> payment
// failed -> past_due -> recovered -> cancel at period end -> canceled.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildTeam, teamScope } from '../../factories/inventory.js';
import { callApi as api } from '../../helpers/http.js';
import { eventually } from '../../helpers/wait.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: ['billing', 'mail'], env: { BILLING_SANDBOX_TICK_SECONDS: '0', BILLING_RETRY_DAYS: '1,3' } });
});
test.after.always(async () => app?.stop());

const DAY = 86_400_000;

async function planId(code: string) {
  const res = await api(app.server, 'GET', `/api/subscription-plans/?code=${code}`, (await user()).auth);
  return res.body.results[0].id as number;
}
let cached: TestUser | undefined;
const user = async () => (cached ??= await buildUser(app.server));

async function subscribe(u: TestUser, headers: Record<string, string> = u.auth, token = 'pm_card_visa') {
  await api(app.server, 'POST', '/api/payment-methods/', headers, { token, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2099 });
  const start = await api(app.server, 'POST', '/api/user-subscriptions/', headers, { plan: await planId('pro'), interval: 'month' });
  return start;
}
const read = (u: TestUser, id: number, headers: Record<string, string> = u.auth) => api(app.server, 'GET', `/api/user-subscriptions/${id}/`, headers);

test('subscribe -> renew -> payment failed -> past_due -> recovered -> cancel at period end -> canceled', async (t) => {
  const u = await buildUser(app.server);
  const start = await subscribe(u);
  t.is(start.status, 201, JSON.stringify(start.body));
  t.is(start.body.status, 'incomplete');
  const checkout = new URL(start.body.checkout_url);
  t.regex(checkout.pathname, /^\/billing\/sandbox\/checkout\/sbx_cs_[0-9a-f]{32}\/$/);
  const id = start.body.id as number;
  // the clock moves for this subscription alone: a tick for all would renew the other tests' too
  const only = { subscriptionIds: [id] };

  // the client's word activates nothing: a declined checkout leaves it incomplete
  const page = await app.server.inject({ method: 'GET', url: checkout.pathname });
  t.is(page.statusCode, 200);
  t.regex(page.payload, /Pay/);
  t.is((await app.server.inject({ method: 'POST', url: `${checkout.pathname}fail/` })).statusCode, 200);
  t.is((await read(u, id)).body.status, 'incomplete');

  t.is((await app.server.inject({ method: 'POST', url: `${checkout.pathname}pay/` })).statusCode, 200);
  const active = await eventually(() => read(u, id), (r) => r.body.status === 'active' && !!r.body.current_period_end);
  t.is(active.body.status, 'active');
  t.is(active.body.checkout_url, null);
  const end1 = new Date(active.body.current_period_end).getTime();
  const history1 = await eventually(() => api(app.server, 'GET', '/api/billing-history/', u.auth), (r) => r.body.count === 1);
  // (if not: the subscription's webhook events as recorded and applied, to tell a lost job from an unmatched event)
  const events = async () => JSON.stringify(await app.server.app.platform.knex('billing_events').whereRaw("payload->'data'->'object'->'metadata'->>'subscription_id' = ?", [String(id)]).select('event_id', 'type', 'received_at', 'applied_at', 'outcome'));
  t.is(history1.body.count, 1, `${JSON.stringify(history1.body)} events: ${history1.body.count === 1 ? '' : await events()}`);
  t.like(history1.body.results[0], { status: 'paid', currency: 'EUR', subtotal: 1200, tax: 0, total: 1200, amount_paid: 1200 });

  // renewal at period end, paid
  await app.server.app.services.billing.tick(new Date(end1 + 1000), only);
  const renewed = await eventually(() => read(u, id), (r) => new Date(r.body.current_period_end).getTime() > end1);
  t.is(renewed.body.status, 'active');
  const end2 = new Date(renewed.body.current_period_end).getTime();
  await eventually(() => api(app.server, 'GET', '/api/billing-history/', u.auth), (r) => r.body.count === 2);

  // the card starts declining: the next renewal fails -> past_due, a retry is scheduled
  const pms = await api(app.server, 'GET', '/api/payment-methods/', u.auth);
  await app.server.app.platform.knex('payment_methods').where({ id: pms.body.results[0].id }).update({ processor_token: 'pm_card_chargeDeclined' });
  await app.server.app.services.billing.tick(new Date(end2 + 1000), only);
  const pastDue = await eventually(() => read(u, id), (r) => r.body.status === 'past_due');
  t.is(pastDue.body.status, 'past_due');
  const open = await eventually(() => api(app.server, 'GET', '/api/billing-history/?status=open', u.auth), (r) => r.body.count === 1);
  const invoice = open.body.results[0];
  t.is(invoice.attempt_count, 1);
  t.is(new Date(invoice.next_payment_attempt).getTime(), new Date(invoice.period_start).getTime() + DAY, 'first retry a day later');

  // the retry a day later fails again, then the user pays on the hosted invoice page
  await app.server.app.services.billing.tick(new Date(end2 + DAY + 1000), only);
  await eventually(() => api(app.server, 'GET', `/api/billing-history/${invoice.id}/`, u.auth), (r) => r.body.attempt_count === 2);
  const invoicePage = new URL(invoice.hosted_invoice_url).pathname;
  const shown = await app.server.inject({ method: 'GET', url: invoicePage });
  t.is(shown.statusCode, 200);
  t.regex(shown.payload, /12\.00 EUR · open/);
  // the hosted page's "pay" (POST <page>pay/), at the simulated time of this test
  await app.server.app.services.billing.sandbox!.payInvoice(invoicePage.split('/').at(-2)!, new Date(end2 + DAY + 2000));
  const recovered = await eventually(() => read(u, id), (r) => r.body.status === 'active');
  t.is(recovered.body.status, 'active');
  t.is((await eventually(() => api(app.server, 'GET', `/api/billing-history/${invoice.id}/`, u.auth), (r) => r.body.status === 'paid')).body.status, 'paid');

  // cancel at period end: still active until then, canceled at the end
  const cancel = await api(app.server, 'PATCH', `/api/user-subscriptions/${id}/`, u.auth, { cancel_at_period_end: true });
  t.is(cancel.status, 200, JSON.stringify(cancel.body));
  t.true(cancel.body.cancel_at_period_end);
  t.is(cancel.body.status, 'active');
  const end3 = new Date(cancel.body.current_period_end).getTime();
  await app.server.app.services.billing.tick(new Date(end3 + 1000), only);
  const canceled = await eventually(() => read(u, id), (r) => r.body.status === 'canceled');
  t.is(canceled.body.status, 'canceled');

  // every step was audited and mailed
  const { knex } = app.server.app.platform;
  const actions = (await knex('system_audit_logs').where({ entity_type: 'user_subscription', entity_id: String(id) }).pluck('action')) as string[];
  for (const a of ['user_subscription.checkout', 'user_subscription.activated', 'user_subscription.payment_failed', 'user_subscription.payment_succeeded', 'user_subscription.update', 'user_subscription.canceled']) t.true(actions.includes(a), a);
  const subjects = (await knex('outbound_emails').where({ to_address: u.email }).pluck('subject')) as string[];
  t.true(subjects.some((s) => /is active/.test(s)));
  t.true(subjects.some((s) => /Payment failed/.test(s)));
  t.true(subjects.some((s) => /went through/.test(s)));
  t.true(subjects.some((s) => /was canceled/.test(s)));
});

test('dunning: after the last scheduled retry fails, the subscription is canceled', async (t) => {
  const u = await buildUser(app.server);
  const start = await subscribe(u, u.auth, 'pm_card_chargeDeclined');
  // a declining card cannot pay the first invoice in the sandbox checkout either way; pay through checkout (it charges nothing on file)
  await app.server.inject({ method: 'POST', url: `${new URL(start.body.checkout_url).pathname}pay/` });
  const active = await eventually(() => read(u, start.body.id), (r) => r.body.status === 'active' && !!r.body.current_period_end);
  const end = new Date(active.body.current_period_end).getTime();
  const billing = app.server.app.services.billing;
  const openInvoice = (attempts: number) => eventually(() => api(app.server, 'GET', '/api/billing-history/?status=open', u.auth), (r) => r.body.results[0]?.attempt_count === attempts);
  await billing.tick(new Date(end + 1000), { subscriptionIds: [start.body.id] });
  t.is((await eventually(() => read(u, start.body.id), (r) => r.body.status === 'past_due')).body.status, 'past_due');
  // the subscription's past_due and its open invoice come in separate events, applied in either order:
  // a retry tick before the invoice is recorded has nothing to retry (it would shift every later attempt)
  t.is((await openInvoice(1)).body.results[0]?.attempt_count, 1);
  await billing.tick(new Date(end + DAY + 1000), { subscriptionIds: [start.body.id] });
  t.is((await openInvoice(2)).body.results[0]?.attempt_count, 2);
  await billing.tick(new Date(end + 3 * DAY + 1000), { subscriptionIds: [start.body.id] });
  const canceled = await eventually(() => read(u, start.body.id), (r) => r.body.status === 'canceled');
  t.is(canceled.body.status, 'canceled');
  // (the invoice is marked uncollectible by the retry's own job: at CI load that took longer than 30 s once)
  const inv = await eventually(() => api(app.server, 'GET', '/api/billing-history/?status=uncollectible', u.auth), (r) => r.body.count === 1, 90_000);
  t.is(inv.body.count, 1, JSON.stringify((await api(app.server, 'GET', '/api/billing-history/', u.auth)).body));
  t.is(inv.body.results[0]?.attempt_count, 3);
});

test('a tick limited to some subscriptions renews those and leaves every other alone', async (t) => {
  const paid = async () => {
    const u = await buildUser(app.server);
    const start = await subscribe(u);
    await app.server.inject({ method: 'POST', url: `${new URL(start.body.checkout_url).pathname}pay/` });
    const active = await eventually(() => read(u, start.body.id), (r) => r.body.status === 'active' && !!r.body.current_period_end);
    return { u, id: start.body.id as number, end: new Date(active.body.current_period_end).getTime() };
  };
  const [a, b] = [await paid(), await paid()];
  const later = new Date(Math.max(a.end, b.end) + 1000);
  t.like(await app.server.app.services.billing.tick(later, { subscriptionIds: [a.id] }), { renewed: 1 });
  const renewed = await eventually(() => read(a.u, a.id), (r) => new Date(r.body.current_period_end).getTime() > a.end);
  t.true(new Date(renewed.body.current_period_end).getTime() > a.end);
  t.is((await eventually(() => api(app.server, 'GET', '/api/billing-history/', a.u.auth), (r) => r.body.count === 2)).body.count, 2);
  t.is(new Date((await read(b.u, b.id)).body.current_period_end).getTime(), b.end);
  t.is((await api(app.server, 'GET', '/api/billing-history/', b.u.auth)).body.count, 1);
});

test('a team subscribes as a team; another user\'s or scope\'s ids are 404', async (t) => {
  const owner = await buildUser(app.server);
  const member = await buildUser(app.server);
  const stranger = await buildUser(app.server);
  const teamId = await buildTeam(app.server, owner, [member]);
  const refused = await api(app.server, 'POST', '/api/user-subscriptions/', teamScope(member, teamId), { plan: await planId('pro') });
  t.is(refused.status, 403);
  t.is(refused.body.error.code, 'not_team_owner');
  const start = await subscribe(owner, teamScope(owner, teamId));
  t.is(start.status, 201);
  t.is(start.body.profile_type, 'team');
  t.is((await read(member, start.body.id, teamScope(member, teamId))).status, 200, 'members see the team\'s subscription');
  t.is((await read(owner, start.body.id)).status, 404, 'not in the owner\'s personal scope');
  t.is((await read(stranger, start.body.id)).status, 404);
  const pm = (await api(app.server, 'GET', '/api/payment-methods/', teamScope(owner, teamId))).body.results[0];
  t.is((await api(app.server, 'GET', `/api/payment-methods/${pm.id}/`, stranger.auth)).status, 404);
  t.is((await api(app.server, 'DELETE', `/api/payment-methods/${pm.id}/`, stranger.auth)).status, 404);
  t.is((await api(app.server, 'PATCH', `/api/user-subscriptions/${start.body.id}/`, stranger.auth, { cancel_at_period_end: true })).status, 404);
  const records = await api(app.server, 'GET', '/restqlapi/payments/records/', teamScope(member, teamId));
  t.is(records.status, 200);
  const models = JSON.stringify(records.body);
  t.true(models.includes('user_subscription') && models.includes('payment_method'), models);
  t.false(JSON.stringify((await api(app.server, 'GET', '/restqlapi/payments/records/', stranger.auth)).body).includes('user_subscription'));
  const again = await api(app.server, 'POST', '/api/user-subscriptions/', teamScope(owner, teamId), { plan: await planId('business') });
  t.is(again.status, 201, 'an unfinished checkout is abandoned for a new one');
  t.is((await read(owner, start.body.id, teamScope(owner, teamId))).body.status, 'canceled');
});

test('a card number is refused with 400 and stored nowhere', async (t) => {
  const u = await buildUser(app.server);
  for (const number of ['4242 4242 4242 4242', '4242-4242-4242-4242', '4242424242424242']) {
    const res = await api(app.server, 'POST', '/api/payment-methods/', u.auth, { token: 'pm_x', brand: 'visa', last4: number, exp_month: 1, exp_year: 2099 });
    t.is(res.status, 400);
    t.is(res.body.error.code, 'card_number_refused');
    t.false(JSON.stringify(res.body).includes('4242424242424242'));
    const other = await api(app.server, 'POST', '/api/payment-methods/', u.auth, { token: number, brand: 'visa', last4: '4242', exp_month: 1, exp_year: 2099 });
    t.is(other.body.error.code, 'card_number_refused');
  }
  const { knex } = app.server.app.platform;
  t.is(Number((await knex('payment_methods').whereIn('owner_id', [u.id]).count('* as n'))[0].n), 0);
  const leaked = await knex('system_audit_logs').whereRaw(`changes::text ~ '4242[ -]?4242[ -]?4242[ -]?4242'`).count('* as n');
  t.is(Number(leaked[0].n), 0);
});

test('plans: everyone reads, staff write; the root index lists the billing collections', async (t) => {
  const u = await buildUser(app.server);
  const staff = await buildUser(app.server, { is_staff: true });
  const list = await api(app.server, 'GET', '/api/subscription-plans/', u.auth);
  t.is(list.status, 200);
  t.deepEqual(list.body.results.slice(0, 3).map((p: any) => p.code), ['free', 'pro', 'business']);
  t.is(list.body.results[1].monthly_price, 1200);
  // limits of 0: never the plan another test file's 402 names as the upgrade
  const body = { code: `t${Date.now()}`, name: 'Test', currency: 'usd', monthly_price: 500, yearly_price: 5000, max_inventories: 0, max_team_members: 0, invoice_imports_per_month: 0, ocr_pages_per_month: 0 };
  t.is((await api(app.server, 'POST', '/api/subscription-plans/', u.auth, body)).status, 403);
  const made = await api(app.server, 'POST', '/api/subscription-plans/', staff.auth, body);
  t.is(made.status, 201, JSON.stringify(made.body));
  t.is(made.body.currency, 'USD');
  t.is((await api(app.server, 'PATCH', `/api/subscription-plans/${made.body.id}/`, staff.auth, { is_active: false })).body.is_active, false);
  t.is((await api(app.server, 'GET', `/api/subscription-plans/${made.body.id}/`, u.auth)).status, 404, 'a retired plan is hidden');
  t.is((await api(app.server, 'POST', '/api/subscription-plans/', staff.auth, { ...body, code: 'x1', monthly_price: 1.5 })).status, 400, 'money is integers');
  const root = await api(app.server, 'GET', '/api/', {});
  const paths = JSON.stringify(root.body.endpoints);
  for (const p of ['/api/subscription-plans/', '/api/user-subscriptions/', '/api/payment-methods/', '/api/billing-history/', '/api/sandbox/webhook/']) t.true(paths.includes(p), p);
  t.is((await api(app.server, 'GET', '/api/billing-history/', {})).status, 401);
});
