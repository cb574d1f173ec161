// Size: the import session's life cycle (upload, preview, review, bulk store) in one service; its steps already live in apply-session.ts, preview-lines.ts, store-sql.ts.
// Invoice import: an uploaded invoice becomes a preview session (job `invoice.parse`,
// sandboxed: OCR and PDF parsing are CPU-bound), the user reviews the lines, and a
// bulk store applies them to the inventory all or nothing (job `invoice.store`,
// see apply-session.ts). Sessions are kept per scope so unfinished or failed work
// can be restored.
import path from 'node:path';
import type { PlanLimits } from '../billing/plan-limits.js';
import type { Platform } from '../../db/platform.js';
import type { Scope } from '../shared/scope.js';
import type { Actor } from '../shared/actor.js';
import type { MediaStore } from '../media/media-store.js';
import type { JobService, Outcome } from '../jobs/job-service.js';
import type { RateLimits, LimitRule } from '../shared/rate-limits.js';
import { DomainError, Invalid, NotFound } from '../../jobs/runtime/errors.js';
import { auditCtx, inScope, requireInScope, scopeFill } from '../shared/scoped-rows.js';
import { recordAudit } from '../audit/audit-service.js';
import { ACCEPTED_TYPES, sniffDocument, type ExtractedInvoice, type ExtractionStats } from '../../jobs/invoice-document.js';
import { matchProducts } from './matching.js';
import { findDuplicate, vendorKey } from './duplicates.js';
import { invoiceFields, previewLines, previewSummary } from './preview-lines.js';
import { historyItem, previewBody, scopeOfRow, sessionRecord, type AttemptResult, type BulkLineIn, type SessionRow } from './shapes.js';
import { applyInvoiceSession, alreadyApplied, recordStoreRefusal, type ApplyDeps, type ApplyHooks, type AttemptOutcome } from './apply-session.js';
import { Inventory, InvoiceImportAttempt, InvoiceImportDocument, InvoiceImportSession, StorageBox } from '../../db/models/index.js';

/** Parsing a document (OCR above all) is the most expensive call of this area: bounded per user (INVOICE_PREVIEWS_PER_MINUTE). */
const previewLimit = (perMinute: number): LimitRule => ({ name: 'invoice-preview', points: perMinute, durationSeconds: 60, message: 'Too many invoice previews; wait a minute.' });

export const HISTORY_DEFAULT_LIMIT = 20;
export const HISTORY_MAX_LIMIT = 100;

/** The uploaded document as the edge read it. */
export interface UploadedFile {
  filename?: string;
  bytes: Buffer;
}

export interface PreviewInput {
  document: UploadedFile;
  inventory_id: number;
  storage_box_id: number;
  product_family_name?: string;
}

export interface BulkStoreInput {
  session_id: number;
  product_family_name?: string;
  lines: BulkLineIn[];
  /** apply although a session of the scope already applied this invoice (duplicates.ts); else 409 duplicate_invoice */
  confirm_duplicate?: boolean;
}

/** A finished bulk store: what it came to (applied, failed: aborted, conflict: already applied or a duplicate) and the body the spec defines. */
export interface BulkStoreAnswer {
  done: true;
  outcome: AttemptResult;
  body: Record<string, unknown>;
}

/** What `invoice.parse` finds when it starts (documentToParse). */
export type DocumentToParse =
  | { state: 'ready'; data: Buffer }
  | { state: 'parsed'; result: ParseResult }
  | { state: 'gone'; message: string };

export interface ParseResult {
  session_id: number;
  session_status: string;
  summary: Record<string, number>;
}

interface BoxWithNames {
  id: number;
  name: string;
  storage_id: number;
  storage_name: string;
  inventory_id: number;
  inventory_name: string;
}

const HISTORY_COLUMNS = ['id', 'status', 'profile_type', 'owner_id', 'team_id', 'created_by', 'last_step', 'document_id', 'invoice', 'inventory_id', 'inventory_name', 'storage_id', 'storage_name', 'storage_box_id', 'storage_box_name', 'product_family_name', 'summary', 'source_files', 'extraction', 'attempts', 'applied_at', 'created_at', 'updated_at'];

