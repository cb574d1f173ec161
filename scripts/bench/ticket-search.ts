// Support ticket search benchmark (run: npx tsx scripts/bench/ticket-search.ts; not a test).
//
// 50,000 tickets (BENCH_TICKETS) of 200 owners, descriptions of 30-90 words drawn from
// a 6,000-word vocabulary with a Zipf distribution, written exactly as the service
// writes them (AES-256-GCM description, blind index of number, subject and
// description). The same rows are copied in clear into a side table. Then, in the same
// run, for the same query words, as staff (all 50,000 tickets are candidates):
//
//   blind index   TicketSearch.find: COUNT + page of 20 through the GIN index on the
//                 digests, the page's candidates decrypted and checked again
//   list          TicketSearch.list: the above plus presenting the page (types,
//                 categories, replies, owners, decryption) as GET /api/support-tickets/ does
//   ILIKE scan    the same COUNT + page of 20 with subject ILIKE '%word%' OR
//                 description ILIKE '%word%' over the plaintext copy
//
// Query words are drawn log-uniformly over vocabulary ranks 10..6,000 (what people
// search for: names, products, error words; from a few hits to a third of all
// tickets), plus two-word queries; the ten most frequent words ("stopwords", in
// nearly every ticket) are reported on their own. p50/p95/p99 per method.
//
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/inventory_platform_ticket_bench,
// created and migrated), BENCH_REDIS_URL (default redis://127.0.0.1:6379/13), BENCH_TICKETS,
// BENCH_QUERIES (default 300).
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { migrateAndSeed } from '../../db/migrate.js';
import { closePlatform, createPlatform } from '../../db/platform.js';
import { loadConfig } from '../../jobs/runtime/config.js';
import { createSupportServices } from '../../domain/support/index.js';
import { NotificationService } from '../../domain/notifications/notification-service.js';
import { MailService } from '../../domain/shared/mail-service.js';
import { RateLimits } from '../../domain/shared/rate-limits.js';
import { randomTicketNumber } from '../../domain/support/ticket-rules.js';
import { actorFor } from '../../domain/shared/actor.js';
import { selfScope } from '../../domain/shared/scope.js';

const DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/inventory_platform_ticket_bench';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const TICKETS = Number(process.env.BENCH_TICKETS ?? 50_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
const OWNERS = 200;
const VOCABULARY = 6_000;
const PAGE = 20;

// deterministic pseudo-random numbers, so two runs search the same data
let seed = 42;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const SYLLABLES = ['ka', 'lo', 'mi', 'ner', 'tas', 'vin', 'dor', 'pel', 'sur', 'gan', 'bri', 'tek', 'mon', 'ral', 'zu', 'fe', 'hol', 'quin', 'dra', 'sel'];
const vocabulary = Array.from({ length: VOCABULARY }, (_, i) => {
  let n = i + 1;
  let w = '';
  while (n > 0) {
    w += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  }
  return w.length >= 4 ? w : `${w}x${i}`;
});
// Zipf(1) over ranks: cumulative weights and a binary search per draw
const cumulative: number[] = [];
vocabulary.reduce((sum, _w, i) => (cumulative[i] = sum + 1 / (i + 1)), 0);
const zipfWord = () => {
  const x = rand() * cumulative[cumulative.length - 1];
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return vocabulary[lo];
};
const sentence = (min: number, max: number) => Array.from({ length: min + Math.floor(rand() * (max - min)) }, zipfWord).join(' ');

const config = loadConfig({ ...process.env, DATABASE_URL: DB, REDIS_URL: REDIS, LOG_LEVEL: 'silent', NODE_ENV: 'development' });
await migrateAndSeed(DB);
const platform = createPlatform(config, 'bench');
const { knex } = platform;
const support = createSupportServices(platform, { notifications: new NotificationService(platform), mail: new MailService(platform), limits: new RateLimits(platform) });

