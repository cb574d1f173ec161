// Billing webhook benchmark (run: npx tsx scripts/bench/billing-webhook.ts; not a test).
//
// The gateway and a worker consuming the billing queue as child processes, as in
// production, with the sandbox processor's secret:
// 1. Accepted webhooks per second: signed, each a new event id (so each is verified,
//    recorded and enqueued), from 50 connections for BENCH_SECONDS, next to a bare Hapi
//    POST route in the same run (before and after; the ratio is to their mean). Target >= 1,000/s.
// 2. Event -> subscription updated at BENCH_RATE events/s (default 100): each event
//    sets cancel_at_period_end on its own subscription; latency runs from the send to
//    the row's updated_at (written by the worker's apply job; same clock). Target p99
//    < 300 ms.
// Peak RSS (VmHWM) of every process is reported.
//
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/inventory_platform_bench_billing,
// dropped, created and migrated on every run), BENCH_REDIS_URL (default redis://127.0.0.1:6379/8),
// BENCH_SECONDS (10), BENCH_RATE (100), BENCH_LATENCY_SECONDS (10), BENCH_COMPILED=1 (the processes from dist/;
// npm run build first), BENCH_PROFILE_DIR (CPU profiles of the gateway and the worker),
// BENCH_WORKER=0 (the accept path alone: no worker, no latency phase).
import { randomBytes } from 'node:crypto';
import { signatureHeader } from '../../domain/billing/webhook-signature.js';
import { freePort, startChild, stats, type Child } from './ledger-support.js';
import { acceptedRate, freshDatabase, paced, postFlood } from './webhook-bench.js';

/** BENCH_COMPILED=1 runs the processes from dist/ (npm run build first), as production does. */
const entry = (file: string) => (process.env.BENCH_COMPILED === '1' ? `dist/${file.replace(/\.ts$/, '.js')}` : file);

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/inventory_platform_bench_billing';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/8';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 10);
const SECRET = `bench-billing-${randomBytes(8).toString('hex')}`;
const prefix = `bench${randomBytes(3).toString('hex')}`;

const event = (id: string, type: string, object: Record<string, unknown>) => JSON.stringify({ id, type, created: Math.floor(Date.now() / 1000), data: { object } });

