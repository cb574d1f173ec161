// Recording one ledger request (POST /api/inventory-transactions/): its own database
// transaction, Idempotency-Key replays, and consume | adjust | move | receive of one
// existing item with the insufficient-stock check.
import crypto from 'node:crypto';
import type { Scope } from '../shared/scope.js';
import { Conflict, Invalid } from '../../jobs/runtime/errors.js';
import { auditCtx, findInScope, ReferenceNotFound, requireInScope } from '../shared/scoped-rows.js';
import { MAX_QUANTITY } from './stock-lines.js';
import { findByIdempotencyKey, recordMovement, type ItemChange, type LegRow, type LockedItem, type RefusedItem, type Trx } from './stock-sql.js';
import { auditRow } from '../audit/audit-service.js';
import { InventoryItem, StorageBox } from '../../db/models/index.js';
import { pgError } from '../../db/errors.js';
import { evaluateAlerts, evaluateAlertsAfterCommit, header, quantityRuleBroken, type LedgerRequest } from './ledger-rules.js';
import { receiveStock, type LedgerDeps } from './stock-receipt.js';

/**
 * Records one ledger request atomically: a movement of one item is one statement (its
 * own transaction), a move or a receipt of lines a database transaction. With an
 * Idempotency-Key, a replay returns the original transaction id (`replayed`),
 * and the same key with a different request is a 409.
 */
export async function recordLedgerRequest(deps: LedgerDeps, scope: Scope, actorId: string, input: LedgerRequest, idempotencyKey?: string | null): Promise<RecordResult> {
  const fingerprint = idempotencyKey ? crypto.createHash('sha256').update(JSON.stringify(input)).digest('hex') : null;
  if (idempotencyKey) {
    const existing = await findByIdempotencyKey(deps.platform.knex, scope, idempotencyKey);
    if (existing) return replay(existing, fingerprint!);
  }
  try {
    const head = header(input.kind, { reference: input.reference, note: input.note, idempotencyKey, requestFingerprint: fingerprint });
    return await retryOnDeadlock(async (): Promise<RecordResult> => {
      if (input.lines) {
        return deps.platform.knex.transaction(async (trx) => {
          const r = await receiveStock(deps, trx, scope, actorId, input.lines!, { kind: input.kind as 'receive' | 'import', reference: input.reference, note: input.note, idempotencyKey, requestFingerprint: fingerprint });
          return { transactionId: r.transaction_id, replayed: false };
        });
      }
      // a move finds (or creates) its destination in the transaction of the movement; the others are one statement on their own
      const snapshot = input.kind === 'move'
        ? await deps.platform.knex.transaction((trx) => applyToItems(deps, trx, scope, actorId, input, head))
        : await applyToItems(deps, null, scope, actorId, input, head);
      return { transactionId: snapshot.id, replayed: false, snapshot };
    });
  } catch (err) {
    // a concurrent request with the same key committed first: answer with its transaction
    if (idempotencyKey && pgError(err).code === '23505' && /idem/.test(pgError(err).constraint ?? '')) {
      const existing = await findByIdempotencyKey(deps.platform.knex, scope, idempotencyKey);
      if (existing) return replay(existing, fingerprint!);
    }
    throw err;
  }
}

/**
 * consume | adjust | move | receive of one existing item: lock, check, apply and audit
 * in one statement (stock-sql.ts), inside `trx` (a move) or on its own (`trx` null).
 */
async function applyToItems(deps: LedgerDeps, trx: Trx | null, scope: Scope, actorId: string, input: LedgerRequest, head: ReturnType<typeof header>): Promise<TransactionSnapshot> {
  const sourceId = input.item_id!;
  const destId = input.kind === 'move' ? await moveDestination(trx!, scope, actorId, input) : undefined;
  const changes = itemChanges(input, sourceId, destId);
  const audit = auditRow(auditCtx(scope, actorId), { action: `inventory_transaction.${input.kind}`, entityType: 'inventory_transaction', changes: { kind: input.kind, reference: input.reference ?? '' } });
  const movement = await recordMovement(trx ?? deps.platform.knex, scope, actorId, head, changes, audit);
  if ('refused' in movement) throw refusal(changes, movement.refused, sourceId);
  const { transactionId: txId, createdAt, items: locked, legs } = movement;
  if (legs.some((l) => crossesAlertLine(locked.get(l.item_id)!, l))) {
    if (trx) evaluateAlertsAfterCommit(deps.platform, trx, txId);
    else evaluateAlerts(deps.platform, txId);
  }
  return {
    ...head, id: txId, created_at: createdAt, team_id: scope.teamId, created_by: actorId,
    leg_count: legs.length, net_delta: legs.reduce((sum, l) => sum + l.delta, 0),
    legs: legs.map((l) => ({ ...l, ...pickNames(locked.get(l.item_id)!) })),
  };
}

/** What a request changes, source first: a receive or consume of its quantity, an adjust by delta or count, a move's two legs. */
function itemChanges(input: LedgerRequest, sourceId: number, destId: number | undefined): ItemChange[] {
  const q = input.quantity ?? 0;
  if (input.kind === 'receive') return [{ id: sourceId, delta: q }];
  if (input.kind === 'consume') return [{ id: sourceId, delta: -q }];
  if (input.kind === 'adjust') return [input.counted_quantity !== undefined ? { id: sourceId, counted: input.counted_quantity } : { id: sourceId, delta: input.delta! }];
  if (input.kind === 'move') return [{ id: sourceId, delta: -q }, { id: destId!, delta: q }];
  throw Invalid.field('lines', `${input.kind} needs lines.`);
}

