// Inventory alerts: low stock (minimum set and quantity <= minimum), expiring soon
// (expiry date within EXPIRY_WINDOW_DAYS and stock left) and expired (date passed,
// stock left). Alerts are raised and resolved by a job (inventory.evaluate-alerts,
// after the ledger transaction that crossed the line, and an hourly sweep), never by
// the request itself. Evaluation is set-based and idempotent: at most one active
// alert per item and kind (unique index), and it always compares with the current
// state, so running it twice changes nothing. New and resolved alerts are pushed to
// every user of the scope over /ws/notifications/ as {type: "inventory.alert"}, and
// new ones are also stored as notifications.
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { Scope } from '../shared/scope.js';
import type { AuditService } from '../audit/audit-service.js';
import type { NotificationService } from '../notifications/notification-service.js';
import { Conflict } from '../../jobs/runtime/errors.js';
import { auditCtx, findInScope } from '../shared/scoped-rows.js';
import type { Actor } from '../shared/actor.js';
import { InventoryAlert, InventoryTransactionLeg, TeamMember } from '../../db/models/index.js';
import { recordAuditMany } from '../audit/audit-service.js';

export const EXPIRY_WINDOW_DAYS = 30;
export const ALERT_KINDS = ['low_stock', 'expiring_soon', 'expired'] as const;

/** The condition of each kind over an inventory_items row aliased `i`. */
const CONDITION: Record<(typeof ALERT_KINDS)[number], string> = {
  low_stock: 'i.min_quantity > 0 AND i.quantity <= i.min_quantity',
  expiring_soon: `i.quantity > 0 AND i.expiry_date IS NOT NULL AND i.expiry_date >= current_date AND i.expiry_date <= current_date + ${EXPIRY_WINDOW_DAYS}`,
  expired: 'i.quantity > 0 AND i.expiry_date IS NOT NULL AND i.expiry_date < current_date',
};

const MESSAGE: Record<(typeof ALERT_KINDS)[number], string> = {
  low_stock: `'Low stock: ' || p.name || ' in ' || b.name || ' has ' || i.quantity || ' ' || i.unit || ' (minimum ' || i.min_quantity || ')'`,
  expiring_soon: `'Expiring soon: ' || p.name || ' in ' || b.name || ' expires on ' || to_char(i.expiry_date, 'YYYY-MM-DD')`,
  expired: `'Expired: ' || p.name || ' in ' || b.name || ' expired on ' || to_char(i.expiry_date, 'YYYY-MM-DD')`,
};

export interface AlertChange {
  id: number;
  item_id: number;
  kind: string;
  status: string;
  message: string;
  owner_id: string | null;
  team_id: number | null;
}

export class InventoryAlertMonitor {
  constructor(
    private readonly platform: Platform,
    private readonly notifications: NotificationService,
    private readonly audit: AuditService,
  ) {}

  /** The items a ledger transaction touched. */
  async itemsOfTransaction(transactionId: string): Promise<number[]> {
    const rows = await InventoryTransactionLeg.query(this.platform.knex).where({ transaction_id: transactionId }).distinct('item_id');
    return rows.map((r: { item_id: number }) => r.item_id);
  }

  /**
   * Raises and resolves the alerts of the given items (all items when `itemIds` is
   * null: the sweep) in one database transaction, then pushes the changes.
   */
  async evaluate(itemIds: number[] | null): Promise<{ raised: AlertChange[]; resolved: AlertChange[] }> {
    if (itemIds && itemIds.length === 0) return { raised: [], resolved: [] };
    const result = await this.platform.knex.transaction(async (trx) => {
      const raised: AlertChange[] = [];
      const resolved: AlertChange[] = [];
      for (const kind of ALERT_KINDS) {
        raised.push(...(await raise(trx, kind, itemIds)));
        resolved.push(...(await resolve(trx, kind, itemIds)));
      }
      // the monitor acts for nobody: each change is logged in its alert's scope
      const entry = (a: AlertChange, event: 'raise' | 'resolve') => ({
        scope: a.team_id != null ? { type: 'team' as const, teamId: a.team_id } : { type: 'self' as const, teamId: null },
        action: `inventory_alert.${event}`, entityType: 'inventory_alert', entityId: a.id,
        summary: `${a.kind} alert ${event === 'raise' ? 'raised' : 'resolved'} for item ${a.item_id}`,
        changes: { item_id: a.item_id, kind: a.kind, status: a.status },
      });
      await recordAuditMany(trx, { actorId: null }, [...raised.map((a) => entry(a, 'raise')), ...resolved.map((a) => entry(a, 'resolve'))]);
      return { raised, resolved };
    });
    await this.announce(result.raised, 'raised');
    await this.announce(result.resolved, 'resolved');
    return result;
  }

