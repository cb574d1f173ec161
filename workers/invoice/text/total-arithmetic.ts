// The totals block's arithmetic applied to the labelled total candidates (./total-amount.ts):
// decimal points the OCR dropped restored, candidates weighed by what the other figures add
// up to, reconciled with what was tendered less the change, rounded to what was paid, and
// totals no label names added from the arithmetic alone.
import type { Layout } from '../layout.js';
import { findLabeled } from './labels.js';
import { round2, type DecimalMark } from './numbers.js';
import { grossOfRows, ROUNDING_WORDS, sameCents, TAX_WORDS, type BlockAmount, type DerivedTotal } from './totals-block.js';
import type { Label } from './vocabulary.js';
import { oneEditApart } from './ocr-slips.js';

const TAX_AMOUNT: Label[] = [{ re: TAX_WORDS, weight: 1 }];
const ROUNDING: Label[] = [{ re: ROUNDING_WORDS, weight: 1 }];

export interface TotalCandidate {
  value: number;
  score: number;
  /** the label's own weight (how specific it is) */
  label: number;
  /** other figures of the document add up to it */
  agreed: boolean;
  conf: number;
  /** printed without cents */
  whole?: boolean;
  /** labelled as what is still to pay after a deposit ("Solde à payer") */
  stillToPay?: boolean;
  /** the index of the line its label is on (labelled totals) */
  lineIndex?: number;
}

export type Money = (text: string) => number | null;

/**
 * "GRAND TOTAL 1000" on a receipt that prints cents, under "SUB TOTAL 10.00": a total of
 * bare digits that is a hundred times a figure of the block lost its decimal point.
 */
export function restoreDecimalPoints(candidates: TotalCandidate[], block: BlockAmount[], derived: DerivedTotal[]): void {
  // (the total's own printings — "Total 1200", "Total Payable 1200" — do not vouch for it)
  const figures = [...block.filter((b) => b.kind !== 'count' && b.kind !== 'total').map((b) => b.value), ...derived.map((d) => d.value)];
  // ("Bruttosumme 235,44" over "Zahlbetrag 23544": another total printed with its cents vouches for the point a
  // total of bare digits lost — not one of bare digits itself, "Total 1200" for "Total Payable 1200")
  const vouching = [...figures, ...candidates.filter((c) => !Number.isInteger(c.value)).map((c) => Math.abs(c.value))];
  for (const c of candidates) {
    // ("( 742)": brackets around the figure, read as a negative, with subtotal + tax at 7.42)
    const v = Math.abs(c.value);
    if (!Number.isInteger(v) || v < 100) continue;
    if (vouching.some((f) => sameCents(f, v / 100)) && !vouching.some((f) => sameCents(f, v))) c.value = round2(v / 100);
  }
}

