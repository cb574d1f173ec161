// A laid-out document (PDF text layer or OCR) -> header fields and item lines.
import type { Layout } from '../layout.js';
import type { ExtractedHeader, ExtractedLine } from '../types.js';
import { calibrated, type ReadField } from './confidence.js';
import { detectCountry } from './country.js';
import { detectCurrency } from './currency.js';
import { documentDayOrder } from './dates.js';
import { readInvoiceDate, readInvoiceNumber } from './header-fields.js';
import { readTotal } from './total-amount.js';
import { readLineItems } from './line-table.js';
import { amountDecimalMark } from './numbers.js';
import { readVendor } from './vendor.js';
import { mendSplitWords } from './split-words.js';

export interface TextReading {
  header: ExtractedHeader;
  lines: ExtractedLine[];
  /** evidence behind the vendor (vendor.ts); below CONFIDENT_VENDOR_SCORE, more sources are worth a look */
  vendorScore: number;
}

export function readLaidOutInvoice(printed: Layout, vendorSources: Layout[] = []): TextReading {
  const layout = mendSplitWords(printed);
  const country = detectCountry(layout.text);
  const currency = detectCurrency(layout.text, country);
  const decimal = amountDecimalMark(layout.text, currency.value);
  const order = documentDayOrder(layout.text, currency.value, country, layout.lines.some((l) => l.conf < 1));
  const vendor = readVendor(layout, vendorSources);
  const lines = readLineItems(layout, decimal);
  return {
    header: {
      vendor_name: vendor.value === null ? { value: null, confidence: 0 } : { value: vendor.value, confidence: vendor.confidence, basis: vendor.basis },
      invoice_number: readInvoiceNumber(layout),
      invoice_date: readInvoiceDate(layout, order, country.confidence >= SURE_COUNTRY),
      currency: calibrated('currency', currency.value, { strength: currency.confidence, legibility: layout.quality }),
      total_amount: confirmedByLines(readTotal(layout, decimal), lines),
    },
    lines,
    vendorScore: vendor.score,
  };
}

/**
 * The item lines' amounts adding up to the total read (to the cent, two lines or more)
 * are a second figure agreeing with it, as tendered − change or a tax breakdown are in
 * total-amount.ts: a total under a bare label ("Total EUR") is then no longer unsure.
 */
function confirmedByLines(total: ReadField<number>, lines: ExtractedLine[]): ReadField<number> {
  if (total.value === null || !total.basis || total.basis.strength >= LINES_AGREE) return total;
  const amounts = lines.map((l) => l.line_total.value);
  if (amounts.length < 2 || amounts.some((a) => a === null)) return total;
  const sum = (amounts as number[]).reduce((a, b) => a + b, 0);
  if (Math.round(sum * 100) !== Math.round(total.value * 100)) return total;
  return calibrated('total_amount', total.value, { strength: total.basis.strength + LINES_AGREE, legibility: total.basis.legibility });
}

/** How sure the seller's country must be for its order of day and month to settle an ambiguous date. */
const SURE_COUNTRY = 0.6;

/** What agreeing figures add to a total's strength (total-amount.ts weighs them the same). */
const LINES_AGREE = 0.5;
