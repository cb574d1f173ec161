// Helpers of the ledger benchmark (scripts/bench/ledger.ts): child processes with
// their peak RSS, latency statistics, a closed-loop load runner, and the two
// in-process measurements (list query counts, bulk receive vs batch insert).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { Knex } from 'knex';
import type { Server } from '@hapi/hapi';
import type { Scope } from '../../domain/shared/scope.js';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface Child {
  proc: ChildProcess;
  name: string;
  /** peak resident set size so far (VmHWM), in MiB */
  peakRssMiB(): number;
  /** CPU seconds used so far (user + system) */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/**
 * Starts an entry file (web or worker) under tsx (a compiled .js file under plain node)
 * and waits for `ready`: a line on its output, or a probe that answers true (for
 * processes that print nothing at LOG_LEVEL=warn). `nodeArgs` go to node before the entry (e.g. --cpu-prof).
 */
export async function startChild(name: string, entry: string, env: Record<string, string>, ready: RegExp | (() => Promise<boolean>), nodeArgs: string[] = []): Promise<Child> {
  const proc = spawn(process.execPath, [...nodeArgs, ...(entry.endsWith('.js') ? [entry] : ['--import', 'tsx', entry])], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      // only the tail is kept (an access log under load would grow it without end)
      output = (output + chunk.toString()).slice(-8000);
      if (ready instanceof RegExp && ready.test(output)) resolve();
    };
    if (typeof ready === 'function') {
      const again = () => proc.exitCode === null && setTimeout(probe, 100);
      const probe = () => void ready().then((ok) => (ok ? resolve() : again()), again);
      probe();
    }
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${output.slice(-2000)}`)));
    // (BENCH_READY_MS: a machine shared with other work can take longer to load the gateway)
    const readyMs = Number(process.env.BENCH_READY_MS ?? 60_000);
    setTimeout(() => reject(new Error(`${name} not ready after ${readyMs / 1000} s:\n${output.slice(-2000)}`)), readyMs).unref();
  });
  let peak = 0;
  const sample = () => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${proc.pid}/status`, 'utf8'));
      if (m) peak = Math.max(peak, Number(m[1]) / 1024);
    } catch {
      /* exited */
    }
    return peak;
  };
  return {
    proc,
    name,
    peakRssMiB: sample,
    cpuSeconds() {
      try {
        const fields = fs.readFileSync(`/proc/${proc.pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
      } catch {
        return 0;
      }
    },
    async stop() {
      sample();
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    },
  };
}

export function stats(latenciesMs: number[], wallMs: number) {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { count: sorted.length, per_second: Math.round((sorted.length / wallMs) * 1000), p50_ms: round(at(0.5)), p99_ms: round(at(0.99)), max_ms: round(sorted[sorted.length - 1]) };
}
const round = (n: number) => Math.round(n * 100) / 100;

/** `clients` closed loops sharing `total` operations; returns latencies and wall time. */
export async function closedLoop(total: number, clients: number, op: (i: number) => Promise<void>): Promise<{ latencies: number[]; wallMs: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < total; i = next++) {
        const t0 = performance.now();
        await op(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, wallMs: performance.now() - started };
}

/** SQL statements one request runs, counted through knex 'query' events. */
export async function queriesOf(server: Server, url: string, headers: Record<string, string>): Promise<{ status: number; queries: number; rows: number }> {
  const { knex } = server.app.platform;
  let n = 0;
  const onQuery = () => void n++;
  knex.on('query', onQuery);
  const res = await server.inject({ method: 'GET', url, headers });
  knex.off('query', onQuery);
  return { status: res.statusCode, queries: n, rows: (JSON.parse(res.payload).results ?? []).length };
}

/** The bulk receive API against a bare knex batch insert of the same number of item rows. */
export async function bulkVersusBatchInsert(server: Server, scope: Scope, boxId: number, inventoryId: number, lines: number) {
  const { knex } = server.app.platform;
  const products = await knex('products')
    .insert(Array.from({ length: lines }, (_, i) => ({ name: `Bulk product ${i}`, owner_id: scope.userId, created_by: scope.userId })))
    .returning('id');
  const rows = products.map((p: { id: number }) => ({ storage_box_id: boxId, product_id: p.id, quantity: 3 }));
  // warm both paths once (plans, connections)
  await knex.transaction((trx) => server.app.services.ledger.receive(trx, scope, scope.userId, rows.slice(0, 50), { kind: 'import' }));
  await bareBatch(knex, rows.slice(50, 100), inventoryId, scope.userId, 'warm');

  const t0 = performance.now();
  await knex.transaction((trx) => server.app.services.ledger.receive(trx, scope, scope.userId, rows, { kind: 'import', source: { type: 'bench', id: 'bulk' } }));
  const ledgerMs = performance.now() - t0;
  const t1 = performance.now();
  await bareBatch(knex, rows, inventoryId, scope.userId, 'bare');
  const bareMs = performance.now() - t1;
  return { lines, ledger_ms: Math.round(ledgerMs), bare_batch_insert_ms: Math.round(bareMs), ratio: Math.round((ledgerMs / bareMs) * 100) / 100 };
}

/** knex.batchInsert (chunks of 1,000, one transaction) of plain item rows: the floor. */
async function bareBatch(knex: Knex, rows: { storage_box_id: number; product_id: number; quantity: number }[], inventoryId: number, userId: string, lot: string) {
  await knex.transaction((trx) =>
    knex.batchInsert('inventory_items', rows.map((r) => ({ ...r, inventory_id: inventoryId, lot_number: lot, owner_id: userId, created_by: userId })), 1000).transacting(trx),
  );
}

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU the Postgres backends of this database (a local server) use while `fn` runs: the
 * database's share of a transaction, which a throughput ratio on a shared machine hides.
 * Backends that start during the run count from zero.
 */
export async function withBackendCpu<T>(knex: Knex, fn: () => Promise<T>): Promise<{ result: T; postgresSeconds: number }> {
  const pids = async () => ((await knex.raw('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).rows as { pid: number }[]).map((r) => r.pid);
  const before = new Map((await pids()).map((pid) => [pid, cpuSecondsOf(pid)]));
  const result = await fn();
  let used = 0;
  for (const pid of await pids()) used += cpuSecondsOf(pid) - (before.get(pid) ?? 0);
  return { result, postgresSeconds: used };
}

/** The load generators' HTTP client: node:http over keep-alive connections (less CPU per request than fetch, on cores the measured processes share). */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/** POST a JSON body over a keep-alive connection; resolves with the status and parsed answer. */
export function postJson(url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; body: any }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (data += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data ? JSON.parse(data) : null }));
    });
    req.on('error', reject);
    req.end(text);
  });
}
