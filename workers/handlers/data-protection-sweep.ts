// Periodic: erasures whose grace period is over, and expired export archives.
import type { Handler } from '../registry.js';

export const dataProtectionSweep: Handler<'maintenance.data-protection-sweep'> = async (_job, { services }) => {
  const erased = await services.dataProtection.deletions.runDue();
  const expired = await services.dataProtection.exports.expireDue();
  return { erased, expired };
};
