// Reading and acknowledging inventory alerts. Alerts are raised and resolved by the
// alert job (InventoryAlertMonitor); a client can only acknowledge one ("seen"),
// which does not resolve it: only restocking (or the expiry condition ending) does.
import Joi from 'joi';
import type { Platform } from '../../db/platform.js';
import type { AuditService } from '../audit/audit-service.js';
import type { InventoryAlertMonitor } from './inventory-alert-monitor.js';
import { ALERT_KINDS } from './inventory-alert-monitor.js';
import { type Body, type CollectionDef, iso, ScopedCollection } from '../shared/scoped-collection.js';
import type { Actor } from '../shared/actor.js';
import { Invalid } from '../../jobs/runtime/errors.js';
import { id } from '../shared/listing.js';
import { InventoryAlert } from '../../db/models/index.js';

export function alertsDef(): CollectionDef<Record<string, unknown>> {
  return {
    model: InventoryAlert,
    alias: 'a',
    what: 'Inventory alert',
    entity: 'inventory_alert',
    list: {
      filters: {
        status: { column: 'a.status', schema: Joi.string().valid('active', 'resolved') },
        kind: { column: 'a.kind', schema: Joi.string().valid(...ALERT_KINDS) },
        item_id: { column: 'a.item_id', schema: id },
        inventory_id: { column: 'i.inventory_id', schema: id },
        storage_box_id: { column: 'i.storage_box_id', schema: id },
        product_id: { column: 'i.product_id', schema: id },
        acknowledged: { column: 'a.acknowledged_at', schema: Joi.boolean(), apply: (q, v) => void (v ? q.whereNotNull('a.acknowledged_at') : q.whereNull('a.acknowledged_at')) },
      },
      search: ['a.message', 'p.name'],
      ordering: { created_at: 'a.created_at', updated_at: 'a.updated_at', kind: 'a.kind', status: 'a.status', id: 'a.id' },
      defaultOrdering: '-created_at',
      tiebreak: 'a.id',
    },
    select: (db) =>
      InventoryAlert.query(db).alias('a')
        .join('inventory_items as i', 'i.id', 'a.item_id')
        .join('products as p', 'p.id', 'i.product_id')
        .join('storage_boxes as b', 'b.id', 'i.storage_box_id')
        .join('storages as s', 's.id', 'b.storage_id')
        .join('inventories as v', 'v.id', 'i.inventory_id')
        .select('a.*', 'i.quantity as current_quantity', 'i.min_quantity as current_min_quantity', 'i.unit', 'i.product_id', 'p.name as product_name',
          'i.storage_box_id', 'b.name as storage_box_name', 'b.storage_id', 's.name as storage_name', 'i.inventory_id', 'v.name as inventory_name'),
    toOut: (r) => ({
      id: r.id, item_id: r.item_id, kind: r.kind, status: r.status, message: r.message,
      quantity: r.current_quantity, min_quantity: r.current_min_quantity, unit: r.unit, expiry_date: r.expiry_date ?? null,
      quantity_at_alert: r.quantity,
      product_id: r.product_id, product_name: r.product_name, inventory_id: r.inventory_id, inventory_name: r.inventory_name,
      storage_id: r.storage_id, storage_name: r.storage_name, storage_box_id: r.storage_box_id, storage_box_name: r.storage_box_name,
      acknowledged: r.acknowledged_at != null, acknowledged_at: iso(r.acknowledged_at), acknowledged_by: r.acknowledged_by ?? null,
      resolved_at: iso(r.resolved_at), profile_type: r.team_id != null ? 'team' : 'self', team_id: r.team_id ?? null,
      created_at: iso(r.created_at), updated_at: iso(r.updated_at),
    }),
    writable: [],
  };
}

export class InventoryAlertReadService extends ScopedCollection<Record<string, unknown>> {
  constructor(platform: Platform, audit: AuditService, private readonly alerts: InventoryAlertMonitor) {
    super(platform, audit, alertsDef());
  }

  async acknowledge(actor: Actor, id: number): Promise<Record<string, unknown>> {
    await this.alerts.acknowledge(actor, id);
    return this.get(actor, id);
  }

  /** PATCH {acknowledged: true}: the only change a client may make to an alert. */
  override async update(actor: Actor, id: number, body: Body): Promise<Record<string, unknown>> {
    if (body.acknowledged !== true) throw Invalid.field('acknowledged', 'Alerts can only be acknowledged (acknowledged: true); they resolve themselves when restocked.', 'alert_read_only');
    return this.acknowledge(actor, id);
  }
}
