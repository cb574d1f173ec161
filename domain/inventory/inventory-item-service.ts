// Inventory items: a product (optionally a variant, lot or serial number) in a
// storage box. The quantity is read-only here: it changes only through the stock
// ledger, so creating an item with an initial quantity records a `receive`
// transaction, and deleting one is refused while it holds stock. Changing the
// minimum or the expiry date re-evaluates the item's alerts after commit.
import Joi from 'joi';
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { AuditService } from '../audit/audit-service.js';
import { type Body, type CollectionDef, ScopedCollection, scopeOut } from '../shared/scoped-collection.js';
import type { Actor } from '../shared/actor.js';
import { afterCommit, type StockLedger } from './stock-ledger.js';
import { Conflict } from '../../jobs/runtime/errors.js';
import { auditCtx, scopeFill } from '../shared/scoped-rows.js';
import { identityKey } from './stock-sql.js';
import { id } from '../shared/listing.js';
import { InventoryItem } from '../../db/models/index.js';

type ItemsDef = CollectionDef<Record<string, unknown>>;

/** What the item list filters on (query parameters of GET /api/inventory-items/). */
function itemFilters(): NonNullable<ItemsDef['list']>['filters'] {
  return {
    inventory_id: { column: 'i.inventory_id', schema: id },
    storage_id: { column: 'b.storage_id', schema: id },
    storage_box_id: { column: 'i.storage_box_id', schema: id },
    product_id: { column: 'i.product_id', schema: id },
    variant_id: { column: 'i.variant_id', schema: id },
    lot_number: { column: 'i.lot_number', schema: Joi.string().max(100) },
    serial_number: { column: 'i.serial_number', schema: Joi.string().max(100) },
    low_stock: {
      column: 'i.quantity',
      schema: Joi.boolean().description('true: minimum set and quantity <= minimum'),
      apply: (q, v) => void (v ? q.whereRaw('i.min_quantity > 0 AND i.quantity <= i.min_quantity') : q.whereRaw('NOT (i.min_quantity > 0 AND i.quantity <= i.min_quantity)')),
    },
    in_stock: { column: 'i.quantity', schema: Joi.boolean(), apply: (q, v) => void q.where('i.quantity', v ? '>' : '=', 0) },
    expires_before: { column: 'i.expiry_date', schema: Joi.date().iso().raw().description('expiry_date on or before (YYYY-MM-DD)'), op: '<=' },
    expires_after: { column: 'i.expiry_date', schema: Joi.date().iso().raw().description('expiry_date on or after (YYYY-MM-DD)'), op: '>=' },
  };
}

export function itemsDef(): CollectionDef<Record<string, unknown>> {
  return {
    model: InventoryItem,
    alias: 'i',
    what: 'Inventory item',
    entity: 'inventory_item',
    list: {
      filters: itemFilters(),
      search: ['p.name', 'i.lot_number', 'i.serial_number', 'i.notes', 'pv.sku', 'pv.barcode'],
      ordering: {
        product_name: 'p.name', quantity: 'i.quantity', min_quantity: 'i.min_quantity', unit_cost: 'i.unit_cost', expiry_date: 'i.expiry_date', storage_box_name: 'b.name',
        inventory_name: 'v.name', created_at: 'i.created_at', updated_at: 'i.updated_at', id: 'i.id',
      },
      defaultOrdering: 'product_name',
      tiebreak: 'i.id',
    },
    select: (db) =>
      db('inventory_items as i')
        .join('storage_boxes as b', 'b.id', 'i.storage_box_id')
        .join('storages as s', 's.id', 'b.storage_id')
        .join('inventories as v', 'v.id', 'i.inventory_id')
        .join('products as p', 'p.id', 'i.product_id')
        .leftJoin('product_families as pf', 'pf.id', 'p.family_id')
        .leftJoin('product_variants as pv', 'pv.id', 'i.variant_id')
        .select('i.*', 'b.name as storage_box_name', 'b.storage_id', 's.name as storage_name', 'v.name as inventory_name', 'p.name as product_name',
          'pf.name as product_family_name', 'pv.name as variant_name', 'pv.sku', 'pv.barcode'),
    toOut: (r) => ({
      id: r.id,
      inventory_id: r.inventory_id, inventory_name: r.inventory_name,
      storage_id: r.storage_id, storage_name: r.storage_name,
      storage_box_id: r.storage_box_id, storage_box_name: r.storage_box_name,
      product_id: r.product_id, product_name: r.product_name, product_family_name: r.product_family_name ?? null,
      variant_id: r.variant_id ?? null, variant_name: r.variant_name ?? null, sku: r.sku ?? null, barcode: r.barcode ?? null,
      quantity: r.quantity, unit: r.unit, min_quantity: r.min_quantity, is_low_stock: r.min_quantity > 0 && r.quantity <= r.min_quantity,
      target_quantity: r.target_quantity, unit_cost: Number(r.unit_cost),
      lot_number: r.lot_number, serial_number: r.serial_number, expiry_date: r.expiry_date ?? null, notes: r.notes,
      ...scopeOut(r),
    }),
    writable: ['unit', 'min_quantity', 'target_quantity', 'unit_cost', 'lot_number', 'serial_number', 'expiry_date', 'notes'],
  };
}