/** Labelled totals that other figures add up to gain; the amount change was given from loses. */
export function weighByArithmetic(layout: Layout, candidates: TotalCandidate[], block: BlockAmount[], derived: DerivedTotal[], summary: number[], trailingMoney: Money, decimal: DecimalMark | null): void {
  const paid = derived.find((d) => d.how === 'paid');
  const rounding = new Set(findLabeled(layout, { labels: ROUNDING, parse: trailingMoney }).map((c) => c.value).filter((v) => v !== 0).map(round2));
  const taxes = new Set(findLabeled(layout, { labels: TAX_AMOUNT, parse: trailingMoney, exclude: /\b(?:excl|incl|summary|rate)\w*/i, below: 0 }).map((c) => round2(c.value)).filter((v) => v > 0));
  // (what other candidates plus a rounding or a tax come to, and for each total line the last rounding above it:
  // computed once, so a long document with many totals is read in time linear in its lines, not cubic)
  const plus = (adds: Set<number>) => {
    const sums = new Map<number, TotalCandidate[]>();
    for (const o of candidates)
      for (const a of adds) {
        const key = Math.round((o.value + a) * 100);
        const list = sums.get(key) ?? [];
        if (list.length < 2 && !list.includes(o)) list.push(o);
        sums.set(key, list);
      }
    return (c: TotalCandidate, cents: 0 | 1) => {
      const at = Math.round(c.value * 100);
      // (offsets, not a counter: a huge amount's cents have no next integer to count to)
      return (cents ? [-1, 0, 1] : [0]).some((d) => (sums.get(at + d) ?? []).some((o) => o !== c));
    };
  };
  const grossRows = grossOfRows(layout, decimal);
  const included = includedTaxes(layout, trailingMoney);
  const roundedFrom = plus(rounding);
  const taxedFrom = plus(taxes);
  // for each rounding line (non-zero, under a unit): the totals above it, other than the one paid — how many, and
  // whether they are all one value (then a total of that value has no other total above the rounding)
  const lastRounding = new Map<BlockAmount, { count: number; value: number; uniform: boolean }>();
  let above = { count: 0, value: 0, uniform: true };
  let lastSeen: typeof above | null = null;
  for (const b of block) {
    if (b.kind === 'total') lastRounding.set(b, lastSeen ?? { count: 0, value: 0, uniform: true });
    if (b.kind === 'rounding' && b.value !== 0 && Math.abs(b.value) < 1) lastSeen = { ...above };
    if (b.kind === 'total' && b.value > 0 && !(paid && sameCents(paid.value, b.value))) above = { count: above.count + 1, value: above.count ? above.value : b.value, uniform: above.uniform && (above.count === 0 || sameCents(above.value, b.value)) };
  }
  for (const c of candidates) {
    // "Grand Total | 30" on a document that prints cents, over "Cash RM30.30 / Change RM1.00": a total
    // whose cents the OCR lost (or that is a count) yields to what tendered − change says was paid
    if (c.whole && decimal !== null && paid && paid.value > 0 && !sameCents(paid.value, c.value)) c.score -= 0.25;
    // the amount change was given from is what was tendered ("Amount Paid 50.00", "Change 10.00")
    if (paid?.tendered !== undefined && sameCents(c.value, paid.tendered)) c.score -= 0.3;
    if (paid && sameCents(c.value, paid.value)) {
      c.score += 0.2;
      c.agreed = true;
    }
    // the rounded total (total + rounding), the gross (net + tax)
    if (roundedFrom(c, 0)) {
      c.score += 0.15;
      c.agreed = true;
    }
    // the total printed under a (non-zero) rounding, below another total: the rounded one, the one paid
    // ("Total (Incl. GST) 85.53 / Rounding 0.02 / TOTAL 65.55", one of them slipped) — unless tendered − change says the first
    const after = block.find((b) => {
      if (b.kind !== 'total' || !sameCents(b.value, c.value)) return false;
      const r = lastRounding.get(b);
      return !!r && r.count > 0 && (!r.uniform || !sameCents(r.value, c.value));
    });
    if (after && !block.some((b) => b.kind === 'total' && b.line.index > after.line.index && !sameCents(b.value, c.value))) {
      c.score += 0.15;
      c.agreed = true;
    }
    // printed on two total lines of the block ("Total Inc. GST 362.50", "Rounding 0.00", "Final Total 362.50")
    if (printedTwice(block, c.value)) {
      c.score += 0.1;
      c.agreed = true;
    }
    // the tax summary's amount + tax, before or after the rounding
    if (summary.some((t) => t > 0 && (sameCents(t, c.value) || [...rounding].some((r) => sameCents(round2(t + r), c.value))))) {
      c.score += 0.1;
      c.agreed = true;
    }
    // (a row's net + tax = gross, printed apart from the total's label, vouches for a total that no larger,
    // equally labelled total overtops: such a total makes the row one share of it)
    if (taxedFrom(c, 1) || derived.some((d) => d.how === 'sum' && sameCents(c.value, d.value)) || (grossRows.some((g) => sameCents(g.value, c.value) && !g.lines.includes(c.lineIndex ?? -1)) && !candidates.some((o) => o.value > c.value + 0.005 && o.label >= c.label)) || included.some((t) => t.lineIndex !== c.lineIndex && t.rates.some((r) => Math.abs(round2((c.value * r) / (100 + r)) - t.value) <= 0.01))) {
      c.score += 0.1;
      c.agreed = true;
    }
  }
}

/**
 * "Total 623.60" over "Cash 63.60 / Change 0.00": a labelled total nothing adds up to, one
 * OCR digit away (a digit inserted, lost or misread) from what tendered − change says was
 * paid, is that amount misread.
 */
export function reconcileWithPaid(layout: Layout, candidates: TotalCandidate[], block: BlockAmount[], derived: DerivedTotal[], decimal: DecimalMark | null): void {
  if (candidates.some((c) => c.agreed)) return;
  const top = bestScored(candidates);
  // (a text layer prints what the issuer wrote: no OCR slip to mend — "AMOUNT DUE: 73.24" under "SUB TOTAL 68.89 /
  // Tax 6.35" is what is due, a discount or credit unprinted)
  if (!top || top.conf >= 1) return;
  // what was paid: tendered − change, else subtotal + tax + rounding ("Subtotal 12.61 / Rounding -0.01 / Total 12.40")
  const paid = [derived.find((d) => d.how === 'paid'), derived.filter((d) => d.how === 'sum').at(-1)].find(
    (d) => d !== undefined && d.value > 0 && !sameCents(top.value, d.value) && oneDigitSlip(top.value.toFixed(2), d.value.toFixed(2)),
  );
  if (!paid) return;
  // (a document that writes no cents: "Grand Total 1200" over "Cash 2000 / Change 700" is no slipped cent — one of
  // the figures is wrong, and the labelled total stands)
  if (decimal === null && Number.isInteger(top.value) && Number.isInteger(paid.value)) return;
  // (a sum that left out a rounding the OCR garbled is the figure before rounding, not what was paid)
  if (paid.how === 'sum' && layout.lines.some((l) => ROUNDING_WORDS.test(l.text)) && !block.some((b) => b.kind === 'rounding')) return;
  // two printings of the total that agree ("Total Inc. GST 362.50", "Final Total 362.50") outweigh one subtraction
  if (printedTwice(block, top.value)) return;
  // a till that prints a rounding adjustment pays a total on its rounding grid (5 cents or coarser): a
  // rounded total is not replaced by an off-grid tendered − change
  if (block.some((b) => b.kind === 'rounding' && b.value !== 0 && Math.abs(b.value) < 1) && onGrid(top.value) && !onGrid(paid.value)) return;
  top.value = paid.value;
  top.agreed = true;
  top.conf = Math.min(top.conf, paid.conf);
}

