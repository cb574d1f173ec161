// Property-based fuzzing of every operation in the OpenAPI document the gateway
// publishes (fast-check, fixed seed): valid-ish and hostile paths, queries, headers
// and bodies, from anonymous, authenticated, staff and forged callers. Whatever is
// sent, the answer is never a 500, never carries a stack trace, and every error is
// the documented {"error": {"code", "message", "details"}} body.
//   FUZZ_RUNS  random requests per operation (default 25), besides the fixed examples
//              every operation gets (no body, null, broken and deep JSON, one hostile
//              field at a time): about 5,000 requests in all
//   FUZZ_SEED  the seed (default fixed, so a failure replays exactly)
import test from 'ava';
import fc from 'fast-check';
import sharp from 'sharp';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildItem, buildTeam, buildTree, selfScope } from '../../factories/inventory.js';
import { encodePart, operationsOf, RequestFactory, type FuzzRequest, type Operation, type Pools } from '../fuzz-requests.js';
import { areas } from '../../../gateway/routes/index.js';
import { QUEUE_NAMES } from '../../../jobs/catalog.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const STACK_TRACE = /\n\s+at [^\n]+:\d+:\d+|node_modules\/|\/gateway\/[\w/.-]+\.(ts|js)|\b(TypeError|ReferenceError|RangeError|SyntaxError): /;

/** values that reach past a route's lookups (real queues, known statuses and outcomes); pathValue adds hostile ones */
const PATH_VALUES: Record<string, string[]> = {
  queueName: [...QUEUE_NAMES, 'nope'],
  queueStatus: ['failed', 'completed', 'waiting', 'delayed', 'active', 'paused', 'prioritized', 'x'],
  outcome: ['pay', 'fail', 'x'],
  jobId: ['1', 'repeat:x', 'x'],
};

let app: TestApp;
let factory: RequestFactory;
let operations: Operation[];
/** routes of the route table the OpenAPI document leaves out (pages, files, the queue dashboard, the billing sandbox, /metrics) */
let undocumented: Operation[];
const fuzzed = new Set<string>();
const callers: { user?: TestUser; staff?: TestUser } = {};
const pools: Pools = { ids: [], uuids: [], files: [] };
const seen = { requests: 0, byStatus: new Map<number, number>() };

async function people() {
  // the fuzz may log them out, delete them or change their team: log in again, or replace them
  for (const role of ['user', 'staff'] as const) {
    const current = callers[role];
    const login = current && (await app.server.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: current.email, password: current.password } }));
    if (login && login.statusCode === 200) {
      const access = (login.result as { access: string }).access;
      callers[role] = { ...current!, access, auth: { authorization: `Bearer ${access}` } };
    } else {
      callers[role] = await buildUser(app.server, { is_staff: role === 'staff' });
      pools.uuids.push(callers[role]!.id);
    }
  }
}

