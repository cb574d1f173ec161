// The webhook's accept path under concurrency: deliveries that arrive together are
// recorded by one statement (group commit), each once with its audit entry, and each
// applied; an event PostgreSQL refuses fails alone (400) without failing its batch; a
// lost enqueue, or a job that failed for good, is recovered by the sweep; refused deliveries spend a budget all
// gateway processes share, accepted ones only their own process's.
// (Serial: deliveries of two tests arriving together would share a batch.)
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { signatureHeader } from '../../../domain/billing/webhook-signature.js';
import { eventually } from '../../helpers/wait.js';
import { jobCatalog } from '../../../jobs/catalog.js';

const SECRET = 'test-billing-webhook-secret';
let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: ['billing'], env: { BILLING_SANDBOX_TICK_SECONDS: '0' } });
});
test.after.always(async () => app?.stop());

let seq = 0;
const evt = (type: string, extra: Record<string, unknown> = {}) => ({ id: `evt_batch_${process.pid}_${Date.now()}_${seq++}`, type, created: Math.floor(Date.now() / 1000), data: { object: { id: 'obj_1' } }, ...extra });
const signed = (raw: string) => signatureHeader([SECRET], raw);
/** receive() called now, in this turn of the event loop (deliveries arriving together) */
const deliver = (body: unknown) => {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return app.server.app.services.billing.webhooks.receive('sandbox', Buffer.from(raw), signed(raw));
};
/** counts the statements inserting into billing_events while `fn` runs */
async function insertsDuring<T>(fn: () => Promise<T>): Promise<{ value: T; inserts: number }> {
  const { knex } = app.server.app.platform;
  let inserts = 0;
  const onQuery = (q: { sql: string }) => void (/insert into billing_events/i.test(q.sql) && inserts++);
  knex.on('query', onQuery);
  try {
    return { value: await fn(), inserts };
  } finally {
    knex.off('query', onQuery);
  }
}

test.serial('deliveries arriving together share one statement; each event is recorded and audited once and applied', async (t) => {
  const { knex } = app.server.app.platform;
  const events = Array.from({ length: 20 }, () => evt('ping.unknown'));
  const repeated = events[0];
  const { value: receipts, inserts } = await insertsDuring(() => Promise.all([...events, repeated, repeated].map(deliver)));
  t.is(inserts, 1, 'one INSERT for the 22 deliveries');
  t.deepEqual(receipts.map((r) => r.event_id), [...events, repeated, repeated].map((e) => e.id));
  t.is(receipts.filter((r) => r.event_id === repeated.id && !r.duplicate).length, 1, 'the repeated id is new once, a duplicate twice');
  t.true(receipts.slice(1, 20).every((r) => !r.duplicate));
  const rows = await knex('billing_events').whereIn('event_id', events.map((e) => e.id)).select('id', 'event_id', 'payload');
  t.is(rows.length, 20);
  t.deepEqual(rows.find((r) => r.event_id === events[5].id).payload, events[5], 'the payload is the event as sent');
  const audited = await knex('system_audit_logs').where({ action: 'billing_event.receive' }).whereIn('entity_id', rows.map((r) => String(r.id))).select('entity_id', 'entity_type', 'actor_id', 'changes');
  t.is(audited.length, 20, 'one audit entry per recorded event');
  t.deepEqual(audited.find((a) => a.entity_id === String(rows[0].id)).changes, { processor: 'sandbox', event_id: rows[0].event_id, type: 'ping.unknown' });
  const applied = await eventually(() => knex('billing_events').whereIn('event_id', events.map((e) => e.id)).whereNotNull('applied_at').count('* as n'), (r) => Number(r[0].n) === 20);
  t.is(Number(applied[0].n), 20, 'the billing worker applied every event');
  // a later delivery of an applied event is a duplicate and adds no row
  t.true((await deliver(repeated)).duplicate);
  t.is(Number((await knex('billing_events').where({ event_id: repeated.id }).count('* as n'))[0].n), 1);
});

