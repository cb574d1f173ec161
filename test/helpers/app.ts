// Boots the real gateway (compose) and in-process workers for one test file.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Server } from '@hapi/hapi';
import { compose } from '../../gateway/server.js';
import { startWorkers, type RunningWorkers } from '../../workers/runner.js';
import type { Config } from '../../jobs/runtime/config.js';
import type { QueueName } from '../../jobs/catalog.js';
import { testEnv } from './env.js';
import { loadConfig } from '../../jobs/runtime/config.js';

export interface TestApp {
  server: Server;
  config: Config;
  /** the environment the config was read from (for real processes of the same install) */
  env: Record<string, string>;
  workers: RunningWorkers | null;
  /** base URL when listening (listen: true) */
  url: string;
  stop(): Promise<void>;
}

/** Resolves 'done' when the promise settles within `ms`, else 'late' (the promise keeps running). */
export async function within(promise: Promise<unknown>, ms: number): Promise<'done' | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  try {
    return await Promise.race([promise.then(() => 'done' as const, () => 'done' as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function startApp(opts: { env?: Record<string, string>; workers?: QueueName[] | false; listen?: boolean } = {}): Promise<TestApp> {
  const env = testEnv(opts.env);
  const config = loadConfig(env);
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
    env,
    workers,
    url,
    async stop() {
      // bounded: a test that failed half-way may leave a job or a socket behind, and a
      // teardown that waits on it forever would hold the whole run (ava's timeout does
      // not cover after hooks)
      if ((await within(server.stop({ timeout: 1000 }), 15_000)) === 'late') console.warn('test app: the gateway did not stop within 15 s');
      if (workers && (await within(workers.close(), 15_000)) === 'late') await within(workers.close({ force: true }), 5_000);
      // the temp folder testConfig() made for this app's mail outbox and media
      const tmp = path.dirname(config.mailOutboxDir);
      if (path.basename(tmp).startsWith('invp-test-')) await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}
