// Who issued the invoice or receipt. Every short name-like line is a candidate, scored
// by what sellers do and customers do not: a legal form (GmbH, B.V., Sdn Bhd, Pvt Ltd),
// a word naming a trade (Trading, Hardware, Restaurant), a place in the letterhead
// (the lines above the document's title and first data) or in the legal footer, a
// vendor label ("Service Provider:", "Account name:", "Lieferant"), the sender line of
// a window envelope ("ACME GmbH - Street 1 - 12345 City"), its identity printed under it
// (registration and tax numbers, address, telephone), a matching web or e-mail domain
// and repetition. Names under a customer label ("Bill to", "Factuuradres"), right under
// the sender line (the recipient window) or after the title below a letterhead that
// already names someone lose; titles, slogans and till phrases are never names; and an
// OCR line the engine was unsure of counts for less.
import type { Layout, LayoutLine } from '../layout.js';
import { field } from '../types.js';
import { calibrated, type ReadField } from './confidence.js';
import { overlap } from './labels.js';
import { ADDRESS_WORDS, CUSTOMER_LABELS, DOCUMENT_TITLES, LEGAL_SUFFIX, TRADE_WORDS, VENDOR_CUES, VENDOR_LABELS } from './vocabulary.js';
import { garbleOf, identityBelow, letterhead } from './letterhead.js';
import { compactName, cutAfterLegalForm, normalisedLegalForm, onlyLegalForm, onlyTradeWords, plausibleName, REGISTRATION_TAIL, withoutRegistration } from './vendor-name.js';

export { compactName } from './vendor-name.js';

interface VendorCandidate {
  name: string;
  line: LayoutLine;
  score: number;
  /** its registration number is printed with it (after it on its line or on the line below) */
  registered: boolean;
}

/** Score at or above which the vendor is trusted without looking further (e.g. OCR of logos). */
export const CONFIDENT_VENDOR_SCORE = 4;

const PAYEE_LABEL = /\b(?:payee|remit\s+to|account\s+(?:name|holder)|beneficiary(?:\s+name)?|(?:made\s+)?payable\s+to|in\s+favou?r\s+of|kontoinhaber|zahlungsempfänger|begunstigde|titulaire(?:\s+du\s+compte)?)\b/i;

const GENERIC_DOMAINS = /^(?:gmail|googlemail|yahoo|hotmail|outlook|live|icloud|me|aol|gmx|web|t-online|mail|protonmail|example|fake|test)$/i;

export function readVendor(layout: Layout, extra: Layout[] = []): ReadField<string> & { score: number } {
  const ranked = rankVendors(layout, extra);
  let best = ranked[0];
  // a logo word ("azure") loses to the full name that contains it ("Azure Interior") when that is nearly as likely
  if (best) {
    const short = compactName(best.name);
    // but not what follows a legal form ("PRINT EXPERT SDN BHD hc"): the name ends there; nor a stray number before it
    const endsLegal = cutAfterLegalForm(best.name) === best.name.replace(/[\s,]+$/, '');
    const fuller = ranked.find((c) => c.score >= best.score - 2.5 && compactName(c.name).length > short.length && compactName(c.name).includes(short) && /\p{L}{2}/u.test(compactName(c.name).replace(short, '')) && !(endsLegal && c.name.startsWith(best.name)));
    if (fuller) best = { ...fuller, score: best.score };
  }
  // "Free Service Abonné" (a department's return address) vs "Free SAS": the legal entity whose name opens the best one
  if (best && !LEGAL_SUFFIX.test(best.name)) {
    const key = compactName(best.name);
    const entity = ranked.find((c) => c.score >= best.score - 4 && LEGAL_SUFFIX.test(c.name) && compactName(c.name).length >= 3 && key.startsWith(compactName(c.name)) && best.name.toLowerCase().startsWith(c.name.split(/\s+/)[0].toLowerCase()));
    if (entity) best = { ...entity, score: best.score };
  }
  // "Harvey Norman" / "Elitetrax Marketing Sdn Bhd (616227-D)": a brand over the legal entity that issues the
  // receipt, whose registration number is printed with it — the entity is the seller
  if (best && !LEGAL_SUFFIX.test(best.name) && !best.registered) {
    const entity = ranked.find((c) => c.registered && c.score >= best.score - 3 && LEGAL_SUFFIX.test(c.name) && !onlyLegalForm(c.name));
    if (entity) best = { ...entity, score: best.score };
  }
  if (!best || best.score <= 0) return { ...field<string>(null, 0), score: 0 };
  // evidence: the score itself and the lead over the best candidate naming someone else
  const key = compactName(best.name);
  const rival = ranked.find((c) => !compactName(c.name).includes(key) && !key.includes(compactName(c.name)));
  const lead = best.score - (rival?.score ?? 0);
  let strength = 0.6 * Math.min(1, best.score / 12) + 0.4 * Math.min(1, Math.max(0, lead) / 4);
  // "CO. (M) SDN BHD": only the end of a name whose start the OCR lost — the best there is, not a name to trust
  if (onlyLegalForm(best.name)) strength *= 0.5;
  return { ...calibrated('vendor_name', normalisedLegalForm(best.name), { strength, legibility: best.line.conf }), score: best.score };
}