test.serial('an event PostgreSQL refuses fails alone with 400 invalid_event; the others of its batch are recorded', async (t) => {
  const { knex } = app.server.app.platform;
  const good = [evt('ping.unknown'), evt('ping.unknown')];
  const nul = `{"id":"evt_nul_${seq++}_${Date.now()}","type":"ping.unknown","created":${Math.floor(Date.now() / 1000)},"data":{"object":{"note":"a\\u0000b"}}}`;
  const farFuture = evt('ping.unknown', { created: 1e15 });
  const settled = await Promise.allSettled([deliver(good[0]), deliver(nul), deliver(farFuture), deliver(good[1])]);
  t.deepEqual(settled.map((s) => s.status), ['fulfilled', 'rejected', 'rejected', 'fulfilled']);
  for (const s of [settled[1], settled[2]]) t.is(((s as PromiseRejectedResult).reason as { code?: string }).code, 'invalid_event');
  t.is(Number((await knex('billing_events').whereIn('event_id', good.map((e) => e.id)).count('* as n'))[0].n), 2);
  t.is(Number((await knex('billing_events').where({ event_id: farFuture.id }).count('* as n'))[0].n), 0);
  // through the route: the documented JSON error, never a 500
  const res = await app.server.inject({ method: 'POST', url: '/api/sandbox/webhook/', headers: { 'content-type': 'application/json', 'sandbox-signature': signed(nul.replace('evt_nul_', 'evt_nul_route_')) }, payload: nul.replace('evt_nul_', 'evt_nul_route_') });
  t.is(res.statusCode, 400);
  t.is(JSON.parse(res.payload).error.code, 'invalid_event');
});

test.serial('a recorded event whose job was lost is enqueued again by the sweep and applied', async (t) => {
  const { knex, producer } = app.server.app.platform;
  const lost = evt('ping.unknown');
  const original = producer.enqueueMany.bind(producer);
  producer.enqueueMany = async () => {
    throw new Error('redis down (test)');
  };
  try {
    t.false((await deliver(lost)).duplicate, 'the delivery is acknowledged: the event is committed');
  } finally {
    producer.enqueueMany = original;
  }
  const row = await knex('billing_events').where({ event_id: lost.id }).first();
  t.truthy(row);
  t.is(row.applied_at, null);
  // the sweep takes rows recorded over a minute ago
  await knex('billing_events').where({ id: row.id }).update({ received_at: new Date(Date.now() - 120_000) });
  t.true((await app.server.app.services.billing.webhooks.sweepUnapplied()) >= 1);
  const applied = await eventually(() => knex('billing_events').where({ id: row.id }).first(), (r) => !!r?.applied_at);
  t.truthy(applied.applied_at);
});

test.serial('an apply job that failed for good does not block the sweep: the event is enqueued again and applied', async (t) => {
  const { knex, producer } = app.server.app.platform;
  // recorded, not enqueued: the test enqueues the event's job itself, one that fails for good at once
  const lost = evt('ping.unknown');
  const enqueueMany = producer.enqueueMany.bind(producer);
  producer.enqueueMany = async () => undefined;
  try {
    await deliver(lost);
  } finally {
    producer.enqueueMany = enqueueMany;
  }
  const row = await knex('billing_events').where({ event_id: lost.id }).first();
  const spec = jobCatalog['billing.apply-event'];
  const jobId = spec.jobId!({ actor_id: null, event_row_id: String(row.id) });
  // (under the event's job id, a row id PostgreSQL refuses: the apply throws, as with the database away)
  await producer.queue('billing').add('billing.apply-event', { actor_id: null, event_row_id: '9'.repeat(25) }, { ...spec.options, attempts: 1, jobId });
  const state = await eventually(() => producer.stateOf(jobId, 'billing'), (s) => s === 'failed' || s === 'unknown' || s === 'completed');
  t.is(state, 'unknown', 'a job out of attempts is not kept under the event\'s job id');
  await knex('billing_events').where({ id: row.id }).update({ received_at: new Date(Date.now() - 120_000) });
  t.true((await app.server.app.services.billing.webhooks.sweepUnapplied()) >= 1);
  const applied = await eventually(() => knex('billing_events').where({ id: row.id }).first(), (r) => !!r?.applied_at);
  t.truthy(applied.applied_at);
});

test.serial('refused deliveries spend a budget shared by all gateway processes; accepted ones only their process budget', async (t) => {
  const env = { BILLING_WEBHOOK_IP_LIMIT_PER_MINUTE: '2', QUEUE_PREFIX: `tshared${process.pid}${Date.now() % 100000}` };
  const [a, b] = [await startApp({ workers: false, env }), await startApp({ workers: false, env })];
  try {
    const post = async (target: TestApp, ok: boolean) => {
      const raw = JSON.stringify(evt('ping.unknown'));
      const sig = ok ? signed(raw) : signatureHeader(['not-the-secret-0123'], raw);
      return (await target.server.inject({ method: 'POST', url: '/api/sandbox/webhook/', payload: raw, headers: { 'sandbox-signature': sig } })).statusCode;
    };
    t.deepEqual([await post(a, false), await post(a, false)], [400, 400], 'two refusals in process a');
    t.is(await post(b, true), 200, 'process b still accepts a signed delivery (its own budget)');
    t.is(await post(b, false), 429, "a third refusal from the address is throttled in process b as well");
    t.deepEqual([await post(a, true), await post(a, true)], [429, 429], "process a's own budget (2 a minute) is spent");
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
});
