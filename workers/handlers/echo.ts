import type { Handler } from '../registry.js';

/** A no-op job: returns its input. Used by clients to test realtime and by the round-trip benchmark. */
export const echo: Handler<'system.echo'> = async (job) => ({ echo: job.data.echo ?? null });