/** The rule a refused movement broke, checked in the request's order (the statement applies nothing unless all hold). */
function refusal(changes: ItemChange[], found: Map<number, RefusedItem>, sourceId: number): Error {
  if (!found.has(sourceId)) return new ReferenceNotFound('item_id', 'Inventory item', sourceId);
  for (const change of changes) {
    const item = found.get(change.id);
    if (!item) return new ReferenceNotFound('to_item_id', 'Inventory item', change.id);
    const delta = change.counted !== undefined ? change.counted - item.quantity : change.delta!;
    const after = item.quantity + delta;
    if (after < 0) {
      return new Conflict(`Not enough stock: item ${change.id} holds ${item.quantity} ${item.unit}, the request needs ${-delta}.`, 'insufficient_stock', {
        item_id: change.id, available: item.quantity, requested: -delta, shortfall: -after,
      });
    }
    if (after > MAX_QUANTITY || (item.serial_number && after > 1)) return quantityRuleBroken(change.id, item.serial_number, after);
  }
  return new Error('ledger movement refused without a broken rule');
}

/** The item a move lands in: `to_item_id`, or the same product/lot in `to_storage_box_id` (created empty when missing). */
async function moveDestination(trx: Trx, scope: Scope, actorId: string, input: LedgerRequest): Promise<number> {
  const source = await findInScope<LockedItem>(trx, InventoryItem, input.item_id!, scope, 'Inventory item');
  if (input.to_item_id !== undefined) {
    const dest = await findInScope<LockedItem>(trx, InventoryItem, input.to_item_id, scope, 'Inventory item').catch(() => {
      throw new ReferenceNotFound('to_item_id', 'Inventory item', input.to_item_id);
    });
    if (dest.id === source.id) throw Invalid.field('to_item_id', 'A move needs a different destination item.', 'same_location');
    if (dest.product_id !== source.product_id || (dest.variant_id ?? 0) !== (source.variant_id ?? 0)) {
      throw Invalid.field('to_item_id', 'The destination item holds a different product or variant.', 'product_mismatch');
    }
    return dest.id;
  }
  const { to_storage_box_id: box } = await requireInScope(trx, scope, [{ field: 'to_storage_box_id', model: StorageBox, id: input.to_storage_box_id, what: 'Storage box' }]);
  if (box.id === source.storage_box_id) throw Invalid.field('to_storage_box_id', 'The item is already in this storage box.', 'same_location');
  const identity = { storage_box_id: box.id, product_id: source.product_id, variant_id: source.variant_id, lot_number: source.lot_number, serial_number: source.serial_number };
  // DO NOTHING takes no lock on an existing row: locks are taken later, in id order
  const inserted = await InventoryItem.query(trx)
    .insert({ ...identity, inventory_id: box.inventory_id, quantity: 0, unit: source.unit, min_quantity: 0, expiry_date: source.expiry_date, owner_id: source.owner_id, team_id: source.team_id, created_by: actorId })
    .onConflict(trx.raw('(storage_box_id, product_id, (coalesce(variant_id, 0)), lot_number, serial_number)'))
    .ignore()
    .returning('id');
  // nothing inserted (the item exists): objection hands back the input without an id
  if (inserted.id !== undefined) return Number(inserted.id);
  const existing = await InventoryItem.query(trx)
    .where({ storage_box_id: box.id, product_id: source.product_id, lot_number: source.lot_number, serial_number: source.serial_number })
    .whereRaw('coalesce(variant_id, 0) = ?', [source.variant_id ?? 0])
    .select('id').first();
  return Number(existing!.id);
}

/**
 * Locks are taken in id order, so deadlocks between ledger writers cannot form; one
 * can still involve a writer outside the ledger (or two racing Idempotency-Key
 * inserts). Postgres then aborts one side, which is safe to run again.
 */
async function retryOnDeadlock<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts || pgError(err).code !== '40P01') throw err;
    }
  }
}

/** What a ledger request wrote, in the columns the transaction read shape is built from (no read-back needed). */
export interface TransactionSnapshot extends ReturnType<typeof header> {
  id: number;
  created_at: Date;
  team_id: number | null;
  created_by: string | null;
  leg_count: number;
  net_delta: number;
  legs: (LegRow & Record<string, unknown>)[];
}

export interface RecordResult {
  transactionId: number;
  replayed: boolean;
  /** present when the request wrote item legs directly (not for replays or line receipts) */
  snapshot?: TransactionSnapshot;
}

function pickNames(i: LockedItem) {
  return {
    unit: i.unit, product_id: i.product_id, product_name: i.product_name, variant_id: i.variant_id, inventory_id: i.inventory_id, inventory_name: i.inventory_name,
    storage_id: i.storage_id, storage_name: i.storage_name, storage_box_id: i.storage_box_id, storage_box_name: i.storage_box_name, lot_number: i.lot_number, serial_number: i.serial_number,
  };
}

/**
 * Whether a leg can raise or clear an alert: it takes the quantity across the item's
 * minimum (low stock), or across zero for an item with an expiry date (the expiry
 * alerts hold only while stock is left). A movement that stays on one side changes no
 * alert, so it asks for no evaluation; dates passing are the hourly sweep's.
 */
function crossesAlertLine(item: LockedItem, leg: LegRow): boolean {
  const low = (q: number) => item.min_quantity > 0 && q <= item.min_quantity;
  if (low(leg.quantity_before) !== low(leg.quantity_after)) return true;
  return !!item.expiry_date && leg.quantity_before > 0 !== leg.quantity_after > 0;
}

function replay(existing: { id: number; request_fingerprint: string | null }, fingerprint: string) {
  if (existing.request_fingerprint && existing.request_fingerprint !== fingerprint) {
    throw new Conflict('This Idempotency-Key was already used for a different request.', 'idempotency_key_reused', { transaction_id: existing.id });
  }
  return { transactionId: existing.id, replayed: true };
}
