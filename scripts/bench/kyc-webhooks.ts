// Size: one benchmark run read top to bottom (set-up, timed loop, report); split into steps it would read less plainly.
// Verification webhook benchmark (run: npx tsx scripts/bench/kyc-webhooks.ts; not a test).
//
// Processes as in production, each a child process: the kyc microservice, the gateway
// (the callback receiver) and a worker consuming the kyc queue; the external provider
// is a local stand-in (scripts/bench/provider-stub.ts, also a child) answering the re-pulls.
// 1. Accepted webhooks per second: signed webhooks (a fresh digest per request) from
//    50 connections for BENCH_SECONDS, against a bare Hapi POST route in the same run.
// 2. Latency webhook → mirror updated at 100 webhooks/s: each webhook follows a
//    provider-side change of one applicant; the time runs until the gateway has
//    updated the user's mirror (observed as the notification it publishes right after
//    the commit). Reports p50/p99; target p99 < 300 ms.
//
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/inventory_platform_bench_kyc,
// dropped, created and migrated on every run), BENCH_REDIS_URL (default redis://127.0.0.1:6379/12), BENCH_SECONDS (10),
// BENCH_RATE (100), BENCH_LATENCY_SECONDS (10).
import crypto, { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { realtimeChannel } from '../../jobs/events.js';
import { freePort, startChild, stats, type Child } from './ledger-support.js';
import { acceptedRate, freshDatabase, paced, postFlood } from './webhook-bench.js';

/** BENCH_COMPILED=1 runs the processes from dist/ (npm run build first), as production does. */
const entry = (file: string) => (process.env.BENCH_COMPILED === '1' ? `dist/${file.replace(/\.ts$/, '.js')}` : file);

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/inventory_platform_bench_kyc';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 10);
const WEBHOOK_SECRET = 'bench-webhook-secret';
const prefix = `bench${randomBytes(3).toString('hex')}`;

/** user + system CPU seconds a child has used (from /proc) */
function cpuSeconds(c: Child): number {
  try {
    const f = fs.readFileSync(`/proc/${c.proc.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

function signed(body: object) {
  const raw = JSON.stringify(body);
  return { raw, digest: crypto.createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex') };
}

async function main() {
  const knex = await freshDatabase(DATABASE_URL);
  const [kycPort, webPort, barePort, stubPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const providerUrl = `http://127.0.0.1:${stubPort}`;
  const suffix = randomBytes(3).toString('hex');
  const env = {
    DATABASE_URL,
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(webPort),
    PUBLIC_BASE_URL: `http://127.0.0.1:${webPort}`,
    KYC_PORT: String(kycPort),
    KYC_URL: `http://127.0.0.1:${kycPort}`,
    KYC_ENGINE: 'external',
    KYC_API_KEY: `kyc_bench_${suffix}`,
    KYC_PROJECT_SLUG: `bench-${suffix}`,
    KYC_PROVIDER_BASE_URL: providerUrl,
    KYC_PROVIDER_APP_TOKEN: 'bench-token',
    KYC_PROVIDER_SECRET_KEY: 'bench-secret',
    KYC_WEBHOOK_SECRET: WEBHOOK_SECRET,
    KYC_CALLBACK_SECRET: 'bench-callback-secret',
    WORKER_QUEUES: 'kyc',
    KYC_SWEEP_EVERY_MINUTES: '0',
    WORKER_CONCURRENCY: process.env.BENCH_WORKER_CONCURRENCY ?? '50',
    BARE_PORT: String(barePort),
    STUB_PORT: String(stubPort),
  };
  const children: Child[] = [];
  const redis = new Redis(REDIS_URL);
  try {
    children.push(await startChild('provider', entry('scripts/bench/provider-stub.ts'), env, /provider stub listening/));
    children.push(await startChild('kyc', entry('kyc/index.ts'), env, /kyc: listening/));
    children.push(await startChild('web', entry('gateway/index.ts'), { ...env, LOG_LEVEL: 'info' }, /gateway listening/));
    children.push(await startChild('worker', entry('workers/index.ts'), env, /worker: consuming/));
    children.push(await startChild('bare', entry('scripts/bench/bare-hapi.ts'), env, /bare hapi listening/));

    // applicants (and their users, for the mirror) created directly: 2,000 of them
    const project = await knex('kyc.projects').where({ api_key: env.KYC_API_KEY }).first();
    const total = Math.max(2000, RATE * LATENCY_SECONDS);
    const users: { id: string }[] = [];
    for (let i = 0; i < total; i += 1000) {
      const chunk = Array.from({ length: Math.min(1000, total - i) }, (_, j) => ({ email: `bench-${suffix}-${i + j}@bench.test`, password_hash: 'x' }));
      users.push(...(await knex('users').insert(chunk).returning('id')));
    }
    const applicants = users.map((u, i) => ({ project_id: project.id, external_user_id: u.id, provider: 'sumsub', provider_applicant_id: `bench-${suffix}-${i}`, level_name: 'basic-kyc-level', status: 'pending', version: 1 }));
    await knex.batchInsert('kyc.applicants', applicants, 1000);

    // 1. accepted webhooks per second, next to a bare Hapi route
    const hook = (url: string) =>
      postFlood(url, SECONDS, (i) => {
        const a = applicants[i % applicants.length];
        const { raw, digest } = signed({ applicantId: a.provider_applicant_id, externalUserId: a.external_user_id, type: 'applicantPending', correlationId: i + 1 });
        return { body: raw, headers: { 'content-type': 'application/json', 'x-payload-digest': digest, 'x-payload-digest-alg': 'HMAC_SHA256_HEX' } };
      });
    const bare = await hook(`http://127.0.0.1:${barePort}/hook/`);
    const cpu0 = children.map(cpuSeconds);
    const t0 = performance.now();
    const webhooks = await hook(`http://127.0.0.1:${kycPort}/api/v1/kyc/webhook/sumsub/`);
    const acceptCpu = Object.fromEntries(children.map((c, i) => [c.name, Math.round(((cpuSeconds(c) - cpu0[i]) / ((performance.now() - t0) / 1000)) * 100) / 100]));
    // let the re-pulls drain before measuring latency
    const queue = new Queue('kyc', { connection: redis, prefix });
    let drained = 0;
    for (let i = 0; i < 1200; i += 1) {
      // (the sweeper's next run always sits in delayed)
      const counts = await queue.getJobCounts('wait', 'active', 'prioritized');
      if (Object.values(counts).every((c) => c === 0)) break;
      drained += 1;
      await new Promise((r) => setTimeout(r, 100));
    }
    const drainSeconds = drained / 10;
    await queue.close();

    // 2. webhook → mirror updated, at RATE per second
    const sub = new Redis(REDIS_URL);
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    await sub.subscribe(realtimeChannel(prefix, sub.options.db));
    sub.on('message', (_channel, message) => {
      const e = JSON.parse(message);
      if (e.kind !== 'user.message' || e.message?.data?.kind !== 'kyc.status' || e.message.data.data?.status !== 'in_review') return;
      const t0 = sentAt.get(e.user_ids[0]);
      if (t0 !== undefined) {
        latencies.push(performance.now() - t0);
        sentAt.delete(e.user_ids[0]);
      }
    });
    const count = RATE * LATENCY_SECONDS;
    const cpuBefore = children.map(cpuSeconds);
    const started = await paced(count, RATE, async (i) => {
      const a = applicants[i];
      await fetch(`${providerUrl}/_review/${a.provider_applicant_id}`, { method: 'PUT', body: 'pending' });
      const { raw, digest } = signed({ applicantId: a.provider_applicant_id, externalUserId: a.external_user_id, type: 'applicantPending', latency: i });
      sentAt.set(a.external_user_id, performance.now());
      void fetch(`http://127.0.0.1:${kycPort}/api/v1/kyc/webhook/sumsub/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-payload-digest': digest }, body: raw }).then((r) => r.arrayBuffer());
    });
    const deadline = Date.now() + 30_000;
    while (latencies.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const wall = performance.now() - started;
    const cpuShare = Object.fromEntries(children.map((c, i) => [c.name, Math.round(((cpuSeconds(c) - cpuBefore[i]) / (wall / 1000)) * 100) / 100]));
    sub.disconnect();

    // where the time went, from the rows' own timestamps: webhook received → status changed (re-pull) → callback delivered
    const { rows: stages } = await knex.raw(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM d.created_at - w.received_at) * 1000) AS repull_p50_ms,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM d.created_at - w.received_at) * 1000) AS repull_p99_ms,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM d.delivered_at - d.created_at) * 1000) AS callback_p50_ms,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM d.delivered_at - d.created_at) * 1000) AS callback_p99_ms
       FROM kyc.callback_deliveries d JOIN kyc.webhooks w ON w.applicant_id = d.applicant_id AND w.payload->>'latency' IS NOT NULL
       WHERE d.project_id = ?`,
      [project.id],
    );
    const result = {
      accepted: { kyc_webhook: acceptedRate(webhooks), bare_hapi: acceptedRate(bare), ratio: Math.round((webhooks.requests.average / bare.requests.average) * 100) / 100, cpu_cores: acceptCpu },
      backlog_drain_s: drainSeconds,
      webhook_to_mirror: { rate_per_s: RATE, sent: count, ...stats(latencies, wall), missing: count - latencies.length, stages: Object.fromEntries(Object.entries(stages[0]).map(([k, v]) => [k, Math.round(Number(v))])) },
      /** CPU cores each process used during the latency phase (2 cores in all) */
      cpu_cores_during_latency: cpuShare,
      peak_rss_mib: Object.fromEntries(children.map((c) => [c.name, Math.round(c.peakRssMiB())])),
    };
    console.log(JSON.stringify(result, null, 2));
    const ok = webhooks.requests.average >= 1000 && webhooks.non2xx === 0 && result.webhook_to_mirror.p99_ms < 300 && latencies.length === count;
    console.log(ok ? 'targets met: >= 1,000 webhooks/s accepted, p99 webhook -> mirror < 300 ms' : 'TARGETS MISSED');
  } finally {
    for (const c of children.reverse()) await c.stop().catch(() => undefined);
    redis.disconnect();
    await knex.destroy();
  }
}

await main();
process.exit(0);