/**
 * "Total 42.33", "Rounding Adjustment …", "Credit 42.35 / Change 0.00": where the till prints a
 * rounding, a total off the 5-cent grid is the figure before it; tendered − change, on the grid and a
 * couple of cents away, is the rounded total that was paid.
 */
export function roundToPaid(layout: Layout, candidates: TotalCandidate[], derived: DerivedTotal[]): void {
  const paid = derived.find((d) => d.how === 'paid');
  if (!paid || paid.value <= 0 || !layout.lines.some((l) => ROUNDING_WORDS.test(l.text))) return;
  const top = bestScored(candidates);
  if (!top || onGrid(top.value) || !onGrid(paid.value) || Math.abs(paid.value - top.value) > 0.025) return;
  if (candidates.some((c) => c !== top && sameCents(c.value, paid.value) && c.score >= top.score)) return;
  top.value = paid.value;
  top.agreed = true;
  top.conf = Math.min(top.conf, paid.conf);
}

/** On the grid of a till that rounds to 5 cents (or coarser). */
export const onGrid = (v: number) => Math.abs(v * 20 - Math.round(v * 20)) < 0.01;

const bestScored = (candidates: TotalCandidate[]) => candidates.reduce<TotalCandidate | null>((b, c) => (!b || c.score > b.score ? c : b), null);

/** The amount stands on two total lines of the block ("Total Inc. GST 362.50", "Final Total 362.50"). */
const printedTwice = (block: BlockAmount[], value: number) => block.filter((b) => b.kind === 'total' && sameCents(b.value, value)).length >= 2;

/** Two printed amounts one digit apart: one inserted, dropped or replaced. */
function oneDigitSlip(a: string, b: string): boolean {
  return a !== b && oneEditApart(a, b);
}

/**
 * Totals the labels missed (a label garbled, an amount split by the OCR): a block amount
 * where the arithmetic lands, a total under its label's line, a rounding applied to the
 * total above it, a figure two readings agree on, and tendered − change itself.
 */
export function addArithmeticTotals(candidates: TotalCandidate[], block: BlockAmount[], derived: DerivedTotal[]): void {
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
  const paid = derived.find((d) => d.how === 'paid');
  const printedTotals = [...new Set(block.filter((b) => b.kind === 'total' && b.value > 0).map((b) => round2(b.value)))];
  const contradicted = printedTotals.length > 1 && !printedTotals.some((t) => derived.some((d) => d.how !== 'paid' && sameCents(d.value, t)));
  // (and two printings of one total that agree outweigh it: "Total Inc. GST 362.50", "Final Total 362.50")
  const twice = printedTotals.some((t) => printedTwice(block, t));
  if (paid && paid.value > 0 && !candidates.some((c) => sameCents(c.value, paid.value))) {
    // (it vouches for itself only when it is one of those totals with a digit misread)
    const settles = contradicted && printedTotals.some((t) => oneDigitSlip(t.toFixed(2), paid.value.toFixed(2)));
    candidates.push({ value: paid.value, score: contradicted ? 1 : twice ? 0.65 : 0.8, label: 0.75, agreed: settles, conf: paid.conf });
  }
}

/** Rates of tax printed on the page ("GST 15%", "MwSt. 19 %") and, where none is, the standard rates of most countries. */
const STANDARD_RATES = [5, 6, 7, 8, 9, 10, 12, 13, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25];
const TAX_INCLUDED = /\b(?:gst|vat|tax|mwst|ust|tva|iva|btw|moms)\b.{0,25}\b(?:incl\w*|included|enthalten|inclus\w*)\b|\b(?:incl\w*|includes?|enth\S{1,2}lt|dont)\b.{0,25}\b(?:gst|vat|tax|mwst|ust|tva|iva|btw|moms)\b/i;

/**
 * "Total (incl GST) $208.90" over "GST included $27.25": a tax the total includes is the total's share at its
 * rate, total × r / (100 + r), to the cent — at a rate the page prints, or else at a standard rate.
 */
function includedTaxes(layout: Layout, money: Money): { value: number; lineIndex: number; rates: number[] }[] {
  const printed = [...layout.text.matchAll(/(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s?%/g)].map((m) => Number(m[1].replace(',', '.'))).filter((r) => r > 0 && r < 30);
  const rates = printed.length ? [...new Set(printed)] : STANDARD_RATES;
  const out: { value: number; lineIndex: number; rates: number[] }[] = [];
  for (const line of layout.lines) {
    if (line.text.length > 200 || !TAX_INCLUDED.test(line.text)) continue;
    const value = money(line.cells.at(-1)?.text ?? '');
    if (value !== null && value > 0) out.push({ value, lineIndex: line.index, rates });
  }
  return out;
}
