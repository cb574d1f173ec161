// Invoice number, invoice date and total from a laid-out page, by label (see
// labels.ts), with fallbacks when a document prints no label.
import type { Layout } from '../layout.js';
import { field, type Field } from '../types.js';
import { calibrated } from './confidence.js';
import { findLabeled } from './labels.js';
import { findDates, type DayOrder } from './dates.js';
import { close, looksLikeMoney, parseAmount, round2, type DecimalMark } from './numbers.js';
import { derivedTotals, ROUNDING_WORDS, sameCents, slippedAmount, TAX_WORDS, totalsBlock } from './totals-block.js';
import { INVOICE_DATE_LABELS, INVOICE_NUMBER_LABELS, NOT_TOTAL, OTHER_DATE_WORDS, TOTAL_LABELS, type Label } from './vocabulary.js';

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
  return best ? calibrated('invoice_number', best.value, { strength: best.score, legibility: best.line.conf }) : field<string>(null, 0);
}

export function readInvoiceDate(layout: Layout, order: DayOrder): Field<string> {
  const firstDate = (text: string) => plausibleDates(text, order)[0]?.iso ?? null;
  const [best] = findLabeled(layout, { labels: INVOICE_DATE_LABELS, parse: firstDate, exclude: OTHER_DATE_WORDS });
  if (best) return calibrated('invoice_date', best.value, { strength: best.score, legibility: best.line.conf });
  // no label: receipts print the sale's date and time together, anywhere on the slip;
  // invoices near the top. A date beside a due/delivery/period word is another date.
  const page = layout.pages[0];
  let found: { iso: string; score: number; conf: number } | null = null;
  for (const line of layout.lines) {
    const other = OTHER_DATE_WORDS.test(line.text);
    for (const d of plausibleDates(line.text, order)) {
      let score = other ? 0.25 : 0.4;
      if (/^\s*[|,]?\s*(?:\d{1,2}[:.]\d{2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?)\b/i.test(line.text.slice(d.index + d.length)) || /\b\d{1,2}:\d{2}\b/.test(line.text)) score += 0.1;
      if (line.page === 1 && page && line.y <= page.height / 2) score += 0.05;
      if (!found || score > found.score) found = { iso: d.iso, score, conf: line.conf };
    }
  }
  return found ? calibrated('invoice_date', found.iso, { strength: found.score, legibility: found.conf }) : field<string>(null, 0);
}

/** Dates of a text that can be a document's date: not in the future (beyond a day's clock skew) and not before 2000. */
function plausibleDates(text: string, order: DayOrder) {
  const latest = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  return findDates(text, order).filter((d) => d.iso >= '2000-01-01' && d.iso <= latest);
}

const TAX_AMOUNT: Label[] = [{ re: TAX_WORDS, weight: 1 }];
const ROUNDING: Label[] = [{ re: ROUNDING_WORDS, weight: 1 }];

/**
 * The amount payable: the best-labelled total (TOTAL, GRAND TOTAL, AMOUNT DUE, TOTAL
 * ROUNDED, NETT TOTAL...), not a subtotal, tax, quantity, cash tendered or change. Where
 * a receipt prints what was tendered and the change, tendered − change is what was paid:
 * the total that equals it wins, and stands in when no total is labelled. A total that
 * equals another total plus the rounding is the rounded one, the one paid.
 */
/** Label words of the totals block, restored where OCR slipped a letter ("Tolal", "Tota", "ROUNDEO"). */
const TOTAL_WORDS = ['total', 'amount', 'rounded', 'rounding', 'change', 'grand', 'subtotal', 'tendered', 'inclusive', 'excluding', 'including'];

function withOcrSlips(layout: Layout): Layout {
  const fix = (word: string) => {
    // digits the engine read for look-alike letters ("T0TAL", "TOTA1")
    const w = word.toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l').replace(/5/g, 's').replace(/8/g, 'b');
    if (w.length < 4 || !/^\p{L}+$/u.test(w) || (TOTAL_WORDS.includes(w) && w === word.toLowerCase())) return word;
    if (TOTAL_WORDS.includes(w)) return word === word.toUpperCase() ? w.toUpperCase() : w;
    const hit = TOTAL_WORDS.find((t) => Math.abs(t.length - w.length) <= 1 && t.length >= 5 && oneEditApart(t, w));
    return hit ? (word === word.toUpperCase() ? hit.toUpperCase() : hit[0].toUpperCase() + hit.slice(1)) : word;
  };
  const lines = layout.lines.map((l) => {
    if (l.conf >= 1) return l;
    const cells = l.cells.map((c) => ({ ...c, text: c.text.replace(/(?<![\d.,])[\p{L}0158]*\p{L}[\p{L}0158]*/gu, fix) }));
    return { ...l, cells, text: cells.map((c) => c.text).join(' | ') };
  });
  return { ...layout, lines };
}

function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

export function readTotal(printed: Layout, decimal: DecimalMark | null): Field<number> {
  // OCR text: a label with one letter misread is still that label
  const layout = printed.lines.some((l) => l.conf < 1) ? withOcrSlips(printed) : printed;
  const money = (text: string) => slippedAmount(text, decimal) ?? (/^\s*-?\d+([.,]\d+)?\s*$/.test(text) ? parseAmount(text, decimal) : null);
  // "Total Incl GST 53.00", "TOTAL (RM) : 12.90": words between the label and its amount
  const trailingMoney = (text: string) => {
    const whole = money(text);
    if (whole !== null) return whole;
    const m = /(?:^|[\s.:_=~*-])((?:[A-Z]{1,2}\$|RM|Rs\.?|[€£$₹¥])?\s?-?\d[\d.,']*\d(?:\/-)?)\s*$/.exec(text);
    return m && looksLikeMoney(m[1]) ? parseAmount(m[1], decimal) : null;
  };
  // a value under the label counts only on a line of its own amounts, not on the next labelled line ("CASH 20.00")
  const found = findLabeled(layout, { labels: TOTAL_LABELS, parse: trailingMoney, exclude: NOT_TOTAL, below: 1 }).filter(
    (c) => c.where !== 'below' || !c.line.cells.some((cell) => /\p{L}{2}/u.test(cell.text.replace(/\b(?:RM|Rs|Rp|[A-Z]{3})\b/g, ''))),
  );
  // "Total facture | 24.99 | 5.00 | 29.99": a total row may print net, tax and gross; the gross is the largest
  for (const c of found) {
    if (c.where !== 'right') continue;
    for (const cell of c.line.cells.slice(c.cellIndex + 1)) {
      const v = money(cell.text);
      if (v !== null && v > c.value) c.value = v;
    }
  }
  // the block's own arithmetic: subtotal + tax (+ rounding), total + rounding under it, tendered − change
  const block = totalsBlock(layout, decimal);
  const derived = derivedTotals(block);
  const paid = derived.find((d) => d.how === 'paid') ?? null;
  const rounding = new Set(findLabeled(layout, { labels: ROUNDING, parse: trailingMoney }).map((c) => c.value).filter((v) => v !== 0).map(round2));
  const taxes = new Set(findLabeled(layout, { labels: TAX_AMOUNT, parse: trailingMoney, exclude: /\b(?:excl|incl|summary|rate)\w*/i, below: 0 }).map((c) => round2(c.value)).filter((v) => v > 0));
  // a zero total ("Total : 0.00" of an empty discount block) counts only when nothing else does
  const nonZero = found.filter((c) => c.value !== 0);
  const candidates = (nonZero.length ? nonZero : found).map((c) => ({ value: c.value, score: c.score, label: c.score, agreed: false, conf: c.line.conf }));
  for (const c of candidates) {
    // the amount change was given from is what was tendered ("Amount Paid 50.00", "Change 10.00")
    if (paid?.tendered !== undefined && sameCents(c.value, paid.tendered)) c.score -= 0.3;
    if (paid !== null && sameCents(c.value, paid.value)) {
      c.score += 0.2;
      c.agreed = true;
    }
    // the rounded total (total + rounding), the gross (net + tax)
    if (candidates.some((o) => o !== c && [...rounding].some((r) => Math.abs(round2(o.value + r) - c.value) < 0.005))) {
      c.score += 0.15;
      c.agreed = true;
    }
    if (candidates.some((o) => o !== c && [...taxes].some((tx) => Math.abs(round2(o.value + tx) - c.value) < 0.015)) || derived.some((d) => d.how === 'sum' && sameCents(c.value, d.value))) {
      c.score += 0.1;
      c.agreed = true;
    }
  }
  // a total the labels missed (its label garbled, or its amount split by the OCR): a block
  // amount where the arithmetic lands, a total under its label's line, a rounding applied
  for (const b of block) {
    if (candidates.some((c) => sameCents(c.value, b.value))) continue;
    const lands = derived.filter((d) => sameCents(d.value, b.value));
    if (b.kind === 'other' && lands.length) candidates.push({ value: b.value, score: 0.85 + 0.05 * lands.length, label: 0.8, agreed: true, conf: b.line.conf });
    else if (b.kind === 'total' && b.value > 0) candidates.push({ value: b.value, score: 0.75 + (lands.length ? 0.15 : 0), label: 0.75, agreed: lands.length > 0, conf: b.line.conf });
  }
  for (const d of derived) {
    if (d.how === 'paid' || candidates.some((c) => sameCents(c.value, d.value))) continue;
    // the rounding printed under the total, with no rounded total printed: what was paid
    const base = d.how === 'rounded' ? Math.max(0, ...candidates.filter((c) => d.base !== undefined && sameCents(c.value, d.base)).map((c) => c.score)) : 0;
    const others = derived.filter((o) => o !== d && o.how !== d.how && sameCents(o.value, d.value)).length;
    if (others) candidates.push({ value: d.value, score: 1.05, label: 0.8, agreed: true, conf: d.conf });
    else if (d.how === 'rounded' && base) candidates.push({ value: d.value, score: base + 0.15, label: 0.8, agreed: true, conf: d.conf });
  }
  // tendered − change is itself a reading of the amount paid: above a bare "Total", below a specific
  // label — unless the printed totals contradict one another, then it settles which one was paid
  const printedTotals = [...new Set(block.filter((b) => b.kind === 'total' && b.value > 0).map((b) => round2(b.value)))];
  const contradicted = printedTotals.length > 1 && !printedTotals.some((t) => derived.some((d) => d.how !== 'paid' && sameCents(d.value, t)));
  if (paid !== null && paid.value > 0 && !candidates.some((c) => sameCents(c.value, paid.value))) candidates.push({ value: paid.value, score: contradicted ? 1 : 0.8, label: 0.75, agreed: contradicted, conf: paid.conf });
  if (!candidates.length) return field<number>(null, 0);
  // the amount payable is the largest of the best-labelled totals
  const top = Math.max(...candidates.map((c) => c.score));
  const best = candidates.filter((c) => c.score >= top - 0.1).sort((a, b) => b.value - a.value)[0];
  // evidence: how specific the label is, and whether other figures (tendered − change, rounding, tax) add up to it
  const labelStrength = Math.max(0, Math.min(1, (best.label - 0.7) / 0.25));
  return calibrated('total_amount', best.value, { strength: 0.5 * labelStrength + 0.5 * (best.agreed ? 1 : 0), legibility: best.conf });
}
