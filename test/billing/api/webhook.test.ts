// POST /api/sandbox/webhook/: signature checks on the raw body, each event recorded
// once, out-of-order events, unknown types; the Stripe path answers 404 while the
// sandbox is the processor.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { signatureHeader } from '../../../domain/billing/webhook-signature.js';
import { eventually } from '../../helpers/wait.js';

const SECRET = 'test-billing-webhook-secret';
let app: TestApp;
test.before(async () => {
  // a rotation in progress: the new secret first, the old one still accepted
  app = await startApp({ workers: ['billing', 'mail'], env: { BILLING_SANDBOX_TICK_SECONDS: '0', BILLING_WEBHOOK_SECRET: `new-billing-secret-0123,${SECRET}` } });
});
test.after.always(async () => app?.stop());

let seq = 0;
const evt = (type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) => ({ id: `evt_test_${process.pid}_${Date.now()}_${seq++}`, type, created, data: { object } });
async function post(body: unknown, header?: string | null, path = '/api/sandbox/webhook/') {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const sig = header === undefined ? signatureHeader([SECRET], raw) : header;
  if (sig) headers['sandbox-signature'] = sig;
  const res = await app.server.inject({ method: 'POST', url: path, headers, payload: raw });
  return { status: res.statusCode, body: JSON.parse(res.payload) };
}
/** An active sandbox subscription linked to processor id `sbx_sub_<n>`. */
async function activeSubscription() {
  const u = await buildUser(app.server);
  const { knex } = app.server.app.platform;
  const plan = await knex('subscription_plans').where({ code: 'pro' }).first();
  const processorId = `sbx_sub_t${Date.now()}${seq++}`;
  const [row] = await knex('user_subscriptions').insert({ owner_id: u.id, created_by: u.id, plan_id: plan.id, status: 'active', processor: 'sandbox', processor_subscription_id: processorId, current_period_start: new Date(), current_period_end: new Date(Date.now() + 30 * 86_400_000) }).returning('*');
  return { u, row, processorId };
}
const subObj = (id: string, status: string, extra: Record<string, unknown> = {}) => ({ id, object: 'subscription', status, cancel_at_period_end: false, items: { data: [{ price: { id: 'sbx_price_pro_month' } }] }, ...extra });

test('unsigned, badly signed, stale and unparsable deliveries are refused with 400; nothing is recorded', async (t) => {
  const { knex } = app.server.app.platform;
  const body = evt('invoice.paid', { id: 'in_x' });
  const raw = JSON.stringify(body);
  t.is((await post(body, null)).body.error.code, 'missing_signature');
  t.is((await post(body, signatureHeader(['wrong-secret-0123456'], raw))).body.error.code, 'invalid_signature');
  t.is((await post(body, signatureHeader([SECRET], `${raw} `))).body.error.code, 'invalid_signature', 'the signature covers the exact raw bytes');
  const stale = await post(body, signatureHeader([SECRET], raw, Math.floor(Date.now() / 1000) - 301));
  t.is(stale.status, 400);
  t.is(stale.body.error.code, 'signature_expired');
  t.is((await post('not json', signatureHeader([SECRET], 'not json'))).body.error.code, 'invalid_event');
  t.is(Number((await knex('billing_events').where({ event_id: body.id }).count('* as n'))[0].n), 0);
});

test('both secrets of a rotation verify; the Stripe path is 404 while the sandbox is the processor', async (t) => {
  const a = evt('ping.unknown', {});
  t.is((await post(a, signatureHeader(['new-billing-secret-0123'], JSON.stringify(a)))).status, 200);
  const b = evt('ping.unknown', {});
  t.is((await post(b, signatureHeader([SECRET], JSON.stringify(b)))).status, 200);
  const res = await app.server.inject({ method: 'POST', url: '/api/stripe/webhook/', payload: JSON.stringify(b), headers: { 'stripe-signature': signatureHeader([SECRET], JSON.stringify(b)) } });
  t.is(res.statusCode, 404);
});

test('a duplicate event is acknowledged and applied once; an unknown type is recorded and acknowledged', async (t) => {
  const { knex } = app.server.app.platform;
  const { row, processorId } = await activeSubscription();
  const failed = evt('invoice.payment_failed', { id: `sbx_in_dup${seq}`, status: 'open', currency: 'eur', subtotal: 1200, total: 1200, subscription: processorId, attempt_count: 1, period_start: Math.floor(Date.now() / 1000), period_end: Math.floor(Date.now() / 1000) + 86400 });
  const first = await post(failed);
  t.deepEqual(first.body, { received: true, event_id: failed.id, duplicate: false });
  const second = await post(failed);
  t.is(second.status, 200);
  t.true(second.body.duplicate);
  await eventually(() => knex('billing_events').where({ event_id: failed.id }).first(), (e) => !!e?.applied_at);
  t.is(Number((await knex('billing_events').where({ event_id: failed.id }).count('* as n'))[0].n), 1);
  t.is(Number((await knex('billing_invoices').where({ processor_invoice_id: failed.data.object.id }).count('* as n'))[0].n), 1);
  t.is((await knex('user_subscriptions').where({ id: row.id }).first()).status, 'past_due');
  const mails = await knex('outbound_emails').where({ template: 'billing' }).whereRaw('subject like ?', ['Payment failed%']).count('* as n');
  t.true(Number(mails[0].n) >= 1);

  const unknown = evt('customer.tax_id.created', { id: 'txi_1' });
  t.is((await post(unknown)).status, 200);
  const recorded = await eventually(() => knex('billing_events').where({ event_id: unknown.id }).first(), (e) => !!e?.applied_at);
  t.is(recorded.outcome, 'ignored_unknown_type');
});