/** The reporting columns of a create body (unit cost for valuation, target for order lists). */
function reportingColumns(body: Body): { unit_cost?: number; target_quantity?: number } {
  const out: { unit_cost?: number; target_quantity?: number } = {};
  if (body.unit_cost !== undefined) out.unit_cost = body.unit_cost as number;
  if (body.target_quantity !== undefined) out.target_quantity = body.target_quantity as number;
  return out;
}

export class InventoryItemService extends ScopedCollection<Record<string, unknown>> {
  constructor(platform: Platform, audit: AuditService, private readonly ledger: StockLedger) {
    super(platform, audit, {
      ...itemsDef(),
      prepare: ({ body, before }) => {
        if (before && body.serial_number && before.quantity > 1) {
          throw new Conflict(`Item ${before.id} holds ${before.quantity}; a serialised item holds at most 1.`, 'serial_quantity', { item_id: before.id, quantity: before.quantity });
        }
        return {};
      },
      afterWrite: async ({ trx, before, after }) => {
        if (before && (before.min_quantity !== after.min_quantity || before.expiry_date !== after.expiry_date)) this.evaluateAfterCommit(trx, after.id, after.updated_at);
      },
      beforeDelete: async (_trx, row) => {
        if (row.quantity > 0) throw new Conflict(`This item still holds ${row.quantity} ${row.unit}; consume or move it first.`, 'not_empty', { quantity: row.quantity });
      },
    });
  }

  /** Creates an item; an initial quantity is received through the ledger in the same transaction. */
  override async create(actor: Actor, body: Body): Promise<Record<string, unknown>> {
    const line = {
      storage_box_id: body.storage_box_id as number, product_id: body.product_id as number, inventory_id: (body.inventory_id as number) ?? null,
      variant_id: (body.variant_id as number) ?? null, quantity: (body.quantity as number) ?? 0, unit: body.unit as string, min_quantity: body.min_quantity as number,
      lot_number: body.lot_number as string, serial_number: body.serial_number as string, expiry_date: (body.expiry_date as string) ?? null, notes: body.notes as string,
    };
    const itemId = await this.platform.knex.transaction(async (trx) => {
      const [row] = await this.ledger.resolveLines(trx, actor.scope, [line], { allowZero: true, single: true });
      const existing = await InventoryItem.query(trx)
        .where({ storage_box_id: row.storage_box_id, product_id: row.product_id, lot_number: row.lot_number, serial_number: row.serial_number })
        .whereRaw('coalesce(variant_id, 0) = ?', [row.variant_id ?? 0])
        .select('id').first();
      if (existing) {
        throw new Conflict(`This product (same variant, lot and serial) is already stocked in this box as item ${existing.id}; receive into it instead.`, 'item_exists', { item_id: existing.id, key: identityKey(row) });
      }
      if (row.serial_number && row.quantity > 1) throw new Conflict('A serialised item holds at most 1.', 'serial_quantity', { quantity: row.quantity });
      if (row.quantity > 0) {
        const r = await this.ledger.receive(trx, actor.scope, actor.userId, [line], { kind: 'receive', reference: 'initial stock', single: true });
        // the ledger's lines carry no cost or target: set them in the same transaction
        if (Object.keys(reportingColumns(body)).length) await InventoryItem.query(trx).findById(r.lines[0].item_id).patch(reportingColumns(body));
        await this.recordCreate(trx, actor, r.lines[0].item_id, { ...row, ...reportingColumns(body) });
        return r.lines[0].item_id;
      }
      const created = await InventoryItem.query(trx).insert({ ...row, ...reportingColumns(body), quantity: 0, ...scopeFill(actor.scope, actor.userId) }).returning('id');
      await this.recordCreate(trx, actor, created.id, { ...row, ...reportingColumns(body) });
      if (row.expiry_date || row.min_quantity > 0) this.evaluateAfterCommit(trx, created.id, new Date());
      return created.id as number;
    });
    return this.get(actor, itemId);
  }

  private recordCreate(trx: Knex.Transaction, actor: Actor, id: number, row: object) {
    return this.audit.record(trx, auditCtx(actor.scope, actor.userId), { action: 'inventory_item.create', entityType: 'inventory_item', entityId: id, summary: `created inventory item #${id}`, changes: { ...row } });
  }

  private evaluateAfterCommit(trx: Knex.Transaction, itemId: number, version: Date | string) {
    afterCommit(trx, () =>
      this.platform.producer
        .enqueue('inventory.evaluate-alerts', { actor_id: null, cause: `item-${itemId}-v${new Date(version).getTime()}`, transaction_id: null, item_ids: [itemId] })
        .catch((err) => this.platform.log.warn({ err, item_id: itemId }, 'could not enqueue alert evaluation; the hourly sweep will catch up')),
    );
  }
}