test.before(async () => {
  app = await startApp({
    workers: false,
    // nothing waits for a job; the verification microservice is unreachable (503, not 500)
    env: { JOB_WAIT_MS: '0', KYC_URL: 'http://127.0.0.1:9', KYC_PROXY_TIMEOUT_MS: '500', LOGIN_MAX_FAILURES: '1000' },
  });
  await people();
  const user = callers.user!;
  const tree = await buildTree(app.server, user, selfScope(user));
  const item = await buildItem(app.server, selfScope(user), tree, 5);
  const teamId = await buildTeam(app.server, user);
  pools.ids.push(tree.inventory.id, tree.storage.id, tree.box.id, tree.box2.id, tree.product.id, item.id, teamId, 1);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
  const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
  pools.files.push(
    { filename: 'a.png', contentType: 'image/png', data: png },
    { filename: 'bomb.png', contentType: 'image/png', data: bomb },
    { filename: 'fake.png', contentType: 'image/png', data: Buffer.from('GIF89a\u0000\u0000garbage') },
    { filename: 'empty.bin', contentType: 'application/octet-stream', data: Buffer.alloc(0) },
    { filename: '../../etc/passwd', contentType: 'text/plain', data: Buffer.from('root:x:0:0') },
    { filename: 'x.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%%EOF') },
    { filename: 'n\u0000ul.svg', contentType: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
  );
  const spec = JSON.parse((await app.server.inject('/api/openapi.json')).payload);
  factory = new RequestFactory(spec.components?.schemas ?? {}, pools);
  operations = operationsOf(spec);
  const documented = new Set(operations.map((op) => `${op.method.toUpperCase()} ${op.path}`));
  undocumented = app.server
    .table()
    .filter((r) => !documented.has(`${r.method.toUpperCase()} ${r.path}`))
    .map((r) => {
      // hapi's {name*} and {name?} are one path value here
      const path = r.path.replace(/\{(\w+)[*?]\d*\}/g, '{$1}');
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      return {
        method: r.method,
        path,
        parameters: [
          ...names.map((name) => ({ name, in: 'path' as const, type: 'string', ...(PATH_VALUES[name] ? { enum: PATH_VALUES[name] } : {}) })),
          // what such routes read: a queue or job name, job data, an outcome, a page
          ...['page', 'status', 'queueName', 'token', 'url'].map((name) => ({ name, in: 'query' as const, type: 'string' })),
          ...(['get', 'head', 'delete'].includes(r.method) ? [] : [{ name: 'body', in: 'body' as const, schema: { type: 'object', properties: { name: { type: 'string' }, data: { type: 'object', properties: { x: { type: 'string' } } }, opts: { type: 'object', properties: { delay: { type: 'integer' } } }, priority: { type: 'integer' }, concurrency: { type: 'integer' } } } }]),
        ],
      };
    });
});
test.after.always(async () => {
  if (process.env.FUZZ_SLOW) console.log([...slow].sort((a, b) => b[1] - a[1]).slice(0, 30));
  if (seen.requests) console.log(`fuzz: ${seen.requests} requests; statuses ${JSON.stringify(Object.fromEntries([...seen.byStatus].sort((a, b) => a[0] - b[0])))}`);
  await app?.stop();
});

function authOf(req: FuzzRequest): Record<string, string> {
  if (req.caller === 'user') return callers.user!.auth;
  if (req.caller === 'staff') return callers.staff!.auth;
  if (req.caller === 'garbage') return { authorization: `Bearer ${'A'.repeat(300)}` };
  return {};
}

const slow = new Map<string, number>();
async function send(req: FuzzRequest) {
  const started = performance.now();
  const res = await app.server.inject({ method: req.method, url: req.url, headers: { ...authOf(req), ...req.headers }, payload: req.payload });
  const ms = performance.now() - started;
  if (ms > 300) slow.set(`${req.method} ${req.url.split('?')[0]}`, Math.max(ms, slow.get(`${req.method} ${req.url.split('?')[0]}`) ?? 0));
  seen.requests++;
  seen.byStatus.set(res.statusCode, (seen.byStatus.get(res.statusCode) ?? 0) + 1);
  return res;
}

/** Why an answer is wrong, or null when it is fine. */
function problemWith(res: { statusCode: number; payload: string; headers: Record<string, unknown> }, method: string): string | null {
  if (res.statusCode === 500 || res.statusCode === 501 || res.statusCode === 502) return `status ${res.statusCode}`;
  if (STACK_TRACE.test(res.payload)) return 'a stack trace or source path in the answer';
  if (res.statusCode >= 400 && method !== 'HEAD' && /json/.test(String(res.headers['content-type']))) {
    try {
      const body = JSON.parse(res.payload);
      if (typeof body?.error?.code !== 'string' || typeof body.error.message !== 'string' || !('details' in body.error)) return 'an error without the documented body';
    } catch {
      return 'an error body that is not JSON';
    }
  }
  return null;
}

