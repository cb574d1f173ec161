// What both ledger ideas share (a receipt of lines and a recorded request): the
// transaction header, the quantity rules and the alert enqueue after commit.
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import { Conflict } from '../../jobs/runtime/errors.js';
import { MAX_QUANTITY, type ReceiveLine } from './stock-lines.js';

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

export function header(kind: string, opts: ReceiveOptions) {
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


export function quantityRuleBroken(itemId: number, serial: string, quantity: number): Conflict {
  return serial && quantity > 1
    ? new Conflict(`Item ${itemId} is serialised (${serial}) and can hold at most 1.`, 'serial_quantity', { item_id: itemId, quantity })
    : new Conflict(`Item ${itemId} would hold ${quantity}; the maximum is ${MAX_QUANTITY}.`, 'quantity_overflow', { item_id: itemId, quantity });
}

/** Runs `fn` after the outermost transaction commits (never after a rollback). */
export function afterCommit(trx: Knex.Transaction, fn: () => unknown): void {
  let top = trx as Knex.Transaction & { parentTransaction?: Knex.Transaction };
  while (top.parentTransaction) top = top.parentTransaction as typeof top;
  top.executionPromise.then(() => fn(), () => undefined);
}

/** Enqueues the alert evaluation of a ledger transaction once the outermost database transaction commits. */
export function evaluateAlertsAfterCommit(platform: Platform, trx: Knex.Transaction, transactionId: number): void {
  afterCommit(trx, () => evaluateAlerts(platform, transactionId));
}

/** Enqueues the alert evaluation of a committed ledger transaction. */
export function evaluateAlerts(platform: Platform, transactionId: number): void {
  platform.producer
    .enqueue('inventory.evaluate-alerts', { actor_id: null, cause: `tx-${transactionId}`, transaction_id: String(transactionId), item_ids: [] })
    .catch((err) => platform.log.warn({ err, transaction_id: transactionId }, 'could not enqueue alert evaluation; the hourly sweep will catch up'));
}
