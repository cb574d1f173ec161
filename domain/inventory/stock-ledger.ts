// The stock ledger: the ONLY code that changes inventory_items.quantity.
//
// Every change is an inventory transaction (receive | consume | adjust | move |
// import) with one leg per item it touches (a move has two), written in one database
// transaction that locks the items it changes with SELECT ... FOR UPDATE in item-id
// order (so concurrent writers never deadlock). A quantity never goes below zero: the
// whole transaction is refused with 409 insufficient_stock and nothing is written.
// Quantities are whole numbers. After commit, a transaction that touched an item with
// a minimum or an expiry date enqueues `inventory.evaluate-alerts`.
//
// ── Bulk API for other services and workers (e.g. the invoice import) ───────────
//   const ledger = services.ledger;                      // or new StockLedger(platform, audit)
//   await knex.transaction(async (trx) => {
//     const r = await ledger.receive(trx, scope, actorId, lines, {
//       kind: 'import', source: { type: 'invoice_session', id: session.id }, reference: invoiceNumber,
//     });
//     // r.transaction_id, r.lines[i] = { item_id, created }, r.created_item_ids, r.updated_item_ids
//   });
// - `trx` is YOUR transaction: the ledger writes inside it and never commits it, so
//   a failure anywhere in your unit rolls the stock back too. The alert job is
//   enqueued only after the outermost transaction commits.
// - `scope` is { type: 'self', userId, teamId: null, role: null } or
//   { type: 'team', userId, teamId, role } (domain/shared/scope.ts); every
//   storage box, product and variant in `lines` must belong to it (404 otherwise).
// - `lines`: { storage_box_id, product_id, quantity (whole, >= 1), inventory_id?
//   (must be the box's; defaults to it), variant_id?, unit?, min_quantity?,
//   lot_number?, serial_number?, expiry_date? 'YYYY-MM-DD', notes? }. A line creates
//   the item (box + product + variant + lot + serial) when missing and increases it
//   otherwise; lines naming the same item add up. Bad lines throw Invalid with the
//   path `lines[<index>].<field>`.
// - Set-based: a fixed number of statements whatever the number of lines (validated
//   for 10,000 lines); one transaction row, one leg per item, one audit entry.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { Scope } from '../shared/scope.js';
import type { AuditService } from '../audit/audit-service.js';
import { Conflict, Invalid } from '../../jobs/runtime/errors.js';
import { auditCtx, findInScope, ReferenceNotFound, requireInScope } from '../shared/scoped-rows.js';
import { MAX_QUANTITY, resolveReceiveLines, type ReceiveLine } from './stock-lines.js';
import {
  applyDeltasWithLegs, findByIdempotencyKey, identityKey, insertLegs, insertTransaction, insertTransactionAndLock, lockIdentities,
  upsertItems, type LegRow, type LockedItem, type Trx, type UpsertRow,
} from './stock-sql.js';
import { InventoryItem, StorageBox } from '../../db/models/index.js';
import { pgError } from '../../db/errors.js';

