// The invoice document as both sides of the invoice import see it. What kind of
// document the bytes are, decided from the bytes themselves (never from the file name
// or the client's Content-Type): the gateway refuses other types before storing
// anything, the extractor picks its reader. And what the extractor produces whatever
// the format (the worker extracts, the import service saves it as a session): the
// invoice header and its item lines, every field with a confidence from 0 to 1
// (1 = read from a structured e-invoice, lower = inferred from layout or OCR).

export type DocumentKind = 'pdf' | 'image' | 'xml' | 'csv' | 'text';

export interface Sniffed {
  kind: DocumentKind;
  contentType: string;
  ext: string;
}

export const ACCEPTED_TYPES = 'PDF (text, scanned or Factur-X/ZUGFeRD), PNG, JPEG, WebP, TIFF, UBL 2.1 or CII XML, CSV, plain text';

export function sniffDocument(data: Buffer): Sniffed | null {
  if (data.length < 4) return null;
  const head = data.subarray(0, 1024);
  if (head.includes(Buffer.from('%PDF-'))) return { kind: 'pdf', contentType: 'application/pdf', ext: 'pdf' };
  if (head[0] === 0x89 && head.subarray(1, 4).toString('latin1') === 'PNG') return { kind: 'image', contentType: 'image/png', ext: 'png' };
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { kind: 'image', contentType: 'image/jpeg', ext: 'jpg' };
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return { kind: 'image', contentType: 'image/webp', ext: 'webp' };
  if (head.subarray(0, 4).equals(Buffer.from([0x49, 0x49, 0x2a, 0x00])) || head.subarray(0, 4).equals(Buffer.from([0x4d, 0x4d, 0x00, 0x2a]))) return { kind: 'image', contentType: 'image/tiff', ext: 'tif' };
  const text = decodeText(data.subarray(0, 64 * 1024));
  if (text === null) return null;
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('<')) return /^<(\?xml|[\w:]+)/.test(start) ? { kind: 'xml', contentType: 'application/xml', ext: 'xml' } : null;
  const lines = start.split(/\r?\n/).filter((l) => l.trim());
  if (lines.length >= 2 && /[,;\t|]/.test(lines[0]) && !/ {3,}/.test(lines[0])) return { kind: 'csv', contentType: 'text/csv', ext: 'csv' };
  if (looksLikePrintedText(start)) return { kind: 'text', contentType: 'text/plain', ext: 'txt' };
  return null;
}

/**
 * A printed invoice or receipt saved as text: several lines of words, some of them amounts.
 * Either amounts written as money ("12.50", "48.000", "1,591,600") among mostly words, or, for a
 * short till receipt in a currency without cents ("TOTAL 260107"), lines that end in an amount
 * after a word. Words alone, or numbers alone, are not a document.
 */
export function looksLikePrintedText(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  const lines = start.split(/\r?\n/).filter((l) => l.trim());
  const letters = start.match(/\p{L}/gu)?.length ?? 0;
  const visible = start.replace(/\s/g, '').length;
  // (a currency glued before the amount counts: "Rp57,000", "IDR71,500")
  const money = /\d[.,]\d{2}(?!\d)|(?<![\d.,])\d{1,3}(?:[.,]\d{3})+(?![\d.,]?\d)/.test(start);
  if (lines.length >= 5 && letters > visible * 0.4 && money) return true;
  const priced = lines.filter(endsInAmountAfterWords).length;
  return lines.length >= 2 && priced >= (money ? 1 : Math.max(2, Math.ceil(lines.length / 3))) && letters > visible * 0.2;
}

/**
 * "Ayam Bakar 55000", "TOTAL .247,500", "Total:12.00": the line's last token is an amount, after words.
 * Read token by token in linear time (the upload's first 64 KB are sniffed at the gateway: one long hostile
 * line must not cost quadratic time).
 */
function endsInAmountAfterWords(line: string): boolean {
  const text = line.trimEnd();
  // the run of digits, dots and commas closing the line, without the dot leaders before it ("NETTO.....29,000")
  let start = text.length;
  while (start > 0 && /[\d.,]/.test(text[start - 1])) start--;
  const amount = text.slice(start).replace(/^[.,]+/, '');
  const at = text.length - amount.length;
  // (or a currency mark glued to it: "TL Rp57,000", "Total IDR215,985")
  const before = text.slice(0, at).replace(/(?:Rp|RM|IDR|Rs|[$€£¥])$/, '');
  return before.length > 0 && /[\s:.]/.test(before[before.length - 1]) && /^\d[\d.,]*\d$/.test(amount) && /\p{L}{2}/u.test(before);
}

/** UTF-8 text (or Latin-1 from older exports), or null for binary data. */
export function decodeText(data: Buffer): string | null {
  if (data.includes(0)) return null;
  let text = new TextDecoder('utf-8', { fatal: false }).decode(data);
  if (text.includes('\uFFFD')) text = data.toString('latin1');
  const control = text.replace(/[\t\n\r\f]/g, '').match(/[\u0000-\u001f\u007f]/g)?.length ?? 0;
  return control > text.length * 0.01 ? null : text;
}

export interface Field<T> {
  value: T | null;
  confidence: number;
  /** header fields read from a layout: the evidence behind the confidence (workers/invoice/text/confidence.ts) */
  basis?: { strength: number; legibility: number };
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
  /** not goods: fee, levy, deposit, shipping, rounding, discount, service_charge or tax (workers/invoice/text/non-stock.ts) */
  non_stock?: string;
}

export interface ExtractedInvoice {
  format: DocumentFormat;
  header: ExtractedHeader;
  lines: ExtractedLine[];
  pages: number;
  /** things a reviewer should know (an attachment that did not parse, OCR used for the vendor, ...) */
  warnings: string[];
}

export interface ExtractionStats {
  ocr_pages: number;
  ocr_seconds: number;
  duration_ms: number;
}
