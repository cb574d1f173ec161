// Job body of `invoice.store`: one bulk-store attempt applied to its session in ONE
// database transaction. The session row is locked first (SELECT ... FOR UPDATE), so
// two concurrent stores of one session run one after the other and the second finds
// it applied. Any invalid line: nothing is written but the session's failure
// (status failed, error_payload). All valid: products are found or created in the
// named family, stock is received through the ledger (kind 'import'), and the
// session becomes applied with its results. A crash anywhere before COMMIT leaves
// nothing behind; the attempt is still queued and its job is retried.
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { StockLedger } from '../inventory/stock-ledger.js';
import type { ProductFamilyService } from '../catalog/product-family-service.js';
import type { AuditService } from '../audit/audit-service.js';
import { auditCtx, scopeFill } from '../shared/scoped-rows.js';
import type { DomainError } from '../../jobs/runtime/errors.js';
import type { Scope } from '../shared/scope.js';
import { checkGtin } from '../catalog/gtin.js';
import { InvoiceImportAttempt, InvoiceImportDocument, InvoiceImportSession } from '../../db/models/index.js';
import { insertProducts, insertVariants, productsByName, takenSkus } from './store-sql.js';
import { validateBulkLines, type ResolvedLine } from './bulk-validate.js';
import { findDuplicate, type DuplicateOf } from './duplicates.js';
import { ABORTED_MESSAGE, scopeOfRow, type AttemptResult, type InvoiceFields, type BulkLineIn, type BulkResult, type BulkSummary, type ErrorItem, type SessionRow } from './shapes.js';

export interface ApplyDeps {
  platform: Platform;
  ledger: StockLedger;
  families: ProductFamilyService;
  audit: AuditService;
}

/** What one bulk-store attempt came to (the job handler adds the status the call answers with). */
export interface AttemptOutcome {
  attempt_id: number;
  status: AttemptResult;
  session_id: number;
}

/** Seams the caller may inject (a test pauses inside the transaction to kill the worker mid-write). */
export interface ApplyHooks {
  /** runs inside the transaction once everything but the session's own update is written */
  beforeCommit?: () => Promise<void>;
}

export async function applyInvoiceSession(deps: ApplyDeps, attemptId: number, hooks: ApplyHooks = {}): Promise<AttemptOutcome> {
  return deps.platform.knex.transaction(async (trx) => {
    const attempt = await InvoiceImportAttempt.query(trx).where({ id: attemptId }).forUpdate().first();
    if (!attempt) throw new Error(`attempt_missing: bulk-store attempt ${attemptId} does not exist`);
    if (attempt.status !== 'queued') return outcomeOf(attemptId, attempt.status, attempt.session_id);
    const session = (await InvoiceImportSession.query(trx).where({ id: attempt.session_id }).forUpdate().first()) as unknown as SessionRow;
    const finish = async (status: AttemptResult, response: unknown): Promise<AttemptOutcome> => {
      await InvoiceImportAttempt.query(trx).where({ id: attemptId }).patch({ status, response: JSON.stringify(response), finished_at: trx.fn.now() });
      return outcomeOf(attemptId, status, session.id);
    };

    // applied once is applied for good: answer with what was stored
    if (session.status === 'applied') return finish('conflict', alreadyApplied(session));
    const earlier = await earlierCopy(trx, session, attempt);
    if (earlier) return finish('conflict', duplicateBody(session, earlier));

    const actorId: string = attempt.actor_id ?? session.created_by!;
    const scope = scopeOfRow(session, actorId);
    const lines: BulkLineIn[] = attempt.lines;
    const familyName = (attempt.product_family_name || session.product_family_name || '').trim();
    const { errors, resolved } = await validateBulkLines(trx, scope, session, lines, familyName);
    if (errors.length) return finish('failed', await markFailed(trx, session, lines, errors));

    const stored = await storeLines(trx, deps, session, scope, actorId, resolved, familyName);
    await hooks.beforeCommit?.();
    await markApplied(trx, session, lines, familyName, stored);
    await deps.audit.record(trx, auditCtx(scope, actorId), {
      action: 'invoice_import.apply',
      entityType: 'invoice_import_session',
      entityId: session.id,
      summary: stored.message,
      changes: { summary: stored.summary, transaction_id: stored.transaction_id },
    });
    return finish('applied', { status: 'success', message: stored.message, session_id: session.id, session_status: 'applied', results: stored.results, summary: stored.summary });
  });
}

