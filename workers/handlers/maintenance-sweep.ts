// Periodic housekeeping (a BullMQ job scheduler runs it every few minutes): delete
// expired tokens and codes, re-enqueue e-mails whose job never made it to Redis, and
// remove report files past their retention (the report records stay).
import type { Handler } from '../registry.js';

export const maintenanceSweep: Handler<'maintenance.sweep'> = async (_job, { services }) => {
  const dayAgo = new Date(Date.now() - 86_400_000);
  const tokens = await services.tokens.purgeExpired(dayAgo);
  const otps = await services.otps.cleanup();
  const mails = await services.mail.sweepStale();
  const reportFiles = await services.reports.reports.removeExpiredFiles();
  return { tokens_purged: tokens, otps_purged: otps, mails_requeued: mails, report_files_removed: reportFiles };
};
