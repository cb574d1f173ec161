// Where a candidate seller's name stands on the page (./vendor.ts scores it): a former
// name, a registration number or a legal notice under it, an address around it (the
// sender line of a window envelope: ./sender-line.ts), a customer block, labels and cues near it, and the
// web or e-mail domains and repetitions that match it.
import type { Layout, LayoutLine } from '../layout.js';
import { overlap } from './labels.js';
import { ADDRESS_WORDS, CUSTOMER_LABELS, LEGAL_SUFFIX, OTHER_SCRIPT_LETTERS, VENDOR_CUES, VENDOR_LABELS } from './vocabulary.js';

const GENERIC_DOMAINS = /^(?:gmail|googlemail|yahoo|hotmail|outlook|live|icloud|me|aol|gmx|web|t-online|mail|protonmail|example|fake|test)$/i;

const FORMERLY = /\b(?:formerly|previously|earlier)(?:\s+(?:known\s+as|called|named|trading\s+as))?|\bf\.?\s?k\.?\s?a\b\.?|\bvormals\b|\bvoorheen\b|\banciennement\b/i;

/** The name follows "formerly known as" (on its line or alone on the line above). */
export function formerName(doc: Layout, line: LayoutLine, name: string): boolean {
  if (new RegExp(`^(?:${FORMERLY.source})\\s`, 'i').test(name)) return true;
  const at = line.text.indexOf(name);
  if (at > 0 && new RegExp(`(?:${FORMERLY.source})[\\s:]*$`, 'i').test(line.text.slice(0, at).replace(/[\s|]+$/, ' '))) return true;
  const prev = doc.lines[line.index - 1];
  return Boolean(prev && prev.page === line.page && line.y - prev.y < 2.5 * Math.max(line.h, prev.h) && new RegExp(`^\\W*(?:${FORMERLY.source})[\\s:]*$`, 'i').test(prev.text));
}

/** The text of a line that is one cell, or cells set close together ("POPULAR | BOOK"); null for a row of columns. */
export function wholeText(line: LayoutLine): string | null {
  if (line.cells.length === 1) return line.cells[0].text.trim();
  const tight = line.cells.length <= 4 && line.cells.every((c, i) => i === 0 || c.x0 - line.cells[i - 1].x1 < 2.5 * line.h);
  return tight ? line.cells.map((c) => c.text.trim()).join(' ') : null;
}

/** The line above, passing over OCR specks ("~", "-") between a name and its wrapped end. */
export function lineAbove(doc: Layout, line: LayoutLine): LayoutLine | undefined {
  for (let i = line.index - 1; i >= 0 && i >= line.index - 2; i--) {
    const l = doc.lines[i];
    if (/\p{L}{2}/u.test(l.text)) return l;
  }
  return undefined;
}

