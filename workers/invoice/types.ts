// The extractor's own vocabulary: the document shape it produces (declared in
// jobs/invoice-document.ts, which the gateway's import service reads too), the
// error of an unreadable document, and helpers that build fields.
import type { Field, ExtractedHeader } from '../../jobs/invoice-document.js';

export type { Field, DocumentFormat, ExtractedHeader, ExtractedLine, ExtractedInvoice, ExtractionStats } from '../../jobs/invoice-document.js';


/** A document the extractor cannot read at all; `code` becomes the API error code (422). */
export class UnreadableDocument extends Error {
  constructor(readonly code: 'document_encrypted' | 'document_corrupt' | 'document_empty' | 'unsupported_document_type' | 'ocr_timeout' | 'page_too_large' | 'document_too_complex', message: string) {
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
