// An erasure ends the subscriptions it touches at Stripe too, not only in our rows:
// the billing job's DELETE /v1/subscriptions/{id} reaches Stripe once (idempotency key,
// no proration, no final invoice), the row records Stripe's confirmation, a 500 is
// retried, a 404 counts as done, an enqueue lost to Redis is made up by the billing
// sweep, and a late webhook does not bring the canceled subscription back. Stripe's
// REST API is mocked by nock (as in test/billing/api/stripe-adapter.test.ts).
import test from 'ava';
import nock from 'nock';
import Stripe from 'stripe';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { eventually } from '../../helpers/wait.js';

const SECRET = 'whsec_test_erasure_0123456789';
const STRIPE = 'https://api.stripe.com';
let app: TestApp;
test.before(async () => {
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
  // no SDK retries: a retry seen here is the job's own
  app = await startApp({ workers: ['billing'], env: { BILLING_PROCESSOR: 'stripe', STRIPE_SECRET_KEY: 'sk_test_erasure123', STRIPE_MAX_NETWORK_RETRIES: '0', BILLING_WEBHOOK_SECRET: SECRET, BILLING_SANDBOX_TICK_SECONDS: '0' } });
});
test.after.always(async () => {
  await app?.stop();
  nock.cleanAll();
  nock.enableNetConnect();
});

const run = Date.now().toString(36);
const knex = () => app.server.app.platform.knex;
const services = () => app.server.app.services;

/** A live Stripe subscription of the user's own plan, as the webhooks would have left it. */
async function stripeSubscription(owner: TestUser, processorId: string, extra: Record<string, unknown> = {}): Promise<number> {
  const plan = await knex()('subscription_plans').where({ code: 'pro' }).first();
  const [row] = await knex()('user_subscriptions').insert({
    owner_id: owner.id, created_by: owner.id, plan_id: plan.id, interval: 'month', status: 'active', processor: 'stripe', processor_customer_id: `cus_${run}`,
    processor_subscription_id: processorId, current_period_start: new Date(), current_period_end: new Date(Date.now() + 30 * 86_400_000), ...extra,
  }).returning('id');
  return row.id;
}

/** Runs the erasure of `user` now (directly: the sweeps of other test files only take due requests). */
async function erase(user: TestUser): Promise<Record<string, any>> {
  const [req] = await knex()('data_deletion_requests').insert({ user_id: user.id, subject_id: user.id, scheduled_for: new Date(Date.now() + 86_400_000) }).returning('id');
  if (!(await services().dataProtection.deletions.erase(req.id))) throw new Error('the erasure did not run');
  return (await knex()('data_deletion_requests').where({ id: req.id }).first()).outcome;
}

