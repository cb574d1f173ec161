// Extracted lines + product matches -> the preview a user reviews: each line ready to
// apply or needing review (with the reasons), and prefilled as a bulk-store line.
import type { ExtractedInvoice, ExtractedLine } from '../../jobs/invoice-document.js';
import { NAME_MATCH_SURE } from './matching.js';
import type { InvoiceFields, PreviewLine, PreviewSummary, ProductMatch, ReviewReason } from './shapes.js';

/** Below this confidence a value is shown but flagged. */
const LOW_CONFIDENCE = 0.5;

/**
 * Header fields below this confidence are listed in `invoice.needs_review`. The
 * confidences are calibrated (workers/invoice/text/confidence.ts): on 366 receipts the
 * reader was never tuned on, fields at 0.9 or more were right 93–97 % of the time, those
 * at 0.7–0.9 only about half the time (vendor 51 %, total 58 %), so below 0.9 a person checks.
 */
export const FIELD_REVIEW_THRESHOLD = 0.9;
const HEADER_FIELDS = ['vendor_name', 'invoice_number', 'invoice_date', 'currency', 'total_amount'] as const;

const REASON_TEXT: Record<ReviewReason, string> = {
  quantity_missing: 'no quantity was found',
  quantity_not_whole: 'the quantity is not a whole number (stock is counted in whole units)',
  quantity_assumed: 'no quantity is printed; 1 was assumed',
  non_stock: 'not a stock item (a fee, levy, deposit, shipping, rounding or discount line); it is received only with receive_non_stock: true',
  weak_name_match: 'the product was matched by a similar name only',
  low_confidence: 'the text was hard to read',
  description_missing: 'no description was found',
};

export function invoiceFields(invoice: ExtractedInvoice): InvoiceFields {
  const h = invoice.header;
  return {
    needs_review: HEADER_FIELDS.filter((f) => h[f].value === null || h[f].confidence < FIELD_REVIEW_THRESHOLD),
    review_threshold: FIELD_REVIEW_THRESHOLD,
    vendor_name: h.vendor_name.value,
    invoice_number: h.invoice_number.value,
    invoice_date: h.invoice_date.value,
    currency: h.currency.value,
    total_amount: h.total_amount.value,
    confidence: {
      vendor_name: h.vendor_name.confidence,
      invoice_number: h.invoice_number.confidence,
      invoice_date: h.invoice_date.confidence,
      currency: h.currency.confidence,
      total_amount: h.total_amount.confidence,
    },
  };
}

export function previewLines(lines: ExtractedLine[], matches: (ProductMatch | null)[], location: { inventory_id: number | null; storage_box_id: number | null }): PreviewLine[] {
  return lines.map((l, i) => {
    const match = matches[i];
    const reasons: ReviewReason[] = [];
    const nonStock = l.non_stock ?? null;
    const qty = l.quantity.value;
    if (qty === null || qty <= 0) reasons.push('quantity_missing');
    else if (!Number.isInteger(qty)) reasons.push('quantity_not_whole');
    else if (l.quantity.confidence < LOW_CONFIDENCE) reasons.push('quantity_assumed');
    if (!l.description.value) reasons.push('description_missing');
    else if (l.description.confidence < LOW_CONFIDENCE) reasons.push('low_confidence');
    if (match?.method === 'name' && match.score < NAME_MATCH_SURE) reasons.push('weak_name_match');
    if (nonStock) reasons.unshift('non_stock');
    const description = l.description.value;
    return {
      line_number: i + 1,
      description,
      quantity: qty,
      unit: l.unit.value,
      unit_price: round(l.unit_price.value),
      line_total: round(l.line_total.value),
      sku: l.sku.value,
      barcode: l.barcode.value,
      details: l.details ?? null,
      confidence: {
        description: l.description.confidence,
        quantity: l.quantity.confidence,
        unit: l.unit.confidence,
        unit_price: l.unit_price.confidence,
        line_total: l.line_total.confidence,
        sku: l.sku.confidence,
        barcode: l.barcode.confidence,
      },
      status: nonStock ? 'non_stock' : reasons.length ? 'needs_review' : 'ready',
      stock: !nonStock,
      non_stock_kind: nonStock,
      reasons,
      reason: reasons.length ? reasons.map((r) => REASON_TEXT[r]).join('; ') : null,
      match,
      action: match ? 'use_existing_product' : 'create_product',
      product_id: match?.product_id ?? null,
      product_name: (match?.product_name ?? description ?? l.sku.value ?? `Invoice line ${i + 1}`).slice(0, 255),
      selected_quantity: qty !== null && qty > 0 && Number.isInteger(qty) ? String(qty) : null,
      inventory_id: location.inventory_id,
      storage_box_id: location.storage_box_id,
    };
  });
}

/** Non-stock lines count as lines to review: receiving them or not is the user's decision. */
export function previewSummary(lines: PreviewLine[]): PreviewSummary {
  const ready = lines.filter((l) => l.status === 'ready').length;
  return { total_lines: lines.length, ready_to_apply: ready, needs_review: lines.length - ready };
}

const round = (n: number | null) => (n === null ? null : Math.round(n * 10000) / 10000);
