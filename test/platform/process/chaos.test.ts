// Chaos: the worker process running a job is killed with SIGKILL in the middle of it
// (one gateway and two worker processes of the harness, short locks). The other worker
// takes the job over once the dead one's lock lapses, the job finishes exactly once, and
// nothing is half-written. Here: a payment-webhook event (killed inside its transaction),
// a report (killed while streaming its file), a KYC callback delivery (killed while the
// receiver holds the request), an invoice photo read by OCR (killed with the job in its
// sandboxed child, which ends with it). Elsewhere: a bulk store (test/invoice-import/process/
// crash.test.ts), an AI answer (test/support/process/chat-instances.test.ts).
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { buildReportFixture } from '../../factories/reports.js';
import { selfScope } from '../../factories/inventory.js';
import { startTestCluster, httpJson, type Cluster, type Member } from '../../helpers/cluster.js';
import { connect, wsUrl } from '../../helpers/ws.js';
import { waitFor } from '../../helpers/wait.js';
import { alive } from '../../helpers/processes.js';
import { signatureHeader } from '../../../domain/billing/webhook-signature.js';
import { seal } from '../../../jobs/runtime/secrets.js';
import { CALLBACK_SEAL_PURPOSE } from '../../../kyc/services/project-service.js';
import type { QueueName } from '../../../jobs/catalog.js';
import { invoicePng, sampleInvoice } from '../../factories/invoices.js';
import { multipart } from '../../factories/images.js';
import { owner } from '../../invoice-import/helpers.js';

const LOCK_MS = '3000';
const BILLING_SECRET = 'test-billing-webhook-secret';
let app: TestApp;
let cluster: Cluster;

test.before(async (t) => {
  // several files start their processes at once on a busy machine: longer than ava's idle timeout (120 s)
  t.timeout(480_000);
  // JOB_WAIT_MS 0: a preview answers 202 at once (the test kills its worker while it runs)
  const env = { JOB_LOCK_MS: LOCK_MS, REPORT_LOCK_MS: LOCK_MS, BILLING_SANDBOX_TICK_SECONDS: '0', KYC_SWEEP_EVERY_MINUTES: '0', JOB_WAIT_MS: '0', MEDIA_CONCURRENCY: '1' };
  app = await startApp({ workers: false, env });
  cluster = await startTestCluster(app, { gateways: 1, workers: 2, kyc: false, workerEnv: { WORKER_QUEUES: 'billing,reports,kyc,mail,invoices' } });
});
test.after.always(async () => {
  await cluster?.stop(10_000);
  await app?.stop();
});

const knex = () => app.server.app.platform.knex;
const gateway = () => cluster.gateways[0].url!;

/** The worker process that holds the job now (BullMQ stores the worker's host:pid on the job it takes). */
async function holderOf(jobId: string, queue: QueueName): Promise<Member> {
  return waitFor(
    async () => {
      const job = await app.server.app.platform.producer.getJob(jobId, queue);
      const pid = Number(job?.processedBy?.split(':').pop());
      return cluster.workers.find((w) => w.child.pid === pid && !w.ended());
    },
    { timeoutMs: 30_000, intervalMs: 50, message: `the worker holding ${jobId}` },
  );
}

/** Kills the holder with SIGKILL, then brings the pool back to two workers for the next test. */
async function killHolder(t: import('ava').ExecutionContext, jobId: string, queue: QueueName): Promise<void> {
  const doomed = await holderOf(jobId, queue);
  const exit = await cluster.kill(doomed, 'SIGKILL');
  t.is(exit.signal, 'SIGKILL');
  t.teardown(() => cluster.scaleWorkers(2));
}

