// Invoice number, invoice date and total from a laid-out page, by label (see
// labels.ts), with fallbacks when a document prints no label.
import type { Layout } from '../layout.js';
import { field, type Field } from '../types.js';
import { findLabeled } from './labels.js';
import { findDates, type DayOrder } from './dates.js';
import { looksLikeMoney, parseAmount, type DecimalMark } from './numbers.js';
import { INVOICE_DATE_LABELS, INVOICE_NUMBER_LABELS, NOT_TOTAL, OTHER_DATE_WORDS, TOTAL_LABELS } from './vocabulary.js';

/** An invoice number: one token with a digit, not a date, an amount or a phone number. */
export function parseInvoiceNumber(text: string): string | null {
  for (const raw of text.split(/\s+/)) {
    const token = raw.replace(/^[#:(\[]+|[:,;)\].]+$/g, '');
    if (token.length < 3 || token.length > 40) continue;
    if (!/\d/.test(token) || !/^[A-Za-z0-9][A-Za-z0-9\-/._#]*$/.test(token)) continue;
    if (/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$|^\d{4}-\d{2}-\d{2}$/.test(token)) continue;
    if (/^\d{1,3}([.,]\d{3})*[.,]\d{2}$/.test(token)) continue;
    if (/%$/.test(token)) continue;
    return token;
  }
  return null;
}

export function readInvoiceNumber(layout: Layout): Field<string> {
  const [best] = findLabeled(layout, {
    labels: INVOICE_NUMBER_LABELS,
    parse: parseInvoiceNumber,
    exclude: /\b(?:customer|client|kunden?|klant|account|order|bestell|auftrag|contract|vertrag|vat|btw|ust|tva|iva|po|purchase|reference|referenz|iban|phone|tel)\b/i,
  });
  return best ? field(best.value, best.score * layout.quality) : field<string>(null, 0);
}

export function readInvoiceDate(layout: Layout, order: DayOrder): Field<string> {
  const firstDate = (text: string) => findDates(text, order)[0]?.iso ?? null;
  const [best] = findLabeled(layout, { labels: INVOICE_DATE_LABELS, parse: firstDate, exclude: OTHER_DATE_WORDS });
  if (best) return field(best.value, best.score * layout.quality);
  // no label: the first date printed in the top half of the first page, not next to a due/order word
  const page = layout.pages[0];
  for (const line of layout.lines) {
    if (line.page !== 1 || (page && line.y > page.height / 2)) continue;
    if (OTHER_DATE_WORDS.test(line.text)) continue;
    const d = firstDate(line.text);
    if (d) return field(d, 0.4 * layout.quality);
  }
  return field<string>(null, 0);
}

export function readTotal(layout: Layout, decimal: DecimalMark | null): Field<number> {
  const money = (text: string) => (looksLikeMoney(text) || /^\s*-?\d+([.,]\d+)?\s*$/.test(text) ? parseAmount(text, decimal) : null);
  const found = findLabeled(layout, { labels: TOTAL_LABELS, parse: money, exclude: NOT_TOTAL, below: 1 });
  if (!found.length) return field<number>(null, 0);
  // "Total facture | 24.99 | 5.00 | 29.99": a total row may print net, tax and gross; the gross is the largest
  for (const c of found) {
    if (c.where !== 'right') continue;
    for (const cell of c.line.cells.slice(c.cellIndex + 1)) {
      const v = money(cell.text);
      if (v !== null && v > c.value) c.value = v;
    }
  }
  // the amount payable is the largest of the best-labelled totals
  const top = found[0].score;
  const best = found.filter((c) => c.score >= top - 0.1).sort((a, b) => b.value - a.value)[0];
  return field(best.value, best.score * layout.quality);
}
