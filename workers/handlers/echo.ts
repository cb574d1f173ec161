import { setTimeout as sleep } from 'node:timers/promises';
import type { Handler } from '../registry.js';

/**
 * A no-op job: returns its input. Used by clients to test realtime and by the
 * round-trip benchmark; `delay_ms` (at most 10 s, capped by the catalog schema)
 * makes it a slow job for trying polling, graceful shutdown and stalled-job recovery.
 */
export const echo: Handler<'system.echo'> = async (job) => {
  if (job.data.delay_ms) await sleep(job.data.delay_ms);
  return { echo: job.data.echo ?? null };
};
