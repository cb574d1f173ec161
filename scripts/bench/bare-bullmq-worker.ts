// The baseline of scripts/bench/jobs.ts: a bare BullMQ worker that returns its job's
// data, nothing else (no catalog, no database, no result push). Env: REDIS_URL,
// QUEUE_PREFIX, BARE_QUEUE.
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';

const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/13', { maxRetriesPerRequest: null });
const worker = new Worker(process.env.BARE_QUEUE ?? 'bare-echo', async (job) => job.data, { connection, prefix: process.env.QUEUE_PREFIX ?? 'bench', concurrency: 20 });
await worker.waitUntilReady();
console.log('bare worker ready');
process.on('SIGTERM', () => void worker.close().then(() => process.exit(0)));
