// The multi-process harness: several gateway processes (each on its own port), several
// worker processes and the kyc process on one PostgreSQL and Redis, as a deployment runs
// them, with a handle to kill (-9 or TERM), restart and scale them. Tests import
// startCluster(); operators run it:
//
//   npx tsx scripts/cluster.ts [--gateways 2] [--workers 2] [--port 8000] [--kyc-port 8001]
//
// then type `status`, `kill worker 1`, `term worker 1`, `restart worker 1`, `kill web 2`,
// `restart web 2`, `scale workers 3` or `stop` (Ctrl-C stops too).
import net from 'node:net';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { READY_LINE, exitInWords, spawnRole, type Role, type WatchedProcess } from './platform-processes.js';

export interface ClusterOptions {
  gateways?: number;
  workers?: number;
  kyc?: boolean;
  /** every process's environment (database, Redis, queue prefix, secrets, locks…) */
  env: Record<string, string>;
  /** on top of env, for worker processes only */
  workerEnv?: Record<string, string>;
  /** ports of the gateways (default: free ones) and of kyc */
  ports?: number[];
  kycPort?: number;
  /** where the processes' prefixed lines go (default: kept, not printed) */
  echo?: ((line: string) => void) | null;
  /** how long a process may take to print its start-up line (tsx on a busy machine is slow) */
  readyTimeoutMs?: number;
}

export interface Member extends WatchedProcess {
  /** web: its base URL */
  url: string | null;
  port: number | null;
}