/** A company's registration number is printed right under its name: "(123456-X)", "JM0325955-V", "(CO.REG:933109-X)". */
const REGISTRATION_LINE = /^\W*(?:(?:co(?:mpany)?\.?\s*)?(?:(?:reg(?:istration)?|roc)\.?\s*)?(?:no\.?|number)?\s*[:.]?\s*)?[({[]?\s*[A-Z]{0,3}\d{5,10}\s*-\s*[A-Z0-9]\W*$/i;

export function registrationBelow(doc: Layout, line: LayoutLine): boolean {
  const next = doc.lines[line.index + 1];
  return Boolean(next && next.page === line.page && next.y - line.y < 3 * Math.max(line.h, next.h) && REGISTRATION_LINE.test(next.text.replace(/\s*\|\s*/g, ' ')));
}

/** Where a company states its legal identity: registered office, share capital, trade register. */
const LEGAL_NOTICE = /\b(?:si[èe]ge\s+social|registered\s+(?:office|address|in)|regd\.?\s+office|au\s+capital|capital\s+(?:social|de)|share\s+capital|sitz(?:\s+der\s+gesellschaft)?\s*:|gesch[äa]ftsf[üu]hr(?:er|ung)|handelsregister|registergericht|rcs\s+\p{L}|r\.c\.s\.|cin\s*[:.]|statutaire\s+zetel)/iu;

/** The name opens a legal notice ("Free SAS au capital de … RCS Paris") or one follows right under it (the legal footer). */
export function legalNoticeAt(doc: Layout, line: LayoutLine, name: string): boolean {
  const at = line.text.indexOf(name);
  if (at >= 0 && LEGAL_NOTICE.test(line.text.slice(at + name.length))) return true;
  for (let i = line.index + 1; i < doc.lines.length && i <= line.index + 2; i++) {
    const l = doc.lines[i];
    if (l.page !== line.page || l.y - line.y > 4 * Math.max(line.h, l.h)) break;
    if (LEGAL_NOTICE.test(l.text)) return true;
  }
  return false;
}

const POSTCODE_TOWN = /(?:^|[\s,])\d{4,6}\s+\p{L}{3,}/u;

/** The line before is a street and the one after a postcode and town (or another street line), or the address
 * before and the telephone after: the line is part of the address. */
export function withinAddress(doc: Layout, line: LayoutLine): boolean {
  const prev = doc.lines[line.index - 1];
  const next = doc.lines[line.index + 1];
  if (!prev || !next || prev.page !== line.page || next.page !== line.page) return false;
  const near = (a: LayoutLine, b: LayoutLine, lines = 2.2) => Math.abs(b.y - a.y) < lines * Math.max(a.h, b.h);
  if (!near(prev, line) || !near(line, next, 3.5)) return false;
  if (LEGAL_SUFFIX.test(prev.text) || LEGAL_SUFFIX.test(next.text)) return false;
  if (ADDRESS_WORDS.test(prev.text) && (POSTCODE_TOWN.test(next.text) || ADDRESS_WORDS.test(next.text)) && near(line, next)) return true;
  // "56000 Kuala Lumpur" / "EMPIRE SHOPPING GALLERY" / "Tel 03-…": the address's last line (a mall, a district) before the telephone
  return (POSTCODE_TOWN.test(prev.text) || ADDRESS_WORDS.test(prev.text)) && /^\W*(?:tel|phone|telephone|fax|hp|t)\b/i.test(next.text);
}

/** Where a customer's block lies: per line, the stretches of it (from x0 to x1) under a customer label. */
export type CustomerBlock = Map<number, { x0: number; x1: number }[]>;

/** Whether a name starting at x0 on a line stands in the customer's block. */
export function inCustomerBlock(block: CustomerBlock, lineIndex: number, x0: number): boolean {
  return (block.get(lineIndex) ?? []).some((r) => x0 >= r.x0 && x0 < r.x1);
}

/** a label heading a column of its own ("PRODUCT(S) PROVIDED BY:", "From:"), beside the customer's */
const COLUMN_HEADING = /:\s*$/;
/** a seller's label alone in its cell, with or without a colon ("Lieferant", "Seller:", "Cedente/Prestatore") */
function sellerHeading(text: string): boolean {
  const m = VENDOR_LABELS.exec(text);
  return m !== null && m.index === 0 && text.length <= 40 && !/\d/.test(text) && text.slice(m[0].length).replace(/[\s:/]+/g, '').length <= 12;
}

/**
 * Lines under a customer label (same column, up to 5 lines down), and a name beside the label on its
 * own line ("Rechnung an: | SimFin Analytics GmbH"). The block spans the whole line, unless the label's
 * line heads another column too ("BILLED TO: | PRODUCT(S) PROVIDED BY:", "From: | Bill to:"): then it
 * ends where that column begins, or begins where the customer's does.
 */
export function customerBlock(doc: Layout): CustomerBlock {
  const out: CustomerBlock = new Map();
  const add = (i: number, x0: number, x1: number) => out.set(i, [...(out.get(i) ?? []), { x0, x1 }]);
  for (const line of doc.lines) {
    line.cells.forEach((cell, ci) => {
      const m = CUSTOMER_LABELS.exec(cell.text);
      // (also a label the layout cut into cells: "Abweichender | Zahlungsempfänger:")
      const split = !m && ci > 0 && !CUSTOMER_LABELS.test(line.cells[ci - 1].text) && CUSTOMER_LABELS.test(`${line.cells[ci - 1].text} ${cell.text}`);
      if (!m && !split) return;
      const label = split ? line.cells[ci - 1] : cell;
      // (a heading with its colon, or a seller's label without one: "Kunde | Lieferant" over two addresses)
      const heading = (c: { text: string }) => !CUSTOMER_LABELS.test(c.text) && ((COLUMN_HEADING.test(c.text) && /^\D*$/.test(c.text)) || sellerHeading(c.text));
      const otherColumn = line.cells.slice(ci + 1).find(heading);
      const columnBefore = line.cells.slice(0, split ? ci - 1 : ci).some(heading);
      const x0 = columnBefore ? label.x0 - 25 : -Infinity;
      const x1 = otherColumn ? otherColumn.x0 - 1 : Infinity;
      // the label's own line holds a name when it continues after the label ("ATTN: Jane Doe")
      if (m && cell.text.slice(m.index + m[0].length).replace(/^[\s:]+/, '').length > 1) add(line.index, x0, x1);
      // or in the cell beside a label that ends its cell ("Rechnung an: | SimFin Analytics GmbH")
      const beside = line.cells[ci + 1];
      // (also a grid of fields whose label cell holds the label alone: "Advertiser | AB PAC")
      const labelAlone = m !== null && cell.text.length <= 60 && cell.text.replace(/[\s:.#]+$/, '').trim().toLowerCase() === m[0].replace(/[\s:.#]+$/, '').trim().toLowerCase();
      if (m && (COLUMN_HEADING.test(cell.text) || labelAlone) && beside && beside !== otherColumn && /\p{L}{2}/u.test(beside.text)) add(line.index, beside.x0 - 1, beside.x1 + 1);
      for (let i = line.index + 1; i < doc.lines.length && i <= line.index + 5; i++) {
        const next = doc.lines[i];
        if (next.page !== line.page) break;
        if (next.cells.some((c) => overlap(c, { x0: label.x0 - 10, x1: Math.max(label.x1, label.x0 + 120) }) > 0 && c.x0 >= label.x0 - 25)) add(i, x0, x1);
      }
    });
  }
  return out;
}

export function labelAbove(doc: Layout, line: LayoutLine, x0: number, re: RegExp): boolean {
  for (let i = line.index - 1; i >= 0 && i >= line.index - 2; i--) {
    const prev = doc.lines[i];
    if (prev.page !== line.page) break;
    // a label is short ("Service Provider:"), not a sentence that happens to say "from"
    // set in the same column, or centred over the line as on a till receipt ("Owned by" / "ACME Sdn Bhd")
    const centred = (c: { x0: number; x1: number }) => prev.cells.length === 1 && line.cells.length <= 4 && Math.abs((c.x0 + c.x1) / 2 - (line.x0 + line.x1) / 2) < 3 * line.h;
    // (read with the cells before it: "Abweichender | Zahlungsempfänger:" is not the payee label it ends with)
    const upTo = (ci: number) => prev.cells.slice(Math.max(0, ci - 2), ci + 1).map((c) => c.text).join(' ');
    if (prev.cells.some((c, ci) => re.test(c.text) && re.test(upTo(ci)) && c.text.split(/\s+/).length <= 4 && (Math.abs(c.x0 - x0) < 3 * line.h || centred(c)))) return true;
  }
  return false;
}

export function cuesAround(doc: Layout, line: LayoutLine, x0: number): boolean {
  let hits = 0;
  for (let i = Math.max(0, line.index - 4); i < doc.lines.length && i <= line.index + 6; i++) {
    const l = doc.lines[i];
    if (l.page !== line.page || i === line.index) continue;
    if (l.cells.some((c) => VENDOR_CUES.test(c.text) && Math.abs(c.x0 - x0) < 5 * line.h)) hits++;
  }
  return hits >= 2;
}

export function domainsOf(printed: string): { domain: string; local: string }[] {
  const out: { domain: string; local: string }[] = [];
  // ("urn:cen.eu:en16931:2017#compliant#urn:zugferd.de:2p0:basic": a standard's identifier, not a web address)
  const text = printed.replace(/\burn:\S+/gi, ' ');
  for (const m of text.matchAll(/(?<![\w.+-])([\w.+-]{1,64})@([\w-]{1,63})\.[\w.]+/g)) out.push({ local: m[1].toLowerCase(), domain: m[2].toLowerCase() });
  for (const m of text.matchAll(/(?:https?:\/\/)?www\.([\w-]+)\.[a-z.]+/gi)) out.push({ local: '', domain: m[1].toLowerCase() });
  for (const m of text.matchAll(/(?<![\w-])([\w-]{3,63})\.(?:com|de|nl|fr|co\.uk|net|org|eu|io|be|at|ch|it|es)\b/gi)) out.push({ local: '', domain: m[1].toLowerCase() });
  // a mailbox at a generic provider says nothing about the company, its local part may ("smaystone@…")
  return out.map((d) => (GENERIC_DOMAINS.test(d.domain) ? { ...d, domain: '' } : d));
}

export function domainScore(compact: string, domains: { domain: string; local: string }[]): number {
  let best = 0;
  for (const { domain, local } of domains) {
    const d = domain.replace(/[^a-z0-9]/g, '');
    if (!d && !local) continue;
    // ("marktkauf-1ehr.de": a domain read with a digit for a look-alike letter)
    const letters = d.replace(/1/g, 'l').replace(/0/g, 'o');
    if (d.length >= 4 && (compact.includes(d) || d.includes(compact) || compact.includes(letters) || letters.includes(compact))) best = Math.max(best, 2.5);
    else if (d.length >= 4 && compact.length >= 6 && sharedPrefix(compact, d) >= 5) best = Math.max(best, 1.5);
    const surname = compact.length >= 8 ? compact.slice(-Math.min(8, compact.length - 3)) : '';
    if (local && surname.length >= 5 && local.replace(/[^a-z]/g, '').includes(surname)) best = Math.max(best, 1);
  }
  return best;
}

const sharedPrefix = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};

/**
 * How often the name is printed, spaces and marks ignored, counting whole words only: "Muster" is not
 * repeated by "Musterstraße" and "Mustermann" (a name that opens other words would look famous).
 */
export function countOf(lowerText: string, compact: string): number {
  if (compact.length < 4) return 0;
  const { squeezed, starts, ends } = squeezedWords(lowerText);
  let n = 0;
  let i = squeezed.indexOf(compact);
  while (i >= 0 && n < 10) {
    if (starts.has(i) && ends.has(i + compact.length)) n++;
    i = squeezed.indexOf(compact, i + 1);
  }
  return n;
}

/** The document's words squeezed together, with where each starts and ends: built once per document (every candidate name is counted in it). */
let lastSqueezed: { text: string; squeezed: string; starts: Set<number>; ends: Set<number> } | null = null;
const NOT_WORD_LETTER = new RegExp(`[^a-z0-9\\s${OTHER_SCRIPT_LETTERS}]`, 'g');
function squeezedWords(lowerText: string): { squeezed: string; starts: Set<number>; ends: Set<number> } {
  if (lastSqueezed?.text === lowerText) return lastSqueezed;
  const words = lowerText.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').normalize('NFC').replace(NOT_WORD_LETTER, '').split(/\s+/).filter(Boolean);
  const starts = new Set<number>();
  const ends = new Set<number>();
  let squeezed = '';
  for (const w of words) {
    starts.add(squeezed.length);
    squeezed += w;
    ends.add(squeezed.length);
  }
  lastSqueezed = { text: lowerText, squeezed, starts, ends };
  return lastSqueezed;
}

/**
 * "株式会社山田商店 御中", "山田太郎 様", "김철수 귀하": the addressee, as Japanese and Korean documents name
 * the customer — an honorific after the name (御中 a company, 様 or 殿 a person, 귀하 or 님 in Korean).
 */
const HONORIFIC = '御中|様|殿|귀하|님|貴中';
const ENDS_WITH_HONORIFIC = new RegExp(`(?:${HONORIFIC})\\s*$`);
const ONLY_HONORIFIC = new RegExp(`^\\s*(?:${HONORIFIC})\\s*$`);
export function addresseeOf(line: LayoutLine, x0: number): boolean {
  const cell = line.cells.find((c) => c.x0 <= x0 + 1 && c.x1 >= x0) ?? line.cells[0];
  const next = line.cells[line.cells.indexOf(cell) + 1];
  return ENDS_WITH_HONORIFIC.test(cell?.text ?? line.text) || (next !== undefined && ONLY_HONORIFIC.test(next.text));
}

/** The page's first line (`above`: lineAbove's): where a receipt prints its chain and store number. */
export const opensDocument = (line: LayoutLine, above: LayoutLine | undefined) => line.page === 1 && line.index <= 2 && !above;

/** "Albert Heijn 1234": the page's first line, a name and a chain's 3–4 digit store number (vendor-line-names.ts strips it). */
export function storeNumberLine(doc: Layout, line: LayoutLine): boolean {
  return opensDocument(line, lineAbove(doc, line)) && withoutStoreNumber(line.text) !== line.text;
}

/**
 * "Albert Heijn 1234" -> "Albert Heijn", "SPAR Nr. 0421" -> "SPAR", "MAKRO EST. 001" -> "MAKRO": a chain's store number after its name — a name of
 * at most four words and no other digits; never a year ("… (c) FeRD 2021") or a copyright line.
 */
const STREET_END = /(?:stra(?:ß|ss|b)e|str\.?|weg|gasse|platz|allee|laan|straat|plein|rue|via|calle|street|st\.?|road|rd\.?|avenue|ave\.?|lane|drive|boulevard|blvd)\s*$/i;

/** Words a till labels its own numbers with (its branch, register, receipt, table, terminal, a card's trace). */
const TILL_FIELD = /^(?:filiale?|filiaal|markt|store|shop|branch|outlet|loja|tienda|negozio|magasin|kasse|kassa|caisse|caja|cassa|pos|register|till|lane|beleg|bon|bonnr|kassenbon|bonnummer|scontrino|receipt|quittung|rechnung|invoice|ticket|de|order|hotel|zimmer|room|chambre|auftrag|tisch|table|mesa|tavolo|terminal|term|trace|trans|transaktion|transaction|tse|serial|seriennummer|kunde|customer|member|mitglied|card|karte|ref|id|no|nr|nummer|number|op|operator|cashier|kassierer(?:in)?|station|pump|s[äa]ule|gate|seat|platz)\.?:?$/i;

export function withoutStoreNumber(text: string): string {
  // (names are short; a street's house number is no store's)
  if (text.length > 60 || ADDRESS_WORDS.test(text)) return text;
  const m = /^(\D{2,40}?\p{L}{2}[\p{L}'’.]*?)\s+(?:[-–|]\s+)?((?:no|nr|est|store|filiale?|filiaal|loja|tienda|negozio|magasin)\.?\s?|#\s?)?(\d{3,4})\s*$/iu.exec(text.trim());
  if (!m || /©|\(c\)/i.test(m[1]) || /^(?:19|20)\d{2}$/.test(m[3]) || m[1].trim().split(/\s+/).length > 4) return text;
  // (a house number after its street is no store's: "Warburger StraBe 130" — an OCR's ß read as B; a store's number is
  // labelled — "EST. 002" — or follows a name of two words or more, four digits or led by a zero: one word and four
  // digits is as often a town and its postcode, "Auckland 1010", "Oslo 0150", or a till's own field, "Kassenbon 0042")
  const words = m[1].trim().split(/\s+/).length;
  if (STREET_END.test(m[1]) || !(m[2] || (words >= 2 && (m[3].length === 4 || m[3].startsWith('0'))))) return text;
  // (nor a till's field and its number: "Filiale 0421", "Kasse 001", "Beleg 0042", "Terminal 1234" name no one)
  if (m[1].trim().split(/\s+/).every((w) => TILL_FIELD.test(w))) return text;
  return m[1];
}
