// Plan limits: past the scope's plan a write answers 402 plan_limit_reached with the
// limit, the usage, the plan and the plan that lifts it; a downgrade deletes nothing.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser } from '../../factories/users.js';
import { callApi as api } from '../../helpers/http.js';
import { multipart, solidPng } from '../../factories/images.js';
import type { DomainError } from '../../../jobs/runtime/errors.js';
import { httpStatusOf } from '../../../gateway/http/errors.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: false, env: { BILLING_PLAN_LIMITS: 'on', BILLING_SANDBOX_TICK_SECONDS: '0' } });
});
test.after.always(async () => app?.stop());

test('the free plan allows one inventory: the second answers 402 naming the plan that lifts it', async (t) => {
  const u = await buildUser(app.server);
  t.is((await api(app.server, 'POST', '/api/inventories/', u.auth, { name: 'First' })).status, 201);
  const second = await api(app.server, 'POST', '/api/inventories/', u.auth, { name: 'Second' });
  t.is(second.status, 402);
  t.is(second.body.error.code, 'plan_limit_reached');
  t.deepEqual(second.body.error.details, { limit: 'inventories', max: 1, usage: 1, requested: 1, plan: 'free', upgrade_plan: 'pro' });
  t.is((await api(app.server, 'GET', '/api/inventories/', u.auth)).body.count, 1, 'nothing half-written');
});

test('a live subscription lifts the limit; after it ends, nothing is deleted and new writes are refused', async (t) => {
  const u = await buildUser(app.server);
  const { knex } = app.server.app.platform;
  const pro = await knex('subscription_plans').where({ code: 'pro' }).first();
  const [sub] = await knex('user_subscriptions').insert({ owner_id: u.id, created_by: u.id, plan_id: pro.id, status: 'active', processor: 'sandbox', processor_subscription_id: `sbx_sub_lim${Date.now()}` }).returning('*');
  for (const name of ['A', 'B', 'C']) t.is((await api(app.server, 'POST', '/api/inventories/', u.auth, { name })).status, 201);
  await knex('user_subscriptions').where({ id: sub.id }).update({ status: 'canceled' });
  t.is((await api(app.server, 'GET', '/api/inventories/', u.auth)).body.count, 3, 'the downgrade deleted nothing');
  const refused = await api(app.server, 'POST', '/api/inventories/', u.auth, { name: 'D' });
  t.is(refused.status, 402);
  t.like(refused.body.error.details, { usage: 3, max: 1, plan: 'free' });
  const first = (await api(app.server, 'GET', '/api/inventories/', u.auth)).body.results[0];
  t.is((await api(app.server, 'PATCH', `/api/inventories/${first.id}/`, u.auth, { name: 'Renamed' })).status, 200, 'existing rows stay editable');
});

test('monthly invoice imports are metered per scope', async (t) => {
  const u = await buildUser(app.server);
  const limits = app.server.app.services.billing.limits;
  const scope = { type: 'self' as const, userId: u.id, teamId: null, role: null };
  for (let i = 0; i < 5; i++) await limits.meter(scope, 'invoice_imports_per_month');
  const err = await t.throwsAsync(() => limits.meter(scope, 'invoice_imports_per_month'));
  t.like((err as any).details, { limit: 'invoice_imports_per_month', max: 5, usage: 5, plan: 'free', upgrade_plan: 'pro' });
  t.is(httpStatusOf(err as DomainError), 402);
});

test('OCR pages per month: past the plan, POST /api/process-image/ answers 402 before any job', async (t) => {
  const u = await buildUser(app.server);
  const month = `${new Date().toISOString().slice(0, 7)}-01`;
  await app.server.app.platform.knex('billing_usage').insert({ scope_key: `u:${u.id}`, metric: 'ocr_pages_per_month', period: month, used: 20 });
  const body = multipart({ image: { filename: 'a.png', contentType: 'image/png', data: await solidPng() }, wait: 0 });
  const res = await app.server.inject({ method: 'POST', url: '/api/process-image/', headers: { ...u.auth, ...body.headers }, payload: body.payload });
  t.is(res.statusCode, 402);
  t.like(JSON.parse(res.payload).error.details, { limit: 'ocr_pages_per_month', max: 20, usage: 20, plan: 'free', upgrade_plan: 'pro' });
});
