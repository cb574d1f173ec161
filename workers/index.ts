// Entry of the `worker` process type: all queues, or those named in WORKER_QUEUES
// (comma list) so ops can scale one queue's workers. SIGTERM lets active jobs finish.
import { loadConfig } from '../gateway/config/env.js';
import { runEntry } from '../gateway/config/entry.js';
import { checkPostgres, checkRedis } from '../db/connectivity.js';
import { startWorkers, selectQueues } from './runner.js';

await runEntry('worker', async () => {
  const config = loadConfig();
  const queues = selectQueues(config.workerQueues);
  await checkPostgres(config.databaseUrl);
  await checkRedis(config.redisUrl);
  const running = await startWorkers(config, queues);
  console.log(`worker: consuming ${running.queues.join(', ')} (concurrency ${config.workerConcurrency} each)`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`worker: ${signal}, finishing active jobs`);
    const force = setTimeout(() => process.exit(1), config.shutdownTimeoutMs + 20_000);
    force.unref();
    await running.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
});
