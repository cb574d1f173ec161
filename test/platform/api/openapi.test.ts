// The OpenAPI 3 documents of the gateway and the KYC microservice are what client
// generators and Swagger UI read: Redocly's recommended rules pass with no error
// (trailing slashes are the contract's, see redocly.yaml), openapi-typescript turns them
// into types, every schema has a real name, and no absolute host is baked in.
import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import type { Server } from '@hapi/hapi';
import { startApp, type TestApp } from '../../helpers/app.js';
import { testConfig } from '../../helpers/env.js';
import { compose as composeKyc } from '../../../kyc/server.js';
import { KYC_OPENAPI_PATH } from '../../../kyc/openapi.js';

const run = promisify(execFile);
type Doc = { openapi: string; servers: { url: string }[]; host?: string; paths: Record<string, Record<string, { security?: unknown[]; parameters?: { $ref?: string; name?: string }[]; responses: Record<string, unknown> }>>; components: { schemas: Record<string, unknown> } };

/** Every `.label()` on a route's joi schemas (validation, answers, documented error answers), read from joi's own description. */
function routeLabels(server: Server): Set<string> {
  const labels = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const d = node as { type?: unknown; flags?: { label?: unknown } };
    if (typeof d.type === 'string' && typeof d.flags?.label === 'string') labels.add(d.flags.label);
    Object.values(node).forEach(walk);
  };
  const describe = (schema: unknown) => (schema && typeof (schema as { describe?: unknown }).describe === 'function' ? walk((schema as { describe(): unknown }).describe()) : undefined);
  for (const route of server.table()) {
    const settings = route.settings as { validate?: Record<string, unknown>; response?: { status?: Record<string, unknown> }; plugins?: { 'hapi-swagger'?: { responses?: Record<string, { schema?: unknown }> } } };
    for (const schema of Object.values(settings.validate ?? {})) describe(schema);
    for (const schema of Object.values(settings.response?.status ?? {})) describe(schema);
    for (const answer of Object.values(settings.plugins?.['hapi-swagger']?.responses ?? {})) describe(answer.schema);
  }
  return labels;
}

let app: TestApp;
let kyc: Server;
const documents: Record<string, { doc: Doc; file: string }> = {};

test.before(async () => {
  app = await startApp({ workers: false });
  kyc = await composeKyc(testConfig({ KYC_PORT: '0', KYC_API_KEY: 'kyc_openapi_test', KYC_API_SECRET: 'openapi-test-secret-0123456789', KYC_PROJECT_SLUG: 'openapi-test' }));
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'openapi-'));
  for (const [name, server, url] of [['gateway', app.server, '/api/openapi.json'], ['kyc', kyc, KYC_OPENAPI_PATH]] as const) {
    const res = await server.inject(url);
    if (res.statusCode !== 200) throw new Error(`${name} document: ${res.statusCode}`);
    const file = path.join(dir, `${name}.json`);
    await fs.writeFile(file, res.payload);
    documents[name] = { doc: JSON.parse(res.payload), file };
  }
});
test.after.always(async () => {
  await app?.stop();
  await kyc?.stop();
});

for (const name of ['gateway', 'kyc']) {
  test(`${name}: OpenAPI 3.0 that Redocly lints with 0 errors`, async (t) => {
    const { doc, file } = documents[name];
    t.regex(doc.openapi, /^3\.0\./);
    const { stdout } = await run(path.resolve('node_modules/.bin/redocly'), ['lint', file, '--format=json', '--config', path.resolve('redocly.yaml')], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((err: { stdout: string }) => err); // a failed lint exits 1 with the report on stdout
    const report = JSON.parse(stdout) as { totals: { errors: number }; problems: { ruleId: string; severity: string; location: { pointer: string }[] }[] };
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}`);
    t.deepEqual(errors, []);
    t.is(report.totals.errors, 0);
  });

  test(`${name}: openapi-typescript generates types`, async (t) => {
    const ast = await openapiTS(documents[name].doc as never);
    const source = astToString(ast);
    t.regex(source, /export interface paths/);
    t.regex(source, /export interface components/);
  });

  test(`${name}: every schema is named (no Model1, Model2…)`, (t) => {
    const names = Object.keys(documents[name].doc.components.schemas);
    t.true(names.length > 0);
    t.deepEqual(names.filter((n) => /^Model\d+$/.test(n)), []);
    t.notRegex(JSON.stringify(documents[name].doc), /#\/components\/schemas\/Model\d+"/);
  });

  test(`${name}: every schema name is a .label() of the routes' joi schemas, none derived from a property or an operation`, (t) => {
    const { doc } = documents[name];
    const labels = routeLabels(name === 'gateway' ? app.server : kyc);
    const names = Object.keys(doc.components.schemas);
    // derived names: a property's (status, results, error_payload), an operation's
    // (GetInvoiceimportSessionsSessionIdResponse), an owner's plus a property's (StoragePageResults)
    t.deepEqual(names.filter((n) => !labels.has(n)), []);
    t.deepEqual(names.filter((n) => !/^[A-Z][A-Za-z0-9]*$/.test(n)), []);
    t.false('x-alt-definitions' in doc);
    t.notRegex(JSON.stringify(doc), /#\/x-alt-definitions\//);
  });

  test(`${name}: no absolute host, the server is the page's own origin`, (t) => {
    const { doc } = documents[name];
    t.deepEqual(doc.servers.map((s) => s.url), ['/']);
    t.is(doc.host, undefined);
    t.notRegex(JSON.stringify(doc), /0\.0\.0\.0|127\.0\.0\.1|localhost:/);
  });
}

test('gateway: public operations have no lock, authenticated ones the bearer scheme and the scope headers', (t) => {
  const { paths } = documents.gateway.doc;
  t.deepEqual(paths['/api/auth/login/'].post.security, []);
  t.deepEqual(paths['/api/health/'].get.security, []);
  const list = paths['/api/inventories/'].get;
  t.deepEqual(list.security, [{ bearer: [] }]);
  t.deepEqual(list.parameters?.filter((p) => p.$ref).map((p) => p.$ref), ['#/components/parameters/ProfileType', '#/components/parameters/TeamId']);
  t.falsy(paths['/api/auth/login/'].post.parameters?.some((p) => p.$ref === '#/components/parameters/TeamId'));
});

test('gateway: 204 answers and nullable fields are documented', (t) => {
  const { paths, components } = documents.gateway.doc;
  t.truthy(paths['/api/inventories/{id}/'].delete.responses['204']);
  t.truthy(paths['/api/support-tickets/{id}/'].delete.responses['204']);
  const inventory = components.schemas.Inventory as { properties: Record<string, { nullable?: boolean }> };
  t.true(inventory.properties.inventory_type.nullable);
});

test('gateway: the main operations carry examples', (t) => {
  const schemas = documents.gateway.doc.components.schemas as Record<string, { example?: Record<string, unknown> }>;
  t.is(schemas.LoginIn.example?.email, 'ada@example.com');
  t.truthy(schemas.RegisterIn.example);
  t.truthy(schemas.InventoryIn.example);
});

test('kyc: project calls need key and secret, SDK calls the bearer token, the index is public', (t) => {
  const { paths } = documents.kyc.doc;
  t.deepEqual(paths['/api/v1/kyc/health'].get.security, []);
  t.deepEqual(paths['/api/v1/kyc/access-token'].post.security, [{ apiKey: [], apiSecret: [] }]);
  t.deepEqual(paths['/api/v1/kyc/inhouse/applicant/submit'].post.security, [{ sdkToken: [] }]);
});
