// Where a seller introduces itself: the letterhead of the first page (above the title
// and the first data), the identity printed under its name (registration and tax
// numbers, address, telephone), and what tells an OCR misreading from a name. Used by
// the vendor scoring (vendor.ts).
import type { Layout, LayoutLine } from '../layout.js';
import { overlap } from './labels.js';
import { ADDRESS_WORDS, DOCUMENT_TITLES, LEGAL_SUFFIX, TRADE_WORDS, US_STATE_CODES, VENDOR_CUES, AMBIGUOUS_US_STATE_CODES } from './vocabulary.js';

/**
 * The letterhead of the first page: the lines above its first document title, date,
 * labelled field or amount (and in the top 40 %); and the name-like lines printed after
 * that title and before any amount when the letterhead above already holds a name
 * (where receipts and invoices print the customer).
 */
export function letterhead(doc: Layout): { lines: Set<number>; afterTitle: Set<number> } {
  const lines = new Set<number>();
  const afterTitle = new Set<number>();
  const first = doc.lines.filter((l) => l.page === 1);
  const page = doc.pages[0] ?? { width: 600, height: 850 };
  let i = 0;
  for (; i < first.length; i++) {
    const l = first[i];
    if (l.y > page.height * 0.4 || isBodyLine(l)) break;
    lines.add(l.index);
  }
  const titled = i < first.length && first[i].cells.some((c) => DOCUMENT_TITLES.test(c.text));
  const namedAbove = [...lines].some((n) => doc.lines[n].cells.some((c) => LEGAL_SUFFIX.test(c.text) || TRADE_WORDS.test(c.text)));
  if (titled && namedAbove) {
    for (let j = i + 1; j < first.length && j <= i + 4; j++) {
      if (/\d[.,]\d{2}\b/.test(first[j].text)) break;
      afterTitle.add(first[j].index);
    }
  }
  return { lines, afterTitle };
}

/** A line that belongs to the document's body: a title, a date, a labelled field, an amount. */
function isBodyLine(l: LayoutLine): boolean {
  if (l.cells.some((c) => DOCUMENT_TITLES.test(c.text))) return true;
  if (/\b\d{1,4}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\s+\d{2,4}\b/i.test(l.text)) return true;
  if (/\b(?:invoice|receipt|bill|doc(?:ument)?|order|table|cashier|date|time)\s*(?:no\.?|#|number|:)/i.test(l.text)) return true;
  return /\d[.,]\d{2}(?!\d)/.test(l.text) && !VENDOR_CUES.test(l.text);
}

/**
 * The lines of a North American address block by their shape alone: a house number and a street
 * ("7230 Pendleton Pike"), a town with its state and ZIP code ("Lawrence, IN 46226").
 */
const ADDRESS_BLOCK_LINE = [
  /^\d{1,6}\s+(?:[NSEW]\.?\s+)?\p{L}{2,}(?:\s+\p{L}[\p{L}.]*){0,4}$/u,
  new RegExp(String.raw`^[\p{L} .']{2,30},?\s+(?:${US_STATE_CODES}|${AMBIGUOUS_US_STATE_CODES})\s+\d{5}(?:-\d{4})?$`, 'u'),
];

/**
 * The name that heads an address block: the line right above a street ("7230 Pendleton Pike") that is
 * itself right above its town and state with the ZIP code ("Lawrence, IN 46226").
 */
export function headsAddressBlock(doc: Layout, line: LayoutLine): boolean {
  const [street, town] = [doc.lines[line.index + 1], doc.lines[line.index + 2]];
  if (!street || !town || street.page !== line.page || town.page !== line.page) return false;
  const flat = (l: LayoutLine) => l.text.replace(/\s*\|\s*/g, ' ').trim();
  return (ADDRESS_BLOCK_LINE[0].test(flat(street)) || ADDRESS_WORDS.test(street.text)) && ADDRESS_BLOCK_LINE[1].test(flat(town));
}

/** A telephone number alone on its line, as a shop prints it under its address ("(317) 541-1897", "516-341-7075"). */
const PHONE_LINE = /^(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}$/;

/** Registration and tax numbers, address and telephone lines right under a name: how a seller introduces itself. */
/** A company officer's or register's heading in a footer's column. */
const OFFICER_WORD = /gesch(?:ä|a|ae)ftsf(?:ü|u|ue)hr|managing\s+director|directors?|amtsgericht|registered|g[ée]rant/i;

export function identityBelow(doc: Layout, line: LayoutLine, x0?: number): number {
  let hits = 0;
  // beside another column ("Noosa Cafe Pty Ltd | TAX INVOICE" over the seller's "ABN 33 444 555 666" on the right), a
  // name's identity is what is printed in its own column; a name alone on its line (a till's centred letterhead) owns the lines below
  const cell = x0 === undefined || line.cells.length < 2 ? undefined : line.cells.find((c) => c.x0 === x0);
  // (columns set well apart: a sender line's run of cells — "Bei Spiel GmbH · Ecke 12 · 12345 Stadthausen" — is one column)
  const gap = 0.15 * (doc.pages[line.page - 1]?.width ?? 600);
  // (and not a footer whose columns are one firm's block: "ACME GMBH | Geschäftsführung: … | USt-IdNr: …" — the other cells
  // of the name's own line are the same firm's identity)
  const far = cell ? line.cells.filter((c) => c !== cell && (c.x0 - cell.x1 > gap || cell.x0 - c.x1 > gap)) : [];
  const own = cell && far.length && !far.some((c) => VENDOR_CUES.test(c.text) || OFFICER_WORD.test(c.text)) ? cell : null;
  // (its column: from its own left edge to the next cell on its line — an address is set flush under the name or indented
  // to its right, never out to its left)
  const span = { from: (cell?.x0 ?? 0) - 3 * line.h, to: Math.min(Infinity, ...line.cells.filter((c) => c !== cell && c.x0 >= (cell?.x1 ?? 0)).map((c) => c.x0)) };
  for (let i = line.index + 1; i < doc.lines.length && i <= line.index + 4; i++) {
    const l = doc.lines[i];
    if (l.page !== line.page) break;
    const texts = own ? l.cells.filter((c) => overlap(c, own) > 0 || (c.x0 >= span.from && c.x0 < span.to)).map((c) => c.text) : [l.text];
    if (texts.some((t) => VENDOR_CUES.test(t) || ADDRESS_WORDS.test(t) || PHONE_LINE.test(t.trim()))) hits++;
  }
  return hits >= 2 ? 2.5 : hits === 1 ? 1.5 : 0;
}

/** OCR noise in a would-be name: tokens mixing letters and digits, long runs without a vowel, stray symbols. */
export function garbleOf(name: string): number {
  let penalty = 0;
  for (const token of name.split(/\s+/)) {
    const t = token.replace(/^[("'‘“]+|[)"'’”.,:;]+$/g, '');
    if (!t) continue;
    if (/\p{L}/u.test(t) && /\d/.test(t) && !/^\d+[A-Za-z]{1,2}$/.test(t)) penalty += 1.5;
    else if (/[^\p{L}\p{N}&.'\-/@()]/u.test(t)) penalty += 1;
    else if (t.length >= 4 && /^\p{Script=Latin}+$/u.test(t) && !/[aeiouyAEIOUY]/.test(t)) penalty += 1;
  }
  return Math.min(4, penalty);
}