/**
 * The same invoice applied by another session of the scope (only stored again with
 * confirm_duplicate). Applies of one scope take turns here (a transaction-scoped
 * advisory lock), so two copies stored at the same moment cannot both pass this check.
 */
async function earlierCopy(trx: Knex.Transaction, session: SessionRow, attempt: { actor_id: string | null; confirm_duplicate: boolean }): Promise<DuplicateOf | null> {
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`invoice-import:${session.team_id ? `team:${session.team_id}` : `user:${session.owner_id}`}`]);
  if (attempt.confirm_duplicate) return null;
  const scope = scopeOfRow(session, attempt.actor_id ?? session.created_by!);
  const doc = session.document_id ? await InvoiceImportDocument.query(trx).where({ id: session.document_id }).select('sha256').first() : null;
  return (await findDuplicate(trx, scope, { sha256: doc?.sha256 ?? null, invoice: session.invoice as Partial<InvoiceFields>, excludeSessionId: session.id, appliedOnly: true })) ?? null;
}

/** Invalid lines: the session records the failure and nothing else is written. */
async function markFailed(trx: Knex.Transaction, session: SessionRow, lines: BulkLineIn[], errors: ErrorItem[]) {
  const message = ABORTED_MESSAGE(new Set(errors.map((e) => e.line_number)).size);
  await InvoiceImportSession.query(trx).where({ id: session.id }).patch({
    status: 'failed',
    last_step: 'bulk-store',
    bulk_lines: JSON.stringify(lines),
    error_payload: JSON.stringify({ message, errors }),
    attempts: session.attempts + 1,
    updated_at: trx.fn.now(),
  });
  return failureBody(session.id, message, errors);
}

interface StoredLines {
  message: string;
  results: BulkResult[];
  summary: BulkSummary;
  transaction_id: number;
}

/** Valid lines: products found or created, stock received through the ledger (kind 'import'). */
async function storeLines(trx: Knex.Transaction, deps: ApplyDeps, session: SessionRow, scope: Scope, actorId: string, resolved: ResolvedLine[], familyName: string): Promise<StoredLines> {
  const products = await resolveProducts(trx, deps, scope, actorId, resolved, familyName, (session.invoice as { vendor_name?: string }).vendor_name ?? '');
  const receipt = await deps.ledger.receive(
    trx,
    scope,
    actorId,
    resolved.map((l, i) => ({ storage_box_id: l.storage_box_id, inventory_id: l.inventory_id, product_id: products.ids[i], quantity: l.quantity })),
    { kind: 'import', source: { type: 'invoice_session', id: session.id }, reference: (session.invoice as { invoice_number?: string }).invoice_number ?? `invoice import ${session.id}` },
  );
  const results: BulkResult[] = resolved.map((l, i) => ({
    line_number: l.line_number,
    status: 'stored',
    product_id: products.ids[i],
    product_name: products.names[i],
    product_created: products.created.has(products.ids[i]),
    inventory_item_id: receipt.lines[i].item_id,
    inventory_item_created: receipt.lines[i].created,
    quantity: l.quantity,
    inventory_id: l.inventory_id,
    storage_box_id: l.storage_box_id,
  }));
  const totalLines = session.preview_lines.length;
  const summary: BulkSummary = {
    total_lines: totalLines,
    processed_lines: results.length,
    skipped_lines: Math.max(0, totalLines - results.length),
    created_products: products.created.size,
    existing_products: new Set(products.ids.filter((id) => !products.created.has(id))).size,
    created_inventory_items: receipt.created_item_ids.length,
    updated_inventory_items: receipt.updated_item_ids.length,
  };
  const message = `Stored ${results.length} line(s) in the inventory: ${summary.created_inventory_items} item(s) created, ${summary.updated_inventory_items} increased, ${summary.created_products} product(s) created.`;
  return { message, results, summary, transaction_id: receipt.transaction_id };
}

