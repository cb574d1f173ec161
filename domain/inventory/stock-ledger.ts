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
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { Scope } from '../shared/scope.js';
import type { Actor } from '../shared/actor.js';
import type { AuditService } from '../audit/audit-service.js';
import { resolveReceiveLines, type ReceiveLine } from './stock-lines.js';
import type { Trx, UpsertRow } from './stock-sql.js';
import { evaluateAlertsAfterCommit, type LedgerRequest, type ReceiveOptions, type ReceiveResult } from './ledger-rules.js';
import { receiveStock, type LedgerDeps } from './stock-receipt.js';
import { recordLedgerRequest, type RecordResult } from './stock-movement.js';

export { LEDGER_KINDS, MAX_QUANTITY, afterCommit, type LedgerKind, type LedgerRequest, type ReceiveLine, type ReceiveOptions, type ReceiveResult } from './ledger-rules.js';
export type { RecordResult, TransactionSnapshot } from './stock-movement.js';

/** The ledger's two ways in: a bulk receipt inside the caller's transaction, and one recorded request. */
export class StockLedger {
  private readonly deps: LedgerDeps;

  constructor(
    private readonly platform: Platform,
    audit: AuditService,
  ) {
    this.deps = { platform, audit };
  }

  /** Creates or increases items in bulk inside the caller's transaction (see the header; stock-receipt.ts). */
  receive(trx: Trx, scope: Scope, actorId: string | null, lines: ReceiveLine[], opts: ReceiveOptions = {}): Promise<ReceiveResult> {
    return receiveStock(this.deps, trx, scope, actorId, lines, opts);
  }

  /** Records one ledger request in its own database transaction (stock-movement.ts). */
  record(actor: Actor, input: LedgerRequest, idempotencyKey?: string | null): Promise<RecordResult> {
    return recordLedgerRequest(this.deps, actor.scope, actor.userId, input, idempotencyKey);
  }

  /** Checks receipt lines against the scope and fills the item columns (see stock-lines.ts). */
  resolveLines(trx: Trx, scope: Scope, lines: ReceiveLine[], opts: { allowZero?: boolean; single?: boolean } = {}): Promise<UpsertRow[]> {
    return resolveReceiveLines(trx, scope, lines, opts);
  }

  /** Enqueues the alert evaluation of a ledger transaction once the outermost database transaction commits. */
  evaluateAlertsAfterCommit(trx: Knex.Transaction, transactionId: number): void {
    evaluateAlertsAfterCommit(this.platform, trx, transactionId);
  }
}
