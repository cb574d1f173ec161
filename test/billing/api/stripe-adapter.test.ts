// The Stripe adapter through the same lifecycle, Stripe's REST API mocked by nock and
// its webhooks signed by the Stripe SDK's own test signer (so our verification agrees
// with Stripe's scheme): checkout -> active -> renewal failed -> past_due -> recovered
// -> cancel at period end -> deleted.
import test from 'ava';
import nock from 'nock';
import Stripe from 'stripe';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { callApi as api } from '../../helpers/http.js';
import { eventually } from '../../helpers/wait.js';

const SECRET = 'whsec_test_billing_0123456789';
const STRIPE = 'https://api.stripe.com';
let app: TestApp;
test.before(async () => {
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
  app = await startApp({ workers: ['billing', 'mail'], env: { BILLING_PROCESSOR: 'stripe', STRIPE_SECRET_KEY: 'sk_test_billing123', BILLING_WEBHOOK_SECRET: SECRET, BILLING_SANDBOX_TICK_SECONDS: '0' } });
});
test.after.always(async () => {
  await app?.stop();
  nock.cleanAll();
  nock.enableNetConnect();
});

const signer = new Stripe('sk_test_billing123');
// ids unique per run: the test database outlives it
const run = Date.now().toString(36);
const CS = `cs_test_${run}`;
const SUB = `sub_${run}`;
let seq = 0;
async function deliver(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000) + seq) {
  const payload = JSON.stringify({ id: `evt_${Date.now()}_${seq++}`, object: 'event', type, created, data: { object } });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  const res = await app.server.inject({ method: 'POST', url: '/api/stripe/webhook/', payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
  if (res.statusCode !== 200) throw new Error(`webhook ${type}: ${res.statusCode} ${res.payload}`);
}
test.serial('checkout, activation, failed renewal, recovery, cancel at period end and deletion through Stripe', async (t) => {
  const staff = await buildUser(app.server, { is_staff: true });
  const u = await buildUser(app.server);
  const pro = (await api(app.server, 'GET', '/api/subscription-plans/?code=pro', u.auth)).body.results[0];
  t.is((await api(app.server, 'PATCH', `/api/subscription-plans/${pro.id}/`, staff.auth, { processor_prices: { stripe: { month: 'price_pro_m', year: 'price_pro_y' } } })).status, 200);

  let checkoutBody = '';
  let idempotencyKey: string | undefined;
  const checkout = nock(STRIPE)
    .post('/v1/checkout/sessions', (body) => {
      checkoutBody = JSON.stringify(body);
      return true;
    })
    .reply(function () {
      idempotencyKey = this.req.headers['idempotency-key'] as string;
      return [200, { id: CS, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${CS}`, customer: null }, { 'request-id': 'req_1' }];
    });
  const start = await api(app.server, 'POST', '/api/user-subscriptions/', u.auth, { plan: pro.id, interval: 'month' });
  t.is(start.status, 201, JSON.stringify(start.body));
  t.true(checkout.isDone());
  t.is(start.body.checkout_url, `https://checkout.stripe.com/c/pay/${CS}`);
  t.is(start.body.processor, 'stripe');
  t.regex(checkoutBody, /price_pro_m/);
  t.regex(checkoutBody, new RegExp(`"client_reference_id":"${start.body.id}"`));
  t.is(idempotencyKey, `checkout-${start.body.id}`);
  const id = start.body.id as number;
  const read = () => api(app.server, 'GET', `/api/user-subscriptions/${id}/`, u.auth);

  const now = Math.floor(Date.now() / 1000);
  const meta = { subscription_id: String(id) };
  const subscription = (status: string, extra: Record<string, unknown> = {}) => ({
    id: SUB, object: 'subscription', status, customer: 'cus_1', cancel_at_period_end: false, metadata: meta,
    items: { data: [{ id: 'si_1', price: { id: 'price_pro_m' }, current_period_start: now, current_period_end: now + 30 * 86400 }] }, ...extra,
  });
  const invoice = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
    id, object: 'invoice', number: id.toUpperCase(), status, currency: 'eur', subtotal: 1200, total: 1428, total_taxes: [{ amount: 228 }], amount_paid: status === 'paid' ? 1428 : 0,
    period_start: now, period_end: now + 30 * 86400, hosted_invoice_url: `https://invoice.stripe.com/i/${id}`, attempt_count: 1,
    parent: { subscription_details: { subscription: SUB, metadata: meta } }, ...extra,
  });

  await deliver('checkout.session.completed', { id: CS, object: 'checkout.session', client_reference_id: String(id), subscription: SUB, customer: 'cus_1', payment_status: 'paid' });
  await deliver('invoice.paid', invoice(`in_a${run}`, 'paid'));
  const active = await eventually(read, (r) => r.body.status === 'active');
  t.is(active.body.status, 'active');
  // the invoice's event applied (a job retried with backoff on a loaded machine may take longer than the
  // subscription's status did), then its row in the history; what became of this run's events says why, should it not
  const events = () => app.server.app.platform.knex('billing_events').whereRaw('payload::text like ?', [`%in_a${run}%`]).select('id', 'type', 'received_at', 'applied_at', 'outcome');
  await eventually(events, (rows) => rows.length > 0 && rows.every((r) => r.applied_at), 60_000);
  const first = await eventually(() => api(app.server, 'GET', '/api/billing-history/', u.auth), (r) => r.body.count === 1);
  if (first.body.count !== 1) t.fail(JSON.stringify({ status: first.status, body: first.body, events: await events() }));
  t.like(first.body.results?.[0], { number: `IN_A${run.toUpperCase()}`, status: 'paid', subtotal: 1200, tax: 228, total: 1428, currency: 'EUR', hosted_invoice_url: `https://invoice.stripe.com/i/in_a${run}` });

  await deliver('invoice.payment_failed', invoice(`in_b${run}`, 'open', { next_payment_attempt: now + 86400 }));
  t.is((await eventually(read, (r) => r.body.status === 'past_due')).body.status, 'past_due');
  await deliver('invoice.paid', invoice(`in_b${run}`, 'paid', { attempt_count: 2 }));
  t.is((await eventually(read, (r) => r.body.status === 'active')).body.status, 'active');

  const cancel = nock(STRIPE).post(`/v1/subscriptions/${SUB}`, (body) => body.cancel_at_period_end === 'true').reply(200, subscription('active', { cancel_at_period_end: true }));
  const patched = await api(app.server, 'PATCH', `/api/user-subscriptions/${id}/`, u.auth, { cancel_at_period_end: true });
  t.is(patched.status, 200, JSON.stringify(patched.body));
  t.true(cancel.isDone());
  t.true(patched.body.cancel_at_period_end);

  await deliver('customer.subscription.deleted', subscription('canceled', { canceled_at: now + 30 * 86400 }), Math.floor(Date.now() / 1000) + 60);
  t.is((await eventually(read, (r) => r.body.status === 'canceled')).body.status, 'canceled');
});

test.serial('Stripe refusing or unreachable: 400 processor_refused or 503, nothing left half-made', async (t) => {
  const u = await buildUser(app.server);
  const pro = (await api(app.server, 'GET', '/api/subscription-plans/?code=pro', u.auth)).body.results[0];
  await app.server.app.platform.knex('subscription_plans').where({ id: pro.id }).update({ processor_prices: JSON.stringify({ stripe: { month: 'price_pro_m' } }) });
  nock(STRIPE).post('/v1/checkout/sessions').reply(400, { error: { type: 'invalid_request_error', message: 'No such price' } });
  const refused = await api(app.server, 'POST', '/api/user-subscriptions/', u.auth, { plan: pro.id });
  t.is(refused.status, 400);
  t.is(refused.body.error.code, 'processor_refused');
  nock(STRIPE).post('/v1/checkout/sessions').reply(500, { error: { type: 'api_error', message: 'boom' } });
  const down = await api(app.server, 'POST', '/api/user-subscriptions/', u.auth, { plan: pro.id });
  t.is(down.status, 503);
  t.is((await api(app.server, 'GET', '/api/user-subscriptions/', u.auth)).body.count, 0, 'the checkout row was rolled back');
  const yearly = await api(app.server, 'POST', '/api/user-subscriptions/', u.auth, { plan: pro.id, interval: 'year' });
  t.is(yearly.status, 400);
  t.is(yearly.body.error.code, 'plan_not_purchasable');
});

test.serial('a payment method is what Stripe says it is: the token is retrieved, the client\'s display data ignored', async (t) => {
  const u = await buildUser(app.server);
  const token = `pm_${run}_visa`;
  const retrieve = nock(STRIPE).get(`/v1/payment_methods/${token}`).reply(200, { id: token, object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031 } });
  const created = await api(app.server, 'POST', '/api/payment-methods/', u.auth, { token, brand: 'amex', last4: '0005', exp_month: 1, exp_year: 2099 });
  t.is(created.status, 201, JSON.stringify(created.body));
  t.true(retrieve.isDone());
  t.like(created.body, { processor: 'stripe', token, brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031 });

  // only the token is needed
  const bare = `pm_${run}_unknown_brand`;
  nock(STRIPE).get(`/v1/payment_methods/${bare}`).reply(200, { id: bare, object: 'payment_method', type: 'card', card: { brand: 'eftpos_au', last4: '0001', exp_month: 2, exp_year: 2030 } });
  t.like((await api(app.server, 'POST', '/api/payment-methods/', u.auth, { token: bare })).body, { brand: 'other', last4: '0001' });

  const missing = `pm_${run}_missing`;
  nock(STRIPE).get(`/v1/payment_methods/${missing}`).reply(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${missing}'` } });
  const refused = await api(app.server, 'POST', '/api/payment-methods/', u.auth, { token: missing, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2099 });
  t.is(refused.status, 400);
  t.is(refused.body.error.code, 'processor_refused');

  const bank = `pm_${run}_sepa`;
  nock(STRIPE).get(`/v1/payment_methods/${bank}`).reply(200, { id: bank, object: 'payment_method', type: 'sepa_debit', sepa_debit: { last4: '3000' } });
  t.is((await api(app.server, 'POST', '/api/payment-methods/', u.auth, { token: bank })).body.error.code, 'not_a_card');

  const expired = `pm_${run}_expired`;
  nock(STRIPE).get(`/v1/payment_methods/${expired}`).reply(200, { id: expired, object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 1, exp_year: 2020 } });
  t.is((await api(app.server, 'POST', '/api/payment-methods/', u.auth, { token: expired, exp_year: 2099, exp_month: 1 })).body.error.code, 'card_expired', 'Stripe\'s expiry, not the client\'s');

  t.is((await api(app.server, 'POST', '/api/payment-methods/', u.auth, { token: 'tok_visa', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2099 })).body.error.code, 'invalid_token', 'not a PaymentMethod id: Stripe is not asked');
  const listed = await api(app.server, 'GET', '/api/payment-methods/', u.auth);
  t.deepEqual(listed.body.results.map((p: { token: string }) => p.token).sort(), [bare, token].sort(), 'refused tokens are not stored');
});

test.serial('a paid curated list checks out on Stripe with its price inline', async (t) => {
  const [curator, reader] = await Promise.all([buildUser(app.server), buildUser(app.server)]);
  const list = await api(app.server, 'POST', '/api/curated-lists/', curator.auth, { name: 'Stripe picks', price: 700, currency: 'USD', interval: 'year' });
  t.is(list.status, 201, JSON.stringify(list.body));
  let body: Record<string, any> = {};
  const session = `cs_test_curated_${run}`;
  const checkout = nock(STRIPE).post('/v1/checkout/sessions', (b) => ((body = b), true)).reply(200, { id: session, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${session}`, customer: null });
  const start = await api(app.server, 'POST', '/api/curated-subscriptions/', reader.auth, { list: list.body.id });
  t.is(start.status, 201, JSON.stringify(start.body));
  t.true(checkout.isDone());
  t.like(start.body, { kind: 'paid', status: 'incomplete', checkout_url: `https://checkout.stripe.com/c/pay/${session}`, price: 700, currency: 'USD', interval: 'year' });
  // nock hands the form-encoded body over with flattened keys
  t.like(body, {
    'line_items[0][quantity]': '1', 'line_items[0][price_data][currency]': 'usd', 'line_items[0][price_data][unit_amount]': '700',
    'line_items[0][price_data][recurring][interval]': 'year', 'line_items[0][price_data][product_data][name]': 'Curated list "Stripe picks"',
    'metadata[subscription_id]': String(start.body.billing_subscription),
  }, JSON.stringify(body));

  await deliver('checkout.session.completed', { id: session, object: 'checkout.session', client_reference_id: String(start.body.billing_subscription), subscription: `sub_curated_${run}`, customer: 'cus_c', payment_status: 'paid' });
  const active = await eventually(() => api(app.server, 'GET', `/api/curated-subscriptions/${start.body.id}/`, reader.auth), (r) => r.body.status === 'active');
  t.is(active.body.status, 'active');
});
