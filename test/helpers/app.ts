// Boots the real gateway (compose) and in-process workers for one test file.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Server } from '@hapi/hapi';
import { compose } from '../../gateway/server.js';
import { startWorkers, type RunningWorkers } from '../../workers/runner.js';
import type { Config } from '../../jobs/runtime/config.js';
import type { QueueName } from '../../jobs/catalog.js';
import { testConfig } from './env.js';

export interface TestApp {
  server: Server;
  config: Config;
  workers: RunningWorkers | null;
  /** base URL when listening (listen: true) */
  url: string;
  stop(): Promise<void>;
}

export async function startApp(opts: { env?: Record<string, string>; workers?: QueueName[] | false; listen?: boolean } = {}): Promise<TestApp> {
  const config = testConfig(opts.env);
  const server = await compose(config);
  const workers = opts.workers === false ? null : await startWorkers(config, opts.workers ?? ['system', 'mail']);
  let url = '';
  if (opts.listen) {
    await server.start();
    url = `http://127.0.0.1:${server.info.port}`;
  }
  return {
    server,
    config,
    workers,
    url,
    async stop() {
      await server.stop({ timeout: 1000 });
      await workers?.close();
      // the temp folder testConfig() made for this app's mail outbox and media
      const tmp = path.dirname(config.mailOutboxDir);
      if (path.basename(tmp).startsWith('invp-test-')) await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}
