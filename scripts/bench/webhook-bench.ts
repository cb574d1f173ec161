// What the webhook benchmarks share (kyc-webhooks.ts, billing-webhook.ts): a fresh,
// migrated database per run, the accepted-per-second phase (50 connections of signed
// POSTs, next to a bare Hapi route) and the paced sending of the latency phase.
import autocannon from 'autocannon';
import pg from 'pg';
import type { Knex } from 'knex';
import { migrateAndSeed } from '../../db/migrate.js';
import { createKnex } from '../../db/knex.js';

/** Drops, creates and migrates the benchmark's database (leftovers of an earlier run would skew it). */
export async function freshDatabase(url: string): Promise<Knex> {
  const admin = new URL(url);
  const dbName = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const pgc = new pg.Client({ connectionString: admin.toString() });
  await pgc.connect();
  await pgc.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await pgc.end();
  await migrateAndSeed(url);
  return createKnex(url, { min: 0, max: 4 });
}

/** POSTs from 50 connections for `seconds`, each body and its headers made by `request(n)`. */
export function postFlood(url: string, seconds: number, request: (n: number) => { body: string; headers: Record<string, string> }): Promise<autocannon.Result> {
  let n = 0;
  return autocannon({
    url,
    connections: 50,
    duration: seconds,
    requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, ...request(n++) }) }],
  });
}

/** The accepted-per-second figures of one flood. */
export const acceptedRate = (r: autocannon.Result) => ({ accepted_per_s: Math.round(r.requests.average), non_2xx: r.non2xx, errors: r.errors, p99_ms: r.latency.p99 });

/** Calls `send(i)` for i < count at `rate` per second (open loop); resolves with the start (performance.now()). */
export async function paced(count: number, rate: number, send: (i: number) => Promise<void> | void): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await send(i);
  }
  return started;
}
