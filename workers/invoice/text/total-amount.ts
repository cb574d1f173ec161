// The total of a laid-out invoice or receipt: the amount paid. By label first (TOTAL,
// GRAND TOTAL, AMOUNT DUE, TOTAL ROUNDED, NETT TOTAL... over subtotals, tax, quantities,
// cash tendered and change), then weighed and completed by the totals block's own
// arithmetic (totals-block.ts), which also finds a total whose label or figure the OCR
// garbled.
import type { Layout } from '../layout.js';
import { field, type Field } from '../types.js';
import { calibrated, unconfirmed } from './confidence.js';
import { amountDueAfterPayments, leftAfterDeductions } from './amount-due.js';
import { summedColumnTotal } from './summed-column.js';
import { findLabeled } from './labels.js';
import { looksLikeMoney, parseAmount, type DecimalMark } from './numbers.js';
import { derivedTotals, grossOfRows, sameCents, slippedAmount, summaryRows, summaryTotals, totalsBlock, type BlockAmount } from './totals-block.js';
import { NOT_TOTAL, TOTAL_LABELS, type Label } from './vocabulary.js';
import { withLabelSlipsMended } from './ocr-slips.js';
import { restoreDecimalPoints, weighByArithmetic, reconcileWithPaid, roundToPaid, onGrid, addArithmeticTotals, type TotalCandidate, type Money } from './total-arithmetic.js';

/** Label words of the totals block, restored where OCR slipped a letter ("Tolal", "Tota", "ROUNDEO"). */
const TOTAL_WORDS = ['total', 'amount', 'rounded', 'rounding', 'change', 'grand', 'subtotal', 'tendered', 'inclusive', 'excluding', 'including',
  // German invoices' totals: "Zahlbatrag", "Bryttosumme", "Zablbetrag" are those words with one letter misread
  'summe', 'zahlbetrag', 'bruttosumme', 'gesamtbetrag', 'rechnungsbetrag', 'endbetrag', 'gesamtsumme', 'bruttobetrag'];

/** A page naming itself a credit note or a corrected invoice (its amounts are credits). */
const CREDIT_NOTE_TITLE = /(?<!\p{L})(?:rechnungskorrektur|gutschrift|stornorechnung|avoir|credit\s*note|creditnota|nota\s+(?:de|di)\s+cr[ée]dito)(?!\p{L})/iu;

/**
 * "Gesamtbetrag: 1.190,00 EUR inkl. MwSt.", "Total: $1,190.00 (one thousand one hundred ninety dollars)", "Rechnungsbetrag
 * 1.190,00 € zahlbar bis 15.03.2024": a note after the amount — what it includes, when it is due, the amount in words —
 * is set aside. Not one that names another amount ("1.000,00 190,00"), unless in brackets opened by the tax it includes
 * ("(inkl. 190,00 € MwSt.)"); never "zzgl." or "excl." (the amount before tax).
 */