export class InvoiceImportService {
  constructor(
    private readonly platform: Platform,
    private readonly media: MediaStore,
    private readonly jobs: JobService,
    private readonly limits: RateLimits,
    private readonly apply: Omit<ApplyDeps, 'platform'>,
    private readonly planLimits?: PlanLimits,
  ) {}

  get waitMs(): number {
    return this.platform.config.jobWaitMs;
  }

  /** Checks the location and the file, stores the file, and parses it as a job (waited for up to `waitMs`). */
  async preview(actor: Actor, input: PreviewInput, waitMs = this.waitMs): Promise<Outcome> {
    const { scope } = actor;
    const { knex, config } = this.platform;
    const refs = await requireInScope(knex, scope, [
      { field: 'inventory_id', model: Inventory, id: input.inventory_id, what: 'Inventory' },
      { field: 'storage_box_id', model: StorageBox, id: input.storage_box_id, what: 'Storage box' },
    ]);
    if (refs.storage_box_id.inventory_id !== input.inventory_id) {
      throw Invalid.field('storage_box_id', `Storage box ${input.storage_box_id} is not in inventory ${input.inventory_id}.`, 'storage_box_mismatch');
    }
    const file = input.document;
    if (file.bytes.length > config.invoiceMaxBytes) {
      throw new DomainError('invalid', 'document_too_large', `document is larger than the limit of ${Math.round(config.invoiceMaxBytes / 1024 / 1024)} MiB.`, [{ path: 'document', message: 'file too large' }]);
    }
    const sniffed = sniffDocument(file.bytes);
    if (!sniffed) {
      throw new DomainError('invalid', 'unsupported_document_type', `document must be one of: ${ACCEPTED_TYPES}.`, [{ path: 'document', message: 'unsupported file type' }]);
    }
    await this.limits.consume(previewLimit(config.invoicePreviewsPerMinute), scope.userId);
    // the plan's monthly invoice imports (402 past it): counted when a document is accepted
    await this.planLimits?.meter(scope, 'invoice_imports_per_month');
    const stored = await this.media.saveTyped(file.bytes, { mime: sniffed.contentType, ext: sniffed.ext }, 'invoices');
    const doc = await knex.transaction(async (trx) => {
      const inserted = await InvoiceImportDocument.query(trx)
      .insert({
        name: safeName(file.filename, sniffed.ext),
        size: stored.size,
        content_type: stored.contentType,
        path: stored.path,
        sha256: stored.sha256,
        inventory_id: input.inventory_id,
        storage_box_id: input.storage_box_id,
        product_family_name: (input.product_family_name ?? '').trim(),
        ...scopeFill(scope, scope.userId),
      })
      .returning('id');
      await recordAudit(trx, auditCtx(scope, scope.userId), { action: 'invoice_document.upload', entityType: 'invoice_import_document', entityId: inserted.id, changes: { size: stored.size, content_type: stored.contentType, inventory_id: input.inventory_id } });
      return inserted;
    });
    return this.jobs.run('invoice.parse', { actor_id: scope.userId, document_id: doc.id }, waitMs, actor.requestId);
  }

  /** The preview answer of a parse job that finished (the session it wrote). */
  async previewOf(actor: Actor, result: ParseResult) {
    const { scope } = actor;
    return previewBody(await this.row(scope, result.session_id));
  }

  /**
   * Step 1 of the job `invoice.parse` (workers/handlers/parse-invoice.ts): the stored
   * bytes to extract, or the result when the document already has its session (the
   * job runs again harmlessly), or why it cannot be read any more.
   */
  async documentToParse(documentId: number): Promise<DocumentToParse> {
    const doc = await InvoiceImportDocument.query(this.platform.knex).where({ id: documentId }).select('path', 'session_id').first();
    if (!doc) return { state: 'gone', message: `Document ${documentId} no longer exists.` };
    if (doc.session_id) return { state: 'parsed', result: await this.parseResult(doc.session_id) };
    try {
      return { state: 'ready', data: await this.media.read(doc.path) };
    } catch {
      return { state: 'gone', message: 'The uploaded document is no longer available; upload it again.' };
    }
  }

