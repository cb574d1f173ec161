// The total of a laid-out invoice or receipt: the amount paid. By label first (TOTAL,
// GRAND TOTAL, AMOUNT DUE, TOTAL ROUNDED, NETT TOTAL... over subtotals, tax, quantities,
// cash tendered and change), then weighed and completed by the totals block's own
// arithmetic (totals-block.ts), which also finds a total whose label or figure the OCR
// garbled.
import type { Layout } from '../layout.js';
import { field, type Field } from '../types.js';
import { calibrated } from './confidence.js';
import { findLabeled } from './labels.js';
import { looksLikeMoney, parseAmount, round2, type DecimalMark } from './numbers.js';
import { derivedTotals, ROUNDING_WORDS, sameCents, slippedAmount, summaryRows, summaryTotals, TAX_WORDS, totalsBlock, type BlockAmount, type DerivedTotal } from './totals-block.js';
import { NOT_TOTAL, TOTAL_LABELS, type Label } from './vocabulary.js';

const TAX_AMOUNT: Label[] = [{ re: TAX_WORDS, weight: 1 }];
const ROUNDING: Label[] = [{ re: ROUNDING_WORDS, weight: 1 }];

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

interface TotalCandidate {
  value: number;
  score: number;
  /** the label's own weight (how specific it is) */
  label: number;
  /** other figures of the document add up to it */
  agreed: boolean;
  conf: number;
  /** printed without cents */
  whole?: boolean;
}

type Money = (text: string) => number | null;

/**
 * The amount payable: the best-labelled total (TOTAL, GRAND TOTAL, AMOUNT DUE, TOTAL
 * ROUNDED, NETT TOTAL...), not a subtotal, tax, quantity, cash tendered or change. Where
 * a receipt prints what was tendered and the change, tendered − change is what was paid:
 * the total that equals it wins, and stands in when no total is labelled. A total that
 * equals another total plus the rounding is the rounded one, the one paid.
 */