test.serial('every operation of the OpenAPI document: no 500, no stack trace, the documented error body', async (t) => {
  t.true(operations.length >= 100, `${operations.length} operations`);
  t.timeout(9 * 60_000);
  const failures: string[] = [];
  for (const [i, op] of operations.entries()) {
    await people();
    fuzzed.add(`${op.method.toUpperCase()} ${op.path}`);
    const examples = factory.examples(op, SEED + i).map((r) => [r] as [FuzzRequest]);
    const result = await fc.check(
      fc.asyncProperty(factory.request(op), async (req) => {
        const res = await send(req);
        const problem = problemWith(res, req.method);
        if (problem) throw new Error(`${problem}: ${req.caller} ${req.method} ${req.url} ${JSON.stringify(req.headers)} body ${String(req.payload ?? '').slice(0, 300)} -> ${res.statusCode} ${res.payload.slice(0, 300)}`);
      }),
      // fast-check counts the examples among the runs: RUNS random requests come on top
      { seed: SEED + i, numRuns: RUNS + examples.length, endOnFailure: true, examples },
    );
    if (result.failed) failures.push(`${op.method.toUpperCase()} ${op.path} (seed ${SEED + i}, path ${result.counterexamplePath}): ${(result.errorInstance as Error)?.message ?? result.error}`);
  }
  t.deepEqual(failures, [], failures.join('\n\n'));
});

test.serial('every route of the route table the document leaves out (pages, files, queue dashboard, billing sandbox, metrics): no 500, the documented error body', async (t) => {
  t.timeout(5 * 60_000);
  t.true(undocumented.length > 0);
  const failures: string[] = [];
  for (const [i, op] of undocumented.entries()) {
    await people();
    fuzzed.add(`${op.method.toUpperCase()} ${op.path}`);
    const examples = factory.examples(op, SEED + 1000 + i).map((r) => [r] as [FuzzRequest]);
    const result = await fc.check(
      fc.asyncProperty(factory.request(op), async (req) => {
        const res = await send(req);
        // Swagger UI's own source maps name its sources (node_modules/...): public library files, not ours
        const problem = res.statusCode === 200 && /\/api\/swaggerui\/[\w.-]+\.map$/.test(req.url.split('?')[0]) ? null : problemWith(res, req.method);
        if (problem) throw new Error(`${problem}: ${req.caller} ${req.method} ${req.url} ${JSON.stringify(req.headers)} body ${String(req.payload ?? '').slice(0, 300)} -> ${res.statusCode} ${res.payload.slice(0, 300)}`);
      }),
      { seed: SEED + 1000 + i, numRuns: RUNS + examples.length, endOnFailure: true, examples },
    );
    if (result.failed) failures.push(`${op.method.toUpperCase()} ${op.path} (seed ${SEED + 1000 + i}, path ${result.counterexamplePath}): ${(result.errorInstance as Error)?.message ?? result.error}`);
  }
  t.deepEqual(failures, [], failures.join('\n\n'));
});

test.serial('the fuzz reached every route of the route table, the newer areas (billing, reports, data protection) included', (t) => {
  const key = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{(\w+)[*?]\d*\}/g, '{$1}')}`;
  const missed = app.server.table().map((r) => key(r.method, r.path)).filter((k) => !fuzzed.has(k));
  t.deepEqual(missed, [], 'routes no fuzz request was generated for');
  for (const name of ['billing', 'reports', 'data-protection']) {
    const area = areas.find((a) => a.name === name);
    t.truthy(area, name);
    const routes = area!.routes.flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => key(String(m), r.path)));
    t.true(routes.length > 0, name);
    t.deepEqual(routes.filter((k) => !fuzzed.has(k)), [], `${name}: every route fuzzed`);
  }
});

test.serial('paths outside the document (files, pages, unknown routes) never answer 500 either', async (t) => {
  const segment = fc.oneof(
    fc.constantFrom('api', 'media', 'products', 'inventory-icons', 'invoices', 'admin', 'docs', 'swaggerui', 'openapi.json', '..', '.', '%2e%2e', '%2f', '%5c', '%00', '%', '%zz', '~', '😀', 'a'.repeat(300)),
    fc.string({ maxLength: 12, unit: 'binary' }).map(encodePart),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 6 }), fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH'), fc.boolean(), async (segments, method, slash) => {
      const url = `/${segments.join('/')}${slash ? '/' : ''}`;
      const res = await send({ method, url, caller: 'user', headers: {} });
      const problem = problemWith(res, method);
      if (problem) throw new Error(`${problem}: ${method} ${url} -> ${res.statusCode} ${res.payload.slice(0, 300)}`);
    }),
    { seed: SEED, numRuns: RUNS * 20 },
  );
  t.pass();
});
