// A laid-out document (PDF text layer or OCR) -> header fields and item lines.
import type { Layout } from '../layout.js';
import type { ExtractedHeader, ExtractedLine } from '../types.js';
import { calibrated, unconfirmed, type ReadField } from './confidence.js';
import { detectCountry } from './country.js';
import { detectCurrency } from './currency.js';
import { documentDayOrder } from './dates.js';
import { readInvoiceDate, readInvoiceNumber } from './header-fields.js';
import { readTotalAndBlock } from './total-amount.js';
import { readLineItems } from './line-table.js';
import { amountDecimalMark, documentDecimalMark, WHOLE_UNIT_CURRENCIES } from './numbers.js';
import { sameCents, type BlockAmount } from './totals-block.js';
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
  const ocr = layout.lines.some((l) => l.conf < 1);
  const currency = detectCurrency(layout.text, country, { ocr });
  const decimal = amountDecimalMark(layout.text, currency.value);
  const order = documentDayOrder(layout.text, currency.value, country, ocr);
  const vendor = readVendor(layout, vendorSources);
  const lines = readLineItems(layout, decimal);
  const currencyRead = calibrated('currency', currency.value, { strength: currency.confidence, legibility: layout.quality });
  const { total, block } = readTotalAndBlock(layout, decimal);
  return {
    header: {
      vendor_name: vendor.value === null ? { value: null, confidence: 0 } : { value: vendor.value, confidence: vendor.confidence, basis: vendor.basis },
      invoice_number: readInvoiceNumber(layout),
      invoice_date: readInvoiceDate(layout, order, country.confidence >= SURE_COUNTRY),
      currency: centsUnprinted(layout.text, currency.value) ? unconfirmed(currencyRead) : currencyRead,
      total_amount: confirmedByLines(total, lines, taxAdded(block, total.value)),
    },
    lines,
    vendorScore: vendor.score,
  };
}

/**
 * The item lines' amounts adding up to the total read (to the cent, two lines or more; or one line or more and the
 * tax printed under them: "Oak bookcase £1,450.00 / VAT @ 20% £290.00 / Total £1,740.00", no subtotal printed) are a
 * second figure agreeing with it, as tendered − change or a tax breakdown are in total-amount.ts: a total under a bare
 * label ("Total EUR") is then no longer unsure.
 */
function confirmedByLines(total: ReadField<number>, lines: ExtractedLine[], tax: number): ReadField<number> {
  if (total.value === null || !total.basis || total.basis.strength >= LINES_AGREE) return total;
  const amounts = lines.map((l) => l.line_total.value);
  if (!amounts.length || amounts.some((a) => a === null)) return total;
  const sum = (amounts as number[]).reduce((a, b) => a + b, 0);
  if (!(amounts.length >= 2 && sameCents(sum, total.value)) && !(tax > 0 && sameCents(sum + tax, total.value))) return total;
  return calibrated('total_amount', total.value, { strength: total.basis.strength + LINES_AGREE, legibility: total.basis.legibility });
}

/**
 * The tax the totals block adds (its tax lines' amounts; not a tax a total says it includes) — none when amounts are
 * printed under the total (a part exchange, a deposit taken off: the total is not what is due, whatever adds up to it).
 */
function taxAdded(block: BlockAmount[], total: number | null): number {
  if (total === null) return 0;
  const at = block.findLastIndex((b) => sameCents(b.value, total));
  if (at < 0 || block.slice(at + 1).some((b) => b.kind !== 'tendered' && b.kind !== 'change' && b.value !== 0 && !sameCents(b.value, total))) return 0;
  return block.filter((b) => b.kind === 'tax' && b.value > 0).reduce((s, b) => s + b.value, 0);
}

/** How sure the seller's country must be for its order of day and month to settle an ambiguous date. */
const SURE_COUNTRY = 0.6;

/** What agreeing figures add to a total's strength (total-amount.ts weighs them the same). */
const LINES_AGREE = 0.5;

/**
 * "green tea 8,500 / TOTAL 16,500" read as dollars, "RM. Tawar Polo … 19,000" as ringgit: a currency whose
 * prices carry cents, on a page that prints no cents anywhere and groups its amounts in thousands, is at
 * odds with the money printed (rupiah, dong, won and yen are written so) — for review, however the
 * other signs point.
 */
function centsUnprinted(text: string, currency: string | null): boolean {
  if (currency === null || WHOLE_UNIT_CURRENCIES.has(currency)) return false;
  return documentDecimalMark(text) === null && /(?<![\d.,])\d{1,3}(?:[.,]\d{3})+(?![.,]?\d)/.test(text);
}
