// CSV exports of invoices (accounting tools, supplier portals): one row per item,
// found by its header row; invoice fields either as columns repeated on every row
// or as "label,value" rows above the table. Delimiter (, ; tab |) and decimal mark
// are detected.
import { parse } from 'csv-parse/sync';
import { emptyHeader, field, UnreadableDocument, type ExtractedInvoice, type ExtractedLine } from '../types.js';
import { columnOf, unitFromCode, type Column } from '../text/vocabulary.js';
import { documentDecimalMark, parseAmount } from '../text/numbers.js';
import { documentDayOrder, findDates } from '../text/dates.js';
import { detectCurrency, ISO_CURRENCIES } from '../text/currency.js';
import { parseInvoiceNumber } from '../text/header-fields.js';
import { checkGtin } from '../../../domain/catalog/gtin.js';

type HeaderField = 'invoice_number' | 'invoice_date' | 'vendor_name' | 'currency';

const HEADER_FIELDS: [RegExp, HeaderField][] = [
  [/^(?:invoice|inv|bill|rechnungs?|factuur|facture|factura|fattura|fatura|faktura)[\s_-]*(?:no|nr|number|num|nummer|id|#|n°|numero|número)?\.?$|^(?:rechnungsnummer|factuurnummer|fakturanummer|invoice_number)$/i, 'invoice_number'],
  [/^(?:invoice|bill|issue|rechnungs|factuur|facture)?[\s_-]*(?:date|datum|date de facture|fecha|data)$/i, 'invoice_date'],
  [/^(?:vendor|supplier|seller|issuer|lieferant|leverancier|fournisseur|proveedor|fornitore|company)(?:[\s_-]*name)?$/i, 'vendor_name'],
  [/^(?:currency|curr|ccy|währung|waehrung|valuta|devise|moneda)(?:[\s_-]*code)?$/i, 'currency'],
];

const norm = (h: string) => h.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();

function headerFieldOf(h: string): HeaderField | null {
  const t = norm(h);
  for (const [re, f] of HEADER_FIELDS) if (re.test(t) || re.test(h.trim())) return f;
  return null;
}

export function parseCsvInvoice(text: string): ExtractedInvoice {
  let rows: string[][];
  try {
    rows = parse(text, { delimiter: delimiterOf(text), relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true, trim: true }) as string[][];
  } catch (err) {
    throw new UnreadableDocument('document_corrupt', `The CSV could not be parsed: ${(err as Error).message}`);
  }
  const headerIndex = rows.findIndex((r) => r.filter((c) => columnOf(norm(c))).length >= 2 && r.some((c) => ['description', 'sku'].includes(columnOf(norm(c)) ?? '')));
  if (headerIndex < 0) throw new UnreadableDocument('document_empty', 'The CSV has no header row naming item columns (description, quantity, price, ...).');
  const headerRow = rows[headerIndex];
  const lineCols = headerRow.map((h) => headerFieldOf(h) ?? columnOf(norm(h)));
  const decimal = documentDecimalMark(rows.slice(headerIndex + 1).flat().join(' '));
  const currencyGuess = detectCurrency(text);
  const order = documentDayOrder(text, currencyGuess.value);
  const values: Partial<Record<HeaderField, string>> = {};

  // "Invoice Number,INV-1" rows above the table
  for (const r of rows.slice(0, headerIndex)) {
    for (let i = 0; i + 1 < r.length; i += 2) {
      const f = headerFieldOf(r[i].replace(/:$/, ''));
      if (f && r[i + 1] && !values[f]) values[f] = r[i + 1];
    }
  }
  const lines: ExtractedLine[] = [];
  for (const r of rows.slice(headerIndex + 1)) {
    const get = (c: Column | HeaderField) => {
      const i = lineCols.indexOf(c);
      return i >= 0 ? (r[i] ?? '').trim() : '';
    };
    for (const f of ['invoice_number', 'invoice_date', 'vendor_name', 'currency'] as HeaderField[]) if (!values[f] && get(f)) values[f] = get(f);
    const description = get('description');
    const sku = get('sku');
    if (!description && !sku) continue;
    const amount = (c: Column) => (get(c) ? parseAmount(get(c), decimal) : null);
    const quantity = amount('quantity');
    const unitPrice = amount('unit_price');
    const total = amount('line_total');
    const barcode = get('barcode') || (checkGtin(sku).ok ? sku : '');
    lines.push({
      description: field(description || sku, 0.95),
      quantity: field(quantity ?? (unitPrice !== null && total !== null && unitPrice !== 0 ? total / unitPrice : null), quantity !== null ? 0.95 : 0.6),
      unit: field(unitFromCode(get('unit') || null), 0.9),
      unit_price: field(unitPrice ?? (total !== null && quantity ? total / quantity : null), 0.95),
      line_total: field(total ?? (unitPrice !== null && quantity !== null ? unitPrice * quantity : null), 0.95),
      sku: field(sku && sku !== barcode ? sku : null, 0.95),
      barcode: field(barcode || null, 0.95),
    });
  }
  if (!lines.length) throw new UnreadableDocument('document_empty', 'The CSV has a header row but no item rows.');
  const header = emptyHeader();
  header.invoice_number = field(values.invoice_number ? parseInvoiceNumber(values.invoice_number) ?? values.invoice_number : null, 0.95);
  header.invoice_date = field(values.invoice_date ? findDates(values.invoice_date, order)[0]?.iso : null, 0.95);
  header.vendor_name = field(values.vendor_name ?? null, 0.95);
  const code = values.currency?.toUpperCase();
  header.currency = code && ISO_CURRENCIES.has(code) ? field(code, 0.95) : currencyGuess;
  const sum = lines.reduce((s, l) => s + (l.line_total.value ?? 0), 0);
  header.total_amount = field(Math.round(sum * 100) / 100, 0.6);
  return { format: 'csv', header, lines, pages: 1, warnings: [] };
}

/** The delimiter that splits the first lines most consistently (quoted text aside). */
function delimiterOf(text: string): string {
  const head = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim()).slice(0, 5).map((l) => l.replace(/"[^"]*"/g, '""'));
  let best = ',';
  let bestScore = -1;
  for (const d of [',', ';', '\t', '|']) {
    const counts = head.map((l) => l.split(d).length - 1);
    const score = Math.min(...counts) > 0 ? Math.min(...counts) * 10 - (Math.max(...counts) - Math.min(...counts)) : 0;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}
