// Size: the words and the arithmetic of one totals block read together (kinds of amount, sums, payments and change); choosing the total lives in total-amount.ts.
// The totals block of a receipt or an invoice, read as arithmetic. Under the items a
// till prints the subtotal, the tax, a rounding adjustment, the total, what was
// tendered and the change, and these figures check one another. That is how a total
// is still found when the OCR garbled its label ("OBE. RM 73.00") or a figure: an
// amount printed where subtotal + tax (+ rounding), total + rounding or tendered −
// change lands is the amount paid, and the amount on the line right above CHANGE is
// what was tendered when the engine lost the CASH label. Amounts are read with the
// slips OCR makes around them (a stray mark before or after the figure, "0.1C", the
// decimal point lost between "RM | 64 | 13").
import type { Layout, LayoutLine } from '../layout.js';
import { looksLikeMoney, parseAmount, round2, type DecimalMark } from './numbers.js';
import { NOT_TOTAL, TOTAL_LABELS } from './vocabulary.js';

/** Two amounts of the same block are the same figure only to the cent. */
export const sameCents = (a: number, b: number) => Math.abs(a - b) < 0.005;

export type AmountKind = 'total' | 'subtotal' | 'tax' | 'rounding' | 'tendered' | 'change' | 'count' | 'other';

export interface BlockAmount {
  value: number;
  line: LayoutLine;
  kind: AmountKind;
}

