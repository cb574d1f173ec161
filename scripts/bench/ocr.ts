// OCR benchmark (run compiled: npm run build && node dist/scripts/bench/ocr.js, or
// npx tsx scripts/bench/ocr.ts; not a test). Renders A4 pages of text at 200 dpi
// (1654 x 2339 px, 45 lines), stores them under MEDIA_ROOT and runs them as
// `media.ocr` jobs through the real sandboxed media queue:
//   1. one page at a time (cold first page, then warm): seconds per page;
//   2. BENCH_PAGES pages at once with MEDIA_CONCURRENCY children: pages/s;
// and reports the peak RSS (VmHWM) of each sandboxed child process and of this
// process, and the word accuracy of the recognised text against what was drawn.
//
// Env: BENCH_REDIS_URL (default redis://127.0.0.1:6379/13), BENCH_PAGES (default 8),
// MEDIA_CONCURRENCY (default 2). No database is needed (OCR writes no rows).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { QueueEvents } from 'bullmq';
import { loadConfig } from '../../jobs/runtime/config.js';
import { createServices } from '../../domain/index.js';
import { createPlatform, closePlatform } from '../../db/platform.js';
import { startWorkers } from '../../workers/runner.js';
import { consumerConnection } from '../../jobs/redis.js';

const WORDS = 'inventory invoice supplier quantity warehouse shelf product barcode delivery order total amount batch expiry storage box receipt customer'.split(' ');

function pageText(seed: number): string[] {
  return Array.from({ length: 45 }, (_, i) => {
    const words = Array.from({ length: 7 }, (_, j) => WORDS[(seed * 31 + i * 7 + j * 3) % WORDS.length]);
    return `${i + 1}. ${words.join(' ')} ${(seed * 97 + i * 13) % 1000}.${String(i * 7 % 100).padStart(2, '0')}`;
  });
}

async function renderPage(lines: string[]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1654" height="2339"><rect width="100%" height="100%" fill="white"/>${lines
    .map((l, i) => `<text x="120" y="${160 + i * 46}" font-family="DejaVu Sans, sans-serif" font-size="30" fill="black">${l}</text>`)
    .join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** VmHWM of a process in MiB (0 when it is gone). */
function peakRssMiB(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

function childPids(parent: number): number[] {
  return fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((pid) => {
    try {
      return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === parent;
    } catch {
      return false;
    }
  });
}

function wordAccuracy(expected: string[], text: string): number {
  const want = expected.join(' ').split(/\s+/);
  const got = new Set(text.split(/\s+/));
  return want.filter((w) => got.has(w)).length / want.length;
}

const pages = Number(process.env.BENCH_PAGES ?? 8);
const config = loadConfig({
  ...process.env,
  REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13',
  QUEUE_PREFIX: `bench${randomBytes(4).toString('hex')}`,
  MEDIA_ROOT: fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-bench-')),
  LOG_LEVEL: 'warn',
});
const platform = createPlatform(config, 'bench');
const services = createServices(platform);
const workers = await startWorkers(config, ['media']);
const events = new QueueEvents('media', { connection: consumerConnection(config.redisUrl, 'bench-events'), prefix: config.queuePrefix });
await events.waitUntilReady();

const texts = Array.from({ length: pages }, (_, i) => pageText(i + 1));
const stored = await Promise.all(texts.map(async (lines) => (await services.media.save(await renderPage(lines), { field: 'image', types: ['image/png'], maxBytes: 20 << 20 }, 'ocr')).path));

async function ocr(mediaPath: string): Promise<{ text: string; confidence: number }> {
  const job = await services.jobs.enqueue('media.ocr', { actor_id: null, media_path: mediaPath });
  return (await job.waitUntilFinished(events, 120_000)) as { text: string; confidence: number };
}

console.log(`OCR benchmark: ${pages} A4 pages at 200 dpi, MEDIA_CONCURRENCY=${config.mediaConcurrency}, ${os.cpus().length} cores`);
const sequential: number[] = [];
let accuracy = 0;
for (let i = 0; i < Math.min(4, pages); i += 1) {
  const t0 = performance.now();
  const r = await ocr(stored[i]);
  sequential.push((performance.now() - t0) / 1000);
  accuracy += wordAccuracy(texts[i], r.text);
}
console.log(`one at a time: first (cold child + engine) ${sequential[0].toFixed(2)} s, warm ${sequential.slice(1).map((s) => s.toFixed(2)).join(' / ')} s per page; word accuracy ${((accuracy / sequential.length) * 100).toFixed(1)}%`);

const t0 = performance.now();
await Promise.all(stored.map((p) => ocr(p)));
const seconds = (performance.now() - t0) / 1000;
console.log(`${pages} pages at once: ${seconds.toFixed(2)} s, ${(pages / seconds).toFixed(2)} pages/s, ${(seconds / pages).toFixed(2)} s per page`);

const kids = childPids(process.pid);
console.log(`peak RSS: sandboxed OCR children ${kids.map((pid) => `${peakRssMiB(pid)} MiB`).join(', ') || 'none found'}; this process ${peakRssMiB(process.pid)} MiB`);

await events.close();
await workers.close();
await closePlatform(platform);
fs.rmSync(config.mediaRoot, { recursive: true, force: true });
process.exit(0);