  /** The extractor could not read the document at all (its code becomes the job's error). */
  async markUnreadable(documentId: number, error: { code: string; message: string }): Promise<void> {
    await this.platform.knex.transaction(async (trx) => {
      const [doc] = (await InvoiceImportDocument.query(trx).where({ id: documentId }).patch({ status: 'unreadable', error: JSON.stringify({ code: error.code, message: error.message }), updated_at: trx.fn.now() }).returning('*')) as unknown as InvoiceImportDocument[];
      if (doc) await recordAudit(trx, auditCtx(scopeOfRow(doc, doc.created_by!), doc.created_by!), { action: 'invoice_document.unreadable', entityType: 'invoice_import_document', entityId: documentId, changes: { status: 'unreadable', error: error.code } });
    });
  }

  /**
   * Step 2 of `invoice.parse`: the worker hands over the extracted document; its lines
   * are matched against the scope's products and saved as the document's preview
   * session (at most one per document).
   */
  async saveSession(documentId: number, extracted: { invoice: ExtractedInvoice; stats: ExtractionStats }): Promise<ParseResult> {
    const { knex } = this.platform;
    const doc = await InvoiceImportDocument.query(knex).where({ id: documentId }).first();
    if (!doc) throw new NotFound('Invoice document');
    const { invoice, stats } = extracted;
    const scope = scopeOfRow(doc, doc.created_by!);
    const location = await this.location(doc.inventory_id, doc.storage_box_id);
    const matches = await matchProducts(knex, scope, invoice.lines.map((l) => ({ description: l.description.value, sku: l.sku.value, barcode: l.barcode.value })));
    const lines = previewLines(invoice.lines, matches, location);
    const fields = invoiceFields(invoice);
    const duplicate = await findDuplicate(knex, scope, { sha256: doc.sha256, invoice: fields });
    const sessionId = await knex.transaction(async (trx) => {
      const inserted = await InvoiceImportSession.query(trx)
        .insert({
          status: 'previewed',
          profile_type: scope.type,
          owner_id: doc.owner_id,
          team_id: doc.team_id,
          created_by: doc.created_by,
          last_step: 'preview',
          document_id: doc.id,
          invoice: JSON.stringify(fields),
          vendor_key: vendorKey(fields.vendor_name),
          duplicate_of: duplicate?.session_id ?? null,
          duplicate: duplicate ? JSON.stringify(duplicate) : null,
          ...location,
          product_family_name: doc.product_family_name,
          preview_lines: JSON.stringify(lines),
          summary: JSON.stringify(previewSummary(lines)),
          source_files: JSON.stringify([{ name: doc.name, size: doc.size, content_type: doc.content_type }]),
          extraction: JSON.stringify({ format: invoice.format, pages: invoice.pages, warnings: invoice.warnings, ...stats }),
        })
        .onConflict('document_id')
        .ignore()
        .returning('id');
      // a session for this document exists already (a rerun): objection hands back the input without an id
      const id = inserted.id ?? (await InvoiceImportSession.query(trx).where({ document_id: doc.id }).select('id').first())!.id;
      await InvoiceImportDocument.query(trx).where({ id: doc.id }).patch({ status: 'parsed', session_id: id, updated_at: trx.fn.now() });
      if (inserted.id) await recordAudit(trx, auditCtx(scope, doc.created_by!), { action: 'invoice_session.preview', entityType: 'invoice_import_session', entityId: id, summary: `Invoice document ${doc.id} read: ${lines.length} lines`, changes: { document_id: doc.id, lines: lines.length, duplicate_of: duplicate?.session_id ?? null } });
      return id as number;
    });
    return this.parseResult(sessionId);
  }

  private async parseResult(sessionId: number): Promise<ParseResult> {
    const row = (await InvoiceImportSession.query(this.platform.knex).where({ id: sessionId }).select('id', 'status', 'summary').first())!;
    return { session_id: row.id, session_status: row.status, summary: row.summary };
  }

