// Periodic: erasures whose grace period is over, expired export archives, exports whose job was lost.
import type { Handler } from '../registry.js';

export const dataProtectionSweep: Handler<'maintenance.data-protection-sweep'> = async (_job, { services }) => {
  const erased = await services.dataProtection.deletions.runDue();
  const expired = await services.dataProtection.exports.expireDue();
  const requeued = await services.dataProtection.exports.requeueStale();
  return { erased, expired, requeued };
};
