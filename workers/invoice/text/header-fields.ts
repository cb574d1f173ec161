// Invoice number and invoice date from a laid-out page, by label (see labels.ts), with
// fallbacks when a document prints no label. The total has its own reader (total-amount.ts).
import type { Layout } from '../layout.js';
import { field, type Field } from '../types.js';
import { calibrated, unconfirmed, UNCONFIRMED_CONFIDENCE } from './confidence.js';
import { findLabeled } from './labels.js';
import { findDates, orderPrinted, valid, type DayOrder } from './dates.js';
import { DATE_ROLE_WORDS, INVOICE_DATE_LABELS, INVOICE_NUMBER_LABELS, OTHER_DATE_WORDS, REFERENCED_INVOICE } from './vocabulary.js';
import { withLabelSlipsMended } from './ocr-slips.js';

// (the label, then a space and the id: "GST/23-24/0012", "VAT-INV-0042" are invoice numbers of their own)
const OTHER_ID_LABEL = /^\s*(?:ABN|ACN|ARBN|GST(?:IN)?|VAT|TVA|UID|USt-?Id\w*|St\.?-?Nr|Steuer-?Nr|NIP|NIF|CIF|KvK|BTW|CVR|EIN|TIN|PAN|IČO|DIČ|SIRE[NT]|RCS|IBAN|BIC|SWIFT|Tel|Fax|Phone)(?:\s*(?:No|Nr|Number|Reg)\.?)?\s*[:.]?\s+[A-Z]{0,3}\s?\d/i;