async function main() {
  const knex = await freshDatabase(DATABASE_URL);
  const [webPort, barePort] = await Promise.all([freePort(), freePort()]);
  const env = {
    DATABASE_URL, REDIS_URL, QUEUE_PREFIX: prefix, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(webPort), PUBLIC_BASE_URL: `http://127.0.0.1:${webPort}`,
    BILLING_WEBHOOK_SECRET: SECRET, BILLING_WEBHOOK_IP_LIMIT_PER_MINUTE: '10000000', BILLING_SANDBOX_TICK_SECONDS: '0',
    WORKER_QUEUES: 'billing', WORKER_CONCURRENCY: process.env.BENCH_WORKER_CONCURRENCY ?? '20', BARE_PORT: String(barePort),
  };
  const children: Child[] = [];
  try {
    // BENCH_PROFILE_DIR: the gateway and the worker write V8 CPU profiles there when they stop (node --cpu-prof)
    const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
    children.push(await startChild('web', entry('gateway/index.ts'), { ...env, LOG_LEVEL: 'info' }, /gateway listening/, profile));
    // BENCH_WORKER=0: the accept path alone (no worker applies the events; phase 2 is skipped)
    const withWorker = process.env.BENCH_WORKER !== '0';
    if (withWorker) children.push(await startChild('worker', entry('workers/index.ts'), env, /worker: consuming/, profile));
    children.push(await startChild('bare', entry('scripts/bench/bare-hapi.ts'), env, /bare hapi listening/));

    // subscriptions for the latency phase, one per event
    const count = RATE * LATENCY_SECONDS;
    const plan = await knex('subscription_plans').where({ code: 'pro' }).first();
    const users = [] as { id: string }[];
    for (let i = 0; i < count; i += 1000) {
      users.push(...(await knex('users').insert(Array.from({ length: Math.min(1000, count - i) }, (_, j) => ({ email: `bench-${prefix}-${i + j}@bench.test`, password_hash: 'x' }))).returning('id')));
    }
    await knex.batchInsert('user_subscriptions', users.map((u, i) => ({ owner_id: u.id, plan_id: plan.id, status: 'active', processor: 'sandbox', processor_subscription_id: `sbx_sub_bench_${i}` })), 1000);
    const subs: { id: number; processor_subscription_id: string }[] = await knex('user_subscriptions').orderBy('id').select('id', 'processor_subscription_id');

    // 1. accepted webhooks per second
    const hook = (url: string) =>
      postFlood(url, SECONDS, (n) => {
        const raw = event(`evt_bench_${prefix}_${n}`, 'customer.subscription.updated', { id: 'sbx_sub_unknown', status: 'active' });
        return { body: raw, headers: { 'content-type': 'application/json', 'sandbox-signature': signatureHeader([SECRET], raw) } };
      });
    const bare = await hook(`http://127.0.0.1:${barePort}/hook/`);
    const cpuBefore = children.map((c) => c.cpuSeconds());
    const accepted = await hook(`http://127.0.0.1:${webPort}/api/sandbox/webhook/`);
    const floodCpu = Object.fromEntries(children.map((c, i) => [c.name, Math.round((c.cpuSeconds() - cpuBefore[i]) * 100) / 100]));
    // the bare route again once our processes are idle (after the backlog drained): on a shared
    // machine the load drifts, so the ratio is to the mean of the two bare floods
    const againstBare = async () => {
      const bareAfter = await hook(`http://127.0.0.1:${barePort}/hook/`);
      const bareMean = (bare.requests.average + bareAfter.requests.average) / 2;
      return { ratio: Math.round((accepted.requests.average / bareMean) * 100) / 100, bareRates: { before: acceptedRate(bare), after: acceptedRate(bareAfter) } };
    };
    if (!withWorker) {
      const { ratio, bareRates } = await againstBare();
      console.log(JSON.stringify({ accept_path_alone: { billing_webhook: acceptedRate(accepted), bare_hapi: bareRates, ratio }, cpu_seconds_during_flood: floodCpu, peak_rss_mib: Object.fromEntries(children.map((c) => [c.name, Math.round(c.peakRssMiB())])) }, null, 2));
      return;
    }
    // let the backlog of apply jobs drain before measuring latency
    const drainStart = Date.now();
    while (Number((await knex('billing_events').whereNull('applied_at').count('* as n'))[0].n) > 0 && Date.now() - drainStart < 300_000) await new Promise((r) => setTimeout(r, 200));
    const drainSeconds = (Date.now() - drainStart) / 1000;
    const { ratio, bareRates } = await againstBare();

    // 2. event -> subscription updated
    const sentAt = new Map<number, number>();
    // a send that fails (a reset keep-alive connection on a loaded machine) is counted, not fatal; its event shows as missing
    let sendErrors = 0;
    const startedWall = Date.now();
    const started = await paced(count, RATE, (i) => {
      const s = subs[i];
      const raw = event(`evt_lat_${prefix}_${i}`, 'customer.subscription.updated', { id: s.processor_subscription_id, status: 'active', cancel_at_period_end: true, items: { data: [{ price: { id: 'sbx_price_pro_month' } }] } });
      sentAt.set(s.id, Date.now());
      void fetch(`http://127.0.0.1:${webPort}/api/sandbox/webhook/`, { method: 'POST', headers: { 'content-type': 'application/json', 'sandbox-signature': signatureHeader([SECRET], raw) }, body: raw }).then((r) => r.arrayBuffer()).catch(() => void sendErrors++);
    });
    const deadline = Date.now() + 30_000;
    let rows: { id: number; updated_at: Date }[] = [];
    while (Date.now() < deadline) {
      rows = await knex('user_subscriptions').where('cancel_at_period_end', true).where('updated_at', '>=', new Date(startedWall - 1000)).select('id', 'updated_at');
      if (rows.length >= count) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const latencies = rows.map((r) => new Date(r.updated_at).getTime() - sentAt.get(r.id)!).filter((v) => Number.isFinite(v));
    const wall = performance.now() - started;
    const result = {
      accepted: { billing_webhook: acceptedRate(accepted), bare_hapi: bareRates, ratio },
      cpu_seconds_during_flood: floodCpu,
      backlog_drain_s: drainSeconds,
      event_to_subscription_updated: { rate_per_s: RATE, sent: count, ...stats(latencies, wall), missing: count - latencies.length, send_errors: sendErrors },
      peak_rss_mib: Object.fromEntries(children.map((c) => [c.name, Math.round(c.peakRssMiB())])),
    };
    console.log(JSON.stringify(result, null, 2));
    const ok = accepted.requests.average >= 1000 && accepted.non2xx === 0 && result.event_to_subscription_updated.p99_ms < 300 && latencies.length === count;
    console.log(ok ? 'targets met' : 'targets NOT met');
  } finally {
    for (const c of children.reverse()) await c.stop();
    await knex.destroy();
  }
}

await main();
