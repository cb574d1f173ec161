// A worker killed (SIGKILL) in the middle of a bulk store: the database transaction
// dies with its connection, so nothing of the store is written, the session is still
// previewed, and the store can be run again — the stalled job is taken over by
// another worker and exactly one application happens.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { callApi } from '../../helpers/http.js';
import { sampleInvoice, ublXml } from '../../factories/invoices.js';
import { startEntry, type RunningProcess } from '../../helpers/processes.js';
import { startWorkers, type RunningWorkers } from '../../../workers/runner.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../../helpers/env.js';
import { bulkStore, linesOf, owner, preview, stockSnapshot } from '../helpers.js';
import { waitFor } from '../../helpers/wait.js';

const LOCK_MS = 2000;
let app: TestApp;
const running: RunningProcess[] = [];
const inProcess: RunningWorkers[] = [];

// one sandboxed invoices child (pdf.js under tsx takes ~1 GB) so parallel test files fit in memory; the
// preview waits as long as every test's (JOB_WAIT_MS, test/helpers/env.ts): a cold child under a busy CI run took over 20 s
test.before(async () => {
  app = await startApp({ workers: ['invoices'], env: { JOB_LOCK_MS: String(LOCK_MS), MEDIA_CONCURRENCY: '1' } });
});
test.after.always(async () => {
  for (const p of running) p.kill('SIGKILL');
  for (const w of inProcess) await w.close();
  await app?.stop();
});

test('kill -9 of the worker inside the bulk-store transaction writes nothing and leaves the session retryable', async (t) => {
  const o = await owner(app.server);
  const spec = sampleInvoice();
  const p = await preview(app.server, o, { filename: 'crash.xml', data: Buffer.from(ublXml(spec)) });
  t.is(p.status, 200, JSON.stringify(p.body));
  const before = await stockSnapshot(app.server, o.user.id);

  // a separate worker process for the imports queue that pauses inside the transaction
  // (its connections carry their own application name, so the check below waits for them, not for other files' transactions)
  const dbUrl = new URL(TEST_DATABASE_URL);
  dbUrl.searchParams.set('application_name', `crash-test-worker-${process.pid}`);
  const worker = startEntry('test/helpers/paused-import-worker.ts', {
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: app.config.queuePrefix,
    MEDIA_ROOT: app.config.mediaRoot,
    WORKER_QUEUES: 'imports',
    JOB_LOCK_MS: String(LOCK_MS),
    PAUSE_MS: '120000',
    LOG_LEVEL: 'warn',
  });
  running.push(worker);
  await worker.waitFor(/worker: consuming imports/, 60_000);

  const store = bulkStore(app.server, o.headers, { session_id: p.body.session_id, product_family_name: 'Crash', lines: linesOf(p.body) });
  await worker.waitFor(/paused inside the transaction/, 60_000);
  // the products, items and ledger rows exist only inside the open transaction
  t.deepEqual(await stockSnapshot(app.server, o.user.id), before, 'uncommitted writes are invisible');
  worker.kill('SIGKILL');
  const exit = await worker.exited;
  t.is(exit.signal, 'SIGKILL');

  const { knex } = app.server.app.platform;
  // the server ends the dead connection's transaction; give it a moment to notice
  await waitFor(async () => (await knex.raw('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ? AND datname = current_database()', [dbUrl.searchParams.get('application_name')])).rows[0].n === 0, { timeoutMs: 15_000, intervalMs: 100, message: 'the dead worker\'s connections ended' });
  t.deepEqual(await stockSnapshot(app.server, o.user.id), before, 'nothing was written');
  const session = (await callApi(app.server, 'GET', `/api/invoice-import/sessions/${p.body.session_id}/`, o.headers)).body;
  t.like(session, { status: 'previewed', result_payload: {}, attempts: 0 });
  const attempts = await knex('invoice_import_attempts').where({ session_id: p.body.session_id });
  t.deepEqual(attempts.map((a: { status: string }) => a.status), ['queued']);

  // another worker comes up: the stalled job is taken over, and a retry by the user races it
  inProcess.push(await startWorkers(app.config, ['imports']));
  const first = await store;
  t.true([200, 202].includes(first.status), JSON.stringify(first.body));
  const retry = await bulkStore(app.server, o.headers, { session_id: p.body.session_id, product_family_name: 'Crash', lines: linesOf(p.body) });
  t.true([200, 409].includes(retry.status), JSON.stringify(retry.body));
  await waitFor(async () => (await knex('invoice_import_attempts').where({ session_id: p.body.session_id, status: 'queued' })).length === 0, { timeoutMs: 20_000, intervalMs: 100, message: 'no attempt left queued' });
  const final = await knex('invoice_import_attempts').where({ session_id: p.body.session_id }).orderBy('id');
  const statuses = final.map((a: { status: string }) => a.status);
  t.is(statuses.filter((s: string) => s === 'applied').length, 1, `exactly one attempt applied: ${statuses}`);
  t.true(statuses.every((s: string) => s === 'applied' || s === 'conflict'), `${statuses}`);
  t.is((await callApi(app.server, 'GET', `/api/invoice-import/sessions/${p.body.session_id}/`, o.headers)).body.status, 'applied');
  t.is((await knex('inventory_transactions').where({ source_type: 'invoice_session', source_id: String(p.body.session_id) })).length, 1);
  const after = await stockSnapshot(app.server, o.user.id);
  t.deepEqual(after.items.map((i: { quantity: number }) => i.quantity).sort((a: number, b: number) => a - b), [3, 5, 12]);
  t.is(after.products, before.products + 3);
});