const NOTE_AFTER_AMOUNT = /(\d[.,]\d{2}(?:\s?(?:€|EUR|[A-Z]{3}|[$£¥₹]))?)\s+(\([^()]{0,120}\)|(?:inkl|incl|including|einschl|inclusive|tva\s+incluse|ttc|zahlbar|payable|due|f[aä]llig|à\s+payer|to\s+be\s+paid|in\s+worten|in\s+words|en\s+lettres|dont|davon|darin|hiervon|wovon|of\s+which|di\s+cui|waarvan|de\s+los\s+cuales|das\s+quais|w\s+tym)\b[^()]{0,120})\s*$/iu;
const AMOUNT_IN_NOTE = /(?<![\d.,])\d{1,3}(?:[.,\s]\d{3})*[.,]\d{2}(?![\d.,])/;
/** a note saying the amount is before tax ("(net)", "(HT)", "(excl. VAT)", "zzgl. MwSt."): that amount is no total */
const NET_NOTE = /(?<!\p{L})(?:net|netto|nett|excl\p{L}*|exkl\p{L}*|zzgl|plus|ht|hors|ohne|sans|sin|senza|before|vor|avant)(?!\p{L})/iu;
const TAX_NOTE = /^\(\s*(?:inkl|incl|including|einschl|enth|davon|dont|di\s+cui|mwst|ust|vat|tva|iva|gst)/i;
/** "43,00 € dont TVA 10 % 3,91 €", "davon MwSt. 7,64 €", "of which VAT £8.00": the part of the total that is tax, never a total of its own */
const PART_NOTE = /^(?:dont|davon|darin|hiervon|wovon|of\s+which|di\s+cui|waarvan|de\s+los\s+cuales|das\s+quais|w\s+tym)\b/i;
function withoutNote(text: string): string {
  const m = NOTE_AFTER_AMOUNT.exec(text);
  if (!m || (AMOUNT_IN_NOTE.test(m[2]) && !TAX_NOTE.test(m[2]) && !PART_NOTE.test(m[2])) || (NET_NOTE.test(m[2]) && !PART_NOTE.test(m[2]))) return text;
  return text.slice(0, m.index) + m[1];
}

/**
 * The amount payable: the best-labelled total (TOTAL, GRAND TOTAL, AMOUNT DUE, TOTAL
 * ROUNDED, NETT TOTAL...), not a subtotal, tax, quantity, cash tendered or change. Where
 * a receipt prints what was tendered and the change, tendered − change is what was paid:
 * the total that equals it wins, and stands in when no total is labelled. A total that
 * equals another total plus the rounding is the rounded one, the one paid.
 */
export function readTotal(printed: Layout, decimal: DecimalMark | null): Field<number> {
  return readTotalAndBlock(printed, decimal).total;
}

/** The total, and the totals block it was read from (read-invoice.ts weighs the item lines against it). */
export function readTotalAndBlock(printed: Layout, decimal: DecimalMark | null): { total: Field<number>; block: BlockAmount[] } {
  // OCR text: a label with one letter misread is still that label
  const layout = withLabelSlipsMended(printed, TOTAL_WORDS);
  const block = totalsBlock(layout, decimal);
  return { total: totalOf(layout, decimal, block), block };
}

function totalOf(layout: Layout, decimal: DecimalMark | null, block: BlockAmount[]): Field<number> {
  const money: Money = (text) => slippedAmount(text, decimal) ?? (/^\s*-?\d+([.,]\d+)?\s*$/.test(text) ? parseAmount(text, decimal) : null);
  // "Total Incl GST 53.00", "TOTAL (RM) : 12.90": words between the label and its amount
  const trailingMoney: Money = (raw) => {
    // "56.00 DH": a currency the amount is followed by
    // (and the local money words printed after whole amounts too: "63 500 Ft", "1.190,00 lei", "5.900,00 TL")
    const text = withoutNote(raw).replace(/(\d[.,]\d{2})\s+\p{Lu}{2,3}\.?\s*$/u, '$1').replace(/(\d)\s?(?:kr|Kč|Ft|lei|LEI|Lei|zł|TL|din|kn|лв|руб|грн|дин|тенге|₽|₴|₸)\.?\s*$/u, '$1');
    // "4,284,080" on a page of "4.284,00": groups marked by the document's decimal mark are a misreading, no amount
    if (decimal !== null && (decimal === ',' ? /\d,\d{3},\d/ : /\d\.\d{3}\.\d/).test(text)) return null;
    const whole = money(text);
    if (whole !== null) return whole;
    // (thousands grouped with spaces, as French, Nordic and Polish invoices print them: "TOTAL TTC 1 200,00 €")
    const m = /(?:^|[\s.:_=~*-])((?:[A-Z]{1,2}\$|RM|Rs\.?|R(?=\s?\d)|[€£$₹¥])?\s?-?(?:\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d{2})?|\d[\d.,']*\d)(?:\/-)?)\s*$/.exec(text);
    // (also an amount of a currency without cents, in groups of thousands: "Grand Total 1,591,600", "TOTAL 48.000")
    // (and, on a document that writes no cents anywhere, a whole amount as it stands: "Sub Total 289000", "Fizetendő 63 500")
    if (m && (looksLikeMoney(m[1]) || /^\d{1,3}(?:[.,]\d{3})+$/.test(m[1].trim()) || (decimal === null && /^\d{3,}$|^\d{1,3}(?:[ \u00a0\u202f]\d{3})+$/.test(m[1].trim())))) return parseAmount(m[1], decimal);
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
  const derived = derivedTotals(block);
  if (decimal !== null) {
    restoreDecimalPoints(candidates, block, derived);
    // on a document that writes cents, a negative total of whole digits ("( 742)") nothing explains is a
    // misreading; one printed with its cents ("NET A PAYER -90,00", a credit note's) is what it says
    candidates = candidates.filter((c) => !(c.value < 0 && c.whole));
  }
  weighByArithmetic(layout, candidates, block, derived, summarySums, trailingMoney, decimal);
  addArithmeticTotals(candidates, block, derived);
  reconcileWithPaid(layout, candidates, block, derived, decimal);
  roundToPaid(layout, candidates, derived);
  paidAfterCharges(layout, candidates, trailingMoney);
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
  // "TAX: | % Base amount: | Tax amount: | Total:" over "VAT | 21.00 | 1341.32 | 281.68 | 1623.00 EUR": a page whose
  // only total is a column of its tax table, each row's net + tax = gross: the table's gross is the bill
  if (!candidates.length) {
    const row = grossOfRows(layout, decimal).filter((g) => TOTAL_LABELS.some((l) => l.re.test(layout.lines[g.lines[0] - 1]?.text ?? ''))).at(-1);
    if (row && row.value > 0) candidates.push({ value: row.value, score: 0.65, label: 0.65, agreed: true, conf: Math.min(...row.lines.map((i) => layout.lines[i].conf)) });
  }
  // a till that prints no total: the last subtotal is the bill (weakly: it may be before tax)
  if (!candidates.length) {
    const sub = block.filter((b) => b.kind === 'subtotal' && b.value > 0 && !/\bexcl\w*|\bbefore\b/i.test(b.line.text)).at(-1);
    if (sub) candidates.push({ value: sub.value, score: 0.6, label: 0.6, agreed: false, conf: sub.line.conf });
  }
  const settled = settledByArithmetic(layout, candidates, trailingMoney, block);
  if (settled) return settled;
  if (!candidates.length) return field<number>(null, 0);
  // the amount payable is the largest of the best-labelled totals
  const top = Math.max(...candidates.map((c) => c.score));
  // (among them, the ones other figures add up to, when there are)
  const near = candidates.filter((c) => c.score >= top - 0.1);
  // ("Total TTC 671,15" / "Solde à payer 470,15" after a deposit: the amount due is what is still to pay)
  const toPay = near.filter((c) => c.stillToPay && c.value > 0);
  let best = toPay.length ? toPay.sort((a, b) => b.score - a.score)[0] : (near.some((c) => c.agreed) ? near.filter((c) => c.agreed) : near).sort((a, b) => b.value - a.value)[0];
  // a credit note or corrected invoice ("Rechnungskorrektur", "Gutschrift", "Avoir") printing its amount
  // both ways ("Bruttosumme -8,79", "Zahlbetrag 8,79" where the OCR lost the minus): the credit is the negative
  const negative = best.value > 0 && CREDIT_NOTE_TITLE.test(layout.text) ? near.find((c) => sameCents(c.value, -best.value)) : undefined;
  if (negative) best = negative;
  // a till that prints a rounding adjustment of a few cents pays a total on its 5-cent grid: a total off
  // it is the figure before the rounding (or a digit the OCR misread), and what was paid is that total
  // rounded — unless tendered − change confirms the total as it stands
  const paidAsIs = derived.some((d) => d.how === 'paid' && sameCents(d.value, best.value));
  if (!onGrid(best.value) && !paidAsIs && block.some((b) => b.kind === 'rounding' && b.value !== 0 && Math.abs(b.value) < 0.03)) best.value = Math.round(best.value * 20) / 20;
  // evidence: how specific the label is, and whether other figures (tendered − change, rounding, tax) add up to it
  const labelStrength = Math.max(0, Math.min(1, (best.label - 0.7) / 0.25));
  // a total of nothing ("TOTAL LOADING CHARGES 0.00" where the bill's own total was not read) is never sure
  if (best.value === 0) return calibrated('total_amount', 0, { strength: 0, legibility: best.conf });
  const read = calibrated('total_amount', best.value, { strength: 0.5 * labelStrength + 0.5 * (best.agreed ? 1 : 0), legibility: best.conf });
  return best.agreed ? read : unconfirmed(read);
}

/** Amounts printed under a total label (TOTAL, GRAND TOTAL, AMOUNT DUE...), each with its label's weight. */
/**
 * A total other figures settle outright: the unlabelled last row of a table of totals per tax rate
 * that the rows above add up to, or a gross total less a prepayment or payment printed on the page
 * (what is still due is the amount payable).
 */
function settledByArithmetic(layout: Layout, candidates: TotalCandidate[], money: Money, block: BlockAmount[]): Field<number> | null {
  const summed = summedColumnTotal(layout, money);
  if (summed) return calibrated('total_amount', summed.value, { strength: 0.9, legibility: summed.conf });
  const due = candidates.length ? (amountDueAfterPayments(layout, candidates, money) ?? leftAfterDeductions(block, candidates)) : null;
  return due ? calibrated('total_amount', due.value, { strength: 1, legibility: due.conf }) : null;
}

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
  // "Total Incl.6 | GST": the tax rate the total includes (its % lost) read in the label's own cell is no amount
  const rateOnly = (c: (typeof found)[number]) => c.where === 'cell' && /(?:incl|excl)\w*\.?\s*\d{1,2}\s*%?\s*$/i.test(c.line.cells[c.cellIndex]?.text ?? '');
  const kept = found.filter((c) => !summaryLines.has(c.line.index) && !rateOnly(c));
  // a zero total ("Total : 0.00" of an empty discount block) counts only when nothing else does
  const nonZero = kept.filter((c) => c.value !== 0);
  // (whether the amount was printed without its cents: "Grand Total | 30")
  const whole = (c: (typeof found)[number]) => {
    const cell = c.where === 'cell' ? c.line.cells[c.cellIndex] : c.line.cells.slice(c.cellIndex + 1).find((x) => /\d/.test(x.text));
    return !!cell && !/\d[.,]\s?\d{2}(?!\d)/.test(cell.text);
  };
  const stillToPay = (c: (typeof found)[number]) => TOTAL_LABELS.some((l) => l.stillToPay && l.re.test(c.line.cells[c.cellIndex]?.text ?? ''));
  return (nonZero.length ? nonZero : kept).map((c) => ({ value: c.value, score: c.score, label: c.score, agreed: false, conf: c.line.conf, whole: whole(c), lineIndex: c.line.index, ...(stillToPay(c) ? { stillToPay: true } : {}) }));
}

/**
 * "Total 24.36 / Service Charge 40% 8.90 / Total $33.26", "Total $118.46 / Tip 35.54 / Total 154.00": a
 * later total that is an earlier one plus what the lines between them add (a service charge, a tip)
 * is what was paid — the earlier one is the bill before them.
 */
const CHARGE_WORDS = /\b(?:tip|tips|gratuity|service|svc|charge|surcharge|delivery|fee|pourboire|trinkgeld|servicio|propina)\b/i;
const PAYMENT_WORDS = /\b(?:visa|master\s?card|mastercard|amex|american\s+express|discover|debit|credit|card|cash|auth\w*|approv\w*|paid|tendered|payment)\b/i;

function paidAfterCharges(layout: Layout, candidates: TotalCandidate[], amountOf: Money): void {
  for (const later of candidates) {
    for (const earlier of candidates) {
      const [from, to] = [earlier.lineIndex, later.lineIndex];
      if (later === earlier || from === undefined || to === undefined) continue;
      if (to - from < 2 || to - from > 6 || later.value <= earlier.value) continue;
      const between = layout.lines.slice(from + 1, to);
      if (between.some((l) => l.page !== layout.lines[to].page)) continue;
      // (lines between are charges with their amount, or the payment of the earlier total: "MASTERCARD 0148 $118.46", "CREDIT CARD AUTH")
      let added = 0;
      let explained = true;
      for (const l of between) {
        const v = amountOf(l.text.replace(/\s*\|\s*/g, ' '));
        if (CHARGE_WORDS.test(l.text) && v !== null && v > 0) added += v;
        // (the card slip's "Amount 39.13" repeating the earlier total before the tip is added)
        else if (v !== null && added === 0 && sameCents(v, earlier.value)) continue;
        // (a note without any figure, "the tip amount at your discretion", adds nothing and breaks nothing)
        else if (!PAYMENT_WORDS.test(l.text) && /\d/.test(l.text)) explained = false;
      }
      if (!explained || added === 0 || !sameCents(earlier.value + added, later.value)) continue;
      later.score = Math.max(later.score, earlier.score + 0.05);
      later.agreed = true;
    }
  }
}