/** An invoice number: one token with a digit, not a date, an amount or a phone number. */
export function parseInvoiceNumber(text: string): string | null {
  // (a tax, company or bank id with its label — "ABN 33 444 555 666" under a bare "TAX INVOICE" — is no document number)
  if (OTHER_ID_LABEL.test(text)) return null;
  // ("Invoice number    8812 4471 9": a biller's long number printed in groups of digits, nothing else in its cell)
  const grouped = /^\s*(\d{3,6}(?: \d{1,6}){1,3})\s*$/.exec(text);
  if (grouped && grouped[1].replace(/ /g, '').length >= 8 && grouped[1].split(' ').slice(0, -1).every((g) => g.length >= 3)) return grouped[1];
  const raws = text.split(/\s+/);
  for (const [i, raw] of raws.entries()) {
    // "(575)": a code in brackets after a title is the document's type, not its number
    if (/^\(\d+\)$/.test(raw)) continue;
    // "FT 1A1901/20464", "FS 0502161902/0018579": a Portuguese document's type code is part of its number
    // (and a Polish one's: "FV 12/2024", "FK 2/03/2024" — the type and a number of the month and year, shaped like a date)
    if (/^(?:FT|FS|FR|NC|ND|RC|RG|VD|FV|FK|FVAT|FKOR|KOR)$/.test(raw) && /\d/.test(raws[i + 1] ?? '') && /\//.test(raws[i + 1] ?? '')) return `${raw} ${raws[i + 1].replace(/[:,;)\].]+$/, '')}`;
    const token = raw.replace(/^[#:(\[：]+|[:,;)\].]+$/g, '');
    // ("Rechnung Nr. 42 vom 05.01.2017", "Facture n° 7 du …": a short number is the document's when its date follows it)
    const dated = /^\d{1,2}$/.test(token) && /^(?:vom|von|du|dated|of|van|del|de|от|від|од)$/i.test(raws[i + 1] ?? '') && /\d/.test(raws[i + 2] ?? '');
    if ((token.length < 3 && !dated) || token.length > 40) continue;
    // (Cyrillic and Greek letters too: "СФ-0042", "ΤΔΑ-118")
    if (!/\d/.test(token) || !/^[A-Za-z0-9\u0391-\u03a9\u03b1-\u03c9\u0400-\u045f][A-Za-z0-9\u0391-\u03a9\u03b1-\u03c9\u0400-\u045f\-/._#]*$/.test(token)) continue;
    // ("Belegnummer2018092011804angeben": a sentence whose spaces the OCR lost — a word glued after the digits)
    if (/\d[a-z]{4,}$/.test(token)) continue;
    if (/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$|^\d{4}-\d{2}-\d{2}$/.test(token)) continue;
    if (/^\d{1,3}([.,]\d{3})*[.,]\d{2}$/.test(token)) continue;
    if (/%$/.test(token)) continue;
    return token;
  }
  return null;
}

// (a few words and bracketed notes between: "Rechnung des Versicherers (575) Nr. …", "Gutschrift (Selbst ausgestellte Rechnung) (389) Nr. …")
// (a title word may open a compound: "Rechnungskorrektur Nr. RK21012345", "Gutschriftsanzeige Nr. …")
// (the code in brackets as the OCR may read its brackets: "Teilrechnung Bau {875} Nr. 210111")
// (linear on a hostile line: what opens the line is either marks or letters, never both, and words are bounded)
const COMPOUND_TITLE_NUMBER = /^[^\p{L}\d]*\p{L}{0,40}(?:rechnung|gutschrift|factuur|facture|fattura|factura|invoice|avoir)\p{L}{0,40}(?:\s+\p{L}{1,40}){0,3}(?:\s*[({[][^)}\]]{0,40}[)}\]])*\s+(?:nr|no|n[°º])\.?\s*:?\s*(\S+)/iu;
const COMPOUND_TITLE_WEIGHT = 0.85;
/** Words after a title that name another document, whose number follows: an order's, a delivery's, a contract's. */
const OTHER_DOCUMENT_AFTER_TITLE = /(?:bestell|auftrag|liefer|order|delivery|commande|livraison|pedido|ordine|vertrag|contract|kunde|customer)/i;

/** Labels of other numbers: the customer's, an order's, a tax id (not a "VAT Invoice no." title), a phone — and another invoice's (REFERENCED_INVOICE). */
// (and a company register's entry: "Registro Mercantil de Valencia, Tomo 5432, Folio 88, Hoja V-12345")
const NOT_THIS_NUMBER = new RegExp(String.raw`\b(?:customer|client|kunden?|klant|account|order|bestell\w*|auftrag\w*|contract|vertrag|(?<!faktura\s+)vat(?!\s+invoice)|btw|ust|tva|iva|po|purchase|reference|referenz|iban|phone|tel|registro\s+mercantil|registre\s+du\s+commerce|handelsregister|inscrit[ao]|tomo)\b|${REFERENCED_INVOICE.source}`, 'i');

/** A line that quotes the document's number for the payment ("Zahlungsreferenz: … Rechnungsnummer 4711", "Verwendungszweck"). */
const PAYMENT_REFERENCE = /\b(?:zahlungsref\p{L}*|verwendungszweck|payment\s+ref\p{L}*|r[ée]f[ée]rence\s+(?:de\s+)?paiement)/iu;
/** Label candidates at least this strong name the document's number; two of them that disagree make the reading unsure. */
const STRONG_NUMBER_LABEL = 0.85;

/**
 * "2023", "2023-24", "2023/2024", "2024-2026", "2017/11": a year, a financial year or a range of years, or a month of a
 * year — not "2024-88", a number of that year.
 */
function yearOrFinancialYear(value: string): boolean {
  const m = /^((?:19|20)\d{2})(?:[-/]((?:19|20)?\d{2}))?$/.exec(value);
  if (!m) return false;
  if (!m[2]) return true;
  const next = Number(m[1]) + 1;
  // (four digits after the year are a range of years, "2024-2026", whichever they are)
  return m[2].length === 4 || Number(m[2]) === next % 100 || (Number(m[2]) >= 1 && Number(m[2]) <= 12);
}

/** Label words of the document's number and date, restored where OCR slipped a letter ("Rechnungsnumrner", "Rechnunqsdatum"). */
// (long words only: a short word one slip off is as often a word of its own, "Tatum" is no "Datum")
const NUMBER_WORDS = ['rechnungsnummer', 'rechnungsnr', 'belegnummer', 'gutschriftsnummer', 'factuurnummer', 'fakturanummer', 'invoice'];
const DATE_WORDS = ['rechnungsdatum', 'belegdatum', 'leistungsdatum', 'lieferdatum', 'factuurdatum', 'fakturadatum', 'invoice'];
const LONG_LABEL_WORD = 7;

export function readInvoiceNumber(printed: Layout): Field<string> {
  const layout = withLabelSlipsMended(printed, NUMBER_WORDS, LONG_LABEL_WORD);
  const found = [
    ...findLabeled(layout, { labels: INVOICE_NUMBER_LABELS, parse: parseInvoiceNumber, exclude: NOT_THIS_NUMBER, ownValueOnly: true }),
    // ("Invoice Number:  57": a small business's early invoices; one or two digits, all the label's cell or the
    // cell beside it holds, under a label that names the number itself — never under a bare title)
    ...findLabeled(layout, { labels: INVOICE_NUMBER_LABELS.filter((l) => !l.bare && l.weight >= 0.9), parse: shortNumber, exclude: NOT_THIS_NUMBER, below: 0 }).filter((c) => c.where === 'cell' || c.where === 'right'),
    ...findLabeled(layout, { labels: [{ re: DATED_NUMBER_LABEL, weight: 0.95 }], parse: datedNumber, exclude: NOT_THIS_NUMBER, below: 0 }).filter((c) => c.where === 'cell'),
  ]
    // ("INVOICE" over the seller's "200 Broadway Ave": a house number is no document number; "SERVICE INVOICE 2023",
    // "Sales Invoice 2023-24": a year or a financial year after a bare title is none either)
    .filter((c) => !(c.bare && (STREET_AFTER_NUMBER.test(c.line.text.trim()) && c.line.text.trim().startsWith(`${c.value} `))))
    .filter((c) => !(c.bare && yearOrFinancialYear(c.value)))
    .sort((a, b) => b.score - a.score);
  // "Baurechnung (204) | Nr. 181301674 | vom | 25.04.2018", "Mietrechnung | Nr. 9314/00/M": a compound title
  // with its number after "Nr." in the next cell
  let title: { value: string; conf: number; text: string } | null = null;
  for (const line of layout.lines) {
    const m = COMPOUND_TITLE_NUMBER.exec(line.cells.map((c) => c.text).join(' '));
    // ("Rechnung gemäß Bestellung Nr. 2013-471331": the number after the title's words is the order's)
    const value = m && !OTHER_DOCUMENT_AFTER_TITLE.test(m[0].replace(/^\P{L}*\p{L}+/u, '')) ? parseInvoiceNumber(m[1]) : null;
    if (value) {
      title = { value, conf: line.conf, text: line.text };
      break;
    }
  }
  // (a label inside a sentence — "bitte Ihre Kundennummer … und Belegnummer 2018… angeben" — refers to a
  // number, and so does a payment reference that quotes it; the title's own number, when there is one, is
  // the document's)
  const quoting = (c: (typeof found)[number]) => c.line.text.split(/\s+/).length >= 8 || PAYMENT_REFERENCE.test(c.line.text);
  const [best] = found;
  let read: Field<string>;
  let from: { text: string; conf: number };
  if (best && best.score >= COMPOUND_TITLE_WEIGHT && !(title && quoting(best))) {
    read = calibrated('invoice_number', best.value, { strength: best.score, legibility: best.line.conf });
    from = best.line;
  } else if (title) {
    read = calibrated('invoice_number', title.value, { strength: COMPOUND_TITLE_WEIGHT, legibility: title.conf });
    from = title;
  } else if (best) {
    read = calibrated('invoice_number', best.value, { strength: best.score, legibility: best.line.conf });
    from = best.line;
  } else return field<string>(null, 0);
  if (from.conf < 1 && misreadable(read.value!, from.text)) return unconfirmed(read);
  // (one or two digits with no date after them: the label's own, or a page's or a copy's count — for review)
  if (/^\d{1,2}$/.test(read.value!) && !/^\d{1,2}\s+\p{L}{2,4}\s+\d/u.test(from.text.slice(from.text.indexOf(read.value!)))) return unconfirmed(read);
  // another strongly labelled number on the page (the title's, a payment reference's) that differs: the
  // page disagrees with itself, or the OCR slipped a digit in one of them — either way, for review
  const rivals = [...found.filter((c) => c.score >= STRONG_NUMBER_LABEL).map((c) => c.value), ...(title ? [title.value] : [])];
  return rivals.some((v) => v !== read.value) ? unconfirmed(read) : read;
}

/** A house number and its street: "200 Broadway Ave", "12 Harbour Rd", "5 Hauptstraße" (the street's word within four words of the number). */
const STREET_AFTER_NUMBER = /^\d{1,5}[a-z]?\s+(?:[\p{L}.'’-]+\s+){0,3}(?:street|st\.?|road|rd\.?|avenue|ave\.?|lane|ln\.?|drive|dr\.?|boulevard|blvd\.?|way|place|pl\.?|court|ct\.?|highway|hwy\.?|parkway|pkwy\.?|terrace|crescent|square|\p{L}*stra(?:ß|ss|b)e|str\.|\p{L}*weg|\p{L}*gasse|\p{L}*allee|\p{L}*platz|rue|avenida|calle|via|rua)(?=$|[\s,.])/iu;

/** A document number of one or two digits, alone in its cell ("57", "#7"). */
function shortNumber(text: string): string | null {
  return /^#?\s*(\d{1,2})$/.exec(text.trim())?.[1] ?? null;
}

/**
 * An OCR reading of a number it may have got wrong without a trace: a letter that looks like a digit
 * touching a digit ("RB7654321012345" for R876…: B/8, O/0, S/5, I/1, Z/2, G/6, D/0), or the number
 * broken by a speck, its rest printed after it ("RK2101] 2345").
 */
function misreadable(value: string, lineText: string): boolean {
  if (/[BOSIZGDQl](?=\d)|(?<=\d)[BOSIZGDQl]/.test(value)) return true;
  const at = lineText.indexOf(value);
  return at >= 0 && /^[\])}|!]\s?\d/.test(lineText.slice(at + value.length));
}

/**
 * An OCR reading's date printed once on the page: no second printing checks its digits, and a slipped
 * digit (2013 for 2018, 20 for 28, 08 for 05) still makes a valid date. On the tuning documents such
 * dates were right 94 % of the time at the curve's ≥ 0.9; a date printed twice, or from a text layer,
 * 100 % (less a label that disagreed with its own e-invoice). Such a date is reported 0.09 lower, under
 * 0.9 (the order among readings kept: a second reading still wins only when it is surer).
 */
const ONCE_READ_DATE_PENALTY = 0.09;

export function readInvoiceDate(read: Layout, order: DayOrder, countrySure = false): Field<string> {
  const layout = yearDigitMended(read);
  const date = countrySure ? dateOfDocument(layout, order) : orderConfirmed(layout, order, dateOfDocument(layout, order));
  if (date.value === null || date.confidence < 0.9 || !layout.lines.some((l) => l.conf < 1)) return date;
  let printed = 0;
  for (const line of layout.lines) printed += plausibleDates(line.text, order).filter((d) => d.iso === date.value).length;
  return printed >= 2 ? date : { ...date, confidence: Math.round((date.confidence - ONCE_READ_DATE_PENALTY) * 100) / 100 };
}

/**
 * "Teilrechnung Nr. 210111 vom 30.05.202%": in OCR text, a date whose year lost its last digit to a mark
 * or letter, on a page whose other dates all carry one year of those first three digits, has that year.
 * (The mark is read as the digit only there: nothing else on the page says which digit it was.)
 */
const GARBLED_YEAR = /(?<![\d.,/-])(\d{1,2}[./-]\d{1,2}[./-])(20\d)[^\d\s|](?![\d\p{L}])/u;

function yearDigitMended(layout: Layout): Layout {
  if (!layout.lines.some((l) => l.conf < 1) || !layout.lines.some((l) => GARBLED_YEAR.test(l.text))) return layout;
  const years = new Set(layout.lines.flatMap((l) => findDates(l.text, 'dmy').filter((d) => !d.repaired && !d.compact).map((d) => d.iso.slice(0, 4))));
  if (years.size !== 1) return layout;
  const [year] = years;
  const garbled = new RegExp(GARBLED_YEAR.source, 'gu');
  const mend = (text: string) => text.replace(garbled, (all, dayMonth: string, first3: string) => (first3 === year.slice(0, 3) ? `${dayMonth}${year}` : all));
  const lines = layout.lines.map((l) => ({ ...l, text: mend(l.text), cells: l.cells.map((c) => ({ ...c, text: mend(c.text) })) }));
  return { ...layout, lines, text: lines.map((l) => l.text).join('\n') };
}

/**
 * "03/04/2018": a numeric date whose day and month could be either way round is read in the order
 * the seller's country suggests, unless another date on the page settles it (a part over 12). With the
 * country itself only hinted (or guessed from the currency), the order is a guess: the date is
 * reported unconfirmed (under 0.9, for review).
 */
function orderConfirmed(layout: Layout, order: DayOrder, date: Field<string>): Field<string> {
  if (date.value === null || date.confidence <= UNCONFIRMED_CONFIDENCE || orderPrinted(layout.text)) return date;
  const printedAmbiguous = layout.lines.some((l) => plausibleDates(l.text, order).some((d) => d.iso === date.value && d.ambiguous));
  const printedPlainly = layout.lines.some((l) => plausibleDates(l.text, order).some((d) => d.iso === date.value && !d.ambiguous));
  return printedAmbiguous && !printedPlainly ? unconfirmed(date) : date;
}

function dateOfDocument(layout: Layout, order: DayOrder): Field<string> {
  const firstDate = (text: string) => plausibleDates(text, order)[0]?.iso ?? null;
  const [best] = findLabeled(withLabelSlipsMended(layout, DATE_WORDS, LONG_LABEL_WORD), { labels: INVOICE_DATE_LABELS, parse: firstDate, exclude: OTHER_DATE_WORDS });
  if (best) {
    const agreed = agreeingYear(layout, best.value, order);
    return calibrated('invoice_date', agreed ?? best.value, { strength: best.score - (agreed ? 0.05 : 0), legibility: best.line.conf });
  }
  // no label: receipts print the sale's date and time together, anywhere on the slip;
  // invoices near the top. A date beside a due/delivery/period word is another date.
  const page = layout.pages[0];
  // (a date the page names as another one — "Bei Zahlung bis 06.06.2025 … Skonto" — is that date where it
  // stands alone too, a column of its own without a word beside it; a date with words, a title's "vom …",
  // may well be the document's date on the day it was delivered)
  const roleDates = new Set(layout.lines.filter((l) => OTHER_DATE_WORDS.test(l.text)).flatMap((l) => plausibleDates(l.text, order).map((d) => d.iso)));
  let found: { iso: string; score: number; conf: number; other: boolean } | null = null;
  for (const line of layout.lines) {
    const other = OTHER_DATE_WORDS.test(line.text);
    for (const d of plausibleDates(line.text, order)) {
      let score = other || (roleDates.has(d.iso) && !/\p{L}{2}/u.test(line.text)) ? 0.25 : 0.4;
      // eight digits without separators, or a date read back from an OCR slip, are a date less
      // surely than one printed and read whole
      if (d.compact || d.repaired) score -= 0.1;
      if (/^\s*[|,]?\s*(?:\d{1,2}[:.]\d{2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?)\b/i.test(line.text.slice(d.index + d.length)) || /\b\d{1,2}:\d{2}\b/.test(line.text)) score += 0.1;
      if (line.page === 1 && page && line.y <= page.height / 2) score += 0.05;
      // ("Order date 04/03/2024", "Lieferdatum: …": a date labelled with another role, not a till's "Check 5738/1 07/02/18")
      const before = line.text.slice(Math.max(0, d.index - 40), d.index);
      // (a role's word, not an "Original" copy's: "Recibo … Original Data e Hora: …" is the receipt's date)
      const labelledOther = DATE_ROLE_WORDS.test(before) && DATE_WORD_BEFORE.test(before);
      if (!found || score > found.score) found = { iso: d.iso, score, conf: line.conf, other: labelledOther };
    }
  }
  if (!found) return numberedDate(layout) ?? field<string>(null, 0);
  const agreed = agreeingYear(layout, found.iso, order);
  const read = calibrated('invoice_date', agreed ?? found.iso, { strength: found.score - (agreed ? 0.05 : 0), legibility: found.conf });
  // (the page names the date as another — "Order date", "Delivery date" — and no date as the invoice's: a guess for review)
  return found.other ? unconfirmed(read) : read;
}

/**
 * No date legible anywhere: many tills number a sale from its date ("Invoice No: 2018030610160030498").
 * A long document number that opens with a real, past YYYYMMDD gives the date, as a guess.
 */
function numberedDate(layout: Layout): Field<string> | null {
  const latest = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  for (const line of layout.lines) {
    const m = /\b(?:invoice|receipt|bill|slip|trans(?:action)?|doc(?:ument)?)\s*(?:no|#|num(?:ber)?)\w*\s*[:.#]?\s*(?:\|\s*)?(20\d{2})(\d{2})(\d{2})\d{4,}\b/i.exec(line.text);
    if (!m) continue;
    const iso = valid(+m[1], +m[2], +m[3]);
    if (!iso || iso > latest) continue;
    return calibrated('invoice_date', iso, { strength: 0, legibility: Math.min(line.conf, 0.6) });
  }
  return null;
}

/**
 * The document's date with its year read back from the document's other dates, when the OCR
 * slipped one digit of it (2013 for 2018, 2011 for 2017): the year is on none of the other
 * dates; two or more of them all agree on another year, two or more years away and one digit
 * different; and with that year the date falls within a week of one of them (a print date, the
 * same date printed again). Dates beside due/validity/warranty words say nothing about it.
 */
function agreeingYear(layout: Layout, iso: string, order: DayOrder): string | null {
  const year = iso.slice(0, 4);
  const others: string[] = [];
  for (const line of layout.lines) {
    if (OTHER_DATE_WORDS.test(line.text) || /\b(?:warrant|guarant|garansi|jaminan)\w*/i.test(line.text)) continue;
    for (const d of plausibleDates(line.text, order)) if (d.iso !== iso) others.push(d.iso);
  }
  // one other date against the chosen one is a tie, not a majority
  if (others.length < 2 || others.some((d) => d.startsWith(year))) return null;
  const theirs = new Set(others.map((d) => d.slice(0, 4)));
  if (theirs.size !== 1) return null;
  const [other] = theirs;
  const digitsDiffer = [...other].filter((c, i) => c !== year[i]).length;
  if (digitsDiffer !== 1 || Math.abs(+other - +year) < 2) return null;
  const fixed = valid(+other, +iso.slice(5, 7), +iso.slice(8, 10));
  if (!fixed) return null;
  const week = 7 * 86400_000;
  return others.some((d) => Math.abs(Date.parse(d) - Date.parse(fixed)) <= week) ? fixed : null;
}

/** Dates of a text that can be a document's date: not in the future (beyond a day's clock skew) and not before 2000. */
function plausibleDates(text: string, order: DayOrder) {
  const latest = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  // ("Faktura nr 31/03/2024": a number of the month and year after a number's mark is the document's number, no date)
  // (not a till's "Bon-Nr: 12/03/2024 14:22": a date with its time)
  return findDates(text, order).filter((d) => d.iso >= '2000-01-01' && d.iso <= latest && !(NUMBER_MARK_BEFORE.test(text.slice(Math.max(0, d.index - 12), d.index)) && !/^\s*\d{1,2}:\d{2}/.test(text.slice(d.index + d.length))));
}
const DATE_WORD_BEFORE = /(?:date|datum|fecha|data|tarikh|dato|päivä|paiva|datas?)\b[^\d]*$/i;
const NUMBER_MARK_BEFORE = /(?:^|[\s(])nr\.?\s*:?\s*$/i;

/**
 * A Polish or Czech invoice's number of the month and year, shaped like a date ("Faktura nr 31/03/2024", "Faktura
 * korygująca nr FK 2/03/2024"), read where the label's cell holds it.
 */
const DATED_NUMBER_LABEL = /(?<![\p{L}])(?:faktura(?:\s+(?:vat|korygująca|korygujaca|proforma|zaliczkowa|końcowa))?|rachunek|faktura\s*[-–]\s*daňový\s+doklad|dobropis)\s+(?:nr|č\.?|číslo)\.?\s*:?\s*/iu;
function datedNumber(text: string): string | null {
  return /^(?:[A-Z]{1,5}\s?)?\d{1,4}\/\d{1,2}\/\d{4}(?![\d/])/.exec(text.trim())?.[0] ?? null;
}