export function readTotal(printed: Layout, decimal: DecimalMark | null): Field<number> {
  // OCR text: a label with one letter misread is still that label
  const layout = printed.lines.some((l) => l.conf < 1) ? withOcrSlips(printed) : printed;
  const money: Money = (text) => slippedAmount(text, decimal) ?? (/^\s*-?\d+([.,]\d+)?\s*$/.test(text) ? parseAmount(text, decimal) : null);
  // "Total Incl GST 53.00", "TOTAL (RM) : 12.90": words between the label and its amount
  const trailingMoney: Money = (raw) => {
    // "56.00 DH": a currency the amount is followed by
    const text = raw.replace(/(\d[.,]\d{2})\s+\p{Lu}{2,3}\.?\s*$/u, '$1');
    const whole = money(text);
    if (whole !== null) return whole;
    const m = /(?:^|[\s.:_=~*-])((?:[A-Z]{1,2}\$|RM|Rs\.?|[€£$₹¥])?\s?-?\d[\d.,']*\d(?:\/-)?)\s*$/.exec(text);
    if (m && looksLikeMoney(m[1])) return parseAmount(m[1], decimal);
    // "( 742)": whole digits in brackets (a negative as printed; restoreDecimalPoints may read a lost decimal point)
    const bracketed = /(?:^|[\s.:_=~*-])\(\s*(\d{1,7})\s*\)\s*$/.exec(text);
    return bracketed ? -Number(bracketed[1]) : null;
  };
  // the tax summary's own "Total | 4.00 | 0.24" row sums its columns (summaryTotals), it is not the bill
  const summary = summaryRows(layout, decimal);
  const summaryLines = new Set(summary.filter((r) => r.amounts.length === 2).map((r) => r.line.index));
  const summarySums = summaryTotals(summary);
  let candidates = labelledTotals(layout, money, trailingMoney, summaryLines);
  // the block's own arithmetic: subtotal + tax (+ rounding), total + rounding under it, tendered − change
  const block = totalsBlock(layout, decimal);
  const derived = derivedTotals(block);
  if (decimal !== null) {
    restoreDecimalPoints(candidates, block, derived);
    // on a document that writes cents, a negative total of whole digits ("( 742)") nothing explains is a misreading
    candidates = candidates.filter((c) => !(c.value < 0 && Number.isInteger(c.value)));
  }
  weighByArithmetic(layout, candidates, block, derived, summarySums, trailingMoney, decimal);
  addArithmeticTotals(candidates, block, derived);
  reconcileWithPaid(layout, candidates, block, derived);
  roundToPaid(layout, candidates, derived);
  // "Amount Paid 2.40" under "Total GST 2.40" and "Sub Total 42.40": a total is never the tax alone
  const taxes = block.filter((b) => b.kind === 'tax' && b.value > 0);
  const subtotals = block.filter((b) => b.kind === 'subtotal');
  candidates = candidates.filter((c) => !(taxes.some((t) => sameCents(t.value, c.value)) && subtotals.some((s) => s.value > c.value)));
  // "Total (58T (RM) 6.37" under "Sub Total 106.10", with tendered − change or the tax summary as large as
  // the subtotal: a total under half of it is a garbled tax or discount line
  const readings = [...derived.filter((d) => d.how === 'paid').map((d) => d.value), ...summarySums];
  for (const c of candidates) {
    if (subtotals.some((s) => c.value < s.value / 2 && readings.some((r) => r >= s.value / 2))) {
      c.score -= 0.2;
      c.agreed = false;
    }
  }
  // "TOTAL AMOUNT" ending its line over "CASH RM 6.00", no change given: what was tendered is the total
  if (!candidates.length) {
    const tendered = block.find((b) => b.kind === 'tendered' && b.value > 0 && TOTAL_LABELS.some((l) => l.re.test(layout.lines[b.line.index - 1]?.text ?? '')) && !/\d/.test(layout.lines[b.line.index - 1].text));
    if (tendered && !block.some((b) => b.kind === 'change' && b.value > 0)) candidates.push({ value: tendered.value, score: 0.6, label: 0.6, agreed: false, conf: tendered.line.conf });
  }
  // a total lost to the OCR where subtotal + tax (+ rounding) still add up: that sum
  if (!candidates.length) {
    const sum = derived.filter((d) => d.how === 'sum').at(-1);
    if (sum && sum.value > 0) candidates.push({ value: sum.value, score: 0.65, label: 0.65, agreed: true, conf: sum.conf });
  }
  // a till that prints no total: the last subtotal is the bill (weakly: it may be before tax)
  if (!candidates.length) {
    const sub = block.filter((b) => b.kind === 'subtotal' && b.value > 0 && !/\bexcl\w*|\bbefore\b/i.test(b.line.text)).at(-1);
    if (sub) candidates.push({ value: sub.value, score: 0.6, label: 0.6, agreed: false, conf: sub.line.conf });
  }
  if (!candidates.length) return field<number>(null, 0);
  // the amount payable is the largest of the best-labelled totals
  const top = Math.max(...candidates.map((c) => c.score));
  // (among them, the ones other figures add up to, when there are)
  const near = candidates.filter((c) => c.score >= top - 0.1);
  const best = (near.some((c) => c.agreed) ? near.filter((c) => c.agreed) : near).sort((a, b) => b.value - a.value)[0];
  // a till that prints a rounding adjustment of a few cents pays a total on its 5-cent grid: a total off
  // it is the figure before the rounding (or a digit the OCR misread), and what was paid is that total
  // rounded — unless tendered − change confirms the total as it stands
  const paidAsIs = derived.some((d) => d.how === 'paid' && sameCents(d.value, best.value));
  if (!onGrid(best.value) && !paidAsIs && block.some((b) => b.kind === 'rounding' && b.value !== 0 && Math.abs(b.value) < 0.03)) best.value = Math.round(best.value * 20) / 20;
  // evidence: how specific the label is, and whether other figures (tendered − change, rounding, tax) add up to it
  const labelStrength = Math.max(0, Math.min(1, (best.label - 0.7) / 0.25));
  return calibrated('total_amount', best.value, { strength: 0.5 * labelStrength + 0.5 * (best.agreed ? 1 : 0), legibility: best.conf });
}

/** Amounts printed under a total label (TOTAL, GRAND TOTAL, AMOUNT DUE...), each with its label's weight. */
function labelledTotals(layout: Layout, money: Money, trailingMoney: Money, summaryLines: Set<number>): TotalCandidate[] {
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
  // "Total | Facture | : | 56.00 | DH": words the engine set apart from the label, the amount past them —
  // read on the line as one text, where the cells found nothing
  const joined: Layout = {
    ...layout,
    lines: layout.lines.map((l) => (l.cells.length < 3 ? l : { ...l, cells: [{ ...l.cells[0], text: l.cells.map((c) => c.text).join(' '), x1: l.cells[l.cells.length - 1].x1 }] })),
  };
  for (const c of findLabeled(joined, { labels: TOTAL_LABELS, parse: trailingMoney, exclude: NOT_TOTAL, below: 0 })) {
    if (c.where !== 'cell' || found.some((f) => f.line.index === c.line.index)) continue;
    const line = layout.lines[c.line.index];
    if (line.cells.length >= 3) found.push({ ...c, line, where: 'right', cellIndex: 0, score: c.score * 0.95 });
  }
  const kept = found.filter((c) => !summaryLines.has(c.line.index));
  // a zero total ("Total : 0.00" of an empty discount block) counts only when nothing else does
  const nonZero = kept.filter((c) => c.value !== 0);
  // (whether the amount was printed without its cents: "Grand Total | 30")
  const whole = (c: (typeof found)[number]) => {
    const cell = c.where === 'cell' ? c.line.cells[c.cellIndex] : c.line.cells.slice(c.cellIndex + 1).find((x) => /\d/.test(x.text));
    return !!cell && !/\d[.,]\s?\d{2}(?!\d)/.test(cell.text);
  };
  return (nonZero.length ? nonZero : kept).map((c) => ({ value: c.value, score: c.score, label: c.score, agreed: false, conf: c.line.conf, whole: whole(c) }));
}

/**
 * "GRAND TOTAL 1000" on a receipt that prints cents, under "SUB TOTAL 10.00": a total of
 * bare digits that is a hundred times a figure of the block lost its decimal point.
 */
function restoreDecimalPoints(candidates: TotalCandidate[], block: BlockAmount[], derived: DerivedTotal[]): void {
  // (the total's own printings — "Total 1200", "Total Payable 1200" — do not vouch for it)
  const figures = [...block.filter((b) => b.kind !== 'count' && b.kind !== 'total').map((b) => b.value), ...derived.map((d) => d.value)];
  for (const c of candidates) {
    // ("( 742)": brackets around the figure, read as a negative, with subtotal + tax at 7.42)
    const v = Math.abs(c.value);
    if (!Number.isInteger(v) || v < 100) continue;
    if (figures.some((f) => sameCents(f, v / 100)) && !figures.some((f) => sameCents(f, v))) c.value = round2(v / 100);
  }
}

/** Labelled totals that other figures add up to gain; the amount change was given from loses. */
function weighByArithmetic(layout: Layout, candidates: TotalCandidate[], block: BlockAmount[], derived: DerivedTotal[], summary: number[], trailingMoney: Money, decimal: DecimalMark | null): void {
  const paid = derived.find((d) => d.how === 'paid');
  const rounding = new Set(findLabeled(layout, { labels: ROUNDING, parse: trailingMoney }).map((c) => c.value).filter((v) => v !== 0).map(round2));
  const taxes = new Set(findLabeled(layout, { labels: TAX_AMOUNT, parse: trailingMoney, exclude: /\b(?:excl|incl|summary|rate)\w*/i, below: 0 }).map((c) => round2(c.value)).filter((v) => v > 0));
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
    if (candidates.some((o) => o !== c && [...rounding].some((r) => Math.abs(round2(o.value + r) - c.value) < 0.005))) {
      c.score += 0.15;
      c.agreed = true;
    }
    // the total printed under a (non-zero) rounding, below another total: the rounded one, the one paid
    // ("Total (Incl. GST) 85.53 / Rounding 0.02 / TOTAL 65.55", one of them slipped) — unless tendered − change says the first
    const after = block.find((b) => b.kind === 'total' && sameCents(b.value, c.value) && block.some((r) => r.kind === 'rounding' && r.value !== 0 && Math.abs(r.value) < 1 && r.line.index < b.line.index && block.some((t) => t.kind === 'total' && t.value > 0 && t.line.index < r.line.index && !sameCents(t.value, c.value) && !(paid && sameCents(paid.value, t.value)))));
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
    if (candidates.some((o) => o !== c && [...taxes].some((tx) => Math.abs(round2(o.value + tx) - c.value) < 0.015)) || derived.some((d) => d.how === 'sum' && sameCents(c.value, d.value))) {
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
function reconcileWithPaid(layout: Layout, candidates: TotalCandidate[], block: BlockAmount[], derived: DerivedTotal[]): void {
  if (candidates.some((c) => c.agreed)) return;
  const top = bestScored(candidates);
  if (!top) return;
  // what was paid: tendered − change, else subtotal + tax + rounding ("Subtotal 12.61 / Rounding -0.01 / Total 12.40")
  const paid = [derived.find((d) => d.how === 'paid'), derived.filter((d) => d.how === 'sum').at(-1)].find(
    (d) => d !== undefined && d.value > 0 && !sameCents(top.value, d.value) && oneDigitSlip(top.value.toFixed(2), d.value.toFixed(2)),
  );
  if (!paid) return;
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
function roundToPaid(layout: Layout, candidates: TotalCandidate[], derived: DerivedTotal[]): void {
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
const onGrid = (v: number) => Math.abs(v * 20 - Math.round(v * 20)) < 0.01;

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
function addArithmeticTotals(candidates: TotalCandidate[], block: BlockAmount[], derived: DerivedTotal[]): void {
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
