// Waiting on a condition instead of sleeping: polls until the predicate returns a
// truthy value (which it returns) and fails with a clear message at the deadline, so a
// slow machine makes a test slower, never wrong.
import { setTimeout as sleep } from 'node:timers/promises';

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** what was awaited, for the failure */
  message?: string;
}

export async function waitFor<T>(predicate: () => T | Promise<T>, opts: WaitOptions = {}): Promise<NonNullable<T>> {
  const { timeoutMs = 10_000, intervalMs = 25, message = 'condition' } = opts;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await predicate();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`waitFor: ${message} not met within ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}

/**
 * A deliberate pause that is itself what a test exercises (a rate window, a slow
 * client, time passing between two actions). Never a way to wait for something.
 */
export const pacingDelay = (ms: number, _why: string) => sleep(ms);

/**
 * Has the queue nothing left to run now (no job waiting, prioritised or active)? Delayed
 * jobs (another test's retry backoff) are later work, not work under way.
 */
export async function queueIsIdle(queue: { getJobCounts(...types: string[]): Promise<Record<string, number>> }): Promise<boolean> {
  const counts = await queue.getJobCounts('waiting', 'prioritized', 'active', 'paused');
  return Object.values(counts).every((n) => n === 0);
}

/** Waits until every job on the queue has run: the signal that a job's effects (or its lack of them) are final. */
export const queueDrained = (queue: Parameters<typeof queueIsIdle>[0], opts: WaitOptions = {}) =>
  waitFor(() => queueIsIdle(queue), { message: 'queue drained', ...opts });

/**
 * Polls `fn` until `ok` holds of its value or `ms` pass, and returns the last value
 * either way, so that the test's own assertion on it shows what was there.
 */
export async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  let v = await fn();
  while (!ok(v) && Date.now() < until) {
    await sleep(50);
    v = await fn();
  }
  return v;
}