/** The session becomes applied, with its results. */
async function markApplied(trx: Knex.Transaction, session: SessionRow, lines: BulkLineIn[], familyName: string, stored: StoredLines): Promise<void> {
  const { message, results, summary, transaction_id } = stored;
  await InvoiceImportSession.query(trx).where({ id: session.id }).patch({
    status: 'applied',
    last_step: 'bulk-store',
    bulk_lines: JSON.stringify(lines),
    summary: JSON.stringify({ ...(session.summary as object), ...summary }),
    result_payload: JSON.stringify({ message, results, summary, transaction_id }),
    error_payload: JSON.stringify({}),
    product_family_name: familyName,
    attempts: session.attempts + 1,
    applied_at: trx.fn.now(),
    updated_at: trx.fn.now(),
  });
}

const outcomeOf = (attemptId: number, status: AttemptResult, sessionId: number): AttemptOutcome => ({ attempt_id: attemptId, status, session_id: sessionId });

export function failureBody(sessionId: number, message: string, errors: ErrorItem[]) {
  return { status: 'error', message, errors, session_id: sessionId, session_status: 'failed', error: { code: 'bulk_store_aborted', message, details: errors } };
}

export function duplicateBody(session: SessionRow, earlier: DuplicateOf) {
  const message = `This invoice was already stored by session ${earlier.session_id} (${earlier.match === 'document' ? 'the same file' : `the same ${earlier.matched_on.join(', ').replace(/_/g, ' ')}`}); nothing was written. Send confirm_duplicate: true to store it again.`;
  return {
    status: 'error',
    message,
    session_id: session.id,
    session_status: session.status,
    duplicate_of: earlier,
    error: { code: 'duplicate_invoice', message, details: { duplicate_of: earlier } },
  };
}

export function alreadyApplied(session: SessionRow) {
  const stored = session.result_payload as { results?: BulkResult[]; summary?: BulkSummary };
  const message = `Session ${session.id} was already applied; nothing was written again.`;
  return {
    status: 'error',
    message,
    session_id: session.id,
    session_status: 'applied',
    results: stored.results ?? [],
    summary: stored.summary ?? null,
    error: { code: 'session_already_applied', message, details: { session_id: session.id } },
  };
}

/**
 * The product of every line: the given product_id, else an existing product of that
 * name in the scope (case-insensitive), else a new product in the named family —
 * with the line's SKU/barcode as its variant when no product holds them yet.
 */
async function resolveProducts(trx: Knex.Transaction, deps: ApplyDeps, scope: Scope, actorId: string, lines: ResolvedLine[], familyName: string, vendor: string) {
  const ids: number[] = lines.map((l) => l.product_id ?? 0);
  const names: string[] = lines.map((l) => l.product_name);
  const created = new Set<number>();
  const wanted = [...new Set(lines.filter((l) => l.product_id === null).map((l) => l.product_name.toLowerCase()))];
  if (!wanted.length) return { ids, names, created };

  const byName = await productsByName(trx, scope, wanted);
  const missing = wanted.filter((n) => !byName.has(n));
  if (missing.length) {
    const family = await deps.families.findOrCreateByName(trx, scope, actorId, familyName);
    const firstLine = new Map<string, ResolvedLine>();
    for (const l of lines) if (l.product_id === null && !firstLine.has(l.product_name.toLowerCase())) firstLine.set(l.product_name.toLowerCase(), l);
    const rows = missing.map((key) => {
      const l = firstLine.get(key)!;
      return { name: l.product_name, family_id: family.id, supplier: vendor.slice(0, 255), base_unit: 'pcs', description: (l.preview.details ?? '').slice(0, 2000), ...scopeFill(scope, actorId) };
    });
    for (const p of await insertProducts(trx, rows)) {
      byName.set(p.name.toLowerCase(), p);
      created.add(p.id);
    }
    await addVariants(trx, scope, [...firstLine.values()].filter((l) => created.has(byName.get(l.product_name.toLowerCase())!.id)), byName);
    await deps.audit.record(trx, auditCtx(scope, actorId), {
      action: 'product.create', entityType: 'product', entityId: null,
      summary: `Created ${created.size} product(s) from an invoice import in family "${family.name}"`,
      changes: { family_id: family.id, product_ids: [...created].slice(0, 100), count: created.size },
    });
  }
  lines.forEach((l, i) => {
    if (l.product_id !== null) return;
    const p = byName.get(l.product_name.toLowerCase())!;
    ids[i] = p.id;
    names[i] = p.name;
  });
  return { ids, names, created };
}