test.serial('a payment-webhook event: its worker killed inside the transaction, the other applies it once', async (t) => {
  t.timeout(300_000);
  const user = await buildUser(app.server);
  const plan = await knex()('subscription_plans').where({ code: 'pro' }).first();
  const processorId = `sbx_sub_chaos${randomBytes(4).toString('hex')}`;
  const [sub] = await knex()('user_subscriptions').insert({ owner_id: user.id, created_by: user.id, plan_id: plan.id, status: 'active', processor: 'sandbox', processor_subscription_id: processorId, current_period_start: new Date(), current_period_end: new Date(Date.now() + 30 * 86_400_000) }).returning('*');
  const now = Math.floor(Date.now() / 1000);
  const event = { id: `evt_chaos_${randomBytes(6).toString('hex')}`, type: 'invoice.payment_failed', created: now, data: { object: { id: `sbx_in_chaos${randomBytes(4).toString('hex')}`, status: 'open', currency: 'eur', subtotal: 1200, total: 1200, subscription: processorId, attempt_count: 1, period_start: now, period_end: now + 86400 } } };
  const raw = JSON.stringify(event);

  // the test holds the subscription row: the applying worker stops inside its transaction
  const hold = await knex().transaction();
  t.teardown(() => hold.rollback().catch(() => undefined));
  await hold('user_subscriptions').where({ id: sub.id }).forUpdate();
  const res = await fetch(`${gateway()}/api/sandbox/webhook/`, { method: 'POST', headers: { 'content-type': 'application/json', 'sandbox-signature': signatureHeader([BILLING_SECRET], raw) }, body: raw });
  t.is(res.status, 200);
  const row = await knex()('billing_events').where({ event_id: event.id }).first();
  await waitFor(async () => (await knex().raw("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%user_subscriptions%'")).rows[0].n > 0, { timeoutMs: 60_000, intervalMs: 50, message: 'the worker waiting inside its transaction' });
  await killHolder(t, `billing-event-${row.id}`, 'billing');
  await hold.rollback();

  const applied = await waitFor(async () => {
    const r = await knex()('billing_events').where({ id: row.id }).first();
    return r.applied_at && r;
  }, { timeoutMs: 60_000, intervalMs: 100, message: 'the event applied by the other worker' });
  t.truthy(applied.outcome);
  t.is((await knex()('billing_invoices').where({ processor_invoice_id: event.data.object.id })).length, 1, 'one invoice row');
  t.is((await knex()('user_subscriptions').where({ id: sub.id }).first()).status, 'past_due');
  const mails = await waitFor(async () => {
    const m = await knex()('outbound_emails').where({ to_address: user.email, template: 'billing' });
    return m.length > 0 ? m : null;
  }, { timeoutMs: 30_000, message: 'the payment-failed e-mail' });
  t.is(mails.length, 1, 'one e-mail');
});

test.serial('a report: its worker killed while streaming the file, the other writes it once and no partial file is left', async (t) => {
  t.timeout(300_000);
  const user = await buildUser(app.server);
  const fx = await buildReportFixture(app.server, user, selfScope(user));
  // enough rows that the file takes a while to stream: the kill lands half-way
  const extra = 40_000;
  await knex().raw(
    `INSERT INTO inventory_items (inventory_id, storage_box_id, product_id, quantity, unit_cost, lot_number, owner_id, created_by)
     SELECT i.inventory_id, i.storage_box_id, i.product_id, 1, 1, 'chaos-' || g, i.owner_id, i.created_by FROM inventory_items i, generate_series(1, ?) g WHERE i.id = ?`,
    [extra, fx.i1.id],
  );
  const socket = connect(wsUrl(gateway(), '/ws/notifications/', user.access));
  t.teardown(() => socket.close());
  await socket.next('connection.ready', undefined, 30_000);
  const res = await httpJson(gateway(), 'POST', '/api/generate-report/', user.auth, { kind: 'inventory_valuation', format: 'csv' });
  t.is(res.status, 202, JSON.stringify(res.body));
  const id: number = res.body.id;
  await socket.next('report.progress', (m) => m.data.report_id === id && m.data.status === 'running' && m.data.progress > 0, 120_000);
  await killHolder(t, `reports-generate-${id}`, 'reports');
  const killedAt = await knex()('reports').where({ id }).first();
  t.is(killedAt.status, 'running', 'killed half-way');

  await socket.next('report.progress', (m) => m.data.report_id === id && m.data.status === 'completed', 120_000);
  const done = await knex()('reports').where({ id }).first();
  t.like(done, { status: 'completed', progress: 100, row_count: extra + 4 });
  const files = (await fs.readdir(path.join(app.config.mediaRoot, 'reports'))).filter((f) => f.startsWith(`${id}-`) || f.startsWith(`.partial-${id}-`));
  t.deepEqual(files, [path.basename(done.file_path)], 'one file, no partial left by the killed run');
  const csv = await fs.readFile(path.join(app.config.mediaRoot, done.file_path), 'utf8');
  t.is(csv.trimEnd().split('\n').length, extra + 4 + 1, 'every row once, under one header');
  t.is((await knex()('system_audit_logs').where({ entity_type: 'report', entity_id: String(id), action: 'report.complete' })).length, 1);
});