test('out of order: an older subscription event never overwrites a newer state', async (t) => {
  const { knex } = app.server.app.platform;
  const { row, processorId } = await activeSubscription();
  const now = Math.floor(Date.now() / 1000);
  const newer = evt('customer.subscription.updated', subObj(processorId, 'canceled'), now);
  const older = evt('customer.subscription.updated', subObj(processorId, 'active', { cancel_at_period_end: true }), now - 60);
  await post(newer);
  await eventually(() => knex('billing_events').where({ event_id: newer.id }).first(), (e) => !!e?.applied_at);
  await post(older);
  const applied = await eventually(() => knex('billing_events').where({ event_id: older.id }).first(), (e) => !!e?.applied_at);
  t.is(applied.outcome, 'ignored_stale');
  const sub = await knex('user_subscriptions').where({ id: row.id }).first();
  t.is(sub.status, 'canceled');
  t.false(sub.cancel_at_period_end);
  // and a paid invoice never goes back to open
  const invId = `sbx_in_ooo${seq}`;
  const base = { id: invId, currency: 'eur', subtotal: 1200, total: 1200, subscription: processorId, period_start: now, period_end: now + 86400 };
  const paid = evt('invoice.paid', { ...base, status: 'paid', amount_paid: 1200 }, now);
  const open = evt('invoice.finalized', { ...base, status: 'open' }, now - 30);
  await post(paid);
  await eventually(() => knex('billing_events').where({ event_id: paid.id }).first(), (e) => !!e?.applied_at);
  await post(open);
  await eventually(() => knex('billing_events').where({ event_id: open.id }).first(), (e) => !!e?.applied_at);
  t.is((await knex('billing_invoices').where({ processor_invoice_id: invId }).first()).status, 'paid');
});

test('out of order: the first invoice paid before the checkout completes activates the subscription once', async (t) => {
  const { knex } = app.server.app.platform;
  const u = await buildUser(app.server);
  const plan = await knex('subscription_plans').where({ code: 'pro' }).first();
  const processorId = `sbx_sub_first${Date.now()}${seq++}`;
  const session = `sbx_cs_first${seq}`;
  const [row] = await knex('user_subscriptions').insert({ owner_id: u.id, created_by: u.id, plan_id: plan.id, status: 'incomplete', processor: 'sandbox', processor_subscription_id: processorId, checkout_session_id: session }).returning('*');
  const now = Math.floor(Date.now() / 1000);
  const paid = evt('invoice.paid', { id: `sbx_in_first${seq}`, status: 'paid', currency: 'eur', subtotal: 1200, total: 1200, amount_paid: 1200, subscription: processorId, period_start: now, period_end: now + 30 * 86400 }, now);
  const completed = evt('checkout.session.completed', { id: session, subscription: processorId, customer: 'sbx_cus_1', payment_status: 'paid', client_reference_id: String(row.id) }, now);
  await post(paid);
  await eventually(() => knex('billing_events').where({ event_id: paid.id }).first(), (e) => !!e?.applied_at);
  await post(completed);
  const late = await eventually(() => knex('billing_events').where({ event_id: completed.id }).first(), (e) => !!e?.applied_at);
  t.is(late.outcome, 'ignored_stale');
  const sub = await knex('user_subscriptions').where({ id: row.id }).first();
  t.is(sub.status, 'active');
  t.truthy(sub.current_period_end);
  const actions = await knex('system_audit_logs').where({ entity_type: 'user_subscription', entity_id: String(row.id) }).pluck('action');
  t.deepEqual(actions.filter((a: string) => a === 'user_subscription.activated'), ['user_subscription.activated']);
  const subjects = await eventually(() => knex('outbound_emails').where({ to_address: u.email }).pluck('subject'), (s) => s.length > 0);
  t.is(subjects.filter((s: string) => /is active/.test(s)).length, 1, subjects.join(' | '));
});

