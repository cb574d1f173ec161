// A private redis-server for tests that stop and restart Redis (the machine's shared one
// serves every other test file and is never touched). Durable by default: append-only
// file, fsync on every write, so what Redis acknowledged survives a crash (SIGKILL),
// as a production Redis with AOF would keep it.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { watch, whenTestProcessEnds, type RunningProcess } from './processes.js';
import { closedPort } from './tcp-proxy.js';

export interface PrivateRedis {
  port: number;
  url: string;
  /** SIGKILL (a crash) or SIGTERM (a clean shutdown), waiting for the exit */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** starts it again on the same port and data folder, waiting until it accepts connections */
  start(): Promise<void>;
  /** stops it for good and removes its folder */
  dispose(): Promise<void>;
}

export async function privateRedis(opts: { durable?: boolean } = {}): Promise<PrivateRedis> {
  const port = await closedPort();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'invp-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir, ...(opts.durable === false ? ['--appendonly', 'no'] : ['--appendonly', 'yes', '--appendfsync', 'always'])];
  let current: RunningProcess | null = null;
  const start = async () => {
    if (current) return;
    current = watch(spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] }));
    const started = current;
    await started.waitFor(/Ready to accept connections/, 30_000).catch((err) => {
      started.kill('SIGKILL');
      current = null;
      throw err;
    });
  };
  const stop = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (!current) return;
    const p = current;
    current = null;
    p.kill(signal);
    await p.exited;
  };
  await start();
  const forget = whenTestProcessEnds(() => current?.kill('SIGKILL'));
  return {
    port,
    url: `redis://127.0.0.1:${port}/0`,
    start,
    stop,
    async dispose() {
      forget();
      await stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