  async acknowledge(actor: Actor, id: number): Promise<void> {
    const { scope, userId: actorId } = actor;
    await this.platform.knex.transaction(async (trx) => {
      const alert = await findInScope<{ id: number; acknowledged_at: Date | null }>(trx, InventoryAlert, id, scope, 'Inventory alert', { forUpdate: true });
      if (alert.acknowledged_at) throw new Conflict('This alert is already acknowledged.', 'already_acknowledged', { acknowledged_at: new Date(alert.acknowledged_at).toISOString() });
      await InventoryAlert.query(trx).where({ id }).update({ acknowledged_at: trx.fn.now(), acknowledged_by: actorId, updated_at: trx.fn.now() });
      await this.audit.record(trx, auditCtx(scope, actorId), { action: 'inventory_alert.acknowledge', entityType: 'inventory_alert', entityId: id, summary: `acknowledged alert ${id}` });
    });
  }

  /** Pushes alert changes to every user of each alert's scope. */
  private async announce(changes: AlertChange[], event: 'raised' | 'resolved'): Promise<void> {
    if (!changes.length) return;
    const teamIds = [...new Set(changes.map((c) => c.team_id).filter((t): t is number => t != null))];
    const members = teamIds.length ? await TeamMember.query(this.platform.knex).whereIn('team_id', teamIds).select('team_id', 'user_id') : [];
    for (const alert of changes) {
      const users = alert.team_id != null ? members.filter((m: { team_id: number }) => m.team_id === alert.team_id).map((m: { user_id: string }) => m.user_id) : [alert.owner_id!];
      const data = { event, alert: { id: alert.id, item_id: alert.item_id, kind: alert.kind, status: alert.status, message: alert.message, profile_type: alert.team_id != null ? 'team' : 'self', team_id: alert.team_id } };
      await this.platform.producer
        .publish({ kind: 'user.message', user_ids: users, message: { type: 'inventory.alert', data } })
        .catch((err) => this.platform.log.warn({ err, alert_id: alert.id }, 'alert push failed; clients see it in the alert list'));
      if (event !== 'raised') continue;
      for (const recipientId of users) {
        const n = await this.notifications.create(recipientId, { kind: 'inventory.alert', title: alert.message, data: { alert_id: alert.id, item_id: alert.item_id, kind: alert.kind }, dedupeKey: `inventory-alert-${alert.id}-${recipientId}` });
        if (n.created) await this.notifications.push(recipientId, n.id);
      }
    }
  }
}

const RETURNING = 'RETURNING id, item_id, kind, status, message, owner_id, team_id';

/** Opens an alert for each item meeting the condition that has no active one of that kind. */
async function raise(trx: Knex.Transaction, kind: (typeof ALERT_KINDS)[number], itemIds: number[] | null): Promise<AlertChange[]> {
  const { rows } = await trx.raw(
    `INSERT INTO inventory_alerts (item_id, kind, status, message, quantity, min_quantity, expiry_date, owner_id, team_id)
     SELECT i.id, ?, 'active', left(${MESSAGE[kind]}, 500), i.quantity, i.min_quantity, i.expiry_date, i.owner_id, i.team_id
       FROM inventory_items i
       JOIN products p ON p.id = i.product_id
       JOIN storage_boxes b ON b.id = i.storage_box_id
      WHERE ${CONDITION[kind]} ${itemIds ? 'AND i.id = ANY(?::int[])' : ''}
     ON CONFLICT (item_id, kind) WHERE status = 'active' DO NOTHING
     ${RETURNING}`,
    itemIds ? [kind, itemIds] : [kind],
  );
  return rows;
}

/** Resolves the active alerts whose item no longer meets the condition (restocked, consumed, date changed). */
async function resolve(trx: Knex.Transaction, kind: (typeof ALERT_KINDS)[number], itemIds: number[] | null): Promise<AlertChange[]> {
  const { rows } = await trx.raw(
    `UPDATE inventory_alerts a SET status = 'resolved', resolved_at = now(), updated_at = now(), quantity = i.quantity
       FROM inventory_items i
      WHERE i.id = a.item_id AND a.kind = ? AND a.status = 'active' AND NOT (${CONDITION[kind]})
        ${itemIds ? 'AND a.item_id = ANY(?::int[])' : ''}
     RETURNING a.id, a.item_id, a.kind, a.status, a.message, a.owner_id, a.team_id`,
    itemIds ? [kind, itemIds] : [kind],
  );
  return rows;
}
