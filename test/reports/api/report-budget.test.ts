// REPORTS_PER_HOUR: one user cannot flood the `reports` queue. The request beyond the
// budget is 429 rate_limited with retry_after and Retry-After, before anything is stored
// or queued; self and team requests of one user spend one budget; other users keep theirs.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildTeam, selfScope, teamScope } from '../../factories/inventory.js';
import { callApi, type Headers } from '../../helpers/http.js';

const BUDGET = 3;
let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: false, env: { REPORTS_PER_HOUR: String(BUDGET) } });
});
test.after.always(async () => app?.stop());

const generate = (headers: Headers) => callApi(app.server, 'POST', '/api/generate-report/', headers, { kind: 'low_stock', format: 'csv' });
const storedBy = async (user: TestUser) => Number((await app.server.app.platform.knex('reports').where({ created_by: user.id }).count('* as n').first())!.n);

test('the request beyond REPORTS_PER_HOUR is 429 rate_limited with retry_after, and nothing is stored for it', async (t) => {
  const [user, other] = await Promise.all([buildUser(app.server), buildUser(app.server)]);
  for (let i = 0; i < BUDGET; i += 1) t.is((await generate(selfScope(user))).status, 202);
  const over = await generate(selfScope(user));
  t.is(over.status, 429, JSON.stringify(over.body));
  t.is(over.body.error.code, 'rate_limited');
  t.is(typeof over.body.error.message, 'string');
  const wait = over.body.error.details.retry_after;
  t.true(Number.isInteger(wait) && wait >= 1 && wait <= 3600, `retry_after ${wait}`);
  t.is(over.headers['retry-after'], String(wait));
  t.is(await storedBy(user), BUDGET, 'nothing stored beyond the budget');
  const audited = await app.server.app.platform.knex('system_audit_logs').where({ action: 'report.create', actor_id: user.id }).count('* as n').first();
  t.is(Number(audited!.n), BUDGET, 'nothing audited beyond the budget');
  const other202 = await generate(selfScope(other));
  t.is(other202.status, 202, 'another user keeps their own budget');
  t.is(await storedBy(other), 1);
});

test('self and team requests of one user spend one budget; the other team members keep theirs', async (t) => {
  const [owner, member] = await Promise.all([buildUser(app.server), buildUser(app.server)]);
  const teamId = await buildTeam(app.server, owner, [member]);
  t.is((await generate(selfScope(owner))).status, 202);
  for (let i = 1; i < BUDGET; i += 1) t.is((await generate(teamScope(owner, teamId))).status, 202);
  const over = await generate(teamScope(owner, teamId));
  t.is(over.status, 429);
  t.is(over.body.error.code, 'rate_limited');
  t.is((await generate(selfScope(owner))).status, 429, 'the self scope is spent too');
  t.is(await storedBy(owner), BUDGET);
  t.is((await generate(teamScope(member, teamId))).status, 202, 'a member of the same team is not limited by the owner');
});
