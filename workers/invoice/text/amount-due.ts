// What is still to pay when the page also says what was paid already: "Bruttosumme 215,07 /
// Erhaltene Anzahlungen -50,00 / Zahlbetrag 165,07", "Total 2,076.76 € / Residual 1,453.76 € /
// SEPA wire transfer 623.00 €", a credit note's "Zahlbetrag -529,87" after a prepayment larger
// than the gross. The amount due is the gross total less a printed payment, to the cent; the
// arithmetic, not the label's rank, decides (a gross and an amount due both carry top labels).
import type { Layout, LayoutLine } from '../layout.js';
import { findLabeled } from './labels.js';
import { round2 } from './numbers.js';
import { ROUNDING_WORDS, sameCents, TAX_WORDS, type BlockAmount } from './totals-block.js';
import type { Money, TotalCandidate } from './total-arithmetic.js';

const AMOUNT_DUE = /(?<!\p{L})(?:zahlbetrag|zu\s*zahlen|noch\s+zu\s+zahlen|restbetrag|offener\s+betrag|amount\s+(?:due|payable|to\s+pay|outstanding)|balance(?:\s+due)?|residual|remaining(?:\s+(?:amount|balance))?|outstanding(?:\s+(?:amount|balance))?|total\s+due|nachzahlung|left\s+to\s+pay|still\s+(?:due|to\s+pay)|(?:now|currently)\s+(?:due|payable)|(?:due|payable)\s+now|restforderung|verbleibende[rn]?\s+betrag|schlusszahlung|reste\s+d[uû]|resterend\s+bedrag|importe\s+pendiente|pendiente\s+de\s+pago|importo\s+(?:dovuto|residuo)|valor\s+em\s+d[íi]vida|zu\s+zahlender\s+betrag|montant\s+(?:à|a)\s+payer|solde(?:\s+(?:à|a)\s+payer|\s+d[uû])?|reste\s+(?:à|a)\s+payer|net\s+(?:à|a)\s+payer|te\s+betalen|nog\s+te\s+betalen|saldo(?:\s+(?:a|por)\s+pagar)?|resta\s+da\s+pagare|netto\s+a\s+pagare|totale\s+(?:da|a)\s+pagare|(?:total|l[íi]quido|importe)\s+a\s+pagar)(?!\p{L})/iu;

/** what was paid already: a prepayment, a deposit, a payment or a credit — or a tax the buyer withholds for the tax office ("Ritenuta d'acconto", "Retención IRPF") */
const PAID = /(?<!\p{L})(?:\p{L}*anzahlung\p{L}*|voraus(?:zahlung|bezahlt)\p{L}*|im\s+voraus\s+(?:be|ge)zahlt|abschlagszahlung\p{L}*|bereits\s+(?:gezahlt|bezahlt)|erhalten\p{L}*|geleistet\p{L}*|acomptes?|avances?|d[ée]j[àa]\s+(?:pay[ée]|r[ée]gl[ée])|advance|deposits?|prepa(?:id|yments?)|paid|payments?|\p{L}*wire\s+transfer|virement|überweisung|anticipos?|acconto|adiantamento|zaliczk\p{L}*|abschl(?:ä|ae|a)ge|cis|deductions?|deducted|applied|(?:stage|progress|interim)\s+payments?|aanbetaling|voorschot|betaald|gutschrift|credit(?:\s+note)?|ritenuta\p{L}*|retenci[oó]n|irpf|reten[çc][ãa]o|withholding)(?!\p{L})/iu;

/**
 * what a bill carries from before into what is due, with its sign as printed: a balance brought forward, arrears, a
 * correction of an earlier bill ("Balance brought forward €0.74", "Régularisation précédente -1,05 €", "Saldovortrag")
 */
const CARRIED = /(?<!\p{L})(?:(?:balance\s+)?(?:brought|carried)\s+forward|balance\s+b\/f|previous\s+(?:balance|bill)|arrears|opening\s+balance|r[ée]gularisation\p{L}*|solde\s+(?:pr[ée]c[ée]dent|ant[ée]rieur|report[ée])|report\s+(?:à|a)\s+nouveau|(?:saldo)?vortrag|r[üu]ckstand|saldo\s+anterior|saldo\s+precedente|vorig\p{L}*\s+saldo)(?!\p{L})/iu;