export interface Cluster {
  /** web-1, web-2…: the gateway processes, by position (a restarted one takes its place) */
  gateways: Member[];
  /** the worker processes now running (scaleWorkers changes the list) */
  workers: Member[];
  kyc: Member | null;
  kycUrl: string | null;
  /** ends a process (SIGKILL by default) and waits for it; nothing restarts it */
  kill(member: Member, signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** starts the member again (same name, port and environment) and waits until it serves */
  restart(member: Member): Promise<Member>;
  /** starts or stops (SIGTERM, active jobs finish) workers until `count` run */
  scaleWorkers(count: number): Promise<void>;
  /** every process: SIGTERM, then SIGKILL for one that has not stopped within `timeoutMs` */
  stop(timeoutMs?: number): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const readyTimeoutMs = options.readyTimeoutMs ?? 240_000;
  const ports = options.ports ?? (await Promise.all(Array.from({ length: options.gateways ?? 2 }, freePort)));
  const kycPort = options.kyc === false ? null : (options.kycPort ?? (await freePort()));
  const kycUrl = kycPort ? `http://127.0.0.1:${kycPort}` : null;
  const shared = { ...options.env, ...(kycPort ? { KYC_PORT: String(kycPort), KYC_URL: kycUrl! } : {}) };
  let workerSeq = 0;

  const envOf = (role: Role, port: number | null): Record<string, string> => {
    if (role === 'web') return { ...shared, HOST: '127.0.0.1', PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}` };
    if (role === 'worker') return { ...shared, ...options.workerEnv };
    return { ...shared, KYC_HOST: '127.0.0.1' };
  };
  const launch = (role: Role, name: string, port: number | null): Member => {
    const p = spawnRole(role, name, { env: envOf(role, port), echo: options.echo ?? null, prefixWidth: 8 });
    return Object.assign(p, { url: port ? `http://127.0.0.1:${port}` : null, port });
  };
  const ready = async (m: Member) => {
    // a gateway logs that it listens at info, which LOG_LEVEL may hide: ask its health instead
    if (m.role === 'web') await answers(m, readyTimeoutMs);
    else await m.waitFor(READY_LINE[m.role], readyTimeoutMs);
    return m;
  };

  const cluster: Cluster = {
    gateways: ports.map((port, i) => launch('web', `web-${i + 1}`, port)),
    workers: Array.from({ length: options.workers ?? 2 }, () => launch('worker', `worker-${++workerSeq}`, null)),
    kyc: kycPort ? launch('kyc', 'kyc', null) : null,
    kycUrl,
    async kill(member, signal = 'SIGKILL') {
      if (!member.ended()) member.child.kill(signal);
      return member.exited;
    },
    async restart(member) {
      if (!member.ended()) await cluster.kill(member, 'SIGTERM');
      const again = launch(member.role, member.name, member.port);
      if (member.role === 'web') cluster.gateways[cluster.gateways.indexOf(member)] = again;
      else if (member.role === 'kyc') cluster.kyc = again;
      else cluster.workers = [...cluster.workers.filter((w) => w !== member), again];
      return ready(again);
    },
    async scaleWorkers(count) {
      cluster.workers = cluster.workers.filter((w) => !w.ended());
      const extra = cluster.workers.slice(count);
      const added = Array.from({ length: Math.max(0, count - cluster.workers.length) }, () => launch('worker', `worker-${++workerSeq}`, null));
      cluster.workers = [...cluster.workers.slice(0, count), ...added];
      await Promise.all([...extra.map((w) => cluster.kill(w, 'SIGTERM')), ...added.map(ready)]);
    },
    async stop(timeoutMs = 30_000) {
      const all = [...cluster.gateways, ...cluster.workers, ...(cluster.kyc ? [cluster.kyc] : [])].filter((m) => !m.ended());
      for (const m of all) m.child.kill('SIGTERM');
      const force = setTimeout(() => all.forEach((m) => m.ended() || m.child.kill('SIGKILL')), timeoutMs);
      await Promise.all(all.map((m) => m.exited));
      clearTimeout(force);
    },
  };
  try {
    await Promise.all([...cluster.gateways, ...cluster.workers, ...(cluster.kyc ? [cluster.kyc] : [])].map(ready));
  } catch (err) {
    await cluster.stop(5_000);
    throw err;
  }
  return cluster;
}

/** Resolves once the gateway answers its health check; rejects when it exits first or at the deadline. */
async function answers(m: Member, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (m.ended()) throw new Error(`${m.name} exited before it served: ${m.output().slice(-2000)}`);
    const ok = await fetch(`${m.url}/api/health/`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status > 0, () => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${m.name} did not answer ${m.url}/api/health/ within ${timeoutMs} ms: ${m.output().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** One line per process: name, pid, state, URL. */
export function describeCluster(cluster: Cluster): string[] {
  const all = [...cluster.gateways, ...cluster.workers, ...(cluster.kyc ? [cluster.kyc] : [])];
  return all.map((m) => `${m.name.padEnd(9)} pid ${String(m.child.pid).padEnd(7)} ${m.ended() ? 'ended' : 'running'}${m.url ? `  ${m.url}` : m.role === 'kyc' ? `  ${cluster.kycUrl}` : ''}`);
}

const USAGE = `
usage: npx tsx scripts/cluster.ts [--gateways N] [--workers N] [--port P] [--kyc-port P]

Starts N gateway processes (ports P, P+1, …; default 2 from 8000), N worker processes
(default 2) and the kyc process (--kyc-port, default 8001) on the PostgreSQL and Redis
of the environment (migrated and seeded first), with prefixed logs. Then reads commands:
  status                     the processes, their pids and URLs
  kill <name>                SIGKILL (kill -9), e.g. kill worker-1, kill web-2
  term <name>                SIGTERM (its ordered shutdown)
  restart <name>             start it again (after SIGTERM when it still runs)
  scale workers <N>          start or stop (SIGTERM) workers until N run
  stop                       stop everything (Ctrl-C too)
`;

async function main() {
  const { runEntry } = await import('../jobs/runtime/entry.js');
  const { parseCommandLine, usageError } = await import('./cli.js');
  const { loadConfig } = await import('../jobs/runtime/config.js');
  const { checkRedis } = await import('../db/connectivity.js');
  const { migrateAndSeed } = await import('../db/migrate.js');
  await runEntry('cluster', async () => {
    const { values } = parseCommandLine('cluster', USAGE, {
      options: { gateways: { type: 'string', default: '2' }, workers: { type: 'string', default: '2' }, port: { type: 'string', default: '8000' }, 'kyc-port': { type: 'string', default: '8001' } },
    });
    const [gateways, workers, port, kycPort] = [values.gateways, values.workers, values.port, values['kyc-port']].map(Number);
    if (![gateways, workers, port, kycPort].every(Number.isInteger) || gateways < 1 || workers < 0) usageError('cluster', 'the counts and ports must be whole numbers (at least one gateway)');
    const config = loadConfig();
    await checkRedis(config.redisUrl);
    await migrateAndSeed(config.databaseUrl, (line) => console.log(`release: ${line}`));
    const cluster = await startCluster({
      gateways,
      workers,
      env: {},
      ports: Array.from({ length: gateways }, (_, i) => port + i),
      kycPort,
      echo: (line) => console.log(line),
    }).catch((err: Error) => {
      console.error(`cluster: ${err.message.split('\n')[0].slice(0, 300)}`);
      process.exit(1);
    });
    console.log(['cluster: running', ...describeCluster(cluster)].join('\n  '));
    const find = (name: string) => [...cluster.gateways, ...cluster.workers, ...(cluster.kyc ? [cluster.kyc] : [])].find((m) => m.name === name);
    const stop = async () => {
      console.log('cluster: stopping');
      await cluster.stop();
      process.exit(0);
    };
    process.on('SIGINT', () => void stop());
    process.on('SIGTERM', () => void stop());
    for await (const line of readline.createInterface({ input: process.stdin })) {
      const [verb, name, n] = line.trim().split(/\s+/);
      const member = name ? find(name) : undefined;
      if (verb === 'status') console.log(describeCluster(cluster).join('\n'));
      else if (verb === 'stop') await stop();
      else if (verb === 'scale' && name === 'workers' && Number.isInteger(Number(n))) await cluster.scaleWorkers(Number(n)).then(() => console.log(describeCluster(cluster).join('\n')));
      else if ((verb === 'kill' || verb === 'term') && member) console.log(`cluster: ${member.name} ended (${exitInWords(await cluster.kill(member, verb === 'kill' ? 'SIGKILL' : 'SIGTERM'))})`);
      else if (verb === 'restart' && member) {
        const again = await cluster.restart(member);
        console.log(`cluster: ${again.name} serves again (pid ${again.child.pid})`);
      }
      else if (verb) console.log(`cluster: unknown command or name '${line.trim()}' (status, kill|term|restart <name>, scale workers <N>, stop)`);
    }
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
