// A report run is idempotent: two runs of the same job at once (a lapsed BullMQ lock
// handed the job to a second worker) make one file, one audit entry, one e-mail; a run
// whose holder died is taken over; a held report is waited for, not written twice.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { selfScope } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';
import { buildReportFixture } from '../../factories/reports.js';
import { workerSettingsOf } from '../../../jobs/catalog.js';

let app: TestApp;
let user: TestUser;
test.before(async () => {
  // no report worker: the test is the worker (it calls the processor itself, twice)
  app = await startApp({ workers: false, env: { REPORT_LOCK_MS: '4000' } });
  user = await buildUser(app.server);
  await buildReportFixture(app.server, user, selfScope(user));
});
test.after.always(async () => app?.stop());

const call = (method: string, url: string, body?: unknown) => callApi(app.server, method, url, selfScope(user), body);
const knex = () => app.server.app.platform.knex;
const reports = () => app.server.app.services.reports;

async function filesOf(reportId: number): Promise<string[]> {
  const dir = path.join(app.config.mediaRoot, 'reports');
  return (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.startsWith(`${reportId}-`) || f.startsWith(`.partial-${reportId}-`));
}

async function queuedReport(format: 'csv' | 'pdf' = 'csv'): Promise<number> {
  const res = await call('POST', '/api/generate-report/', { kind: 'inventory_valuation', format });
  if (res.status !== 202) throw new Error(`generate-report -> ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

test('the reports queue holds its lock for REPORT_LOCK_MS, not the general JOB_LOCK_MS', (t) => {
  t.is(workerSettingsOf('reports', app.config).lockDuration, 4000);
  t.is(workerSettingsOf('reports', app.config).stalledInterval, 2000);
  t.is(workerSettingsOf('mail', app.config).lockDuration, app.config.jobLockMs);
});

test('the same report generated twice at once: one file, completed, one completion in the audit log', async (t) => {
  for (const format of ['csv', 'pdf'] as const) {
    const id = await queuedReport(format);
    const [a, b] = await Promise.all([reports().reports.generate(id), reports().reports.generate(id)]);
    t.is(a.status, 'completed', format);
    t.is(b.status, 'completed', format);
    t.true([a, b].some((o) => !o.superseded), `${format}: one run wrote it`);
    const row = await knex()('reports').where({ id }).first();
    t.like(row, { status: 'completed', progress: 100, claimed_until: null });
    t.deepEqual(await filesOf(id), [path.basename(row.file_path)], `${format}: one file, nothing left half-written`);
    t.is((await knex()('system_audit_logs').where({ entity_type: 'report', entity_id: String(id), action: 'report.complete' })).length, 1);
    const download = await app.server.inject({ method: 'GET', url: `/api/reports/${id}/download/`, headers: selfScope(user) });
    t.is(download.statusCode, 200);
  }
});

test('a run whose holder died (its lease lapsed) is taken over; a live holder is waited for', async (t) => {
  const dead = await queuedReport();
  await knex()('reports').where({ id: dead }).update({ status: 'running', run_token: randomUUID(), claimed_until: knex().raw("now() - interval '1 second'") });
  t.is((await reports().reports.generate(dead)).status, 'completed');
  t.is((await filesOf(dead)).length, 1);

  const held = await queuedReport();
  const holder = randomUUID();
  await knex()('reports').where({ id: held }).update({ status: 'running', run_token: holder, claimed_until: knex().raw("now() + interval '1 hour'") });
  const waiting = reports().reports.generate(held);
  // the holder finishes: the waiting run answers with its outcome and writes nothing
  await new Promise((resolve) => setTimeout(resolve, 1200));
  await knex()('reports').where({ id: held, run_token: holder }).update({ status: 'completed', progress: 100, row_count: 42, claimed_until: null });
  const outcome = await waiting;
  // the holder's outcome (superseded: true once it had to wait; on a slow machine its first look may come after)
  t.like(outcome, { report_id: held, status: 'completed', row_count: 42 });
  t.deepEqual(await filesOf(held), [], 'the waiting run wrote no file');
});

test('a schedule run started twice at once: one report, one e-mail (a unique key), status completed', async (t) => {
  const created = await call('POST', '/api/report-schedules/', { name: 'Twice', kind: 'low_stock', format: 'csv', frequency: 'daily', time_of_day: '06:00' });
  t.is(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id;
  const runKey = `repeat:${id}:${Date.now()}`;
  const outcomes = await Promise.all([reports().schedules.run(id, runKey), reports().schedules.run(id, runKey)]);
  t.is(outcomes.filter((o) => o.mailed).length, 1, JSON.stringify(outcomes));
  t.is(outcomes[0].report_id, outcomes[1].report_id);
  const made = await knex()('reports').where({ schedule_id: id });
  t.is(made.length, 1);
  t.like(made[0], { status: 'completed' });
  t.truthy(made[0].mailed_at);
  t.is((await filesOf(made[0].id)).length, 1);
  const mails = await knex()('outbound_emails').where({ dedupe_key: `report-schedule:${id}:report:${made[0].id}` });
  t.is(mails.length, 1);
  t.is(mails[0].to_address, user.email);
  // and once more, later (a retried job): nothing new
  t.like(await reports().schedules.run(id, runKey), { report_id: made[0].id, mailed: false });
  t.is((await knex()('outbound_emails').where({ template: 'scheduled_report', to_address: user.email })).length, 1);
  // the outbox refuses a second message with the key even when written directly
  const second = await knex().transaction((trx) => app.server.app.services.mail.queueOnce(trx, `report-schedule:${id}:report:${made[0].id}`, user.email, 'scheduled_report', { subject: 'x', text: 'x', html: 'x' }));
  t.is(second, null);
});
