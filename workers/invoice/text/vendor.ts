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
import { ADDRESS_WORDS, DOCUMENT_TITLES, LEGAL_SUFFIX, TRADE_WORDS, VENDOR_LABELS } from './vocabulary.js';
import { garbleOf, identityBelow, letterhead } from './letterhead.js';
import { compactName, cutAfterLegalForm, normalisedLegalForm, onlyLegalForm, onlyTradeWords, plausibleName, REGISTRATION_TAIL, withoutRegistration } from './vendor-name.js';

export { compactName } from './vendor-name.js';
import { formerName, wholeText, lineAbove, registrationBelow, legalNoticeAt, withinAddress, senderLineIndexes, customerBlock, labelAbove, cuesAround, domainsOf, domainScore, countOf } from './vendor-context.js';

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
