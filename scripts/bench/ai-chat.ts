// Size: one benchmark run read top to bottom (set-up, timed loop, report); split into steps it would read less plainly.
// AI support chat benchmark (run: npx tsx scripts/bench/ai-chat.ts; not a test).
//
// The offline engine (the default, no model) over the seeded FAQ plus 1,000 generated
// articles, with the compiled gateway (node dist/gateway/index.js) and a compiled `ai`
// worker (node dist/workers/index.js, WORKER_QUEUES=ai) as their own processes and this
// process as the clients:
//   engine   in this process: retrieval (minisearch BM25) + extractive answer per
//            question, no database or queue: the engine's own answers per second
//   rest     POST /api/v1/support/chat/sessions/{id}/messages/ at BENCH_RATE questions/s
//            (open loop, default 50), each answered by an `ai.answer-chat-message` job;
//            latency from the POST to the reply in its answer (target p99 < 100 ms)
//   rest-max the same from 32 closed loops: the most answers per second end to end
//   sockets  BENCH_SOCKETS chat sockets (default 200) on /ws/support/ai-chat/, each asking
//            a question every BENCH_SOCKET_INTERVAL_MS (4 s, jittered) for BENCH_SECONDS;
//            then all of them at once (a burst); latency from support.chat.message.send to
//            support.chat.reply (target p99 < 500 ms for the 200 sockets chatting; the
//            burst is reported beside it: 200 answers at once cost ~200 × the CPU per
//            answer, which on 2 cores is itself about half a second)
// Questions rotate through a fixed list (answerable and not, four languages) and each
// user asks within the default per-user limits (30 a minute, 5 pending). Peak RSS
// (VmHWM) of every process is reported.
//
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/inventory_platform_bench,
// created and migrated), BENCH_REDIS_URL (default redis://127.0.0.1:6379/13), BENCH_RATE (50),
// BENCH_SECONDS (20), BENCH_SOCKETS (200), BENCH_SOCKET_INTERVAL_MS (4000), BENCH_ARTICLES
// (1000), BENCH_SKIP_BUILD=1.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import WebSocket from 'ws';
import { migrateAndSeed } from '../../db/migrate.js';
import { createKnex } from '../../db/knex.js';
import { hashPassword } from '../../jobs/runtime/secrets.js';
import { FaqKnowledge } from '../../domain/support/chat/faq-knowledge.js';
import { OfflineEngine } from '../../domain/support/chat/engines/offline-engine.js';
import { agent, closedLoop, freePort, postJson, startChild, stats, type Child } from './ledger-support.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/inventory_platform_bench';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);
const SOCKET_INTERVAL_MS = Number(process.env.BENCH_SOCKET_INTERVAL_MS ?? 4000);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 1000);
const TARGET_REST_P99_MS = 100;
const TARGET_SOCKET_P99_MS = 500;
const BENCH_SLUG = 'bench-generated-';

/** Questions people ask, with the article(s) that should answer them (null: none should). */
const QUESTIONS: [string, string, string | string[] | null][] = [
  ['How do I import a supplier invoice?', 'en', 'import-supplier-invoice'],
  ['I forgot my password', 'en', 'reset-forgotten-password'],
  ['how can I add a member to my team', 'en', 'create-team-and-invite-members'],
  ['my verification code expired', 'en', 'verification-code-not-received'],
  ['what does insufficient_stock mean', 'en', 'insufficient-stock-error'],
  ['how do I scan a barcode', 'en', 'scan-a-barcode'],
  ['how do I set a low stock alert', 'en', 'low-stock-and-expiry-alerts'],
  ['how do I move stock to another box', 'en', 'stock-transactions'],
  ['how do I refresh my access token', 'en', ['log-in-and-stay-signed-in', 'api-access-tokens']],
  ['why was my identity verification rejected', 'en', 'verification-retry-or-rejected'],
  ['Can I pay my subscription with bitcoin?', 'en', null],
  ['Do you deliver pizza to the warehouse?', 'en', null],
  ['Wie importiere ich eine Lieferantenrechnung?', 'de', 'import-supplier-invoice'],
  ['Passwort vergessen', 'de', 'reset-forgotten-password'],
  ['Comment importer une facture fournisseur ?', 'fr', 'import-supplier-invoice'],
  ['¿Cómo importo una factura de proveedor?', 'es', 'import-supplier-invoice'],
];