export const TENDERED_WORDS = /\b(?:cash(?:\s+(?:tendered|received|paid))?|tendered|paid\s+amount|amount\s+(?:tendered|received)|tunai|bayaran|paid\s+by\s+cash|cash\s+payment|payment)\b|お預り|お預かり|預り金|預かり金|現金|实收|現收|받은\s?(?:금액|돈)|наличн(?:ые|ыми)|готівка|в\s+брой|получено|внесено|μετρητ[αά]|(?<![A-Za-zÀ-ÿ])(?:got[óo]wka|hotovos[tť]|k[ée]szp[ée]nz|numerar|gotovina|kontant|k[äa]teinen|nakit|efectivo|entregado|numer[áa]rio|dinheiro|contanti|contant)(?![A-Za-zÀ-ÿ])/i;
export const CHANGE_WORDS = /\b(?:change(?:\s*due)?|chng|cg(?=\s*(?:[-$€£\d]|rp\b|$))|kembalian|kembali|baki|retour|zur(?:ü|ue)ck|vuelto|su\s+vuelto|wechselgeld|rückgeld|monnaie|rendu|cambio|wisselgeld)\b|お釣り?|おつり|釣銭|釣り銭|找零|找赎|거스름\s?돈|잔돈|сдача|решта|здача|ρ[εέ]στα|(?<![A-Za-zÀ-ÿ])(?:reszta|vr[áa]ceno|vr[áa]tit|visszaj[áa]r[óo]|v[äa]xel|byttepenge|vekslepenger|vaihtoraha|para\s+[üu]st[üu]|povrat|a\s+devolver|troco)(?![A-Za-zÀ-ÿ])|^\W*(?:devoluci[óo]n|resto)\W*$/i;
/** ("TotalGST": the engine lost the space after "Total") */
// (India's central, state, integrated and union-territory GST: "CGST 2.5%", "SGST", "IGST", "UTGST")
// (Japan's 消費税, China's 税额 and 增值税, Korea's 부가세 and 세액)
export const TAX_WORDS = /(?:\b|(?<=total))(?:vat|gst|[cis]gst|utgst|sst|tax|mwst|ust|btw|tva|iva|hst|pst|qst|tps|tvq|rst|ppn|gtgt|moms|mva|alv|pb1|umsatzsteuer|mehrwertsteuer)\b|ti[eề]n\s+thu[eế]|thu[eế]\s+gtgt|ภาษีมูลค่าเพิ่ม|消費税|税額|税额|增值税|부가세|부가가치세|세액|ндс|пдв|ддс|φπα|φ\.π\.α\./i;
// (the word in the languages the reader knows, inflected and compounded: "Rundungsbetrag", "Aufrundung",
// "arrondis", "redondeo", "arrotondamento"; not "arrondissement")
export const ROUNDING_WORDS = /(?<!\p{L})(?:round(?:ed)?\s*off|rounding(?:\s+adj(?:ustment)?\.?)?|round(?:ing)?\s+adj\p{L}*|adj(?:ustment)?\s+rounding|pembundaran|\p{L}{0,4}rundung\p{L}*|afronding|arrondis?|arrondie|redondeo|arrotondamento)(?!\p{L})/iu;
// (also the net sum before tax in German, Spanish, Italian and French: "Summe netto", "Nettobetrag", "Base imponible", "Imponibile", "Montant HT")
// (also a bare "Net" over "VAT @ 20%", India's "Taxable Value", "Total before tax")
const SUBTOTAL_WORDS = /^\s*net(?:to)?\s*:?\s*$|\b(?:untaxed\s+amount|nettowert|zwischentotal|(?:totaal|summa|totalt)(?:\s+[a-z]{3})?\s+(?:excl|exkl|ekskl)\w*|valor\s+base|taxable\s+(?:value|amount)|(?:total|amount)\s+before\s+(?:tax|vat|gst)|sub[\s-]?total|sub\s?[/-]?\s?tt?l|subtotaal|zwischensumme|sous[\s-]total|total\s+(?:sales?\s+)?[({\[]?\s*excl\w*|(?:value|amount)\s+excl\w*|total\s+(?:ht|net)|net(?:to)?\s+total|summe\s+netto|razem\s+netto|warto\S{1,2}\s+netto|netto(?:betrag|summe)|nettosumme|gesamt\s+netto|base\s+imponible|imponibile|montant\s+ht|monto\s+neto|valor\s+neto|importe\s+neto|total\s+neto|dasar\s+pengenaan\s+pajak)\b|c[ộo]ng\s+ti[ềe]n\s+h[àa]ng|ti[ềe]n\s+h[àa]ng\s+ch[ưu]a\s+thu[ếe]|รวมเงิน(?!ทั้งสิ้น)|小計|小计|税抜|税別|不含税|공급가액|без\s+(?:ндс|пдв|ддс)|данъчна\s+основа|καθαρ[ηή]\s+αξ[ιί]α|χωρ[ιί]ς\s+φπα/i;
const ROUNDED_TOTAL = /\btotal\s+(?:after\s+)?round\w*|\bround(?:ed|ing)\s+total\b/i;
const COUNT_WORDS = /\b(?:qty|quantity|items?|count|pcs|units?)\b/i;
/** where the totals block ends: the tax summary and the notes printed under it */
// (not a bill's "Summary for Oct 1, 2023 - Oct 31, 2023", which heads the totals of a period; a "Summary of VAT" does end it)
const BLOCK_END = /\b(?:summary(?!\s+(?:for|of)\s+(?!(?:the\s+)?(?:tax|vat|gst|sst|hst|mwst|ust|tva|iva|btw)\b))|tax\s*code|thank\s*you)\b/i;

const CURRENCY_MARK = /^(?:RM|RH|RN|Rs\.?|Rp\.?|[A-Z]{1,2}\$|[€£$₹¥]|[A-Z]{3})$/;

/**
 * A money amount as OCR prints it: "/18.00", "60.30 J", "10.38 +" (a mark before or
 * after it), "0.1C" (a round letter for a zero among the decimals).
 */
export function slippedAmount(text: string, decimal: DecimalMark | null): number | null {
  // ",00", ".01": nothing before the decimal mark is no whole unit (a till that omits it, or the engine lost the 0 of "0.01")
  const cents = /^[.,](\d{2})$/.exec(text.trim());
  if (cents) return Number(cents[1]) / 100;
  // "(109.70", "[12.50": a bracket the figure never closes (or never opened) is a speck
  let s = text.trim().replace(/^[([{]\s*(?=[^)\]}]*$)/, '').replace(/^([^([{]*)[)\]}]$/, '$1');
  s = s.replace(/^[/|\\~«»'"‘’“”*:;,=]+\s*/, '').replace(/\s+[^\d\s]{1,2}$/, '').replace(/[«»'"‘’“”*|~]+$/, '').trim();
  // "13.80G", "5.70 ZRL": a tax code printed after the amount
  s = s.replace(/(\d[.,]\d{2})\s?[A-Z]{1,3}$/, '$1');
  // "R4.00", "M46. 40", "RH41.43": a currency mark the OCR garbled, glued to an amount with cents
  s = s.replace(/^[A-Z][A-Za-z]?\.?\s?(?=-?\d{1,6}[.,]\s?\d{2}$)/, '');
  // "470,1 5€": a space inside the cents, a currency sign glued after them
  s = s.replace(/^(-?\d{1,6}[.,]\d)\s(\d)\s?[€£$]?$/, '$1$2');
  // "68. 87", "-500, 00": a space after the decimal mark
  s = s.replace(/^(-?(?:RM|\$)?\s?\d{1,6})\s?([.,])\s(\d{2})$/, '$1$2$3');
  // "10 00": the decimal point lost
  s = s.replace(/^((?:RM|RH|RN|\$)\s?)?(-?\d{1,5}) (\d{2})$/, '$1$2.$3');
  // "3.27300" on a page of "3.273,00": the decimal mark lost after a group of thousands, the cents glued on
  if (decimal !== null) {
    const glued = (decimal === ',' ? /^(-?\d{1,3}(?:\.\d{3})+)(\d{2})$/ : /^(-?\d{1,3}(?:,\d{3})+)(\d{2})$/).exec(s);
    if (glued) s = `${glued[1]}${decimal}${glued[2]}`;
  }
  const letters = /^(-?(?:RM|\$)?\s?\d{1,6}[.,])([\dOoCDQ¢]{2})$/.exec(s);
  if (letters) s = letters[1] + letters[2].replace(/[OoCDQ¢]/g, '0');
  if (!looksLikeMoney(s)) return null;
  return parseAmount(s, decimal);
}

/** The amount a line ends with: its last cell, or "RM | 64 | 13" where the decimal point was lost. */
export function lineAmount(line: LayoutLine, decimal: DecimalMark | null): number | null {
  // a trailing speck (",", "|") is not a cell of its own
  const cells = line.cells.filter((c, i) => i < line.cells.length - 1 || /[\p{L}\d]/u.test(c.text));
  if (!cells.length) return null;
  const last = cells[cells.length - 1].text.trim();
  const whole = slippedAmount(last, decimal);
  if (whole !== null) return whole;
  // (thousands grouped with spaces: "Total HT 1 000,00 €"; a currency code after it: "Nettobetrag 100,00 EUR")
  const tail = /(?:^|\s)((?:RM|Rs\.?|[A-Z]{1,2}\$|[€£$₹¥])?\s?-?(?:\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d[\d.,]*)[.,]\d{2})(?:\s+(?:[^\d\s]{1,2}|[A-Z]{3}))?$/.exec(last);
  if (tail) return slippedAmount(tail[1], decimal);
  // a document that writes no cents anywhere (money without decimals): "Tunai 300000", "CASH 50,000"
  const uncents = decimal === null ? /(?:^|\s)(-?\d{1,3}(?:[.,]\d{3})+|-?\d{3,})$/.exec(last) : null;
  if (uncents) return parseAmount(uncents[1], null);
  // "RM | 64 | 13", "RM 64 | 13": whole units and cents in two cells after a currency mark
  if (cells.length >= 2 && /^\d{2}$/.test(last)) {
    const before = cells.slice(0, -1).map((c) => c.text.trim()).join(' ');
    const m = /(?:^|\s)(\S+)\s(-?\d{1,5})$/.exec(before);
    if (m && CURRENCY_MARK.test(m[1])) return Number(`${m[2]}.${last}`);
  }
  return null;
}

function kindOf(line: LayoutLine): AmountKind {
  // the words of the line without its amount
  const words = line.cells.length > 1 ? line.cells.slice(0, -1).map((c) => c.text).join(' ') : line.text.replace(/[\d.,\s]+\S{0,2}$/, '');
  if (CHANGE_WORDS.test(words)) return 'change';
  // "Total After Rounding", "Rounded Total": the total, not the adjustment
  if (ROUNDED_TOTAL.test(words)) return 'total';
  if (ROUNDING_WORDS.test(words)) return 'rounding';
  if (TENDERED_WORDS.test(words)) return 'tendered';
  if (SUBTOTAL_WORDS.test(words)) return 'subtotal';
  if (COUNT_WORDS.test(words) && !TAX_WORDS.test(words)) return 'count';
  if (TOTAL_LABELS.some((l) => l.re.test(words)) && !NOT_TOTAL.test(words)) return 'total';
  // ("TAX INVOICE NO | 223894": the document's title and number, not an amount of tax)
  // ("(内消費税等 ¥26)", "うち消費税": the tax a total includes, not one added to it)
  if (TAX_WORDS.test(words) && !/\b(?:incl\w*|excl\w*|inclusive|summary)\b|内消費税|内税|うち消費税|税込|含税|в\s+т\.?\s?ч\.|в\s+том\s+числе|у\s+тому\s+числі|включ|συμπεριλ/i.test(words) && !/\b(?:invoice|receipt|no\.?|number|#)\s*:?\s*$|\binvoice\b/i.test(words)) return 'tax';
  // (a bill's charges of the period before tax: "New charges $284.14" over "GST on new charges $28.41")
  if (CHARGES_OF_PERIOD.test(words)) return 'subtotal';
  return 'other';
}
/** a charge added to the goods' net: freight, shipping, packing, handling */
const SHIPPING_WORDS = /(?<!\p{L})(?:freight|shipping|carriage|delivery|postage|packing|packaging|handling|fracht\p{L}*|versand\p{L}*|porto|verpackung|frais\s+de\s+port|port|portes|emballage|env[íi]o|transporte?|spedizione|trasporto|imballo|verzendkosten|vracht\p{L}*|frakt)(?!\p{L})/iu;
const WITHHELD_WORDS = /(?<!\p{L})(?:retenid[oa]s?|retenci[óo]n|ritenuta|irpf|withh[eo]ld(?:ing)?|reten[çc][ãa]o|retido)(?!\p{L})/iu;
const CHARGES_OF_PERIOD = /\b(?:(?:new|current)\s+charges|charges\s+(?:for\s+)?this\s+(?:period|month|bill))\b/i;

/**
 * The amounts of the totals block, top to bottom: from the first line printing a
 * subtotal, total, tax or rounding with an amount, to the tax summary or the end.
 */
export function totalsBlock(layout: Layout, decimal: DecimalMark | null): BlockAmount[] {
  const out: BlockAmount[] = [];
  let started = false;
  for (const line of layout.lines) {
    if (started && BLOCK_END.test(line.text)) break;
    let value = lineAmount(line, decimal);
    const kind = kindOf(line);
    // "Total GST | 571": a subtotal or tax whose decimal point the OCR lost, on a document writing cents
    const bare = line.cells.at(-1)?.text.trim() ?? '';
    if (value === null && decimal !== null && (kind === 'tax' || kind === 'subtotal') && /^\d{3,6}$/.test(bare)) value = Number(bare) / 100;
    if (value === null) continue;
    if (!started && !['subtotal', 'total', 'tax', 'rounding', 'tendered', 'change'].includes(kind)) continue;
    started = true;
    out.push({ value, line, kind });
  }
  return out;
}

export interface DerivedTotal {
  value: number;
  /** which arithmetic found it: "sum" (subtotal + tax, rounding), "rounded" (total + rounding below it), "paid" (tendered − change) */
  how: 'sum' | 'rounded' | 'paid';
  conf: number;
  /** rounded: the total the rounding was applied to */
  base?: number;
  /** paid: what was tendered, when change was given from it (so it is not the total) */
  tendered?: number;
}

/** Amounts the block's arithmetic says were paid. */
export function derivedTotals(block: BlockAmount[]): DerivedTotal[] {
  const out: DerivedTotal[] = [];
  const of = (kind: AmountKind) => block.filter((b) => b.kind === kind);
  const roundings = of('rounding').filter((r) => r.value !== 0 && Math.abs(r.value) < 1);
  const subtotal = of('subtotal').at(-1);
  if (subtotal) {
    const taxes = of('tax').filter((t) => t.line.index > subtotal.line.index && t.value > 0);
    // ("IVA Retenido 832.00", "Ritenuta d'acconto 400,00": a tax the buyer withholds is taken off, however it is printed)
    const tax = round2(taxes.reduce((s, t) => s + (WITHHELD_WORDS.test(t.line.text) ? -t.value : t.value), 0));
    const conf = Math.min(subtotal.line.conf, ...taxes.map((t) => t.line.conf));
    if (tax > 0) out.push({ value: round2(subtotal.value + tax), how: 'sum', conf });
    // ("Subtotal 75.87 / Tax 0.00 / Total 75.87": a tax printed as nothing, a reverse charge's or an export's,
    // adds up as well as any other)
    const zeroTax = of('tax').find((t) => t.line.index > subtotal.line.index && t.value === 0);
    if (!taxes.length && zeroTax && subtotal.value > 0) out.push({ value: subtotal.value, how: 'sum', conf: Math.min(subtotal.line.conf, zeroTax.line.conf) });
    // ("Subtotal 650.00 / Discount (10%) -65.00 / Total 585.00", "Base imponible 1.000,00 / IVA 21 % 210,00 / IRPF 15 % -150,00 /
    // TOTAL 1.060,00"): amounts printed negative between the subtotal and the next total — a discount, a tax withheld — are part of it
    const nextTotal = of('total').find((t) => t.line.index > subtotal.line.index);
    // (and so are charges added after it: "Net Amount 9,801.69 / Carriage 65.00 / VAT 1,973.34 / Invoice Total 11,840.03")
    const between = of('other').filter((o) => o.line.index > subtotal.line.index && (!nextTotal || o.line.index < nextTotal.line.index));
    const added = between.filter((o) => o.value < 0 || (o.value > 0 && SHIPPING_WORDS.test(o.line.text)));
    if (added.length) out.push({ value: round2(subtotal.value + tax + added.reduce((s, m) => s + m.value, 0)), how: 'sum', conf: Math.min(conf, ...added.map((m) => m.line.conf)) });
    // (a rounding printed above the subtotal was applied before it: "Subtotal 41.43 / Rounding 0.02 / Subtotal 41.45")
    for (const r of roundings) if (r.line.index > subtotal.line.index) out.push({ value: round2(subtotal.value + tax + r.value), how: 'sum', conf: Math.min(conf, r.line.conf) });
  }
  // "Total $144.00 / Payments ($144.00) / Amount Due $0.00": a paid bill's total, the payment taking it off and
  // nothing left due add up
  for (const t of of('total')) {
    if (t.value <= 0) continue;
    const after = block.filter((b) => b.line.index > t.line.index);
    const payment = after.find((b) => sameCents(b.value, -t.value));
    if (payment && after.some((b) => b.kind === 'total' && b.value === 0 && b.line.index > payment.line.index)) out.push({ value: t.value, how: 'sum', conf: Math.min(t.line.conf, payment.line.conf) });
  }
  // a rounding under a total, with no total printed after it, was applied to that total
  for (const t of of('total'))
    for (const r of roundings) if (r.line.index > t.line.index && !of('total').some((later) => later.line.index > r.line.index)) out.push({ value: round2(t.value + r.value), how: 'rounded', conf: Math.min(t.line.conf, r.line.conf), base: t.value });
  // ("Rückgeld -2,84": a till that prints what it gives back as a negative amount)
  const printedChange = of('change')[0];
  const change = printedChange && printedChange.value < 0 ? { ...printedChange, value: -printedChange.value } : printedChange;
  if (change && change.value >= 0) {
    const before = block.filter((b) => b.line.index < change.line.index);
    // the tendered amount: the labelled one, else the amount right above CHANGE when nothing else labels it
    const labelled = before.filter((b) => b.kind === 'tendered').at(-1);
    const above = before.at(-1);
    // ("Amount Paid 50.00" over "Change 10.00": what change is given from was tendered, whatever its label)
    let tendered = labelled ?? (above && (above.kind === 'other' || (above.kind === 'total' && /\bpaid\b/i.test(above.line.text))) ? above : undefined);
    // ("Cash -51.00": a minus before what was tendered is the till's sign or a speck, not a refund)
    if (tendered && tendered.value < 0) tendered = { ...tendered, value: -tendered.value };
    // ("Dinheiro 12,10 / Cartão de Débito 53,00 / Troco 0,00": paid in parts, by several lines between the total and
    // the change — what was handed over is their sum when that is a printed total, else nothing the till says for sure)
    const lastTotal = of('total').filter((t) => t.line.index < change.line.index).at(-1);
    const parts = before.filter((b) => (!lastTotal || b.line.index > lastTotal.line.index) && (b.kind === 'tendered' || CARD_WORDS.test(b.line.text)) && b.value > 0);
    // (the last part alone still counts when it, less the change, is a printed total: "TOTAL: Eur 35,00 / Valor entregue: 35,00")
    const totals = of('total').map((t) => t.value);
    const isTotal = (paid: number) => totals.some((v) => sameCents(v, paid));
    if (tendered && parts.length >= 2 && parts.includes(tendered) && !isTotal(round2(tendered.value - change.value))) {
      const sum = round2(parts.reduce((total, b) => total + b.value, 0));
      tendered = isTotal(round2(sum - change.value)) ? { ...tendered, value: sum } : undefined;
    }
    if (tendered && tendered.value > change.value) out.push({ value: round2(tendered.value - change.value), how: 'paid', conf: Math.min(tendered.line.conf, change.line.conf), tendered: change.value > 0 ? tendered.value : undefined });
  }
  // "TOTAL A PAYER 2,09 / CB 2,09", "SUMME EUR 3,08 / Geg. EC-Cash EUR 3,08": with no change given, a card payment of
  // the last total, to the cent, is what the till charged — the total printed twice, by two of its lines
  const total = of('total').at(-1);
  const card = !printedChange && total && total.value > 0 ? block.find((b) => b.line.index > total.line.index && sameCents(b.value, total.value) && CARD_WORDS.test(b.line.text)) : undefined;
  if (total && card) out.push({ value: total.value, how: 'paid', conf: Math.min(total.line.conf, card.line.conf) });
  return out;
}

/** How a till says the customer paid by card (the line of the card payment, after the total). */
// (and the Nordic, Dutch, Belgian, Swiss and Polish cards and phone payments: "Dankort", "KORTTI", "PIN", "Bancontact", "TWINT", "BLIK")
const CARD_WORDS = /\b(?:visa|master\s?card|maestro|amex|american\s+express|debit|d[ée]bito|credit\s*card|card|cart[ãa]o|carte(?:\s+bancaire)?|cb|tarjeta|[a-zäöü]*karte|kartenzahlung|bankomat|ec[\s-]?(?:cash|karte)|girocard|pinnen|karta|kort|carta|bancomat|pagamento\s+elettronico|contactless|sans\s+contact|tend(?:er)?|dankort|kortti|korttimaksu|pankkikortti|bankkort|mobilepay|swish|vipps|twint|blik|pin|pinbetaling|betaalkaart|bancontact|apple\s+pay|google\s+pay|k[áa]rtya)\b/i;

/**
 * The tax summary under the totals ("GST Summary | Amount | Tax" over "SR 6% | 96.00 | 5.76"):
 * each row's amount + tax, and the rows together, are the total again, before any rounding.
 */
export function summaryTotals(summary: SummaryRow[]): number[] {
  const out: number[] = [];
  const rows: number[] = [];
  for (const { line, amounts } of summary) {
    const [net, tax] = amounts.slice(-2);
    if (tax > net) continue;
    if (/\btot/i.test(line.text)) out.push(round2(net + tax));
    else rows.push(round2(net + tax));
  }
  if (rows.length) out.push(round2(rows.reduce((a, b) => a + b, 0)));
  return out;
}

/**
 * "19,00% MwSt.: | 376,37 | 71,51 | 447,88" under "Netto | MwSt. | Brutto" (or "A 7 % | 0,47 | 6,69 |
 * 7,16" under "MWST + Netto = Brutto"): a row printing an amount, its tax and their sum side by side (a
 * tax table without the word "summary"). Alone, its gross is what other figures add up to, to the cent.
 * Among rows of amounts right above or below it (one row per tax rate: "C 7,00% | 17,33 | 1,21 | 18,54"
 * / "D 19,00% | 4,78 | 0,91 | 5,69"), it is one rate's share: then only the rows together are the
 * total, when every one of them adds up. With the lines they stand on: a row does not vouch for a total
 * label on its own line ("MwSt-Summe 19% | 4,78 | 0,91 | 5,69").
 */
export function grossOfRows(layout: Layout, decimal: DecimalMark | null): { value: number; lines: number[] }[] {
  const out: { value: number; lines: number[] }[] = [];
  const amountsOf = (line: LayoutLine) => line.cells.map((c) => c.text.trim()).filter((t) => /\d[.,]\d{2}(?:\s?[A-Z]{3})?\W{0,2}$/.test(t)).map((t) => slippedAmount(t, decimal)).filter((v): v is number => v !== null && v > 0);
  const grossOf = (amounts: number[]) => {
    for (let i = 0; i + 2 < amounts.length; i++) {
      // (net and tax in either order: "MWST% | MWST + Netto = Brutto" prints the tax first)
      const [a, b, gross] = amounts.slice(i, i + 3);
      if (a !== b && sameCents(round2(a + b), gross)) return round2(gross);
    }
    return null;
  };
  // runs of consecutive lines printing two amounts or more
  let run: (number | null)[] = [];
  let lines: number[] = [];
  const close = () => {
    if (run.length === 1 && run[0] !== null) out.push({ value: run[0], lines });
    else if (run.length > 1 && run.every((g) => g !== null)) {
      const rows = run as number[];
      const rest = round2(rows.slice(0, -1).reduce((a, b) => a + b, 0));
      // (the table's own sum row under the rates: "Summe | 22,11 | 2,12 | 24,23")
      out.push({ value: sameCents(rest, rows.at(-1)!) ? rest : round2(rest + rows.at(-1)!), lines });
    }
    run = [];
    lines = [];
  };
  let page = 0;
  for (const line of layout.lines) {
    const amounts = amountsOf(line);
    // (a rate's row the OCR garbled — "C 7,00% | 17838 | ith 241 | 18,54" — still belongs to the table)
    const inTable = amounts.length >= 2 || (amounts.length === 1 && /\d\s?%/.test(line.text));
    if (!inTable || line.page !== page) close();
    page = line.page;
    if (inTable) {
      run.push(grossOf(amounts));
      lines.push(line.index);
    }
  }
  close();
  return out;
}

/** The rows of the tax summary printing an amount and its tax ("SR 6% | 96.00 | 5.76", "Total : | 4.00 | 0.24"). */
export interface SummaryRow {
  line: LayoutLine;
  amounts: number[];
}

export function summaryRows(layout: Layout, decimal: DecimalMark | null): SummaryRow[] {
  // ("GST Summary", "Tax Code | % | Amount | Tax": a summary of the tax, not an "Order Summary")
  const taxWord = (l: LayoutLine | undefined) => !!l && (TAX_WORDS.test(l.text) || /\bG[S5E]T\b/i.test(l.text));
  const header = layout.lines.findLastIndex(
    (l, i) => ((/\bsumm?ary\b/i.test(l.text) && (taxWord(l) || taxWord(layout.lines[i + 1]))) || /\btax\s*code\b/i.test(l.text)) && !/\d[.,]\d{2}/.test(l.text),
  );
  if (header < 0) return [];
  const out: SummaryRow[] = [];
  for (const line of layout.lines.slice(header + 1, header + 6)) {
    const amounts = line.cells.map((c) => c.text.trim()).filter((t) => /[.,]\d{2}\W{0,2}$/.test(t)).map((t) => slippedAmount(t, decimal)).filter((v): v is number => v !== null && v >= 0);
    if (amounts.length >= 2) out.push({ line, amounts });
  }
  return out;
}
