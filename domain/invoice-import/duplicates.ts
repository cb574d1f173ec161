// Duplicate invoices within a scope. Importing the same invoice twice doubles stock, and
// a second photo of the same receipt is a different file, so an invoice repeats an
// earlier session when:
//   - the file is the same (SHA-256 of the uploaded bytes: `match: 'document'`), or
//   - what it says is the same (`match: 'content'`): a similar seller and the same
//     invoice number; or a similar seller, the same date and the same total (unless
//     both print numbers that differ); or, when the seller could not be read, the same
//     number, date and total.
// "Similar seller" allows the few characters two OCR readings of one name differ by.
// The preview reports the earlier session (`duplicate_of`); the bulk store refuses to
// apply an invoice an applied session already holds unless the request confirms it
// (`confirm_duplicate: true`), checked inside the applying transaction.
import type { Knex } from 'knex';
import type { Scope } from '../shared/scope.js';
import { inScope } from '../shared/scoped-rows.js';
import { InvoiceImportSession } from '../../db/models/index.js';
import type { InvoiceFields } from './shapes.js';

export interface DuplicateOf {
  session_id: number;
  session_status: string;
  /** document: the same file; content: the same seller and number, or seller, date and total */
  match: 'document' | 'content';
  /** the invoice fields that agree (content matches) */
  matched_on: string[];
  created_at: string | null;
}

const LEGAL_FORMS = /\b(?:sdn\.?\s*bhd|bhd|berhad|s\/b|pte\.?\s*ltd|pvt\.?\s*ltd|private\s+limited|pty\.?\s*ltd|ltd|limited|llc|llp|inc|corp(?:oration)?|co|company|plc|gmbh(?:\s*&\s*co\.?\s*kg)?|ag|kg|ohg|ug|e\.?\s*k|b\.?\s*v|n\.?\s*v|bvba|sprl|s\.?\s*a\.?\s*s|sarl|eurl|s\.?\s*a|s\.?\s*l|s\.?\s*r\.?\s*l|s\.?\s*p\.?\s*a|sp\.?\s*z\s*o\.?\s*o|s\.?\s*r\.?\s*o|oyj?|ab|a\/s|aps|asa|kft|zrt)\.?\s*$/i;

/** The seller's name as a lookup key: lower case, letters and digits, no legal form ("Acme B.V." -> "acme"). */
export function vendorKey(name: string | null | undefined): string {
  let n = String(name ?? '').toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').trim();
  for (let i = 0; i < 3; i++) n = n.replace(/[\s,.()-]+$/, '').replace(LEGAL_FORMS, '');
  return n.replace(/[^a-z0-9]/g, '').slice(0, 120);
}

const numberKey = (n: unknown) => String(n ?? '').toLowerCase().replace(/[\s#:]/g, '');

function similarVendor(a: string, b: string): boolean {
  if (a.length < 3 || b.length < 3) return false;
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.startsWith(short) && short.length >= 0.7 * long.length) return true;
  return editDistance(a, b) <= Math.max(1, Math.floor(0.2 * long.length));
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = Math.min(row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = row[j];
      row[j] = next;
    }
  }
  return row[b.length];
}

/** Which fields of two invoices say they are the same invoice, or null. */
export function sameInvoice(a: Partial<InvoiceFields>, b: Partial<InvoiceFields>): string[] | null {
  const va = vendorKey(a.vendor_name);
  const vb = vendorKey(b.vendor_name);
  const vendor = similarVendor(va, vb);
  const na = numberKey(a.invoice_number);
  const nb = numberKey(b.invoice_number);
  const number = na.length >= 3 && na === nb;
  // two numbers that differ are two invoices, however alike the rest
  if (na.length >= 3 && nb.length >= 3 && na !== nb) return null;
  const date = Boolean(a.invoice_date) && a.invoice_date === b.invoice_date;
  const total = typeof a.total_amount === 'number' && typeof b.total_amount === 'number' && Math.abs(a.total_amount - b.total_amount) < 0.005;
  if (vendor && number) return ['vendor_name', 'invoice_number'];
  if (vendor && date && total) return ['vendor_name', 'invoice_date', 'total_amount'];
  if ((!va || !vb) && number && date && total) return ['invoice_number', 'invoice_date', 'total_amount'];
  return null;
}

export interface DuplicateQuery {
  sha256: string | null;
  invoice: Partial<InvoiceFields>;
  /** a session that is not its own duplicate */
  excludeSessionId?: number;
  /** only sessions already applied (what a bulk store must not repeat) */
  appliedOnly?: boolean;
}

/** How far back a content match looks (most recent sessions of the scope with the same seller or date). */
const CONTENT_SCAN_LIMIT = 500;

/** The earlier session this invoice repeats, applied ones first; null when it is new. */
export async function findDuplicate(db: Knex | Knex.Transaction, scope: Scope, q: DuplicateQuery): Promise<DuplicateOf | null> {
  const order = [{ column: 'applied_first', order: 'asc' as const }, { column: 's.id', order: 'asc' as const }];
  const base = () => {
    const query = inScope(InvoiceImportSession.query(db).alias('s'), scope, { table: 's' }).select('s.id', 's.status', 's.invoice', 's.created_at', db.raw("CASE WHEN s.status = 'applied' THEN 0 ELSE 1 END AS applied_first"));
    if (q.excludeSessionId) query.whereNot('s.id', q.excludeSessionId);
    if (q.appliedOnly) query.where('s.status', 'applied');
    return query;
  };
  if (q.sha256) {
    const row = await base().join('invoice_import_documents as d', 'd.id', 's.document_id').where('d.sha256', q.sha256).orderBy(order).first();
    if (row) return answer(row, 'document', []);
  }
  const key = vendorKey(q.invoice.vendor_name);
  const date = q.invoice.invoice_date ?? null;
  if (key.length < 3 && !date) return null;
  const rows = await base()
    .where((w) => {
      if (key.length >= 3) w.orWhere('s.vendor_key', key);
      if (date) w.orWhereRaw("s.invoice->>'invoice_date' = ?", [date]);
    })
    .orderBy('s.id', 'desc')
    .limit(CONTENT_SCAN_LIMIT);
  const hits = (rows as unknown as SessionHit[]).map((row) => ({ row, on: sameInvoice(q.invoice, row.invoice ?? {}) })).filter((h) => h.on);
  hits.sort((x, y) => x.row.applied_first - y.row.applied_first || x.row.id - y.row.id);
  return hits.length ? answer(hits[0].row, 'content', hits[0].on!) : null;
}

interface SessionHit {
  id: number;
  status: string;
  invoice: Partial<InvoiceFields> | null;
  created_at: Date | string | null;
  applied_first: number;
}

function answer(row: { id: number; status: string; created_at: Date | string | null }, match: DuplicateOf['match'], on: string[]): DuplicateOf {
  return { session_id: row.id, session_status: row.status, match, matched_on: on, created_at: row.created_at ? new Date(row.created_at).toISOString() : null };
}
