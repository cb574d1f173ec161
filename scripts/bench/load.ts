// Mixed-load benchmark (run: npx tsx scripts/bench/load.ts; not a test).
//
// The harness (scripts/cluster.ts): 2 gateway processes, 2 worker processes and kyc on
// one PostgreSQL and Redis. An open loop sends BENCH_RATE requests per second (default
// 40) for BENCH_SECONDS (120), alternating between the gateways, in a fixed mix: reads
// (the profile, a 20-row item list), writes (a storage box), ledger transactions, invoice
// previews (a UBL XML, parsed by the sandboxed `invoices` queue), billing webhooks and AI
// chat questions (the offline engine), by BENCH_USERS users (20). Requests leave on
// schedule whatever the answers do (arrivals do not wait for responses), so a slow
// endpoint shows as latency, not as a lower rate.
// Reports p50/p99/max and errors (non-2xx or no answer) per endpoint, and the peak RSS
// (VmHWM) per process type (web, worker, the workers' sandboxed children, kyc).
//
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/inventory_platform_bench_load,
// dropped, created and migrated on every run), BENCH_REDIS_URL (redis://127.0.0.1:6379/9),
// BENCH_RATE, BENCH_SECONDS, BENCH_USERS.
import fs from 'node:fs';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { startCluster, type Cluster } from '../cluster.js';
import { freshDatabase } from './webhook-bench.js';
import { stats } from './ledger-support.js';
import { hashPassword } from '../../jobs/runtime/secrets.js';
import { signatureHeader } from '../../domain/billing/webhook-signature.js';
import { sampleInvoice, ublXml } from './invoice-documents.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/inventory_platform_bench_load';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const RATE = Number(process.env.BENCH_RATE ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const USERS = Number(process.env.BENCH_USERS ?? 20);
const SECRET = `bench-load-${randomBytes(8).toString('hex')}`;
const prefix = `bench${randomBytes(3).toString('hex')}`;

interface BenchUser {
  auth: Record<string, string>;
  storageId: number;
  boxId: number;
  inventoryId: number;
  itemId: number;
  chatSession: string;
}

type Endpoint = 'profile' | 'item list' | 'write: storage box' | 'ledger' | 'invoice preview' | 'billing webhook' | 'chat question';
/** one arrival of each name per slot: 20 slots per cycle */
const MIX: Endpoint[] = [
  ...Array<Endpoint>(5).fill('profile'),
  ...Array<Endpoint>(4).fill('item list'),
  ...Array<Endpoint>(3).fill('write: storage box'),
  ...Array<Endpoint>(4).fill('ledger'),
  'invoice preview',
  ...Array<Endpoint>(2).fill('billing webhook'),
  'chat question',
];

async function call(base: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<any> {
  const res = await fetch(base + path, { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function makeUsers(knex: Awaited<ReturnType<typeof freshDatabase>>, base: string): Promise<BenchUser[]> {
  const hash = await hashPassword('bench-password-1', 1024);
  const users: BenchUser[] = [];
  for (let i = 0; i < USERS; i++) {
    const email = `load-${prefix}-${i}@bench.test`;
    const [row] = await knex('users').insert({ email, password_hash: hash, email_verified_at: new Date() }).returning('id');
    await knex('profiles').insert({ user_id: row.id });
    const { access } = await call(base, 'POST', '/api/auth/login/', {}, { email, password: 'bench-password-1' });
    const auth = { authorization: `Bearer ${access}` };
    const inventory = await call(base, 'POST', '/api/inventories/', auth, { name: `Load ${i}` });
    const storage = await call(base, 'POST', '/api/storages/', auth, { inventory_id: inventory.id, name: 'Shelf', kind: 'shelf' });
    const box = await call(base, 'POST', '/api/storage-boxes/', auth, { storage_id: storage.id, name: 'Box' });
    const [product] = await knex('products').insert({ name: `Bolt ${i}`, base_unit: 'pcs', owner_id: row.id, created_by: row.id }).returning('id');
    // 20 items, so the list reads a full page
    let itemId = 0;
    for (let k = 0; k < 20; k++) itemId = (await call(base, 'POST', '/api/inventory-items/', auth, { storage_box_id: box.id, product_id: product.id, quantity: 100, lot_number: `L${k}` })).id;
    const session = await call(base, 'POST', '/api/v1/support/chat/sessions/', auth, { language: 'en' });
    users.push({ auth, storageId: storage.id, boxId: box.id, inventoryId: inventory.id, itemId, chatSession: session.id });
  }
  return users;
}

function request(endpoint: Endpoint, base: string, u: BenchUser, n: number): Promise<Response> {
  const json = (method: string, path: string, body?: unknown) =>
    fetch(base + path, { method, headers: { ...u.auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  switch (endpoint) {
    case 'profile':
      return json('GET', '/api/profiles/me/');
    case 'item list':
      return json('GET', '/api/inventory-items/?page_size=20');
    case 'write: storage box':
      return json('POST', '/api/storage-boxes/', { storage_id: u.storageId, name: `Box ${n}` });
    case 'ledger':
      return json('POST', '/api/inventory-transactions/', { kind: 'adjust', item_id: u.itemId, delta: 1 });
    case 'invoice preview': {
      const form = new FormData();
      form.set('document', new Blob([ublXml(sampleInvoice())], { type: 'application/xml' }), `load-${n}.xml`);
      form.set('inventory_id', String(u.inventoryId));
      form.set('storage_box_id', String(u.boxId));
      form.set('product_family_name', 'Load');
      return fetch(`${base}/api/invoice-import/preview/`, { method: 'POST', headers: u.auth, body: form });
    }
    case 'billing webhook': {
      const raw = JSON.stringify({ id: `evt_load_${prefix}_${n}`, type: 'customer.subscription.updated', created: Math.floor(Date.now() / 1000), data: { object: { id: 'sbx_sub_unknown', status: 'active' } } });
      return fetch(`${base}/api/sandbox/webhook/`, { method: 'POST', headers: { 'content-type': 'application/json', 'sandbox-signature': signatureHeader([SECRET], raw) }, body: raw });
    }
    case 'chat question':
      return json('POST', `/api/v1/support/chat/sessions/${u.chatSession}/messages/`, { message: 'how do I add a member to my team' });
  }
}

/** Peak RSS (VmHWM, MiB) of a process and of its children (a worker's sandboxed processes). */
function peakRss(pid: number): { self: number; children: number[] } {
  const hwm = (p: number) => Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const children = fs
    .readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      const stat = (() => {
        try {
          return fs.readFileSync(`/proc/${e}/stat`, 'utf8');
        } catch {
          return '';
        }
      })();
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
    })
    .map((e) => Math.round(hwm(Number(e))));
  return { self: Math.round(hwm(pid)), children };
}

async function main() {
  const knex = await freshDatabase(DATABASE_URL);
  let cluster: Cluster | null = null;
  try {
    cluster = await startCluster({
      gateways: 2,
      workers: 2,
      env: {
        DATABASE_URL, REDIS_URL, QUEUE_PREFIX: prefix, LOG_LEVEL: 'info', NODE_ENV: 'development', PASSWORD_SCRYPT_COST: '1024',
        BILLING_WEBHOOK_SECRET: SECRET, BILLING_WEBHOOK_IP_LIMIT_PER_MINUTE: '10000000', BILLING_SANDBOX_TICK_SECONDS: '0', BILLING_PLAN_LIMITS: 'off',
        AUTH_IP_LIMIT_PER_MINUTE: '100000', AI_MESSAGES_PER_MINUTE: '100000', INVOICE_PREVIEWS_PER_MINUTE: '100000', MEDIA_CONCURRENCY: '1',
      },
    });
    const bases = cluster.gateways.map((g) => g.url!);
    const users = await makeUsers(knex, bases[0]);
    const load1 = os.loadavg()[0];

    const latencies = new Map<Endpoint, number[]>();
    const errors = new Map<Endpoint, string[]>();
    const total = RATE * SECONDS;
    const pending: Promise<void>[] = [];
    const started = performance.now();
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const endpoint = MIX[n % MIX.length];
      const sentAt = performance.now();
      pending.push(
        request(endpoint, bases[n % bases.length], users[n % users.length], n).then(
          async (res) => {
            const text = await res.text();
            if (res.ok) (latencies.get(endpoint) ?? latencies.set(endpoint, []).get(endpoint)!).push(performance.now() - sentAt);
            else (errors.get(endpoint) ?? errors.set(endpoint, []).get(endpoint)!).push(`${res.status} ${/"code":"([a-z_]+)"/.exec(text)?.[1] ?? ''}`.trim());
          },
          (err: Error) => void (errors.get(endpoint) ?? errors.set(endpoint, []).get(endpoint)!).push(err.message),
        ),
      );
    }
    const sentSeconds = (performance.now() - started) / 1000;
    await Promise.all(pending);
    const wallMs = performance.now() - started;

    const rss = { web: [] as number[], worker: [] as number[], sandbox: [] as number[], kyc: [] as number[] };
    for (const m of [...cluster.gateways, ...cluster.workers, ...(cluster.kyc ? [cluster.kyc] : [])]) {
      const r = peakRss(m.child.pid!);
      if (m.role === 'web') rss.web.push(r.self);
      if (m.role === 'kyc') rss.kyc.push(r.self);
      if (m.role === 'worker') {
        rss.worker.push(r.self);
        rss.sandbox.push(...r.children);
      }
    }
    const byEndpoint = [...new Set(MIX)].map((e) => {
      const s = stats(latencies.get(e) ?? [0], wallMs);
      const errs = errors.get(e) ?? [];
      return { endpoint: e, ok: latencies.get(e)?.length ?? 0, errors: errs.length, p50_ms: s.p50_ms, p99_ms: s.p99_ms, max_ms: s.max_ms, error_kinds: Object.fromEntries([...new Set(errs)].map((k) => [k, errs.filter((x) => x === k).length])) };
    });
    console.log(JSON.stringify({ rate: RATE, seconds: SECONDS, sent_in_s: Math.round(sentSeconds * 10) / 10, users: USERS, load_at_start: load1, load_at_end: os.loadavg()[0], byEndpoint, peak_rss_mib: rss }, null, 2));
    console.log('\n| endpoint | ok | errors | p50 ms | p99 ms | max ms |\n|---|---|---|---|---|---|');
    for (const r of byEndpoint) console.log(`| ${r.endpoint} | ${r.ok} | ${r.errors} | ${r.p50_ms} | ${r.p99_ms} | ${r.max_ms} |`);
  } finally {
    await cluster?.stop(20_000);
    await knex.destroy();
  }
}

await main();
