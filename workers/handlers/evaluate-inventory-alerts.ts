// After a ledger transaction (or an item edit) that may have crossed an alert line:
// raise or resolve the items' low-stock / expiry alerts and push them to the scope.
// Idempotent: evaluation compares with the current state and the active-alert unique
// index allows one active alert per item and kind.
import type { Handler } from '../registry.js';

export const evaluateInventoryAlerts: Handler<'inventory.evaluate-alerts'> = async (job, { services }) => {
  const itemIds = job.data.transaction_id ? await services.alerts.itemsOfTransaction(job.data.transaction_id) : job.data.item_ids;
  const { raised, resolved } = await services.alerts.evaluate(itemIds);
  return { items: itemIds.length, raised: raised.map((a) => a.id), resolved: resolved.map((a) => a.id) };
};
