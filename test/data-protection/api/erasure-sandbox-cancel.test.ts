// The erasure's processor cancellation end to end on the sandbox processor: a paid
// subscription, the account erased, the billing job has the sandbox emit its
// customer.subscription.deleted event (the same event id the sandbox uses elsewhere,
// so it is recorded once), the row records the cancellation and nothing renews it
// afterwards.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { callApi as api } from '../../helpers/http.js';
import { eventually } from '../../helpers/wait.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: ['billing', 'mail'], env: { BILLING_SANDBOX_TICK_SECONDS: '0' } });
});
test.after.always(async () => app?.stop());

test('a sandbox subscription of an erased account is canceled at the sandbox once and never renews', async (t) => {
  const { knex } = app.server.app.platform;
  const u = await buildUser(app.server);
  const plan = (await api(app.server, 'GET', '/api/subscription-plans/?code=pro', u.auth)).body.results[0];
  await api(app.server, 'POST', '/api/payment-methods/', u.auth, { token: 'pm_card_visa', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2099 });
  const start = await api(app.server, 'POST', '/api/user-subscriptions/', u.auth, { plan: plan.id, interval: 'month' });
  t.is(start.status, 201, JSON.stringify(start.body));
  const id = start.body.id as number;
  t.is((await app.server.inject({ method: 'POST', url: `${new URL(start.body.checkout_url).pathname}pay/` })).statusCode, 200);
  const active = await eventually(() => knex('user_subscriptions').where({ id }).first(), (r) => r.status === 'active' && !!r.current_period_end);
  t.is(active.status, 'active');

  const [req] = await knex('data_deletion_requests').insert({ user_id: u.id, subject_id: u.id, scheduled_for: new Date() }).returning('id');
  t.true(await app.server.app.services.dataProtection.deletions.erase(req.id));
  t.like((await knex('data_deletion_requests').where({ id: req.id }).first()).outcome, { subscriptions_canceled: 1, processor_cancellations_requested: 1 });

  const row = await eventually(() => knex('user_subscriptions').where({ id }).first(), (r) => !!r.processor_canceled_at);
  t.like(row, { status: 'canceled', owner_id: null });
  t.truthy(row.processor_canceled_at);
  const deleted = await eventually(() => knex('billing_events').where({ processor: 'sandbox', event_id: `evt_sbx_${active.processor_subscription_id}_deleted` }).first(), (e) => !!e?.applied_at);
  t.truthy(deleted, 'the sandbox said so the way a processor does: its deleted event');
  t.true(['confirmed_processor_cancel', 'ignored_stale'].includes(deleted.outcome), deleted.outcome);

  // past the period's end nothing renews or charges it
  const invoices = async () => Number((await knex('billing_invoices').where({ subscription_id: id }).count('* as n'))[0].n);
  // (the paid first invoice comes in its own event, which may be applied after the subscription's)
  const before = await eventually(invoices, (n) => n === 1);
  t.is(before, 1);
  await app.server.app.services.billing.tick(new Date(new Date(active.current_period_end).getTime() + 1000), { subscriptionIds: [id] });
  await new Promise((r) => setTimeout(r, 500));
  t.is(await invoices(), before);
  t.like(await knex('user_subscriptions').where({ id }).first(), { status: 'canceled' });
});