export function rankVendors(layout: Layout, extra: Layout[] = []): VendorCandidate[] {
  const all = [layout, ...extra];
  const text = all.map((l) => l.text).join('\n');
  const lowerText = text.toLowerCase();
  const domains = domainsOf(text);
  const candidates: VendorCandidate[] = [];
  all.forEach((doc, docIndex) => {
    const fromImage = docIndex > 0;
    const customerLines = customerBlock(doc);
    const senderLines = senderLineIndexes(doc);
    const head = letterhead(doc);
    const ocr = doc.lines.some((l) => l.conf < 1);
    const recipientLines = new Set<number>();
    for (const s of senderLines) for (let i = s + 1; i <= s + 6; i++) recipientLines.add(i);
    for (const line of doc.lines) {
      const page = doc.pages[line.page - 1] ?? { width: 600, height: 850 };
      for (const { name, sender, labeled, x0 } of namesIn(line, senderLines.has(line.index), doc.lines[line.index + 1], lineAbove(doc, line))) {
        let score = 0;
        const compact = compactName(name);
        if (compact.length < 3) continue;
        if (LEGAL_SUFFIX.test(name)) score += 3;
        if (!/\p{Lu}/u.test(name)) score -= 2; // names are capitalised; lower-case words are logos, prose or handwriting
        if (sender) score += 3;
        if (line.page === 1 && line.y < page.height * 0.22) score += 2;
        if (line.y > page.height * 0.85) score += 1.5;
        if (line.page === 1 && doc.lines.findIndex((l) => l.page === 1) === line.index && !fromImage) score += 1.5;
        if (fromImage) score += 1;
        // whom the money goes to ("Account holder:", "payable to", "in favour of") is the seller's strongest sign
        if ((labeled && PAYEE_LABEL.test(labeled)) || labelAbove(doc, line, x0, PAYEE_LABEL)) score += 4.5;
        else if (labeled || labelAbove(doc, line, x0, VENDOR_LABELS)) score += 3;
        if (cuesAround(doc, line, x0)) score += 1.5;
        const repeats = countOf(lowerText, compact);
        score += Math.min(2, Math.max(0, repeats - 1));
        score += domainScore(compact, domains);
        if (customerLines.has(line.index)) score -= 4;
        if (recipientLines.has(line.index) && !sender) score -= 3;
        // "BISTRO & CAFE" under "THREE STOOGES": a line of trade words only says what kind of business the name above is
        if (TRADE_WORDS.test(name)) score += onlyTradeWords(name) ? -1.5 : 1.5;
        // "Gerbang Alaf Sdn Bhd" / "formerly known as" / "Golden Arches Sdn Bhd": the old name is not who sells now
        const former = formerName(doc, line, name);
        if (former) score -= 4;
        // "CO. (M) SDN BHD" on its own: the end of a name whose start the OCR lost, not a name
        if (onlyLegalForm(name)) score -= 4;
        // "Taman Sri Putra", "No. 53 Jalan Putra": an address line, unless a legal form says it is a name
        // also a piece of an address the OCR cut into cells ("No 8, | Jalan 7/118B, | Desa Tun Razak")
        const addressLine = line.cells.length > 1 && wholeText(line) !== null && ADDRESS_WORDS.test(line.text) && !LEGAL_SUFFIX.test(line.text);
        if ((ADDRESS_WORDS.test(name) || addressLine) && !LEGAL_SUFFIX.test(name)) score -= 2.5;
        // "78G, JALAN SS21/62" / "DAMANSARA UTAMA," / "47400 PETALING JAYA": a line inside an address names a place
        if (!LEGAL_SUFFIX.test(name) && withinAddress(doc, line)) score -= 2;
        if (line.page === 1 && head.lines.has(line.index)) score += 1.5;
        if (line.page === 1 && head.afterTitle.has(line.index)) score -= 2;
        score += identityBelow(doc, line);
        const numberBelow = registrationBelow(doc, line);
        if (numberBelow) score += 1.5;
        if (legalNoticeAt(doc, line, name)) score += 2;
        if (ocr) score += (line.conf - 0.75) * 4 - garbleOf(name);
        const at = line.text.indexOf(name);
        const after = at >= 0 ? line.text.slice(at + name.length) : '';
        const registered = numberBelow || (REGISTRATION_TAIL.test(after) && /\d/.test(after));
        // the registered entity that may outrank a brand (readVendor) is never a customer's
        const customer = customerLines.has(line.index) || (recipientLines.has(line.index) && !sender) || (line.page === 1 && head.afterTitle.has(line.index));
        candidates.push({ name, line, score, registered: registered && !former && !customer });
      }
    }
  });
  return candidates.sort((a, b) => b.score - a.score || a.line.index - b.line.index);
}