export const LEDGER_KINDS = ['receive', 'consume', 'adjust', 'move', 'import'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export { MAX_QUANTITY, type ReceiveLine };

export interface ReceiveOptions {
  kind?: 'receive' | 'import';
  source?: { type: string; id: string | number } | null;
  reference?: string;
  note?: string;
  idempotencyKey?: string | null;
  requestFingerprint?: string | null;
  /** one item created over HTTP: error paths name the field, not lines[0].field */
  single?: boolean;
}

export interface ReceiveResult {
  transaction_id: number;
  /** per input line, in input order */
  lines: { item_id: number; created: boolean }[];
  created_item_ids: number[];
  updated_item_ids: number[];
}

/** One HTTP ledger request (POST /api/inventory-transactions/), already joi-validated. */
export interface LedgerRequest {
  kind: LedgerKind;
  item_id?: number;
  quantity?: number;
  delta?: number;
  counted_quantity?: number;
  to_storage_box_id?: number;
  to_item_id?: number;
  lines?: ReceiveLine[];
  reference?: string;
  note?: string;
}

export class StockLedger {
  constructor(
    private readonly platform: Platform,
    private readonly audit: AuditService,
  ) {}

  /** Creates or increases items in bulk inside the caller's transaction (see the header). */
  async receive(trx: Trx, scope: Scope, actorId: string | null, lines: ReceiveLine[], opts: ReceiveOptions = {}): Promise<ReceiveResult> {
    if (!lines.length) throw Invalid.field('lines', 'At least one line is required.');
    const rows = await this.resolveLines(trx, scope, lines, { single: opts.single });
    // lines naming the same item add up; sorted so concurrent receivers insert in the same order
    const groups = new Map<string, UpsertRow>();
    rows.forEach((r) => {
      const g = groups.get(identityKey(r));
      if (g) g.quantity += r.quantity;
      else groups.set(identityKey(r), { ...r });
    });
    const merged = [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
    const overflow = merged.find((r) => r.quantity > MAX_QUANTITY);
    if (overflow) throw new Conflict(`A quantity may not exceed ${MAX_QUANTITY}.`, 'quantity_overflow', { storage_box_id: overflow.storage_box_id, product_id: overflow.product_id });

    const kind = opts.kind ?? 'receive';
    const txId = await insertTransaction(trx, scope, actorId, header(kind, opts));
    await lockIdentities(trx, merged);
    const upserted = await upsertItems(trx, scope, actorId, merged);
    const byKey = new Map(upserted.map((u) => [identityKey(u), u]));
    const legs: LegRow[] = merged.map((m) => {
      const u = byKey.get(identityKey(m))!;
      return { item_id: u.id, delta: m.quantity, quantity_before: u.quantity - m.quantity, quantity_after: u.quantity };
    });
    const tooMany = upserted.find((u) => u.quantity > MAX_QUANTITY || (u.serial_number && u.quantity > 1));
    if (tooMany) throw quantityRuleBroken(tooMany.id, tooMany.serial_number, tooMany.quantity);
    await insertLegs(trx, txId, legs);

    const created = upserted.filter((u) => u.inserted).map((u) => u.id);
    const updated = upserted.filter((u) => !u.inserted).map((u) => u.id);
    await this.audit.record(trx, auditCtx(scope, actorId ?? ''), {
      action: `inventory_transaction.${kind}`,
      entityType: 'inventory_transaction',
      entityId: txId,
      summary: `${kind}: ${lines.length} line(s), ${created.length} item(s) created, ${updated.length} increased`,
      changes: { kind, lines: lines.length, created_items: created.length, updated_items: updated.length, source: opts.source ?? null, legs: legs.slice(0, 50) },
    });
    if (upserted.some((u) => u.min_quantity > 0 || u.expiry_date)) this.evaluateAlertsAfterCommit(trx, txId);
    return {
      transaction_id: txId,
      lines: rows.map((r) => {
        const u = byKey.get(identityKey(r))!;
        return { item_id: u.id, created: u.inserted };
      }),
      created_item_ids: created,
      updated_item_ids: updated,
    };
  }

  /**
   * Records one ledger request in its own database transaction. With an
   * Idempotency-Key, a replay returns the original transaction id (`replayed`),
   * and the same key with a different request is a 409.
   */
  async record(scope: Scope, actorId: string, input: LedgerRequest, idempotencyKey?: string | null): Promise<RecordResult> {
    const fingerprint = idempotencyKey ? crypto.createHash('sha256').update(JSON.stringify(input)).digest('hex') : null;
    if (idempotencyKey) {
      const existing = await findByIdempotencyKey(this.platform.knex, scope, idempotencyKey);
      if (existing) return replay(existing, fingerprint!);
    }
    try {
      return await retryOnDeadlock(() => this.platform.knex.transaction(async (trx): Promise<RecordResult> => {
        if (input.lines) {
          const r = await this.receive(trx, scope, actorId, input.lines, { kind: input.kind as 'receive' | 'import', reference: input.reference, note: input.note, idempotencyKey, requestFingerprint: fingerprint });
          return { transactionId: r.transaction_id, replayed: false };
        }
        const snapshot = await this.applyToItems(trx, scope, actorId, input, header(input.kind, { reference: input.reference, note: input.note, idempotencyKey, requestFingerprint: fingerprint }));
        return { transactionId: snapshot.id, replayed: false, snapshot };
      }));
    } catch (err) {
      // a concurrent request with the same key committed first: answer with its transaction
      if (idempotencyKey && pgError(err).code === '23505' && /idem/.test(pgError(err).constraint ?? '')) {
        const existing = await findByIdempotencyKey(this.platform.knex, scope, idempotencyKey);
        if (existing) return replay(existing, fingerprint!);
      }
      throw err;
    }
  }

  /** consume | adjust | move | receive of one existing item: lock, check, apply, record. */
  private async applyToItems(trx: Trx, scope: Scope, actorId: string, input: LedgerRequest, head: ReturnType<typeof header>): Promise<TransactionSnapshot> {
    const sourceId = input.item_id!;
    const destId = input.kind === 'move' ? await this.moveDestination(trx, scope, actorId, input) : undefined;
    const { transactionId: txId, createdAt, items: locked } = await insertTransactionAndLock(trx, scope, actorId, head, destId ? [sourceId, destId] : [sourceId]);
    const source = locked.get(sourceId);
    if (!source) throw new ReferenceNotFound('item_id', 'Inventory item', sourceId);

    const deltas = new Map<number, number>();
    const q = input.quantity ?? 0;
    if (input.kind === 'receive') deltas.set(sourceId, q);
    else if (input.kind === 'consume') deltas.set(sourceId, -q);
    else if (input.kind === 'adjust') deltas.set(sourceId, input.counted_quantity !== undefined ? input.counted_quantity - source.quantity : input.delta!);
    else if (input.kind === 'move') {
      deltas.set(sourceId, -q);
      deltas.set(destId!, q);
    } else throw Invalid.field('lines', `${input.kind} needs lines.`);

    for (const [id, delta] of deltas) {
      const item = locked.get(id)!;
      const after = item.quantity + delta;
      if (after < 0) {
        throw new Conflict(`Not enough stock: item ${id} holds ${item.quantity} ${item.unit}, the request needs ${-delta}.`, 'insufficient_stock', {
          item_id: id, available: item.quantity, requested: -delta, shortfall: -after,
        });
      }
      if (after > MAX_QUANTITY || (item.serial_number && after > 1)) throw quantityRuleBroken(id, item.serial_number, after);
    }
    const legs = await applyDeltasWithLegs(trx, txId, deltas);
    await this.audit.record(trx, auditCtx(scope, actorId), {
      action: `inventory_transaction.${input.kind}`,
      entityType: 'inventory_transaction',
      entityId: txId,
      summary: legs.map((l) => `item ${l.item_id}: ${l.quantity_before} → ${l.quantity_after}`).join('; '),
      changes: { kind: input.kind, reference: input.reference ?? '', legs },
    });
    if (legs.some((l) => crossesAlertLine(locked.get(l.item_id)!, l))) this.evaluateAlertsAfterCommit(trx, txId);
    return {
      ...head, id: txId, created_at: createdAt, team_id: scope.teamId, created_by: actorId,
      leg_count: legs.length, net_delta: legs.reduce((sum, l) => sum + l.delta, 0),
      legs: legs.map((l) => ({ ...l, ...pickNames(locked.get(l.item_id)!) })),
    };
  }

  /** The item a move lands in: `to_item_id`, or the same product/lot in `to_storage_box_id` (created empty when missing). */
  private async moveDestination(trx: Trx, scope: Scope, actorId: string, input: LedgerRequest): Promise<number> {
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

  /** Checks receipt lines against the scope and fills the item columns (see stock-lines.ts). */
  resolveLines(trx: Trx, scope: Scope, lines: ReceiveLine[], opts: { allowZero?: boolean; single?: boolean } = {}): Promise<UpsertRow[]> {
    return resolveReceiveLines(trx, scope, lines, opts);
  }

  /** Enqueues the alert evaluation of a ledger transaction once the outermost database transaction commits. */
  evaluateAlertsAfterCommit(trx: Knex.Transaction, transactionId: number): void {
    afterCommit(trx, () =>
      this.platform.producer
        .enqueue('inventory.evaluate-alerts', { actor_id: null, cause: `tx-${transactionId}`, transaction_id: String(transactionId), item_ids: [] })
        .catch((err) => this.platform.log.warn({ err, transaction_id: transactionId }, 'could not enqueue alert evaluation; the hourly sweep will catch up')),
    );
  }
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

/** Runs `fn` after the outermost transaction commits (never after a rollback). */
export function afterCommit(trx: Knex.Transaction, fn: () => unknown): void {
  let top = trx as Knex.Transaction & { parentTransaction?: Knex.Transaction };
  while (top.parentTransaction) top = top.parentTransaction as typeof top;
  top.executionPromise.then(() => fn(), () => undefined);
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

/** Whether a leg may raise or clear an alert: the item has a minimum the leg reaches or leaves, or an expiry date. */
function crossesAlertLine(item: LockedItem, leg: LegRow): boolean {
  if (item.expiry_date) return true;
  return item.min_quantity > 0 && (leg.quantity_before <= item.min_quantity || leg.quantity_after <= item.min_quantity);
}

function header(kind: string, opts: ReceiveOptions) {
  return {
    kind,
    reference: (opts.reference ?? '').slice(0, 200),
    note: opts.note ?? '',
    idempotency_key: opts.idempotencyKey ?? null,
    request_fingerprint: opts.requestFingerprint ?? null,
    source_type: opts.source?.type ?? null,
    source_id: opts.source ? String(opts.source.id) : null,
  };
}

function replay(existing: { id: number; request_fingerprint: string | null }, fingerprint: string) {
  if (existing.request_fingerprint && existing.request_fingerprint !== fingerprint) {
    throw new Conflict('This Idempotency-Key was already used for a different request.', 'idempotency_key_reused', { transaction_id: existing.id });
  }
  return { transactionId: existing.id, replayed: true };
}

function quantityRuleBroken(itemId: number, serial: string, quantity: number): Conflict {
  return serial && quantity > 1
    ? new Conflict(`Item ${itemId} is serialised (${serial}) and can hold at most 1.`, 'serial_quantity', { item_id: itemId, quantity })
    : new Conflict(`Item ${itemId} would hold ${quantity}; the maximum is ${MAX_QUANTITY}.`, 'quantity_overflow', { item_id: itemId, quantity });
}