  /** Names of the inventory, storage and box as they are now (kept on the session as printed then). */
  private async location(inventoryId: number | null, boxId: number | null) {
    const box = boxId
      ? await StorageBox.query(this.platform.knex).alias('b').join('storages as s', 's.id', 'b.storage_id').join('inventories as i', 'i.id', 'b.inventory_id').where('b.id', boxId).select('b.id', 'b.name', 's.id as storage_id', 's.name as storage_name', 'i.id as inventory_id', 'i.name as inventory_name').first() as unknown as BoxWithNames | undefined
      : null;
    return {
      inventory_id: box?.inventory_id ?? inventoryId,
      inventory_name: box?.inventory_name ?? '',
      storage_id: box?.storage_id ?? null,
      storage_name: box?.storage_name ?? '',
      storage_box_id: box?.id ?? boxId,
      storage_box_name: box?.name ?? '',
    };
  }

  /**
   * Records the request as an attempt and applies it as a job (waited for up to
   * `waitMs`). An applied session answers 409 at once, with what was stored.
   */
  async bulkStore(actor: Actor, input: BulkStoreInput, waitMs = this.waitMs): Promise<BulkStoreAnswer | Outcome> {
    const { scope } = actor;
    const { knex } = this.platform;
    const session = await this.row(scope, input.session_id);
    if (session.status === 'applied') return { done: true, outcome: 'conflict', body: alreadyApplied(session) };
    const attempt = await knex.transaction(async (trx) => {
      const row = await InvoiceImportAttempt.query(trx)
        .insert({ session_id: session.id, actor_id: scope.userId, product_family_name: (input.product_family_name ?? '').trim(), lines: JSON.stringify(input.lines), confirm_duplicate: input.confirm_duplicate === true })
        .returning('id');
      await recordAudit(trx, auditCtx(scope, scope.userId), { action: 'invoice_session.store_requested', entityType: 'invoice_import_attempt', entityId: row.id, changes: { session_id: session.id, lines: input.lines.length, confirm_duplicate: input.confirm_duplicate === true } });
      return row;
    });
    const outcome = await this.jobs.run('invoice.store', { actor_id: scope.userId, attempt_id: Number(attempt.id) }, waitMs, actor.requestId);
    if (!outcome.done || outcome.status.state !== 'completed') return outcome;
    return this.answerOf(Number(attempt.id));
  }

  /** The stored answer of a finished attempt. */
  async answerOf(attemptId: number): Promise<BulkStoreAnswer> {
    const row = (await InvoiceImportAttempt.query(this.platform.knex).where({ id: attemptId }).select('status', 'response').first())!;
    return { done: true, outcome: row.status as AttemptResult, body: row.response };
  }

  /** Job body of `invoice.store` (apply-session.ts). */
  runAttempt(attemptId: number, hooks?: ApplyHooks): Promise<AttemptOutcome> {
    return applyInvoiceSession({ platform: this.platform, ...this.apply }, attemptId, hooks);
  }

  /** The ledger refused an attempt (4xx): the session records it as failed. */
  recordRefusal(attemptId: number, err: DomainError): Promise<AttemptOutcome> {
    return recordStoreRefusal({ platform: this.platform, ...this.apply }, attemptId, err);
  }

  async latest(actor: Actor) {
    const { scope } = actor;
    const row = await inScope(InvoiceImportSession.query(this.platform.knex), scope).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).first();
    if (!row) throw new NotFound('Invoice import session');
    return sessionRecord(row as SessionRow);
  }

  async history(actor: Actor, limit: number) {
    const { scope } = actor;
    const rows = await inScope(InvoiceImportSession.query(this.platform.knex), scope)
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(limit)
      .select(HISTORY_COLUMNS);
    return rows.map((r) => historyItem(r as SessionRow));
  }

  async get(actor: Actor, id: number) {
    const { scope } = actor;
    return sessionRecord(await this.row(scope, id));
  }

  async row(scope: Scope, id: number): Promise<SessionRow> {
    const row = await inScope(InvoiceImportSession.query(this.platform.knex).where({ id }), scope).first();
    if (!row) throw new NotFound('Invoice import session');
    return row as SessionRow;
  }
}

function safeName(filename: string | undefined, ext: string): string {
  const base = path.basename(String(filename ?? '')).replace(/[\u0000-\u001f]/g, '').trim();
  return (base || `invoice.${ext}`).slice(0, 255);
}
