// What an invoice import session looks like stored and answered: the row, the
// preview and bulk lines, the summaries, and the response bodies of the spec
// ("Invoice import" endpoints). One place, so the routes, the jobs and the OpenAPI
// schemas cannot drift apart.
import type { Scope } from '../shared/scope.js';
import type { DuplicateOf } from './duplicates.js';

export type SessionStatus = 'previewed' | 'applied' | 'failed';

/** How a bulk-store attempt ended (invoice_import_attempts.status once it ran). */
export type AttemptResult = 'applied' | 'failed' | 'conflict';

export interface InvoiceFields {
  /** header fields missing or below review_threshold: a person should check them */
  needs_review: string[];
  review_threshold: number;
  vendor_name: string | null;
  invoice_number: string | null;
  /** YYYY-MM-DD */
  invoice_date: string | null;
  /** ISO 4217 */
  currency: string | null;
  total_amount: number | null;
  /** 0–1 per field */
  confidence: Record<'vendor_name' | 'invoice_number' | 'invoice_date' | 'currency' | 'total_amount', number>;
}

export interface ProductMatch {
  product_id: number;
  product_name: string;
  method: 'barcode' | 'sku' | 'name';
  /** 1 for barcode/sku, trigram similarity for names */
  score: number;
}

export type ReviewReason = 'non_stock' | 'quantity_missing' | 'quantity_not_whole' | 'quantity_assumed' | 'weak_name_match' | 'low_confidence' | 'description_missing';

export interface PreviewLine {
  line_number: number;
  description: string | null;
  quantity: number | null;
  unit: string | null;
  unit_price: number | null;
  line_total: number | null;
  sku: string | null;
  barcode: string | null;
  details: string | null;
  confidence: Record<'description' | 'quantity' | 'unit' | 'unit_price' | 'line_total' | 'sku' | 'barcode', number>;
  /** non_stock: a fee, levy, deposit, shipping, rounding or discount line, left out unless asked for */
  status: 'ready' | 'needs_review' | 'non_stock';
  /** false for non-stock lines */
  stock: boolean;
  non_stock_kind: string | null;
  reasons: ReviewReason[];
  /** the reasons in words, null when ready */
  reason: string | null;
  match: ProductMatch | null;
  /** what applying the line does: add to the matched product, or create a product */
  action: 'use_existing_product' | 'create_product';
  // the line as a bulk-store line, ready to send back (possibly edited)
  product_id: number | null;
  product_name: string;
  selected_quantity: string | null;
  inventory_id: number | null;
  storage_box_id: number | null;
}

export interface PreviewSummary {
  total_lines: number;
  ready_to_apply: number;
  /** lines to look at, non-stock lines included */
  needs_review: number;
}

export interface BulkLineIn {
  line_number?: unknown;
  product_id?: unknown;
  product_name?: unknown;
  selected_quantity?: unknown;
  inventory_id?: unknown;
  storage_box_id?: unknown;
  /** receive a non-stock line (fee, levy, deposit...) as stock anyway */
  receive_non_stock?: unknown;
}

export interface BulkResult {
  line_number: number;
  status: 'stored';
  product_id: number;
  product_name: string;
  product_created: boolean;
  inventory_item_id: number;
  inventory_item_created: boolean;
  quantity: number;
  inventory_id: number;
  storage_box_id: number;
}

export interface BulkSummary {
  total_lines: number;
  processed_lines: number;
  skipped_lines: number;
  created_products: number;
  existing_products: number;
  created_inventory_items: number;
  updated_inventory_items: number;
}

export interface ErrorItem {
  line_number: number;
  field: string;
  message: string;
}

export interface SessionRow {
  id: number;
  status: SessionStatus;
  profile_type: 'self' | 'team';
  owner_id: string | null;
  team_id: number | null;
  created_by: string | null;
  last_step: string;
  document_id: number | null;
  invoice: InvoiceFields | Record<string, never>;
  inventory_id: number | null;
  inventory_name: string;
  storage_id: number | null;
  storage_name: string;
  storage_box_id: number | null;
  storage_box_name: string;
  product_family_name: string;
  preview_lines: PreviewLine[];
  bulk_lines: unknown[];
  summary: PreviewSummary | (BulkSummary & Partial<PreviewSummary>) | Record<string, never>;
  result_payload: Record<string, unknown>;
  error_payload: Record<string, unknown>;
  source_files: { name: string; size: number; content_type: string }[];
  extraction: Record<string, unknown>;
  attempts: number;
  applied_at: Date | null;
  /** the earlier session of the scope this invoice repeats, as found at preview (duplicates.ts) */
  duplicate_of?: number | null;
  duplicate?: DuplicateOf | null;
  vendor_key?: string;
  created_at: Date;
  updated_at: Date;
}