// ── data ────────────────────────────────────────────────────────────────────
const have = Number((await knex('support_tickets').count({ n: '*' }))[0].n);
const plainReady = await knex.schema.hasTable('bench_ticket_plain');
// rows written under other keys (another SECRET_KEY or keyring) cannot be searched or read: load again
const sample = (await knex('support_tickets').first('enc_key_id', 'search_key_id')) as { enc_key_id: string; search_key_id: string } | undefined;
const sameKeys = sample?.enc_key_id === support.crypto.description.activeKeyId && sample?.search_key_id === support.crypto.search.activeKeyId;
if (have !== TICKETS || !plainReady || !sameKeys) {
  console.log(`loading ${TICKETS} tickets ...`);
  const started = Date.now();
  await knex.raw('TRUNCATE support_tickets CASCADE');
  await knex.schema.dropTableIfExists('bench_ticket_plain');
  await knex.schema.createTable('bench_ticket_plain', (t) => {
    t.uuid('id').primary();
    t.string('subject', 200).notNullable();
    t.text('description').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['created_at']);
  });
  await knex('users').where('email', 'like', 'ticket-bench-%').delete();
  const owners = (await knex('users')
    .insert(Array.from({ length: OWNERS }, (_, i) => ({ email: `ticket-bench-${i}@example.test`, password_hash: 'x', first_name: 'Bench', last_name: String(i), email_verified_at: new Date() })))
    .returning('id')) as { id: string }[];
  const types = (await knex('support_ticket_types').select('id')) as { id: string }[];
  const numbers = new Set<string>();
  const priorities = ['low', 'medium', 'high', 'urgent'];
  for (let done = 0; done < TICKETS; done += 1000) {
    const rows: Record<string, unknown>[] = [];
    const plain: Record<string, unknown>[] = [];
    for (let i = done; i < Math.min(TICKETS, done + 1000); i += 1) {
      let number = randomTicketNumber();
      while (numbers.has(number)) number = randomTicketNumber();
      numbers.add(number);
      const id = randomUUID();
      const subject = sentence(3, 8).slice(0, 200);
      const description = sentence(30, 90);
      const sealed = support.crypto.description.encrypt(description, id);
      const index = support.crypto.indexTicket(number, subject, description);
      const createdAt = new Date(Date.now() - Math.floor(rand() * 365 * 86_400_000));
      rows.push({
        id,
        ticket_number: number,
        user_id: owners[i % OWNERS].id,
        subject,
        description_enc: sealed.value,
        enc_key_id: sealed.keyId,
        ticket_type_id: types[i % types.length].id,
        priority: priorities[i % 4],
        status: 'open',
        search_tokens: index.tokens,
        search_key_id: index.keyId,
        created_at: createdAt,
        updated_at: createdAt,
      });
      plain.push({ id, subject, description, created_at: createdAt });
    }
    await knex.transaction(async (trx) => {
      await trx('support_tickets').insert(rows);
      await trx('bench_ticket_plain').insert(plain);
    });
  }
  await knex.raw('VACUUM ANALYZE support_tickets');
  await knex.raw('VACUUM ANALYZE bench_ticket_plain');
  console.log(`loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
// the posting list as autovacuum keeps it in a steady install (all-visible pages: index-only counts)
await knex.raw('VACUUM ANALYZE support_ticket_words');

// ── queries ─────────────────────────────────────────────────────────────────
const staffId = ((await knex('users').where({ is_staff: true }).first('id')) as { id: string } | undefined)?.id
  ?? ((await knex('users').insert({ email: 'ticket-bench-staff@example.test', password_hash: 'x', is_staff: true }).returning('id')) as { id: string }[])[0].id;
const staff = actorFor(staffId, selfScope(staffId), { isStaff: true });
const logUniformRank = () => Math.floor(Math.exp(Math.log(10) + rand() * (Math.log(VOCABULARY) - Math.log(10))));
const typical = Array.from({ length: QUERIES }, (_, i) => (i % 5 === 4 ? `${vocabulary[logUniformRank()]} ${vocabulary[logUniformRank()]}` : vocabulary[logUniformRank()]));
const stopwords = Array.from({ length: 30 }, (_, i) => vocabulary[i % 10]);

async function blind(q: string) {
  return (await support.search.find(staff, { page: 1, page_size: PAGE, search: q, ordering: '-created_at' })).count;
}
async function list(q: string) {
  return (await support.search.list(staff, { page: 1, page_size: PAGE, search: q, ordering: '-created_at' })).count;
}
async function ilike(q: string) {
  const base = knex('bench_ticket_plain as p');
  for (const w of q.split(' ')) base.where((b) => b.where('p.subject', 'ilike', `%${w}%`).orWhere('p.description', 'ilike', `%${w}%`));
  const [{ n }] = (await base.clone().count({ n: '*' })) as { n: string }[];
  await base.select('p.id').orderBy('p.created_at', 'desc').orderBy('p.id').limit(PAGE);
  return Number(n);
}

function pct(values: number[], p: number) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
async function measure(name: string, fn: (q: string) => Promise<number>, queries: string[]) {
  for (const q of queries.slice(0, 20)) await fn(q); // warm-up
  const times: number[] = [];
  const hits: number[] = [];
  for (const q of queries) {
    const t0 = process.hrtime.bigint();
    hits.push(await fn(q));
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return { name, p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), max: Math.max(...times), medianHits: pct(hits, 50), maxHits: Math.max(...hits) };
}

const fmt = (r: Awaited<ReturnType<typeof measure>>) =>
  `${r.name.padEnd(34)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   max ${r.max.toFixed(1).padStart(6)} ms   hits median ${r.medianHits}, max ${r.maxHits}`;

const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' / ');
console.log(`\nload average before: ${load()} (${os.cpus().length} cores)`);
console.log(`${TICKETS} tickets, ${QUERIES} typical queries (ranks 10..${VOCABULARY}, every fifth of two words), page of ${PAGE}, as staff`);
const results = [];
for (const [label, qs] of [['typical', typical], ['stopwords', stopwords]] as const) {
  // interleave the methods per round so that machine noise hits all of them alike
  const b = await measure(`${label}: blind index (find)`, blind, qs);
  const l = await measure(`${label}: blind index (list, presented)`, list, qs);
  const s = await measure(`${label}: ILIKE '%word%' plaintext`, ilike, qs);
  for (const r of [b, l, s]) console.log(fmt(r));
  results.push({ label, b, l, s });
  // same hit counts: the index finds exactly what the scan finds for whole words
  const sample = qs.slice(0, 40);
  let differ = 0;
  for (const q of sample) if ((await blind(q)) !== (await ilike(q))) differ += 1;
  console.log(`${label}: hit counts differ on ${differ}/${sample.length} queries (ILIKE also matches inside longer words)\n`);
}
console.log(`load average after: ${load()}`);
const typicalResult = results[0];
const ok = typicalResult.b.p99 < 50 && typicalResult.b.p99 < typicalResult.s.p99;
console.log(`target (typical queries): blind-index p99 < 50 ms and below the ILIKE scan's p99: ${ok ? 'met' : 'NOT met'} (${typicalResult.b.p99.toFixed(1)} ms vs ${typicalResult.s.p99.toFixed(1)} ms)`);
await closePlatform(platform);
