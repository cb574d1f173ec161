// Entry of the `worker` process type: all queues, or those named in WORKER_QUEUES
// (comma list) so ops can scale one queue's workers. SIGTERM lets active jobs finish.
import { loadConfig } from '../jobs/runtime/config.js';
import { runEntry, stopOnSignals } from '../jobs/runtime/entry.js';
import { checkPostgres, checkRedis } from '../db/connectivity.js';
import { startWorkers, selectQueues } from './runner.js';

const USAGE = `usage: npm run worker (node dist/workers/index.js)\n\nBullMQ workers for WORKER_QUEUES (all queues by default). Configured by environment variables (see docs/configuration.md).`;

await runEntry('worker', async () => {
  const config = loadConfig();
  const queues = selectQueues(config.workerQueues);
  await checkPostgres(config.databaseUrl);
  await checkRedis(config.redisUrl);
  const running = await startWorkers(config, queues);
  console.log(`worker: consuming ${running.queues.join(', ')} (concurrency ${config.workerConcurrency} each)`);
  stopOnSignals(async (signal) => {
    console.log(`worker: ${signal}, finishing active jobs`);
    await running.close();
  }, { forceExitAfterMs: config.shutdownTimeoutMs + 20_000 });
}, USAGE);
