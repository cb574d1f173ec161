// The multi-process harness (scripts/cluster.ts) as the install of a test file: its
// processes read the same environment as the file's in-process app (database, Redis
// index, queue prefix, secrets, media and mail folders), so the test can build data
// and read rows through the app while the cluster serves the requests.
import { startCluster, type Cluster, type ClusterOptions } from '../../scripts/cluster.js';
import type { TestApp } from './app.js';
import { whenTestProcessEnds } from './processes.js';

export type { Cluster, Member } from '../../scripts/cluster.js';

export async function startTestCluster(app: TestApp, opts: Omit<ClusterOptions, 'env'> & { env?: Record<string, string> } = {}): Promise<Cluster> {
  const cluster = await startCluster({
    ...opts,
    // info: the processes' start-up lines are what the harness waits for
    env: { ...app.env, LOG_LEVEL: 'info', DRAIN_MS: '200', ...opts.env },
    // TEST_CLUSTER_ECHO=1 prints the processes' output while a test runs
    echo: process.env.TEST_CLUSTER_ECHO ? (line) => console.log(line) : null,
  });
  const members = () => [...cluster.gateways, ...cluster.workers, ...(cluster.kyc ? [cluster.kyc] : [])];
  const forget = whenTestProcessEnds(() => members().forEach((m) => m.ended() || m.child.kill('SIGKILL')));
  const stop = cluster.stop;
  cluster.stop = async (timeoutMs) => {
    await stop(timeoutMs);
    forget();
  };
  return cluster;
}

/** fetch with a JSON body and answer, as a user of one gateway process */
export async function httpJson(base: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(base + path, { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, body: parsed };
}
