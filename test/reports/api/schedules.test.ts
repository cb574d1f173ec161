import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { selfScope } from '../../factories/inventory.js';
import { callApi } from '../../helpers/http.js';
import { buildReportFixture } from '../../factories/reports.js';
import { mailsTo } from '../../helpers/mail.js';
import { queueDrained, waitFor } from '../../helpers/wait.js';

let app: TestApp;
let user: TestUser;
let other: TestUser;
test.before(async () => {
  app = await startApp({ workers: ['reports', 'mail'] });
  user = await buildUser(app.server);
  other = await buildUser(app.server);
  await app.server.app.platform.knex('profiles').where({ user_id: user.id }).update({ timezone: 'Europe/Berlin' });
  await buildReportFixture(app.server, user, selfScope(user));
});
test.after.always(async () => app?.stop());

const call = (method: string, url: string, body?: unknown, headers = selfScope(user)) => callApi(app.server, method, url, headers, body);
const queue = () => app.server.app.platform.producer.queue('reports');

test.serial('a weekly schedule is a job scheduler in the owner\'s time zone; a run generates the report and mails it once', async (t) => {
  const created = await call('POST', '/api/report-schedules/', { name: 'Tuesday low stock', kind: 'low_stock', format: 'csv', frequency: 'weekly', time_of_day: '07:30', day_of_week: 2 });
  t.is(created.status, 201);
  t.like(created.body, { time_zone: 'Europe/Berlin', email: user.email, cron: '30 7 * * 2', is_active: true, last_report_id: null });
  const id = created.body.id;
  const scheduler = await waitFor(() => queue().getJobScheduler(`report-schedule-${id}`), { message: 'the scheduler', timeoutMs: 20_000 });
  t.is(scheduler.pattern, '30 7 * * 2');
  t.is(scheduler.tz, 'Europe/Berlin');

  // the scheduler's next run waits, delayed, until Tuesday 07:30 in Berlin
  const next = await waitFor(async () => (await queue().getDelayed()).find((j) => j.name === 'reports.run-schedule' && j.data.schedule_id === id), { message: 'the delayed run', timeoutMs: 20_000 });
  const runAt = new Date(next.timestamp + (next.opts.delay ?? 0));
  const berlin = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', weekday: 'short', hour: '2-digit', minute: '2-digit', hour12: false }).format(runAt);
  t.is(berlin, 'Tue 07:30');
  t.true(runAt.getTime() > Date.now());

  // move time: the run happens now
  await next.promote();
  const mail = await waitFor(async () => (await mailsTo(app.config, user.email)).find((m) => m.includes('Report ready')), { message: 'the e-mail', timeoutMs: 20_000 });
  const schedule = await waitFor(async () => {
    const s = await call('GET', `/api/report-schedules/${id}/`);
    return s.body.last_report_id ? s.body : null;
  }, { message: 'the run recorded', timeoutMs: 20_000 });
  t.truthy(schedule.last_run_at);
  const report = (await call('GET', `/api/reports/${schedule.last_report_id}/`)).body;
  t.like(report, { kind: 'low_stock', format: 'csv', status: 'completed', schedule_id: id, title: 'Tuesday low stock', row_count: 2 });
  t.true(mail.includes(`/api/reports/${report.id}/download/`));
  t.is((await app.server.inject({ method: 'GET', url: `/api/reports/${report.id}/download/`, headers: selfScope(user) })).statusCode, 200);

  // the same run again (a retry) makes no second report and sends no second e-mail
  const again = await app.server.app.services.reports.schedules.run(id, next.id!);
  t.deepEqual(again, { schedule_id: id, report_id: report.id, mailed: false });
  t.is((await call('GET', `/api/reports/?schedule_id=${id}`)).body.count, 1);
  await queueDrained(app.server.app.platform.producer.queue('mail'));
  t.is((await mailsTo(app.config, user.email)).filter((m) => m.includes('Report ready')).length, 1);

  // pausing removes the scheduler, deleting the schedule keeps its reports
  t.is((await call('PATCH', `/api/report-schedules/${id}/`, { is_active: false })).status, 200);
  await waitFor(async () => !(await queue().getJobScheduler(`report-schedule-${id}`)), { message: 'the scheduler removed', timeoutMs: 20_000 });
  t.is((await call('PATCH', `/api/report-schedules/${id}/`, { is_active: true, frequency: 'monthly', day_of_month: 15, time_zone: 'America/New_York' })).body.cron, '30 7 15 * *');
  const monthly = await waitFor(async () => {
    const s = await queue().getJobScheduler(`report-schedule-${id}`);
    return s?.pattern === '30 7 15 * *' ? s : null;
  }, { message: 'the monthly scheduler', timeoutMs: 20_000 });
  t.is(monthly.tz, 'America/New_York');
  t.is((await call('DELETE', `/api/report-schedules/${id}/`)).status, 204);
  await waitFor(async () => !(await queue().getJobScheduler(`report-schedule-${id}`)), { message: 'the scheduler removed on delete', timeoutMs: 20_000 });
  t.is((await call('GET', `/api/reports/${report.id}/`)).status, 200);
  // a run of a deleted schedule does nothing
  t.deepEqual(await app.server.app.services.reports.schedules.run(id, 'late-run'), { schedule_id: id, report_id: null, mailed: false });
});

test('schedules validate their input and stay in their scope', async (t) => {
  const base = { kind: 'stock_movements', format: 'pdf', frequency: 'daily', time_of_day: '06:00' };
  const ok = await call('POST', '/api/report-schedules/', { ...base, filters: { kinds: ['consume'] } });
  t.is(ok.status, 201);
  t.like(ok.body, { cron: '0 6 * * *', day_of_week: null });
  // no period given: it stays relative, each run covers the 30 days before it
  t.deepEqual(ok.body.filters, { kinds: ['consume'] });
  const run = await app.server.app.services.reports.schedules.run(ok.body.id, 'manual-run-1');
  const report = (await call('GET', `/api/reports/${run.report_id}/`)).body;
  t.true(Math.abs(new Date(report.filters.period_end).getTime() - Date.now()) < 60_000);
  t.is(new Date(report.filters.period_end).getTime() - new Date(report.filters.period_start).getTime(), 30 * 86_400_000);
  t.like(report.summary, { transaction_count: 1, out_quantity: 4 });
  for (const bad of [{ time_zone: 'Mars/Olympus' }, { time_of_day: '25:00' }, { frequency: 'hourly' }, { filters: { days: 3 } }, { day_of_month: 31 }]) {
    const r = await call('POST', '/api/report-schedules/', { ...base, ...bad });
    t.is(r.status, 400, JSON.stringify(bad));
    t.is(r.body.error.code, 'validation_error');
  }
  const them = selfScope(other);
  t.is((await call('GET', `/api/report-schedules/${ok.body.id}/`, undefined, them)).status, 404);
  t.is((await call('DELETE', `/api/report-schedules/${ok.body.id}/`, undefined, them)).status, 404);
  t.is((await call('GET', '/api/report-schedules/', undefined, them)).body.count, 0);
  const records = await call('GET', '/restqlapi/reports/records/?model=report_schedule');
  t.true(records.body.results.some((r: any) => r.id === ok.body.id));
  t.is((await call('DELETE', `/api/report-schedules/${ok.body.id}/`)).status, 204);
});