/** what an agency keeps of the gross ("Agency Commission $33.00"): deducted from what the agency pays, as a payment is */
const COMMISSION = /(?<!\p{L})(?:(?:agency\s+)?commission(?:\s+agency)?|agenturprovision|agenturverg\p{L}tung|commission\s+d['’]agence)(?!\p{L})/iu;
/** after a commission, "NET TOTAL" is what is due (elsewhere a net total is the sum before tax) */
const NET_AFTER_COMMISSION = /(?<!\p{L})net(?:to)?\s*(?:total|amount|betrag|summe)(?!\p{L})/iu;

/**
 * The amount due when a gross total among the candidates, less an amount printed on a line
 * of payments, is exactly it; null otherwise (most documents: nothing was paid in advance).
 */
export function amountDueAfterPayments(layout: Layout, candidates: TotalCandidate[], money: Money): { value: number; conf: number } | null {
  const commission = layout.lines.some((l) => COMMISSION.test(l.text));
  const dueLabels = [{ re: AMOUNT_DUE, weight: 1 }, ...(commission ? [{ re: NET_AFTER_COMMISSION, weight: 1 }] : [])];
  const dues = findLabeled(layout, { labels: dueLabels, parse: money, below: 0 }).filter((d) => d.value !== 0 && !CARRIED.test(d.line.text));
  if (!dues.length) return null;
  const paid: number[] = [];
  const commissions: number[] = [];
  const carried: number[] = [];
  for (const line of layout.lines) {
    const isPaid = PAID.test(line.text);
    if (!isPaid && CARRIED.test(line.text)) {
      for (const cell of line.cells) {
        const v = cellMoney(cell.text, money);
        if (v !== null && v !== 0) carried.push(v);
      }
      continue;
    }
    const isCommission = !isPaid && COMMISSION.test(line.text);
    if (!isPaid && !isCommission) continue;
    // ("SEPA Wire transfer 11/17/2017 623.00 € | Residual 1,453.76 €": an OCR reading may set the payments
    // table's row and the amount due beside it on one line: the payment is what comes before the due label)
    const dueAt = line.cells.findIndex((c) => AMOUNT_DUE.test(c.text));
    if (dueAt === 0 || (dueAt > 0 && !PAID.test(line.cells.slice(0, dueAt).map((c) => c.text).join(' ')))) continue;
    for (const cell of dueAt > 0 ? line.cells.slice(0, dueAt) : line.cells) {
      const v = cellMoney(cell.text, money);
      if (v !== null && v !== 0) (isCommission ? commissions : paid).push(Math.abs(v));
    }
  }
  // a rounding printed between them ("Gesamtbetrag Brutto 144,59 / Rundungsbetrag 0,01 / Vorausbezahlter Betrag 10,00 /
  // Offener Betrag 134,60") is part of what is due
  const roundings = [0];
  for (const line of layout.lines) {
    if (!ROUNDING_WORDS.test(line.text)) continue;
    for (const cell of line.cells) {
      const v = cellMoney(cell.text, money);
      if (v !== null && v !== 0 && Math.abs(v) < 1) roundings.push(v, -v);
    }
  }
  for (const due of dues) {
    // ("Remaining policy balance $424.80" … "AMOUNT DUE $212.40": an amount due printed after it, another amount, is
    // what is due now — an instalment of that balance)
    // (only a balance's weak label yields so: "Balance due 4,800" over a schedule's "Balance due on delivery 2,400" stands)
    if (weakDue(due.line.text) && dues.some((d) => after(d.line, due.line) && !sameCents(d.value, due.value))) continue;
    // (a commission is deducted before tax: with a tax or another total printed under the net it leaves, that net is
    // not what is due — "Nettobetrag 850,00 / MwSt. 19 % 161,50 / Rechnungsbetrag 1.011,50")
    const deductions = [...paid, ...(commissions.length && !chargedBelow(layout, due.line, money) ? commissions : [])];
    // (each payment taken off, each amount carried from before added as printed, or all of them together)
    const changes = [...deductions.map((p) => -p), ...carried];
    if (changes.length > 1) changes.push(round2(changes.reduce((a, b) => a + b, 0)));
    for (const gross of candidates) {
      if (sameCents(gross.value, due.value) || gross.value <= 0) continue;
      if (changes.some((c) => roundings.some((r) => sameCents(round2(gross.value + r + c), due.value)))) return { value: due.value, conf: Math.min(due.line.conf, gross.conf) };
    }
  }
  return null;
}

/**
 * a discount offered for paying early, or an amount with its deadline: what is due if paid by a date, not the amount
 * payable ("2 % Skonto bei Zahlung bis …", "Remise paiement anticipé", "Net à payer avant le 22/03")
 */
const EARLY_PAYMENT = /(?<!\p{L})(?:skonto|escompte|cash\s+discount|early\s+payment|prompt\s+payment|settlement\s+discount|paid\s+(?:by|within|before)|payment\s+within|bei\s+zahlung\p{L}*|zahlungseingang|paiement\s+anticip\p{L}*|pronto\s+pag\p{L}*|pagamento\s+entro|sconto\s+(?:per\s+)?pagamento|betaling\s+binnen|betalingskorting|kontantrabatt|(?:bis|avant|entro|within|until|before|vor|binnen|hasta|at[ée])\s+(?:le\s+|zum\s+|dem\s+|el\s+)?\d)(?!\p{L})/iu;
/** what pays a bill rather than taking something off it: a card, cash, a voucher, a gift card, points */
const TENDER = /(?<!\p{L})(?:visa|master\s?card|maestro|amex|eftpos|debit|credit\s+card|card|karte|ec[\s-]?cash|girocard|cash|bar|bargeld|esp[èe]ces|efectivo|contanti|gift\s*card|voucher|gutschein\p{L}*|bon\s+d['’]achat|cheque\s+cadeau|points?|punkte|puntos|ebt|snap|store\s+credit|coupon)(?!\p{L})/iu;
/** "Remaining policy balance", "Outstanding": a balance's weak label (not "Balance due", "Amount due", "zu zahlen") */
const weakDue = (text: string) => !/(?<!\p{L})(?:due|zahl\p{L}*|pay\p{L}*|payer|pagar|pagare|betalen|dovuto|d[uû])(?!\p{L})/iu.test(text);
/** How many lines of the totals block under a total are read for its deductions and what they leave. */
const DEDUCTION_LINES = 12;
/** "Less deposit paid 500.00", "abzgl. Anzahlung 1.000,00": a deduction printed without its minus */
const LESS = /^\W*(?:less|minus|abzgl\.?|abz(?:ü|ue?)glich|moins|menos|meno)(?!\p{L})/iu;

/**
 * "Total £1,440.00 / Less CIS deduction -£200.00 / Amount due £1,240.00", "Totale fattura 2.440,00 / Acconto versato
 * -744,00 / Saldo da pagare 1.696,00": a figure printed under a total that is the total less the amounts printed as
 * deductions between them is what is left to pay, whatever the words — the arithmetic says so (not a discount offered
 * for paying early, nor what was tendered and given back).
 */
export function leftAfterDeductions(block: BlockAmount[], candidates: TotalCandidate[]): { value: number; conf: number } | null {
  for (const gross of candidates) {
    if (gross.value <= 0 || gross.lineIndex === undefined) continue;
    const start = block.findIndex((b) => b.line.index === gross.lineIndex);
    if (start < 0) continue;
    let left = gross.value;
    let deducted = 0;
    let conf = gross.conf;
    // (within the lines under the total: a deduction and what it leaves are printed right there)
    for (const [i, b] of block.slice(start + 1, start + 1 + DEDUCTION_LINES).entries()) {
      if (EARLY_PAYMENT.test(b.line.text) || b.kind === 'change' || b.kind === 'tendered' || TENDER.test(b.line.text)) break;
      if (b.kind === 'rounding' && Math.abs(b.value) < 1) {
        left = round2(left + b.value);
        continue;
      }
      // ("Less VAT at 20% 60.00 / Net 300.00": the tax a total includes, taken off for the net, is no deduction)
      const minus = b.kind === 'tax' || TAX_WORDS.test(b.line.text) ? 0 : b.value < 0 ? b.value : LESS.test(b.line.text) ? -b.value : 0;
      if (minus) {
        left = round2(left + minus);
        deducted++;
        conf = Math.min(conf, b.line.conf);
        continue;
      }
      if (!sameCents(b.value, left)) break;
      if (!deducted) continue;
      // (what is left lands on a line labelled as due or as a total, not a net or a subtotal; and is the last word: no
      // tax added after it, no other total — unless a balance's weak label yields to it: "Remaining policy balance
      // $424.80" … "AMOUNT DUE $212.40")
      const labelled = AMOUNT_DUE.test(b.line.text) || (b.kind === 'total' && !/(?<!\p{L})net(?:to)?(?!\p{L})/iu.test(b.line.text));
      const later = block.slice(start + 2 + i);
      const settles = !later.some((o) => o.kind === 'tax' || (o.kind === 'total' && o.value > 0 && !sameCents(o.value, b.value) && weakDue(b.line.text)));
      if (labelled && left > 0 && settles) return { value: b.value, conf: Math.min(conf, b.line.conf) };
    }
  }
  return null;
}

/** Whether line `a` is printed after line `b` (a later page, or lower on the same one). */
const after = (a: LayoutLine, b: LayoutLine) => a.page > b.page || (a.page === b.page && a.y > b.y);

/** Whether a tax or a total with an amount other than 0 is printed below the line. */
function chargedBelow(layout: Layout, line: LayoutLine, money: Money): boolean {
  return layout.lines.some(
    (l) => after(l, line) && (TAX_WORDS.test(l.text) || /\b(?:total|summe|betrag|montant|importe|totale)\b/i.test(l.text)) && l.cells.some((c) => {
      const v = cellMoney(c.text, money);
      return v !== null && v !== 0;
    }),
  );
}

/** A cell's amount, its currency sign or code aside. */
const cellMoney = (text: string, money: Money) => money(text.replace(/[€$£]|\b[A-Z]{3}\b/g, '').trim());
