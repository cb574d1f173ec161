// A worker process for the `imports` queue whose bulk stores pause inside their
// transaction (an injected hook), so a test can kill it mid-write. Environment as
// for workers/index.ts; PAUSE_MS (default 120 s) is how long it holds.
import { loadConfig } from '../../jobs/runtime/config.js';
import { startWorkers } from '../../workers/runner.js';

const pauseMs = Number(process.env.PAUSE_MS ?? 120_000);
const running = await startWorkers(loadConfig(), ['imports'], {
  hooks: {
    async bulkStoreBeforeCommit() {
      console.log('invoice-store: paused inside the transaction');
      await new Promise((r) => setTimeout(r, pauseMs));
    },
  },
});
console.log(`worker: consuming ${running.queues.join(', ')} (bulk stores pause ${pauseMs} ms before commit)`);
