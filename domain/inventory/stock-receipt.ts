// Receiving stock: lines that create or increase items in bulk, inside the caller's
// transaction (the bulk API described in stock-ledger.ts).
import type { Platform } from '../../db/platform.js';
import type { Scope } from '../shared/scope.js';
import type { AuditService } from '../audit/audit-service.js';
import { Conflict, Invalid } from '../../jobs/runtime/errors.js';
import { auditCtx } from '../shared/scoped-rows.js';
import { MAX_QUANTITY, resolveReceiveLines, type ReceiveLine } from './stock-lines.js';
import { identityKey, insertLegs, insertTransaction, lockIdentities, upsertItems, type LegRow, type Trx, type UpsertRow } from './stock-sql.js';
import { evaluateAlertsAfterCommit, header, quantityRuleBroken, type ReceiveOptions, type ReceiveResult } from './ledger-rules.js';

export interface LedgerDeps {
  platform: Platform;
  audit: AuditService;
}

/** Creates or increases items in bulk inside the caller's transaction (see the header). */
export async function receiveStock(deps: LedgerDeps, trx: Trx, scope: Scope, actorId: string | null, lines: ReceiveLine[], opts: ReceiveOptions = {}): Promise<ReceiveResult> {
  if (!lines.length) throw Invalid.field('lines', 'At least one line is required.');
  const rows = await resolveReceiveLines(trx, scope, lines, { single: opts.single });
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
  await deps.audit.record(trx, auditCtx(scope, actorId ?? ''), {
    action: `inventory_transaction.${kind}`,
    entityType: 'inventory_transaction',
    entityId: txId,
    summary: `${kind}: ${lines.length} line(s), ${created.length} item(s) created, ${updated.length} increased`,
    changes: { kind, lines: lines.length, created_items: created.length, updated_items: updated.length, source: opts.source ?? null, legs: legs.slice(0, 50) },
  });
  if (upserted.some((u) => u.min_quantity > 0 || u.expiry_date)) evaluateAlertsAfterCommit(deps.platform, trx, txId);
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