test('out of order: the subscription event saying active before the checkout completes activates the subscription once', async (t) => {
  const { knex } = app.server.app.platform;
  const u = await buildUser(app.server);
  const plan = await knex('subscription_plans').where({ code: 'pro' }).first();
  const processorId = `sbx_sub_upd${Date.now()}${seq++}`;
  const session = `sbx_cs_upd${seq}`;
  const [row] = await knex('user_subscriptions').insert({ owner_id: u.id, created_by: u.id, plan_id: plan.id, status: 'incomplete', processor: 'sandbox', processor_subscription_id: processorId, checkout_session_id: session }).returning('*');
  const now = Math.floor(Date.now() / 1000);
  const updated = evt('customer.subscription.updated', subObj(processorId, 'active', { current_period_start: now, current_period_end: now + 30 * 86400 }), now);
  const completed = evt('checkout.session.completed', { id: session, subscription: processorId, customer: 'sbx_cus_1', payment_status: 'paid', client_reference_id: String(row.id) }, now);
  await post(updated);
  await eventually(() => knex('billing_events').where({ event_id: updated.id }).first(), (e) => !!e?.applied_at);
  await post(completed);
  const late = await eventually(() => knex('billing_events').where({ event_id: completed.id }).first(), (e) => !!e?.applied_at);
  t.is(late.outcome, 'ignored_stale');
  t.is((await knex('user_subscriptions').where({ id: row.id }).first()).status, 'active');
  const actions = await knex('system_audit_logs').where({ entity_type: 'user_subscription', entity_id: String(row.id) }).pluck('action');
  t.deepEqual(actions.filter((a: string) => a === 'user_subscription.activated'), ['user_subscription.activated']);
  const subjects = await eventually(() => knex('outbound_emails').where({ to_address: u.email }).pluck('subject'), (s) => s.length > 0);
  t.is(subjects.filter((s: string) => /is active/.test(s)).length, 1, subjects.join(' | '));
});

test('the webhook is throttled per client address', async (t) => {
  const small = await startApp({ workers: false, env: { BILLING_WEBHOOK_IP_LIMIT_PER_MINUTE: '2' } });
  try {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const e = evt('ping.unknown', {});
      const raw = JSON.stringify(e);
      codes.push((await small.server.inject({ method: 'POST', url: '/api/sandbox/webhook/', payload: raw, headers: { 'sandbox-signature': signatureHeader([SECRET], raw) } })).statusCode);
    }
    t.deepEqual(codes, [200, 200, 429]);
  } finally {
    await small.stop();
  }
});

test('out of order: a failed payment after the subscription event that already says past_due is still audited', async (t) => {
  const { knex } = app.server.app.platform;
  const u = await buildUser(app.server);
  const plan = await knex('subscription_plans').where({ code: 'pro' }).first();
  const processorId = `sbx_sub_late_fail${Date.now()}${seq++}`;
  const [row] = await knex('user_subscriptions').insert({ owner_id: u.id, created_by: u.id, plan_id: plan.id, status: 'active', processor: 'sandbox', processor_subscription_id: processorId }).returning('*');
  const now = Math.floor(Date.now() / 1000);
  const updated = evt('customer.subscription.updated', subObj(processorId, 'past_due'), now);
  const failed = evt('invoice.payment_failed', { id: `sbx_in_late_fail${seq}`, status: 'open', currency: 'eur', subtotal: 1200, total: 1200, amount_due: 1200, attempt_count: 1, subscription: processorId, period_start: now, period_end: now + 30 * 86400 }, now);
  await post(updated);
  await eventually(() => knex('billing_events').where({ event_id: updated.id }).first(), (e) => !!e?.applied_at);
  await post(failed);
  const applied = await eventually(() => knex('billing_events').where({ event_id: failed.id }).first(), (e) => !!e?.applied_at);
  t.is(applied.outcome, 'applied');
  t.is((await knex('user_subscriptions').where({ id: row.id }).first()).status, 'past_due');
  const actions = await knex('system_audit_logs').where({ entity_type: 'user_subscription', entity_id: String(row.id) }).pluck('action');
  t.deepEqual(actions.filter((a: string) => a === 'user_subscription.payment_failed'), ['user_subscription.payment_failed'], actions.join(', '));
});

test('out of order: a retried invoice paid after the subscription event that already says active is mailed as a recovery', async (t) => {
  const { knex } = app.server.app.platform;
  const u = await buildUser(app.server);
  const plan = await knex('subscription_plans').where({ code: 'pro' }).first();
  const processorId = `sbx_sub_late_paid${Date.now()}${seq++}`;
  await knex('user_subscriptions').insert({ owner_id: u.id, created_by: u.id, plan_id: plan.id, status: 'past_due', processor: 'sandbox', processor_subscription_id: processorId });
  const now = Math.floor(Date.now() / 1000);
  const updated = evt('customer.subscription.updated', subObj(processorId, 'active'), now);
  const paid = evt('invoice.paid', { id: `sbx_in_late_paid${seq}`, status: 'paid', currency: 'eur', subtotal: 1200, total: 1200, amount_paid: 1200, attempt_count: 2, subscription: processorId, period_start: now, period_end: now + 30 * 86400 }, now);
  await post(updated);
  await eventually(() => knex('billing_events').where({ event_id: updated.id }).first(), (e) => !!e?.applied_at);
  await post(paid);
  await eventually(() => knex('billing_events').where({ event_id: paid.id }).first(), (e) => !!e?.applied_at);
  const subjects = await eventually(() => knex('outbound_emails').where({ to_address: u.email }).pluck('subject'), (s) => s.length > 0);
  t.true(subjects.some((s: string) => /went through/.test(s)), subjects.join(' | '));
});