/** Plausible distractor articles: the same vocabulary as the real ones, other topics. */
function generatedArticles(n: number) {
  const things = ['pallet', 'forklift', 'label printer', 'cold room', 'shelf', 'bin', 'crate', 'batch', 'supplier', 'warehouse', 'delivery note', 'return', 'stocktake', 'reorder point', 'SKU', 'box label', 'team role', 'export file', 'price list', 'serial number'];
  const verbs = ['configure', 'print', 'archive', 'rename', 'count', 'reserve', 'check', 'split', 'merge', 'tag', 'clean up', 'schedule', 'audit', 'share', 'lock'];
  const places = ['in a team inventory', 'for a storage box', 'after a delivery', 'on the mobile app', 'for expired items', 'during a stocktake', 'for a new supplier', 'in the personal scope'];
  return Array.from({ length: n }, (_, i) => {
    const thing = things[i % things.length];
    const verb = verbs[Math.floor(i / things.length) % verbs.length];
    const place = places[Math.floor(i / (things.length * verbs.length)) % places.length];
    const title = `How to ${verb} a ${thing} ${place} (${i})`;
    const body = [
      `This article explains how to ${verb} a ${thing} ${place}. It applies to inventories, storages and storage boxes alike.`,
      `1. Open the ${thing} you want to ${verb}.\n2. Choose the option to ${verb} it and confirm.\n3. Check the audit log: every change is recorded with who made it.`,
      `Note: a ${thing} that still holds stock cannot be removed. Record a transaction first, then ${verb} the ${thing} again.`,
    ].join('\n\n');
    return { slug: `${BENCH_SLUG}${i}`, language: 'en', title, body, is_published: true };
  });
}

/** Fires `send(i)` at `rate` per second for `seconds` (open loop). */
async function openLoop(rate: number, seconds: number, send: (i: number) => Promise<number | null>) {
  const total = Math.round(rate * seconds);
  const pending: Promise<number | null>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(send(i));
  }
  const results = await Promise.all(pending);
  const latencies = results.filter((l): l is number => l !== null);
  return { latencies, failed: results.length - latencies.length, wallMs: performance.now() - started };
}

interface BenchUser {
  access: string;
  headers: Record<string, string>;
  sessions: Record<string, string>;
}

async function makeUsers(knex: ReturnType<typeof createKnex>, web: string, count: number): Promise<BenchUser[]> {
  const run = randomBytes(3).toString('hex');
  const hash = await hashPassword('bench-password-1', 1024);
  const rows = Array.from({ length: count }, (_, i) => ({ email: `bench-chat-${run}-${i}@bench.test`, password_hash: hash, email_verified_at: new Date() }));
  const ids: { id: string }[] = await knex('users').insert(rows).returning('id');
  await knex('profiles').insert(ids.map((r) => ({ user_id: r.id })));
  const users: BenchUser[] = [];
  for (let i = 0; i < count; i += 20) {
    const batch = await Promise.all(
      rows.slice(i, i + 20).map(async (r) => {
        const login = await postJson(`${web}/api/auth/login/`, {}, { email: r.email, password: 'bench-password-1' });
        if (!login.body.access) throw new Error(`login of ${r.email} failed: ${JSON.stringify(login.body)}`);
        const headers = { authorization: `Bearer ${login.body.access}` };
        const sessions: Record<string, string> = {};
        for (const lang of ['en', 'de', 'fr', 'es']) sessions[lang] = (await postJson(`${web}/api/v1/support/chat/sessions/`, headers, { language: lang })).body.id;
        return { access: login.body.access as string, headers, sessions };
      }),
    );
    users.push(...batch);
  }
  return users;
}

