// The microservice called directly, as an attacker who knows the project's API key (an
// identifier) and a user's id would: without the secret nothing answers; with it, the
// per-applicant limits hold whoever calls; a newer SDK token or a reset ends older
// tokens; and the service binds loopback unless KYC_HOST says otherwise.
import test from 'ava';
import { jsonOf } from '../../helpers/http.js';
import nock from 'nock';
import { randomUUID } from 'node:crypto';
import { startKycStack, type KycStack } from '../../helpers/kyc.js';
import { compose as composeKyc } from '../../../kyc/server.js';
import { testConfig } from '../../helpers/env.js';

let stack: KycStack;

test.before(async () => {
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
  stack = await startKycStack({ env: { KYC_ENGINE: 'inhouse' } });
});
test.after.always(async () => {
  await stack?.stop();
  nock.enableNetConnect();
});

const keyOnly = () => ({ 'x-api-key': stack.env.KYC_API_KEY, 'content-type': 'application/json' });
const withSecret = () => ({ ...keyOnly(), 'x-api-secret': stack.env.KYC_API_SECRET });
const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  fetch(`${stack.kycUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });

test('every project call needs X-Api-Secret: missing and empty are refused before anything happens', async (t) => {
  const victim = randomUUID();
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/v1/kyc/branding'],
    ['GET', `/api/v1/kyc/status/${victim}`],
    ['POST', '/api/v1/kyc/access-token', { external_user_id: victim }],
    ['POST', '/api/v1/kyc/refresh', { external_user_id: victim }],
    ['POST', '/api/v1/kyc/reset', { external_user_id: victim }],
    ['GET', '/api/v1/kyc/review/applicants'],
  ];
  for (const [method, path, body] of routes) {
    const missing = await call(method, path, keyOnly(), body);
    t.is(missing.status, 401, `${method} ${path} without a secret`);
    t.is((await jsonOf(missing)).error.code, 'api_secret_missing');
    const empty = await call(method, path, { ...keyOnly(), 'x-api-secret': '' }, body);
    t.is(empty.status, 401, `${method} ${path} with an empty secret`);
    const wrong = await call(method, path, { ...keyOnly(), 'x-api-secret': 'x'.repeat(30) }, body);
    t.is(wrong.status, 401, `${method} ${path} with a wrong secret`);
    t.is((await jsonOf(wrong)).error.code, 'api_secret_invalid');
  }
  const unknownKey = await call('GET', '/api/v1/kyc/branding', { 'x-api-key': 'kyc_nobody_000000', 'x-api-secret': stack.env.KYC_API_SECRET });
  t.is(unknownKey.status, 401);
  t.is((await jsonOf(unknownKey)).error.code, 'api_key_invalid');
  const { knex } = stack.app.server.app.platform;
  t.falsy(await knex('kyc.applicants').where({ project_id: stack.project.id, external_user_id: victim }).first(), 'no applicant was created');
  t.is((await call('GET', '/api/v1/kyc/branding', withSecret())).status, 200, 'the right secret works');
});

test('per-applicant limits are enforced by the microservice itself, per user', async (t) => {
  const victim = randomUUID();
  const other = randomUUID();
  for (let i = 0; i < 6; i++) t.is((await call('POST', '/api/v1/kyc/reset', withSecret(), { external_user_id: victim })).status, 200);
  const limited = await call('POST', '/api/v1/kyc/reset', withSecret(), { external_user_id: victim });
  t.is(limited.status, 429);
  t.truthy(limited.headers.get('retry-after'));
  t.is((await jsonOf(limited)).error.code, 'rate_limited');
  t.is((await call('POST', '/api/v1/kyc/reset', withSecret(), { external_user_id: other })).status, 200, 'another user is unaffected');

  for (let i = 0; i < 6; i++) t.is((await call('POST', '/api/v1/kyc/refresh', withSecret(), { external_user_id: victim })).status, 200);
  t.is((await call('POST', '/api/v1/kyc/refresh', withSecret(), { external_user_id: victim })).status, 429);

  for (let i = 0; i < 15; i++) {
    const res = await call('POST', '/api/v1/kyc/access-token', withSecret(), { external_user_id: victim });
    t.is(res.status, 200, await res.text());
  }
  t.is((await call('POST', '/api/v1/kyc/access-token', withSecret(), { external_user_id: victim })).status, 429);
});

test('a newer SDK token and a reset revoke older SDK tokens', async (t) => {
  const user = randomUUID();
  const mint = async () => {
    const res = await call('POST', '/api/v1/kyc/access-token', withSecret(), { external_user_id: user });
    t.is(res.status, 200);
    return (await jsonOf(res)) as { token: string; api_base: string };
  };
  const data = (tok: { token: string; api_base: string }) =>
    fetch(`${tok.api_base}/applicant/data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tok.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1990-08-12', nationality: 'GB' }),
    });
  const first = await mint();
  t.is((await data(first)).status, 200);
  const second = await mint();
  const old = await data(first);
  t.is(old.status, 401, 'the older token stopped working');
  t.is((await jsonOf(old)).error.code, 'sdk_token_invalid');
  t.is((await data(second)).status, 200);

  t.is((await call('POST', '/api/v1/kyc/reset', withSecret(), { external_user_id: user })).status, 200);
  t.is((await data(second)).status, 401, 'a reset ends the session too');
  const third = await mint();
  t.is((await data(third)).status, 200);
});

test('SDK calls are limited per applicant', async (t) => {
  const user = randomUUID();
  const res = await call('POST', '/api/v1/kyc/access-token', withSecret(), { external_user_id: user });
  const tok = (await jsonOf(res)) as { token: string; api_base: string };
  const submit = () => fetch(`${tok.api_base}/applicant/submit`, { method: 'POST', headers: { authorization: `Bearer ${tok.token}` } });
  for (let i = 0; i < 6; i++) t.is((await submit()).status, 400, 'incomplete, but counted');
  t.is((await submit()).status, 429);
});

test('the microservice binds loopback by default; KYC_HOST changes it', async (t) => {
  const def = await composeKyc(testConfig({ ...stack.env, KYC_PORT: '0', HOST: '0.0.0.0' }));
  t.teardown(() => def.stop());
  t.is(def.settings.host, '127.0.0.1', 'HOST (the gateway) does not open the microservice');
  const wide = await composeKyc(testConfig({ ...stack.env, KYC_PORT: '0', KYC_HOST: '0.0.0.0' }));
  t.teardown(() => wide.stop());
  t.is(wide.settings.host, '0.0.0.0');
});