/** The scope a stored row belongs to, acting as `actorId`. */
export function scopeOfRow(row: { owner_id: string | null; team_id: number | null }, actorId: string): Scope {
  return row.team_id ? { type: 'team', userId: actorId, teamId: row.team_id, role: null } : { type: 'self', userId: row.owner_id ?? actorId, teamId: null, role: null };
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function location(row: SessionRow) {
  return {
    inventory_id: row.inventory_id,
    inventory_name: row.inventory_name,
    storage_id: row.storage_id,
    storage_name: row.storage_name,
    storage_box_id: row.storage_box_id,
    storage_box_name: row.storage_box_name,
  };
}

type SessionHeadRow = Pick<SessionRow, 'id' | 'status' | 'profile_type' | 'team_id' | 'last_step' | 'product_family_name' | 'source_files'>;

/** What every presentation of a session starts with. */
const sessionHead = (row: SessionHeadRow) => ({
  id: row.id,
  status: row.status,
  profile_type: row.profile_type,
  team_id: row.team_id,
  last_step: row.last_step,
  product_family_name: row.product_family_name,
  source_files: row.source_files,
});

/** GET /sessions/{id}/ and /sessions/latest/: the session as stored. */
export function sessionRecord(row: SessionRow) {
  return {
    ...sessionHead(row),
    invoice: row.invoice,
    location: location(row),
    preview_lines: row.preview_lines,
    bulk_lines: row.bulk_lines,
    summary: row.summary,
    result_payload: row.result_payload,
    error_payload: row.error_payload,
    extraction: row.extraction,
    duplicate_of: row.duplicate ?? null,
    attempts: row.attempts,
    applied_at: iso(row.applied_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** GET /sessions/?limit=: one history entry. */
export function historyItem(row: Omit<SessionRow, 'preview_lines' | 'bulk_lines' | 'result_payload' | 'error_payload'>) {
  const invoice = row.invoice as Partial<InvoiceFields>;
  return {
    ...sessionHead(row),
    invoice_number: invoice.invoice_number ?? null,
    vendor_name: invoice.vendor_name ?? null,
    invoice_date: invoice.invoice_date ?? null,
    inventory_id: row.inventory_id,
    inventory_name: row.inventory_name,
    storage_box_id: row.storage_box_id,
    storage_box_name: row.storage_box_name,
    total_lines: Number((row.summary as { total_lines?: number }).total_lines ?? 0),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** POST /preview/ answer. */
export function previewBody(row: SessionRow) {
  const s = row.summary as PreviewSummary;
  const total = s.total_lines ?? row.preview_lines.length;
  const invoice = row.invoice as Partial<InvoiceFields>;
  const nonStock = row.preview_lines.filter((l) => l.status === 'non_stock').length;
  const notes = [
    nonStock ? `${nonStock} line(s) not stock (fees, levies, deposits, shipping, discounts)` : '',
    invoice.needs_review?.length ? `check ${invoice.needs_review.join(', ')}` : '',
    row.duplicate
      ? row.duplicate.session_status === 'applied'
        ? `this invoice was already stored in session ${row.duplicate.session_id}; storing it again needs confirm_duplicate: true`
        : `this invoice was already previewed in session ${row.duplicate.session_id} (${row.duplicate.session_status}, not stored)`
      : '',
  ].filter(Boolean);
  return {
    status: 'success' as const,
    mode: 'preview' as const,
    message:
      (total
        ? `Invoice parsed: ${total} line(s), ${s.ready_to_apply} ready to apply, ${s.needs_review} to review.`
        : 'Invoice parsed, but no item lines were found; review the document or add lines by hand.') + (notes.length ? ` Note: ${notes.join('; ')}.` : ''),
    session_id: row.id,
    session_status: row.status,
    invoice: row.invoice,
    ...location(row),
    product_family_name: row.product_family_name,
    lines: row.preview_lines,
    summary: { total_lines: total, ready_to_apply: s.ready_to_apply ?? 0, needs_review: s.needs_review ?? 0 },
    duplicate_of: row.duplicate ?? null,
    extraction: row.extraction,
  };
}

export const ABORTED_MESSAGE = (n: number) => `Bulk store aborted: ${n} invalid line${n === 1 ? '' : 's'}; nothing was written to the inventory. Correct the lines and send the session again.`;