const mib = (n: number) => `${Math.round(n)} MiB`;

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') execSync('npm run build --silent', { stdio: 'inherit' });
  await migrateAndSeed(DATABASE_URL);
  const knex = createKnex(DATABASE_URL, { min: 0, max: 4 });
  await knex('faq_articles').where('slug', 'like', `${BENCH_SLUG}%`).delete();
  await knex.batchInsert('faq_articles', generatedArticles(ARTICLES), 500);
  const [{ count: articleCount }] = await knex('faq_articles').where({ is_published: true }).count<{ count: string }[]>('* as count');

  // the engine alone, in this process
  const knowledge = new FaqKnowledge(knex);
  const t0 = performance.now();
  const index = await knowledge.index();
  const buildMs = performance.now() - t0;
  const engine = new OfflineEngine(20);
  let correct = 0;
  for (const [q, lang, slug] of QUESTIONS) {
    const answer = engine.answerNow({ question: q, language: lang, history: [], sources: index.search(q, lang, 5), deadline: Date.now() + 45_000 });
    const cited = answer.citedArticleIds.map((id) => index.search(q, lang, 5).find((s) => s.article.id === id)?.article.slug);
    if (slug === null ? cited.length === 0 : [slug].flat().includes(cited[0] ?? '')) correct++;
    else console.log(`  not from the expected article: "${q}" cited ${JSON.stringify(cited)}`);
  }
  const engineLatencies: number[] = [];
  const engineStart = performance.now();
  for (let i = 0; i < 5000; i++) {
    const [q, lang] = QUESTIONS[i % QUESTIONS.length];
    const s = performance.now();
    engine.answerNow({ question: q, language: lang, history: [], sources: index.search(q, lang, 5), deadline: Date.now() + 45_000 });
    engineLatencies.push(performance.now() - s);
  }
  const engineStats = stats(engineLatencies, performance.now() - engineStart);
  console.log(`engine: ${articleCount} published articles, index built in ${Math.round(buildMs)} ms, ${correct}/${QUESTIONS.length} questions answered from the right article (or rightly not), ${engineStats.per_second} answers/s, p99 ${engineStats.p99_ms} ms`);

  const webPort = await freePort();
  const web = `http://127.0.0.1:${webPort}`;
  const prefix = `bench${randomBytes(3).toString('hex')}`;
  const env = { DATABASE_URL, REDIS_URL, QUEUE_PREFIX: prefix, HOST: '127.0.0.1', PORT: String(webPort), PUBLIC_BASE_URL: web, LOG_LEVEL: 'warn', NODE_ENV: 'development', AI_ENGINE: 'offline',
    // every bench user signs in from 127.0.0.1
    AUTH_IP_LIMIT_PER_MINUTE: '100000' };
  const children: Child[] = [];
  const sockets: WebSocket[] = [];
  try {
    children.push(await startChild('web', 'dist/gateway/index.js', env, async () => (await fetch(`${web}/api/health/`)).ok));
    children.push(await startChild('worker', 'dist/workers/index.js', { ...env, WORKER_QUEUES: 'ai', LOG_LEVEL: 'info' }, /worker: consuming/));
    const users = await makeUsers(knex, web, Math.max(SOCKETS, 64));
    console.log(`${users.length} users logged in, 4 sessions each`);

    let asked = 0;
    const question = () => QUESTIONS[asked++ % QUESTIONS.length];
    const restAsk = async (i: number) => {
      const user = users[i % users.length];
      const [q, lang] = question();
      const s = performance.now();
      const res = await postJson(`${web}/api/v1/support/chat/sessions/${user.sessions[lang]}/messages/`, user.headers, { message: q }).catch((err: Error) => ({ status: 0, body: { error: err.message } }));
      if (res.status !== 200) {
        console.error(`rest ${i}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        return null;
      }
      return performance.now() - s;
    };
    // CPU milliseconds the web and worker processes spent per answer during a phase
    const [web_, worker_] = children;
    const cpuMark = () => ({ web: web_.cpuSeconds(), worker: worker_.cpuSeconds() });
    const cpuPer = (from: { web: number; worker: number }, answers: number) => ({
      web_ms: Math.round(((web_.cpuSeconds() - from.web) * 1000 * 100) / answers) / 100,
      worker_ms: Math.round(((worker_.cpuSeconds() - from.worker) * 1000 * 100) / answers) / 100,
    });
    process.stdout.write('warming up rest…\n');
    await openLoop(RATE, 3, restAsk);
    const restCpuFrom = cpuMark();
    const rest = await openLoop(RATE, SECONDS, restAsk);
    const restStats = stats(rest.latencies, rest.wallMs);
    const restCpu = cpuPer(restCpuFrom, rest.latencies.length);
    console.log(`rest at ${RATE}/s: p50 ${restStats.p50_ms} ms, p99 ${restStats.p99_ms} ms, max ${restStats.max_ms} ms, ${rest.failed} failed; CPU per answer: web ${restCpu.web_ms} ms, worker ${restCpu.worker_ms} ms`);
    // wait out the per-user minute so the closed loops start with full budgets
    await new Promise((r) => setTimeout(r, 61_000));
    let failedMax = 0;
    const max = await closedLoop(Math.min(users.length * 15, 1500), 32, async (i) => {
      if ((await restAsk(i)) === null) failedMax++;
    });
    const maxStats = stats(max.latencies, max.wallMs);
    console.log(`rest, 32 closed loops: ${maxStats.per_second} answers/s, p50 ${maxStats.p50_ms} ms, p99 ${maxStats.p99_ms} ms, ${failedMax} failed`);
    await new Promise((r) => setTimeout(r, 61_000));

    // sockets
    const waiting = new Map<string, (at: number) => void>();
    const socketUsers = users.slice(0, SOCKETS);
    for (const user of socketUsers) {
      const ws = new WebSocket(`${web.replace(/^http/, 'ws')}/ws/support/ai-chat/?token=${user.access}`);
      sockets.push(ws);
      await new Promise<void>((resolve, reject) => {
        ws.once('error', reject);
        ws.on('message', (raw) => {
          const m = JSON.parse(raw.toString()) as { type: string; data: { code?: string } };
          if (m.type === 'support.chat.ready') resolve();
          if (m.type === 'support.chat.reply') {
            // one question in flight per socket: the reply is that socket's
            const key = [...waiting.keys()].find((k) => k.startsWith(`${sockets.indexOf(ws)}:`));
            if (key) {
              waiting.get(key)!(performance.now());
              waiting.delete(key);
            }
          }
          if (m.type === 'support.chat.error') console.error(`socket error ${m.data.code}`);
        });
      });
    }
    const socketAsk = (n: number): Promise<number | null> => {
      const user = socketUsers[n];
      const [q, lang] = question();
      return new Promise((resolve) => {
        const key = `${n}:${randomBytes(3).toString('hex')}`;
        const s = performance.now();
        const timer = setTimeout(() => {
          waiting.delete(key);
          resolve(null);
        }, 10_000);
        waiting.set(key, (at) => {
          clearTimeout(timer);
          resolve(at - s);
        });
        sockets[n].send(JSON.stringify({ type: 'support.chat.message.send', data: { session_id: user.sessions[lang], message: q } }));
      });
    };
    const steady: Promise<number | null>[] = [];
    const socketCpuFrom = cpuMark();
    const steadyStart = performance.now();
    await Promise.all(
      socketUsers.map(async (_, n) => {
        await new Promise((r) => setTimeout(r, Math.random() * SOCKET_INTERVAL_MS));
        while (performance.now() - steadyStart < SECONDS * 1000) {
          const p = socketAsk(n);
          steady.push(p);
          await p;
          await new Promise((r) => setTimeout(r, SOCKET_INTERVAL_MS * (0.75 + Math.random() * 0.5)));
        }
      }),
    );
    const steadyResults = await Promise.all(steady);
    const steadyLat = steadyResults.filter((l): l is number => l !== null);
    const steadyStats = stats(steadyLat, performance.now() - steadyStart);
    const socketCpu = cpuPer(socketCpuFrom, steadyLat.length);
    console.log(`${SOCKETS} sockets, one question each every ~${SOCKET_INTERVAL_MS} ms: ${steadyStats.per_second} replies/s, p50 ${steadyStats.p50_ms} ms, p99 ${steadyStats.p99_ms} ms, ${steadyResults.length - steadyLat.length} lost; CPU per answer: web ${socketCpu.web_ms} ms, worker ${socketCpu.worker_ms} ms`);
    await new Promise((r) => setTimeout(r, 61_000));
    const burstStart = performance.now();
    const burstResults = await Promise.all(socketUsers.map((_, n) => socketAsk(n)));
    const burstLat = burstResults.filter((l): l is number => l !== null);
    const burstStats = stats(burstLat, performance.now() - burstStart);
    console.log(`${SOCKETS} sockets at once: p50 ${burstStats.p50_ms} ms, p99 ${burstStats.p99_ms} ms, max ${burstStats.max_ms} ms, ${burstResults.length - burstLat.length} lost`);

    const peaks = Object.fromEntries(children.map((c) => [c.name, c.peakRssMiB()]));
    console.log(
      JSON.stringify(
        {
          machine: { cpus: os.cpus().length, node: process.version, loadavg: os.loadavg().map((l) => Math.round(l * 10) / 10) },
          articles: Number(articleCount),
          engine: { index_build_ms: Math.round(buildMs), right_article: `${correct}/${QUESTIONS.length}`, ...engineStats },
          rest_open_loop: { rate_per_s: RATE, seconds: SECONDS, ...restStats, failed: rest.failed, cpu_per_answer: restCpu, target: `p99 < ${TARGET_REST_P99_MS} ms` },
          rest_closed_loops_32: { ...maxStats, failed: failedMax },
          sockets_steady: { sockets: SOCKETS, interval_ms: SOCKET_INTERVAL_MS, ...steadyStats, lost: steadyResults.length - steadyLat.length, cpu_per_answer: socketCpu, target: `p99 < ${TARGET_SOCKET_P99_MS} ms` },
          sockets_burst: { sockets: SOCKETS, ...burstStats, lost: burstResults.length - burstLat.length },
          peak_rss: { web: mib(peaks.web), worker: mib(peaks.worker), load_generator: mib(process.resourceUsage().maxRSS / 1024) },
          targets_met: { rest: restStats.p99_ms < TARGET_REST_P99_MS && rest.failed === 0, sockets: steadyStats.p99_ms < TARGET_SOCKET_P99_MS },
        },
        null,
        2,
      ),
    );
  } finally {
    for (const ws of sockets) ws.close();
    agent.destroy();
    await Promise.all(children.map((c) => c.stop()));
    await knex('faq_articles').where('slug', 'like', `${BENCH_SLUG}%`).delete();
    await knex.destroy();
  }
}

await main();