/** Stripe's cancel endpoint: answers in turn, recording what each request carried. */
function stripeCancel(id: string, answers: [number, Record<string, unknown>][]) {
  const seen: { key: string; query: string }[] = [];
  let scope = nock(STRIPE);
  for (const [status, body] of answers) {
    scope = scope.delete((uri) => uri.split('?')[0] === `/v1/subscriptions/${id}`).reply(function (uri) {
      seen.push({ key: String(this.req.headers['idempotency-key']), query: uri.split('?')[1] ?? '' });
      return [status, body];
    });
  }
  return { scope, seen };
}
const canceled = (id: string) => ({ id, object: 'subscription', status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
const confirmed = (id: number) => eventually(() => knex()('user_subscriptions').where({ id }).first(), (r) => !!r?.processor_canceled_at);

test.serial('the erased customer\'s Stripe subscription is canceled in Stripe once, and the row records it', async (t) => {
  const dave = await buildUser(app.server);
  const SUB = `sub_dave_${run}`;
  const id = await stripeSubscription(dave, SUB);
  const stripe = stripeCancel(SUB, [[200, canceled(SUB)]]);

  const outcome = await erase(dave);
  t.like(outcome, { subscriptions_canceled: 1, processor_cancellations_requested: 1 });
  const row = await confirmed(id);
  t.true(stripe.scope.isDone(), 'Stripe was asked');
  t.like(row, { status: 'canceled', owner_id: null });
  t.truthy(row.processor_cancel_due_at);
  t.truthy(row.processor_canceled_at);
  t.deepEqual(stripe.seen.map((s) => s.key), [`cancel-${SUB}-a0`]);
  t.regex(stripe.seen[0].query, /invoice_now=false/);
  t.regex(stripe.seen[0].query, /prorate=false/);

  // a second enqueue (the sweep, a retried erasure) asks Stripe nothing more: the row says it is done
  await services().billing.cancellations.enqueue([{ subscriptionId: id }]);
  t.is(await services().billing.tick(new Date(Date.now() + 120_000)).then((r) => r.cancellations_requeued), 0);
  await new Promise((r) => setTimeout(r, 500));
  t.is(stripe.seen.length, 1, 'exactly one cancel request reached Stripe');
  const audit = await knex()('system_audit_logs').where({ action: 'user_subscription.processor_canceled', entity_id: String(id) });
  t.is(audit.length, 1);
});

test.serial('Stripe answering 500 is retried by the job until it cancels', async (t) => {
  const erin = await buildUser(app.server);
  const SUB = `sub_erin_${run}`;
  const id = await stripeSubscription(erin, SUB);
  const stripe = stripeCancel(SUB, [[500, { error: { type: 'api_error', message: 'boom' } }], [200, canceled(SUB)]]);
  await erase(erin);
  const row = await confirmed(id);
  t.truthy(row.processor_canceled_at);
  t.true(stripe.scope.isDone());
  t.deepEqual(stripe.seen.map((s) => s.key), [`cancel-${SUB}-a0`, `cancel-${SUB}-a1`], 'each attempt is a request of its own');
});

test.serial('Stripe no longer knowing the subscription (404) counts as done; so do the subscriptions others held to an erased curator\'s list', async (t) => {
  const [hal, ida] = await Promise.all([buildUser(app.server), buildUser(app.server)]);
  const [list] = await knex()('curated_lists').insert({ owner_id: hal.id, created_by: hal.id, name: 'Hal picks', slug: `hal-picks-${hal.id.slice(0, 8)}`, visibility: 'subscribers', price: 500, currency: 'EUR', interval: 'month' }).returning('id');
  const [plan] = await knex()('subscription_plans').insert({ code: `curated-${list.id}-s`, name: 'Curated list "Hal picks"', currency: 'EUR', monthly_price: 500, yearly_price: 0, curated_list_id: list.id }).returning('id');
  const SUB = `sub_ida_${run}`;
  const [billing] = await knex()('user_subscriptions').insert({ owner_id: ida.id, created_by: ida.id, plan_id: plan.id, purpose: 'curated', interval: 'month', status: 'active', processor: 'stripe', processor_subscription_id: SUB }).returning('id');
  await knex()('curated_subscriptions').insert({ owner_id: ida.id, created_by: ida.id, list_id: list.id, kind: 'paid', billing_subscription_id: billing.id });
  const stripe = stripeCancel(SUB, [[404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${SUB}'` } }]]);

  const outcome = await erase(hal);
  t.like(outcome, { curated_subscribers_canceled: 1, processor_cancellations_requested: 1 });
  const row = await confirmed(billing.id);
  t.like(row, { owner_id: ida.id, status: 'canceled' });
  t.truthy(row.processor_canceled_at);
  t.true(stripe.scope.isDone());
  const audit = await knex()('system_audit_logs').where({ action: 'user_subscription.processor_canceled', entity_id: String(billing.id) }).first();
  t.deepEqual(audit.changes, { processor_answer: 'gone' });
});

test.serial('Redis down when the erasure commits: the billing sweep enqueues the cancellation later', async (t) => {
  const fay = await buildUser(app.server);
  const SUB = `sub_fay_${run}`;
  const id = await stripeSubscription(fay, SUB);
  const stripe = stripeCancel(SUB, [[200, canceled(SUB)]]);
  const producer = app.server.app.platform.producer;
  const enqueueMany = producer.enqueueMany;
  producer.enqueueMany = async () => {
    throw new Error('Connection is closed.');
  };
  try {
    t.like(await erase(fay), { subscriptions_canceled: 1, processor_cancellations_requested: 1 }, 'the erasure itself completes');
  } finally {
    producer.enqueueMany = enqueueMany;
  }
  await new Promise((r) => setTimeout(r, 300));
  t.false(stripe.scope.isDone(), 'nothing was enqueued');
  t.like(await knex()('user_subscriptions').where({ id }).first(), { status: 'canceled', processor_canceled_at: null });

  // the sweep leaves a fresh mark alone for a minute (its own job may still be on the way)
  const sweep = await services().billing.tick(new Date(Date.now() + 120_000));
  t.true(sweep.cancellations_requeued >= 1);
  t.truthy((await confirmed(id)).processor_canceled_at);
  t.true(stripe.scope.isDone());
  t.is(stripe.seen.length, 1);
});

test.serial('a Stripe webhook sent before Stripe heard of the cancellation does not bring the subscription back', async (t) => {
  const gus = await buildUser(app.server);
  const SUB = `sub_gus_${run}`;
  const id = await stripeSubscription(gus, SUB, { processor_state_at: new Date(Date.now() - 60_000) });
  stripeCancel(SUB, [[200, canceled(SUB)]]);
  await erase(gus);
  await confirmed(id);

  const signer = new Stripe('sk_test_erasure123');
  const deliver = async (type: string, object: Record<string, unknown>) => {
    const eventId = `evt_${run}_${type}`;
    const payload = JSON.stringify({ id: eventId, object: 'event', type, created: Math.floor(Date.now() / 1000) + 5, data: { object } });
    const res = await app.server.inject({ method: 'POST', url: '/api/stripe/webhook/', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: SECRET }) } });
    t.is(res.statusCode, 200, res.payload);
    return eventually(() => knex()('billing_events').where({ event_id: eventId }).first(), (e) => !!e?.applied_at);
  };
  const now = Math.floor(Date.now() / 1000);
  const renewed = await deliver('customer.subscription.updated', {
    id: SUB, object: 'subscription', status: 'active', customer: `cus_${run}`, cancel_at_period_end: false, metadata: { subscription_id: String(id) },
    items: { data: [{ id: 'si_1', price: { id: 'price_pro_m' }, current_period_start: now, current_period_end: now + 30 * 86400 }] },
  });
  t.is(renewed.outcome, 'ignored_canceled');
  t.like(await knex()('user_subscriptions').where({ id }).first(), { status: 'canceled', owner_id: null });
  const deleted = await deliver('customer.subscription.deleted', { ...canceled(SUB), metadata: { subscription_id: String(id) } });
  t.is(deleted.outcome, 'ignored_stale', 'already confirmed by the job');
  t.like(await knex()('user_subscriptions').where({ id }).first(), { status: 'canceled' });
});
