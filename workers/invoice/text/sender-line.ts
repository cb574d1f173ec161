// The sender line of a window envelope: the seller's name, street and town on one line above
// the addressee ("ACME GmbH - Hauptstr. 1 - 12345 Berlin", its parts as cells of their own, or
// one run parted by commas). Its first part is the seller (./vendor-line-names.ts), the lines
// under it the addressee's (./vendor.ts).
import type { Layout, LayoutLine } from '../layout.js';
import { ADDRESS_WORDS, DOCUMENT_TITLES } from './vocabulary.js';

/** "ACME GmbH - Hauptstr. 1 - 12345 Berlin": a line of 3+ parts with a postal code, printed above the recipient. */
const POSTCODE = /\b(?:[A-Z]{1,2}-?)?\d{4,5}\b|\b\d{4}\s?[A-Z]{2}\b|\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b/;

/** a postcode before its town ("08155 Some city", "D-80333 München", "1012 AB Amsterdam"), not a number after a word ("Chk 1878") */
const POSTCODE_BEFORE_TOWN = /^\s*(?:[A-Z]{1,2}[-\s]?)?\d{4,5}(?:\s?[A-Z]{2})?\s+\p{L}{2}/u;

/** where a shop or a street stands, not who it is: "Zone Industrielle Nord", "Gare de Lyon", "Flughafen München", "Centro Commerciale …" */
const PLACE_WORDS = /(?<!\p{L})(?:zone|centro|centre|center|gare|station|bahnhof|hauptbahnhof|flughafen|airport|a[ée]roport\p{L}*|aeropuerto|terminal|gewerbe\p{L}*|industrie\p{L}*|bedrijventerrein|ortsteil|pol[íi]gono|parque|quartier|galerie|einkaufszentrum|passage|haus|halle|local)(?!\p{L})/iu;

/**
 * A sender line's parts when it is one run parted by commas: a name with no digit first (not a bare "Co." cut from
 * its "Co., Ltd.", not a street's or a place's name), then a street, then a postcode before its town; no label's
 * colon. Null otherwise.
 */
export function commaSenderParts(text: string): string[] | null {
  const parts = text.split(/,\s+/);
  if (parts.length < 3 || parts.length > 6 || /:/.test(text)) return null;
  const [first, ...rest] = parts;
  if (!/\p{L}{2}/u.test(first) || /\d/.test(first) || /\bCo\.?$/i.test(first.trim()) || ADDRESS_WORDS.test(first) || PLACE_WORDS.test(first)) return null;
  return /\d/.test(rest[0]) && rest.slice(1).some((p) => POSTCODE_BEFORE_TOWN.test(p)) ? parts : null;
}

export function senderLineIndexes(doc: Layout): Set<number> {
  const out = new Set<number>();
  const titled = doc.lines.find((l) => l.page === 1 && l.cells.some((c) => DOCUMENT_TITLES.test(c.text) || TITLE_OPENING.test(c.text)));
  const firstTitle = titled ? titled.index : Infinity;
  for (const line of doc.lines) {
    if (line.page !== 1) continue;
    for (const cell of line.cells) {
      const parts = cell.text.split(/\s+[-–·•|]\s+/);
      if (parts.length >= 3 && parts.some((p) => POSTCODE.test(p))) out.add(line.index);
    }
    // the same line laid out as cells of its own ("ACME GmbH | Street 1 | 12345 City"), above the window in
    // the upper part of the first page: a name with no long number first, a postcode after it
    const page = doc.pages[0];
    const [first, ...rest] = line.cells;
    if (line.cells.length >= 3 && page && line.y < page.height * 0.4 && /\p{L}{2}/u.test(first.text) && !/\d{3,}/.test(first.text) && !/:\s*$/.test(first.text) && rest.some((c) => POSTCODE_BEFORE_TOWN.test(c.text)) && rest.every((c) => !/:/.test(c.text))) out.add(line.index);
    // or as one run parted by commas ("Klaus Becker Elektrotechnik, Ringstr. 4, 50667 Köln"): the same test on its parts
    // (only above the window it is printed for: no title above it, an addressee's postcode line below it — the same
    // run under a title or with no address under it is the customer's address on one line, or the shop's own)
    if (page && line.y < page.height * 0.4 && line.index < firstTitle && commaSenderParts(line.text) && addressBelow(doc, line)) out.add(line.index);
  }
  return out;
}

/** a cell that opens with the document's title ("Facture N° 2024-77", "Rechnung Nr. 118") */
const TITLE_OPENING = /^[\W_]*(?:invoice|rechnung|factuur|facture|factura|fattura|fatura|faktura|gutschrift|avoir|credit\s+note|receipt|quittung)(?![\p{L}])/iu;

/** Whether a postcode-and-town line follows within five lines on the same page (an addressee's address). */
function addressBelow(doc: Layout, line: LayoutLine): boolean {
  for (let i = line.index + 1; i < doc.lines.length && i <= line.index + 5; i++) {
    const next = doc.lines[i];
    if (next.page !== line.page) return false;
    if (next.cells.some((c) => POSTCODE_BEFORE_TOWN.test(c.text))) return true;
  }
  return false;
}