/**
 * Name-like pieces of a line: whole cells, a name cut after its legal form, the first
 * part of a sender line; a letter-spaced name the OCR cut into cells ("SAM | SAM |
 * TRADING CO"); a name wrapped onto the next line ("HOME MASTER HARDWARE &" / "ELECTRICAL").
 */
function namesIn(line: LayoutLine, isSender: boolean, next?: LayoutLine, prev?: LayoutLine): { name: string; sender: boolean; labeled?: string; x0: number }[] {
  const out: { name: string; sender: boolean; labeled?: string; x0: number }[] = [];
  // "LIAN CHI PU TIAN VEGETARIAN" / "RESTAURANT SDN BHD", "POPULAR BOOK" / "CO. (M) SDN BHD": a line holding only
  // a legal form (and words naming the trade) ends the name wrapped from the line above, when that one has none
  const own = wholeText(line);
  if (own && onlyLegalForm(own) && prev && prev.page === line.page && line.y - prev.y < 3.5 * Math.max(line.h, prev.h)) {
    const above = (wholeText(prev) ?? '').replace(/^[\s"'‘’“”|~_=*•·.,:;-]+|[\s"'‘’“”|~_=*•·,:;-]+$/g, '');
    if (above && !LEGAL_SUFFIX.test(above) && !ADDRESS_WORDS.test(above) && !/\d/.test(above) && plausibleName(above) && /\p{Lu}/u.test(above)) {
      const joined = `${above} ${withoutRegistration(own)}`;
      // the legal form alone names no one: the joined name replaces it
      if (plausibleName(joined)) return [{ name: joined, sender: false, x0: Math.min(line.x0, prev.x0) }];
    }
  }
  const cells = [...line.cells];
  const tight = line.cells.length > 1 && line.cells.length <= 7 && line.cells.every((c, i) => i === 0 || c.x0 - line.cells[i - 1].x1 < 2.5 * line.h);
  if (tight) cells.push({ text: line.cells.map((c) => c.text).join(' '), x0: line.x0, x1: line.x1, conf: line.conf });
  const wraps = next && next.page === line.page && next.y - line.y < 2.2 * Math.max(line.h, next.h) && next.cells.length === 1 && line.cells.length === 1;
  // ("POWER HARDWARE" / "TRADING": under a name that already names its trade, a line of trade
  // words alone ends the name; under "THREE STOOGES", "BISTRO & CAFE" only says what it is)
  const tradeTail = onlyTradeWords(next?.text ?? '') && (next?.text.trim().split(/\s+/).length ?? 9) <= 3 && TRADE_WORDS.test(line.text) && !LEGAL_SUFFIX.test(line.text);
  if (wraps && (/(?:&|\band|\+|-|\bof)\s*$/i.test(line.text) || /^\s*(?:&|and\b)/i.test(next.text) || tradeTail)) {
    cells.push({ text: `${line.text} ${next.text}`, x0: Math.min(line.x0, next.x0), x1: Math.max(line.x1, next.x1), conf: (line.conf + next.conf) / 2 });
  }
  for (const cell of cells) {
    if (DOCUMENT_TITLES.test(cell.text)) continue;
    if (isSender) {
      const first = cell.text.split(/\s+[-–·•|]\s+/)[0];
      if (first !== cell.text && plausibleName(first)) out.push({ name: first.trim(), sender: true, x0: cell.x0 });
    }
    // "Seller: ACME Ltd", "Sprzedawca: ...", "sold by ACME": the label names the vendor
    // also after a separator: "BRED BANQUE POPULAIRE – Titulaire du compte : NETPRESSE"
    const label = VENDOR_LABELS.exec(cell.text);
    const labelAt = label === null ? -1 : label.index === 0 || /[–—|;:,]\s*$|\s-\s*$/.test(cell.text.slice(0, label.index)) ? label.index : -1;
    const labeled = label !== null && labelAt >= 0 && cell.text.length > labelAt + label[0].length + 1 ? label[0] : undefined;
    let text = labeled ? cell.text.slice(labelAt + labeled.length).replace(/^[\s:]+/, '') : cell.text;
    // "Amazon Web Services Invoice": the document title is not part of the name
    text = text.replace(/\s+(?:tax\s+)?(?:invoice|rechnung|factuur|facture|factura|fattura|receipt|bill)\.?$/i, '');
    // "#000002 BAIFU (M) Sdn Bhd": a till's or branch's number before the name
    text = text.replace(/^#\s?\d+\s+(?=\p{L}{2})/u, '');
    // OCR edge marks: quotes, bars, tildes around the name
    text = text.replace(/^[\s"'‘’“”|~_=*•·.,:;-]+|[\s"'‘’“”|~_=*•·,:;-]+$/g, '');
    // "99 SPEED MART 5/8 (519537-X)": the OCR's "S/B" before a registration number
    text = text.replace(/(\s)[S5§$]\/[B8](?=\s*[({[]?\s*[A-Z]{0,3}\d{4,10}\s*-)/, '$1S/B');
    text = withoutRegistration(text);
    const legal = cutAfterLegalForm(text);
    if (legal && legal !== text && plausibleName(legal)) out.push({ name: legal, sender: false, labeled, x0: cell.x0 });
    if (plausibleName(text)) out.push({ name: text.trim(), sender: false, labeled, x0: cell.x0 });
  }
  return out;
}

const FORMERLY = /\b(?:formerly|previously|earlier)(?:\s+(?:known\s+as|called|named|trading\s+as))?|\bf\.?\s?k\.?\s?a\b\.?|\bvormals\b|\bvoorheen\b|\banciennement\b/i;

/** The name follows "formerly known as" (on its line or alone on the line above). */
function formerName(doc: Layout, line: LayoutLine, name: string): boolean {
  if (new RegExp(`^(?:${FORMERLY.source})\\s`, 'i').test(name)) return true;
  const at = line.text.indexOf(name);
  if (at > 0 && new RegExp(`(?:${FORMERLY.source})[\\s:]*$`, 'i').test(line.text.slice(0, at).replace(/[\s|]+$/, ' '))) return true;
  const prev = doc.lines[line.index - 1];
  return Boolean(prev && prev.page === line.page && line.y - prev.y < 2.5 * Math.max(line.h, prev.h) && new RegExp(`^\\W*(?:${FORMERLY.source})[\\s:]*$`, 'i').test(prev.text));
}

/** The text of a line that is one cell, or cells set close together ("POPULAR | BOOK"); null for a row of columns. */
function wholeText(line: LayoutLine): string | null {
  if (line.cells.length === 1) return line.cells[0].text.trim();
  const tight = line.cells.length <= 4 && line.cells.every((c, i) => i === 0 || c.x0 - line.cells[i - 1].x1 < 2.5 * line.h);
  return tight ? line.cells.map((c) => c.text.trim()).join(' ') : null;
}

/** The line above, passing over OCR specks ("~", "-") between a name and its wrapped end. */
function lineAbove(doc: Layout, line: LayoutLine): LayoutLine | undefined {
  for (let i = line.index - 1; i >= 0 && i >= line.index - 2; i--) {
    const l = doc.lines[i];
    if (/\p{L}{2}/u.test(l.text)) return l;
  }
  return undefined;
}

/** A company's registration number is printed right under its name: "(123456-X)", "JM0325955-V", "(CO.REG:933109-X)". */
const REGISTRATION_LINE = /^\W*(?:(?:co(?:mpany)?\.?\s*)?(?:(?:reg(?:istration)?|roc)\.?\s*)?(?:no\.?|number)?\s*[:.]?\s*)?[({[]?\s*[A-Z]{0,3}\d{5,10}\s*-\s*[A-Z0-9]\W*$/i;

function registrationBelow(doc: Layout, line: LayoutLine): boolean {
  const next = doc.lines[line.index + 1];
  return Boolean(next && next.page === line.page && next.y - line.y < 3 * Math.max(line.h, next.h) && REGISTRATION_LINE.test(next.text.replace(/\s*\|\s*/g, ' ')));
}

/** Where a company states its legal identity: registered office, share capital, trade register. */
const LEGAL_NOTICE = /\b(?:si[èe]ge\s+social|registered\s+(?:office|address|in)|regd\.?\s+office|au\s+capital|capital\s+(?:social|de)|share\s+capital|sitz(?:\s+der\s+gesellschaft)?\s*:|gesch[äa]ftsf[üu]hr(?:er|ung)|handelsregister|registergericht|rcs\s+\p{L}|r\.c\.s\.|cin\s*[:.]|statutaire\s+zetel)/iu;

/** The name opens a legal notice ("Free SAS au capital de … RCS Paris") or one follows right under it (the legal footer). */
function legalNoticeAt(doc: Layout, line: LayoutLine, name: string): boolean {
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
function withinAddress(doc: Layout, line: LayoutLine): boolean {
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

/** "ACME GmbH - Hauptstr. 1 - 12345 Berlin": a line of 3+ parts with a postal code, printed above the recipient. */
function senderLineIndexes(doc: Layout): Set<number> {
  const out = new Set<number>();
  for (const line of doc.lines) {
    if (line.page !== 1) continue;
    for (const cell of line.cells) {
      const parts = cell.text.split(/\s+[-–·•|]\s+/);
      if (parts.length >= 3 && parts.some((p) => /\b(?:[A-Z]{1,2}-?)?\d{4,5}\b|\b\d{4}\s?[A-Z]{2}\b|\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b/.test(p))) out.add(line.index);
    }
  }
  return out;
}

/** Lines under a customer label (same column, up to 5 lines down). */
function customerBlock(doc: Layout): Set<number> {
  const out = new Set<number>();
  for (const line of doc.lines) {
    line.cells.forEach((cell) => {
      const m = CUSTOMER_LABELS.exec(cell.text);
      if (!m) return;
      // the label's own line holds a name when it continues after the label ("ATTN: Jane Doe")
      if (cell.text.slice(m.index + m[0].length).replace(/^[\s:]+/, '').length > 1) out.add(line.index);
      for (let i = line.index + 1; i < doc.lines.length && i <= line.index + 5; i++) {
        const next = doc.lines[i];
        if (next.page !== line.page) break;
        if (next.cells.some((c) => overlap(c, { x0: cell.x0 - 10, x1: Math.max(cell.x1, cell.x0 + 120) }) > 0 && c.x0 >= cell.x0 - 25)) out.add(i);
      }
    });
  }
  return out;
}

function labelAbove(doc: Layout, line: LayoutLine, x0: number, re: RegExp): boolean {
  for (let i = line.index - 1; i >= 0 && i >= line.index - 2; i--) {
    const prev = doc.lines[i];
    if (prev.page !== line.page) break;
    // a label is short ("Service Provider:"), not a sentence that happens to say "from"
    // set in the same column, or centred over the line as on a till receipt ("Owned by" / "ACME Sdn Bhd")
    const centred = (c: { x0: number; x1: number }) => prev.cells.length === 1 && line.cells.length <= 4 && Math.abs((c.x0 + c.x1) / 2 - (line.x0 + line.x1) / 2) < 3 * line.h;
    if (prev.cells.some((c) => re.test(c.text) && c.text.split(/\s+/).length <= 4 && (Math.abs(c.x0 - x0) < 3 * line.h || centred(c)))) return true;
  }
  return false;
}

function cuesAround(doc: Layout, line: LayoutLine, x0: number): boolean {
  let hits = 0;
  for (let i = Math.max(0, line.index - 4); i < doc.lines.length && i <= line.index + 6; i++) {
    const l = doc.lines[i];
    if (l.page !== line.page || i === line.index) continue;
    if (l.cells.some((c) => VENDOR_CUES.test(c.text) && Math.abs(c.x0 - x0) < 5 * line.h)) hits++;
  }
  return hits >= 2;
}

function domainsOf(text: string): { domain: string; local: string }[] {
  const out: { domain: string; local: string }[] = [];
  for (const m of text.matchAll(/([\w.+-]+)@([\w-]+)\.[\w.]+/g)) out.push({ local: m[1].toLowerCase(), domain: m[2].toLowerCase() });
  for (const m of text.matchAll(/(?:https?:\/\/)?www\.([\w-]+)\.[a-z.]+/gi)) out.push({ local: '', domain: m[1].toLowerCase() });
  for (const m of text.matchAll(/\b([\w-]{3,})\.(?:com|de|nl|fr|co\.uk|net|org|eu|io|be|at|ch|it|es)\b/gi)) out.push({ local: '', domain: m[1].toLowerCase() });
  // a mailbox at a generic provider says nothing about the company, its local part may ("smaystone@…")
  return out.map((d) => (GENERIC_DOMAINS.test(d.domain) ? { ...d, domain: '' } : d));
}

function domainScore(compact: string, domains: { domain: string; local: string }[]): number {
  let best = 0;
  for (const { domain, local } of domains) {
    const d = domain.replace(/[^a-z0-9]/g, '');
    if (!d && !local) continue;
    if (d.length >= 4 && (compact.includes(d) || d.includes(compact))) best = Math.max(best, 2.5);
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

function countOf(lowerText: string, compact: string): number {
  if (compact.length < 4) return 0;
  const squeezed = lowerText.normalize('NFKD').replace(/[^a-z0-9\n]/g, '');
  let n = 0;
  let i = squeezed.indexOf(compact);
  while (i >= 0 && n < 10) {
    n++;
    i = squeezed.indexOf(compact, i + compact.length);
  }
  return n;
}
