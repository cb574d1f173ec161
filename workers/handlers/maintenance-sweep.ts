// Periodic housekeeping (a BullMQ job scheduler runs it every few minutes): delete
// expired tokens and codes, and re-enqueue e-mails whose job never made it to Redis.
import type { Handler } from '../registry.js';

export const maintenanceSweep: Handler<'maintenance.sweep'> = async (_job, { services }) => {
  const dayAgo = new Date(Date.now() - 86_400_000);
  const tokens = await services.tokens.purgeExpired(dayAgo);
  const otps = await services.otps.cleanup();
  const mails = await services.mail.sweepStale();
  return { tokens_purged: tokens, otps_purged: otps, mails_requeued: mails };
};