/** The printed SKU/barcode of a new product, unless another product of the scope already has that SKU. */
async function addVariants(trx: Knex.Transaction, scope: Scope, lines: ResolvedLine[], byName: Map<string, { id: number }>) {
  const candidates = lines
    .map((l) => ({ product_id: byName.get(l.product_name.toLowerCase())!.id, sku: (l.preview.sku ?? '').slice(0, 100), barcode: l.preview.barcode && checkGtin(l.preview.barcode).ok ? l.preview.barcode : '' }))
    .filter((v) => v.sku || v.barcode);
  if (!candidates.length) return;
  const skus = [...new Set(candidates.map((c) => c.sku.toLowerCase()).filter(Boolean))];
  const taken = await takenSkus(trx, scope, skus);
  const rows = candidates.map((c) => {
    const key = c.sku.toLowerCase();
    const sku = key && !taken.has(key) ? c.sku : '';
    if (key) taken.add(key);
    const { owner_id, team_id } = scopeFill(scope, null);
    return { product_id: c.product_id, name: '', sku, barcode: c.barcode, owner_id, team_id };
  });
  await insertVariants(trx, rows);
}

/**
 * The ledger refused the store (e.g. a quantity over the maximum): the transaction
 * rolled back, so the session records the failure like an invalid line, in a new one.
 */
export async function recordStoreRefusal(deps: ApplyDeps, attemptId: number, err: DomainError): Promise<AttemptOutcome> {
  return deps.platform.knex.transaction(async (trx) => {
    const attempt = (await InvoiceImportAttempt.query(trx).where({ id: attemptId }).forUpdate().first())!;
    if (attempt.status !== 'queued') return outcomeOf(attemptId, attempt.status, attempt.session_id);
    const session = (await InvoiceImportSession.query(trx).where({ id: attempt.session_id }).forUpdate().first()) as unknown as SessionRow;
    const lines: BulkLineIn[] = attempt.lines;
    const numberAt = (i: number) => (typeof lines[i]?.line_number === 'number' ? (lines[i].line_number as number) : i + 1);
    const errors: ErrorItem[] = [];
    for (const d of Array.isArray(err.details) ? err.details : err.details ? [err.details as { field?: string; path?: string; message?: string }] : []) {
      const where = /^lines\[(\d+)\]\.(\w+)$/.exec(String((d as { path?: string; field?: string }).path ?? (d as { field?: string }).field ?? ''));
      if (where) errors.push({ line_number: numberAt(Number(where[1])), field: where[2] === 'quantity' ? 'selected_quantity' : where[2], message: (d as { message?: string }).message ?? err.message });
    }
    if (!errors.length) errors.push({ line_number: numberAt(0), field: err.code === 'quantity_overflow' ? 'selected_quantity' : 'lines', message: err.message });
    const message = ABORTED_MESSAGE(new Set(errors.map((e) => e.line_number)).size);
    await InvoiceImportSession.query(trx).where({ id: session.id }).patch({
      status: session.status === 'applied' ? 'applied' : 'failed',
      last_step: 'bulk-store',
      bulk_lines: JSON.stringify(lines),
      error_payload: JSON.stringify({ message, errors }),
      attempts: session.attempts + 1,
      updated_at: trx.fn.now(),
    });
    const body = failureBody(session.id, message, errors);
    await InvoiceImportAttempt.query(trx).where({ id: attemptId }).patch({ status: 'failed', response: JSON.stringify(body), finished_at: trx.fn.now() });
    return outcomeOf(attemptId, 'failed', session.id);
  });
}
