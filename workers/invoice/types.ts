// What the extractor produces, whatever the document format: the invoice header and
// its item lines, every field with a confidence from 0 to 1 (1 = read from a
// structured e-invoice, lower = inferred from layout or OCR).

export interface Field<T> {
  value: T | null;
  confidence: number;
}

export type DocumentFormat = 'pdf-text' | 'pdf-scan' | 'image' | 'csv' | 'text' | 'ubl' | 'cii' | 'facturx';

export interface ExtractedHeader {
  vendor_name: Field<string>;
  invoice_number: Field<string>;
  /** YYYY-MM-DD */
  invoice_date: Field<string>;
  /** ISO 4217 */
  currency: Field<string>;
  /** the amount payable, tax included */
  total_amount: Field<number>;
}

export interface ExtractedLine {
  description: Field<string>;
  quantity: Field<number>;
  unit: Field<string>;
  unit_price: Field<number>;
  line_total: Field<number>;
  sku: Field<string>;
  barcode: Field<string>;
  /** continuation text printed under the item (notes, serial numbers, periods) */
  details?: string;
}

export interface ExtractedInvoice {
  format: DocumentFormat;
  header: ExtractedHeader;
  lines: ExtractedLine[];
  pages: number;
  /** things a reviewer should know (an attachment that did not parse, OCR used for the vendor, ...) */
  warnings: string[];
}

/** A document the extractor cannot read at all; `code` becomes the API error code (422). */
export class UnreadableDocument extends Error {
  constructor(readonly code: 'document_encrypted' | 'document_corrupt' | 'document_empty' | 'unsupported_document_type' | 'ocr_timeout' | 'page_too_large', message: string) {
    super(message);
    this.name = 'UnreadableDocument';
  }
}

export const field = <T>(value: T | null | undefined, confidence: number): Field<T> =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (typeof value === 'number' && !Number.isFinite(value))
    ? { value: null, confidence: 0 }
    : { value, confidence: Math.max(0, Math.min(1, Math.round(confidence * 100) / 100)) };

export const none = <T>(): Field<T> => ({ value: null, confidence: 0 });

export function emptyHeader(): ExtractedHeader {
  return { vendor_name: none(), invoice_number: none(), invoice_date: none(), currency: none(), total_amount: none() };
}
