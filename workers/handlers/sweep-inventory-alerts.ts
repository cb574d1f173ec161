// Hourly: expiry dates pass without any transaction, and an evaluation whose enqueue
// was lost (Redis down at commit) is caught up. Evaluates every item in one pass.
import type { Handler } from '../registry.js';

export const sweepInventoryAlerts: Handler<'inventory.sweep-alerts'> = async (_job, { services }) => {
  const { raised, resolved } = await services.alerts.evaluate(null);
  return { raised: raised.length, resolved: resolved.length };
};