test.serial('a KYC callback delivery: its worker killed while the receiver holds the request, the other delivers it once', async (t) => {
  t.timeout(300_000);
  const requests: { eventId: string; attempt: number }[] = [];
  const held: http.ServerResponse[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ eventId: String(req.headers['x-kyc-event-id']), attempt: JSON.parse(body).attempt });
      // the first delivery never gets its answer (its worker dies); later ones are acknowledged
      if (requests.length === 1) held.push(res);
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  t.teardown(() => {
    held.forEach((r) => r.destroy());
    receiver.close();
  });
  const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  const tag = randomBytes(4).toString('hex');
  const [project] = await knex()('kyc.projects')
    .insert({ slug: `chaos-${tag}`, name: 'Chaos', api_key: `key-${tag}`, api_secret_hash: 'x'.repeat(64), engine: 'inhouse', provider_name: 'inhouse', level_name: 'basic-kyc-level', callback_url: url, callback_secret_sealed: seal(app.config.secretKey, CALLBACK_SEAL_PURPOSE, `callback-secret-${tag}`) })
    .returning('*');
  const [applicant] = await knex()('kyc.applicants').insert({ project_id: project.id, external_user_id: `user-${tag}`, provider: 'inhouse', level_name: 'basic-kyc-level', status: 'approved' }).returning('*');
  const [delivery] = await knex()('kyc.callback_deliveries').insert({ applicant_id: applicant.id, project_id: project.id, version: 1, snapshot: { external_user_id: `user-${tag}`, status: 'approved' } }).returning('*');
  await app.server.app.platform.producer.enqueue('kyc.deliver-callback', { actor_id: null, delivery_id: Number(delivery.id), replay: 0 });

  await waitFor(() => requests.length === 1, { timeoutMs: 60_000, intervalMs: 50, message: 'the first delivery reaching the receiver' });
  await killHolder(t, `kyc-callback-${delivery.id}-r0`, 'kyc');
  const done = await waitFor(async () => {
    const d = await knex()('kyc.callback_deliveries').where({ id: delivery.id }).first();
    return d.state !== 'pending' && d;
  }, { timeoutMs: 60_000, intervalMs: 100, message: 'the delivery finished by the other worker' });
  t.like(done, { state: 'delivered', attempts: 1, last_status_code: 200 });
  t.is(requests.length, 2, 'the unanswered request, then the one acknowledged');
  t.deepEqual(requests.map((r) => r.eventId), [delivery.event_id, delivery.event_id], 'both carry the event id the receiver deduplicates on');
});

/** The processes whose parent is `pid` (a worker's sandboxed children). */
async function childrenOf(pid: number): Promise<number[]> {
  const out: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(entry));
  }
  return out;
}


test.serial('an invoice photo read by OCR: its worker killed mid-job, its sandboxed child ends with it, the other reads it once; an idle child ends with its worker too', async (t) => {
  t.timeout(360_000, 'a cold sandboxed child under tsx reads the photo after the takeover');
  const o = await owner(app.server);
  const m = multipart({
    document: { filename: 'chaos.png', contentType: 'image/png', data: await invoicePng(sampleInvoice()) },
    inventory_id: o.tree.inventory.id,
    storage_box_id: o.tree.box.id,
    product_family_name: 'Chaos',
  });
  const res = await fetch(`${gateway()}/api/invoice-import/preview/`, { method: 'POST', headers: { ...o.headers, ...m.headers }, body: m.payload });
  const body = (await res.json()) as { job_id: string };
  t.is(res.status, 202, JSON.stringify(body));
  const holder = await holderOf(body.job_id, 'invoices');
  const children = await waitFor(async () => {
    const c = await childrenOf(holder.child.pid!);
    return c.length > 0 ? c : null;
  }, { timeoutMs: 60_000, intervalMs: 50, message: 'the sandboxed child running the job' });
  await killHolder(t, body.job_id, 'invoices');
  await waitFor(() => !children.some(alive), { timeoutMs: 30_000, intervalMs: 100, message: 'the orphaned sandboxed child gone' });

  const done = await waitFor(async () => {
    const s = await httpJson(gateway(), 'GET', `/api/jobs/${body.job_id}/`, o.headers);
    return ['completed', 'failed'].includes(s.body.state) && s.body;
  }, { timeoutMs: 300_000, intervalMs: 500, message: 'the preview read by the other worker' });
  t.is(done.state, 'completed', JSON.stringify(done));
  const documentId = Number(body.job_id.replace('invoices-parse-', ''));
  t.is((await knex()('invoice_import_documents').where({ id: documentId }).first()).status, 'parsed');
  const sessions = await knex()('invoice_import_sessions').where({ document_id: documentId });
  t.is(sessions.length, 1, 'one preview session');
  t.is(sessions[0].status, 'previewed');

  // the worker that read it keeps its child warm for the next job (idle exit is off in tests):
  // killed now, its idle child, which has nothing to send its parent, ends with it too
  const reader = await holderOf(body.job_id, 'invoices');
  const idle = await childrenOf(reader.child.pid!);
  t.true(idle.length > 0, 'the reader has a warm child');
  await cluster.kill(reader, 'SIGKILL');
  await waitFor(() => !idle.some(alive), { timeoutMs: 30_000, intervalMs: 100, message: 'the idle sandboxed child gone with its worker' });
});
