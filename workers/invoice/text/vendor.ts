// Who issued the invoice or receipt. Every short name-like line is a candidate, scored
// by what sellers do and customers do not: a legal form (GmbH, B.V., Sdn Bhd, Pvt Ltd),
// a word naming a trade (Trading, Hardware, Restaurant), a place in the letterhead
// (the lines above the document's title and first data) or in the legal footer, a
// vendor label ("Service Provider:", "Account name:", "Lieferant"), the sender line of
// a window envelope ("ACME GmbH - Street 1 - 12345 City"), its identity printed under it
// (registration and tax numbers, address, telephone), a matching web or e-mail domain
// and repetition; also where a shop names itself outside its letterhead (a sign-off such as
// "Vielen Dank für Ihren Einkauf bei …", a tax-id line, a web or e-mail domain that no line
// matches: vendor-elsewhere.ts). Names under a customer label ("Bill to", "Factuuradres"), right under
// the sender line (the recipient window) or after the title below a letterhead that
// already names someone lose; titles, slogans and till phrases are never names; and an
// OCR line the engine was unsure of counts for less. A name with the marks of an OCR slip
// (name-shape.ts), one named only by a domain, or a best line with little evidence is
// reported below the review threshold.
import type { Layout, LayoutLine } from '../layout.js';
import { field } from '../types.js';
import { calibrated, unconfirmed, UNCONFIRMED_CONFIDENCE, type ReadField } from './confidence.js';
import { ADDRESS_WORDS, CJK_LETTER, columnOf, CUSTOMER_LABELS, LEGAL_SUFFIX, SALUTATION, TRADE_WORDS, VENDOR_LABELS } from './vocabulary.js';
import { garbleOf, headsAddressBlock, identityBelow, letterhead } from './letterhead.js';
import { compactName, cutAfterLegalForm, normalisedLegalForm, onlyLegalForm, onlyTradeWords, REGISTRATION_TAIL, AKTIEBOLAG_PAGE, type NameContext } from './vendor-name.js';
import { commonWordsRespelled, improbableMarks, mendedName, oneLetterOff } from './name-shape.js';
import { senderLineIndexes } from './sender-line.js';
import { chainOpening, garbledChain } from './chains.js';

export { compactName } from './vendor-name.js';
import { namesIn } from './vendor-line-names.js';
import { namedElsewhere } from './vendor-elsewhere.js';
import { customerEverywhere, fieldValueBelowLabel, labelledAsCustomer, officersOf, remittancePayee } from './vendor-parties.js';
import { formerName, wholeText, lineAbove, registrationBelow, legalNoticeAt, withinAddress, customerBlock, inCustomerBlock, labelAbove, cuesAround, domainsOf, domainScore, countOf, addresseeOf, storeNumberLine } from './vendor-context.js';

export interface VendorCandidate {
  name: string;
  line: LayoutLine;
  score: number;
  /** its registration number is printed with it (after it on its line or on the line below) */
  registered: boolean;
  /** something beyond its place on the page says it is a name: a legal form, a trade word, a label, its identity or a domain */
  corroborated?: boolean;
  /** named outside the letterhead's lines: in a sign-off ("thank you for shopping at"), a web or e-mail domain, a tax-id line */
  source?: 'thanks' | 'domain' | 'tax-line';
  /** a chain's wordmark the OCR garbled, read as the chain's name (chains.ts): never sure */
  fromLogo?: boolean;
  /** a chain's name at the top of the page (chains.ts): its score holds CHAIN_SCORE */
  chain?: boolean;
  /** in the customer's block or addressed */
  customer?: boolean;
}

/** The strength a name with marks of an OCR slip keeps at most (confidence below the review threshold). */
const IMPROBABLE_STRENGTH = 0.5;
/** A one-word name of up to four letters read by OCR keeps at most this (reported below 0.9, above review). */
const SHORT_NAME_STRENGTH = 0.55;
/** A page's title as an invoice ("INVOICE", "Rechnung", "Facture N° …"), not a simplified one or a receipt ("FATURA SIMPLIFICADA", "Fatura-Recibo"). */
const INVOICE_TITLE = /^(?:tax\s+|sales\s+|commercial\s+)?(?:invoice|rechnung|facture|factura|fattura|fatura|faktura|factuur)\b(?![\s-]*(?:simplifica|simplified|recibo|rectificativa))/i;
/** What a chain's name at the top of a receipt adds to its line's score (chains.ts). */
const CHAIN_SCORE = 2.5;
/** A seller named only by a web domain, or by a line with too little evidence: reported for review. */
const ELSEWHERE_STRENGTH = 0.35;
/** Below this score, with nothing but its place on the page for it, the best line names no seller at all. */
const HONEST_UNKNOWN_SCORE = 1;
/** Below this score no line is a credible seller. */
const CREDIBLE_SCORE = 2;

/** Score at or above which the vendor is trusted without looking further (e.g. OCR of logos). */
export const CONFIDENT_VENDOR_SCORE = 4;

// (not a payee the document names as other than the seller: "Abweichender Zahlungsempfänger", "alternative payee")
const PAYEE_LABEL = /(?<!(?:abweichende[rn]?|alternative|different|other)\s+)\b(?:(?:make\s+)?payments?\s+(?:(?:by|via)\s+(?:bacs|bank\s+transfer|eft|wire(?:\s+transfer)?|direct\s+(?:deposit|credit)|cheque|check|ach)\s+)?to|pay\s+to(?:\s+the\s+order\s+of)?|payee|remit\s+to|remit(?:tance)?\s+address|account\s+(?:name|holder)|beneficiary(?:\s+name)?|(?:made\s+)?payable\s+to|in\s+favou?r\s+of|kontoinhaber|zahlungsempfänger|begunstigde|titulaire(?:\s+du\s+compte)?)\b/i;


export function readVendor(layout: Layout, extra: Layout[] = []): ReadField<string> & { score: number } {
  const ranked = rankVendors(layout, extra);
  let best = ranked[0];
  // a logo word ("azure") loses to the full name that contains it ("Azure Interior") when that is nearly as likely
  if (best) {
    const short = compactName(best.name);
    // (a wordmark with an OCR slip — "5AINSBURY'S", "C0LRUYT" — opens the footer's name, digits read as the letters they look like)
    const loose = (n: string) => compactName(n).replace(/0/g, 'o').replace(/5/g, 's').replace(/8/g, 'b').replace(/1/g, 'l');
    // but not what follows a legal form ("PRINT EXPERT SDN BHD hc"): the name ends there; nor a stray number before it
    const endsLegal = cutAfterLegalForm(best.name) === best.name.replace(/[\s,]+$/, '');
    // (a name with its legal form is whole: a fuller one holds its words as whole words — not "Max Mustermann")
    const holds = (c: VendorCandidate) => (compactName(c.name).includes(short) || (best.line.conf < 1 && /\p{L}\d|\d\p{L}/u.test(best.name) && LEGAL_SUFFIX.test(c.name) && loose(c.name).startsWith(loose(best.name)))) && (!LEGAL_SUFFIX.test(best.name) || containsName(c.name, best.name));
    // (a chain's name at the top — "ALDI" — loses to its registered name in the footer — "Aldi GmbH & Co. KG" — all the same)
    // (not an app's or a service's line naming the chain: "Walmart Pay Get the app" — only a fuller name with its legal form)
    // (or a one-word wordmark the OCR read with one letter wrong — "RQSSMANN", "EOEKA" — is a word of the footer's legal name)
    const slipOf = (c: VendorCandidate) => best.line.conf < 1 && LEGAL_SUFFIX.test(c.name) && oneLetterOff(best.name, c.name);
    const fuller = ranked.find((c) => c.score >= best.score - 2.5 - (best.chain && LEGAL_SUFFIX.test(c.name) ? CHAIN_SCORE : 0) && compactName(c.name).length > short.length && (holds(c) || slipOf(c)) && /\p{L}{2}/u.test(compactName(c.name).replace(short, '')) && !(endsLegal && c.name.startsWith(best.name)));
    // (the fuller name ends at its legal form: "Aldi GmbH & Co. KG, Schloß Holte" is "Aldi GmbH & Co. KG")
    if (fuller) best = { ...fuller, name: (LEGAL_SUFFIX.test(fuller.name) && cutAfterLegalForm(fuller.name)) || fuller.name, score: best.score, ...(slipOf(fuller) && !holds(fuller) ? { fromLogo: true } : {}) };
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
  // a receipt whose name is only its logo: the best line left is a till phrase, an item or a heading that
  // nothing names a seller — an honest unknown (for review) rather than a guess
  if (best.score < HONEST_UNKNOWN_SCORE && !best.corroborated && best.source === undefined) return { ...field<string>(null, 0), score: 0 };
  // a seller named only by a sign-off or a web domain, nothing in the letterhead agreeing: the best there is, for review
  const onlyElsewhere = best.source !== undefined && !ranked.some((c) => c !== best && c.source === undefined && c.score > 0 && compactName(c.name) === compactName(best.name));
  // evidence: the score itself and the lead over the best candidate naming someone else
  const key = compactName(best.name);
  const rival = ranked.find((c) => !compactName(c.name).includes(key) && !key.includes(compactName(c.name)));
  const lead = best.score - (rival?.score ?? 0);
  let strength = 0.6 * Math.min(1, best.score / 12) + 0.4 * Math.min(1, Math.max(0, lead) / 4);
  // "CO. (M) SDN BHD": only the end of a name whose start the OCR lost — the best there is, not a name to trust
  if (onlyLegalForm(best.name)) strength *= 0.5;
  // "0JC", "ACME S BOOKS", "RQSSMANN", "SDN BHO": marks of an OCR slip; mended where safe, never sure
  const printed = commonWordsRespelled(normalisedLegalForm(best.name));
  const mended = mendedName(printed, best.line.conf < 1);
  if (mended !== printed || improbableMarks(printed).length || best.fromLogo) strength = Math.min(strength, IMPROBABLE_STRENGTH);
  // "Roti": one short word and no legal form, read by OCR: too little of a name to be sure it is the whole name
  if (best.line.conf < 1 && !LEGAL_SUFFIX.test(best.name) && /^\p{L}{1,4}$/u.test(best.name.trim())) strength = Math.min(strength, SHORT_NAME_STRENGTH);
  if (best.source === 'domain' || (onlyElsewhere && best.source !== 'thanks')) strength = Math.min(strength, ELSEWHERE_STRENGTH);
  // little evidence for any line: say so rather than name a column or an address with confidence
  // or only its place names it (a slogan or a column heading at the top): a guess for review
  if (best.score < CREDIBLE_SCORE || (!best.corroborated && best.source === undefined)) strength = Math.min(strength, ELSEWHERE_STRENGTH);
  const read = calibrated('vendor_name', mended, { strength, legibility: best.line.conf });
  // an OCR reading's name that nothing checks — no legal form, printed once, no domain or sign-off naming it,
  // not read the same by a second engine (second-look.ts) — is never sure: a slipped letter still makes a name
  const unchecked = best.line.conf < 1 && !LEGAL_SUFFIX.test(mended) && best.source === undefined && countOf(lowerOf(layout, extra), key) <= 1 && domainScore(key, domainsOf(textOf(layout, extra))) === 0;
  // and a name whose evidence is only moderate (a score short of a letterhead with its identity, or a rival close behind)
  return { ...(unchecked || strength < SURE_NAME_STRENGTH ? unconfirmed(read) : read), score: best.score };
}

/** The addressee: the line under a salutation of its own in its column ("Firma" / "Holzhandel Brett GmbH"), or "To: Oakwood
 * Homes Ltd" as a line's first cell — unless a payment's words lead to it ("Pay | To:", "Please remit payment" / "To: …")
 * or a date follows it (a period's "From: … / To: 31/03/2023"). */
function addresseeLine(doc: Layout, line: LayoutLine, x0: number): boolean {
  const above = doc.lines[line.index - 1];
  if (above && above.page === line.page && above.cells.some((c) => SALUTATION.test(c.text) && Math.abs(c.x0 - x0) < 3 * line.h)) return true;
  const first = line.cells[0];
  if (!first || first.x0 !== x0 || !/^\s*(?:to|an|aan|à)\s*:\s*\p{L}/iu.test(first.text)) return false;
  const payment = /\b(?:pay(?:able|ment)?s?|remit(?:tance)?|zahlbar|zahlung|paiement|betaling)\b\W*$/i;
  return !(above && above.page === line.page && payment.test(above.text)) && !/\d{1,4}[./-]\d{1,2}[./-]\d{2,4}/.test(first.text);
}

/** Letters the OCR scattered or garbled ("L D I", "L DI"), or one word with a small letter inside its capitals ("LéDL"). */
function garbledLogo(name: string): boolean {
  return improbableMarks(name).some((m) => m.startsWith('scattered letters')) || /^\p{Lu}\p{Ll}+\p{Lu}\p{L}*$/u.test(name.trim().replace(/^(?:Mc|Mac|O')/, ''));
}

/** The most an OCR-read seller name that nothing checks is reported at (under 0.9: reviewed). */
export const UNCHECKED_NAME_CONFIDENCE = UNCONFIRMED_CONFIDENCE;
/** The evidence a seller's name needs to be reported as sure (≥ 0.9); below it, at most UNCONFIRMED_CONFIDENCE. */
const SURE_NAME_STRENGTH = 0.85;
const textOf = (layout: Layout, extra: Layout[]) => [layout, ...extra].map((l) => l.text).join('\n');
const lowerOf = (layout: Layout, extra: Layout[]) => textOf(layout, extra).toLowerCase();

export function rankVendors(layout: Layout, extra: Layout[] = []): VendorCandidate[] {
  const all = [layout, ...extra];
  const text = all.map((l) => l.text).join('\n');
  const lowerText = text.toLowerCase();
  const domains = domainsOf(text);
  const context: NameContext = { aktiebolag: AKTIEBOLAG_PAGE.test(text) };
  const officers = officersOf(text);
  const candidates: VendorCandidate[] = [];
  const labelled = { customers: new Set<string>(), sellers: new Set<string>() };
  all.forEach((doc, docIndex) => {
    const fromImage = docIndex > 0;
    const customerLines = customerBlock(doc);
    const senderLines = senderLineIndexes(doc);
    const head = letterhead(doc);
    const ocr = doc.lines.some((l) => l.conf < 1);
    // (a chain's sign heads a till receipt; on a page titled as an invoice a chain is as often the customer, in a
    // window envelope's address with no label: "Smith Plumbing" … "CVS Pharmacy #1234" … "INVOICE")
    const till = !doc.lines.some((l) => INVOICE_TITLE.test(l.cells[0]?.text ?? ''));
    const recipientLines = new Set<number>();
    for (const s of senderLines) for (let i = s + 1; i <= s + 6; i++) recipientLines.add(i);
    for (const line of doc.lines) {
      const page = doc.pages[line.page - 1] ?? { width: 600, height: 850 };
      for (const found of namesIn(line, senderLines.has(line.index), doc.lines[line.index + 1], lineAbove(doc, line), context)) {
        const { sender, labeled, x0 } = found;
        let score = 0;
        // a chain's wordmark at the top of the page, garbled by the OCR ("L D I", "LéDL"): the chain (chains.ts)
        const top = till && line.page === 1 && line.y < page.height * 0.25;
        const logo = top && ocr && garbledLogo(found.name) ? garbledChain(found.name) : null;
        const name = logo ?? found.name;
        // a chain's name as printed at the top of the page ("Marktkauf Lehr"): the shop's own sign
        let chain = Boolean(logo) || (top && chainOpening(name) !== null);
        const compact = compactName(name);
        // (two letters of Japanese, Chinese or Korean are a name: "丸善")
        if (compact.length < 3 && !(compact.length === 2 && CJK_LETTER.test(compact))) continue;
        if (LEGAL_SUFFIX.test(name)) score += 3;
        if (!/\p{Lu}/u.test(name) && /\p{Ll}/u.test(name)) score -= 2; // names are capitalised; lower-case words are logos, prose or handwriting (scripts without capitals aside)
        if (sender) score += 3;
        if (line.page === 1 && line.y < page.height * 0.22) score += 2;
        if (line.y > page.height * 0.85) score += 1.5;
        if (line.page === 1 && doc.lines.findIndex((l) => l.page === 1) === line.index && !fromImage) score += 1.5;
        if (fromImage) score += 1;
        // whom the money goes to ("Account holder:", "payable to", "in favour of") is the seller's strongest sign
        const payee = (labeled && PAYEE_LABEL.test(labeled)) || labelAbove(doc, line, x0, PAYEE_LABEL) || remittancePayee(doc, line, x0);
        const sellerLabelled = payee || labeled || labelAbove(doc, line, x0, VENDOR_LABELS);
        if (payee) score += 4.5;
        else if (sellerLabelled) score += 3;
        if (cuesAround(doc, line, x0)) score += 1.5;
        const repeats = countOf(lowerText, compact);
        score += Math.min(2, Math.max(0, repeats - 1));
        score += domainScore(compact, domains);
        // a name in a cell of its own is identified by its own column (a sender line's run, a letter-spaced sign — "toom | Baumarkt
        // | GmbH" — by the whole line)
        const ownColumn = !sender && line.cells.some((c) => c.x0 === x0 && c.text.includes(name)) ? x0 : undefined;
        const inCustomer = inCustomerBlock(customerLines, line.index, x0) || addresseeOf(line, x0);
        if (inCustomer) score -= 4;
        if (inCustomer && labelledAsCustomer(doc, line, x0)) labelled.customers.add(compact);
        else if (sellerLabelled) labelled.sellers.add(compact);
        // "Emmentaler Stück | 2,59 x 2 | 5,18 A": a cell of a line with a price is an item, not the seller
        if (!LEGAL_SUFFIX.test(name) && line.cells.some((c) => c.text !== name && PRICE_CELL.test(c.text))) score -= 3;
        if (recipientLines.has(line.index) && !sender) score -= 3;
        // "Line | Channel | Description | Time | Date | Rate": a word of a row of column headings is a heading
        if (!LEGAL_SUFFIX.test(name) && headingRow(line)) score -= 3;
        // "Reference" over "Dashboard": the value of a field printed under its label, not a name
        if (!LEGAL_SUFFIX.test(name) && fieldValueBelowLabel(doc, line, x0)) score -= 3;
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
        // "DE 99199 | MUSTERHAUSEN", "D-80333 München": the town of a postcode line
        // (not a chain's store number on the page's first line: "Albert Heijn 1234" — namesIn)
        if (POSTCODE_TOWN_LINE.test(line.text.replace(/\s*\|\s*/g, ' ')) && !LEGAL_SUFFIX.test(name) && !storeNumberLine(doc, line)) score -= 4;
        // "78G, JALAN SS21/62" / "DAMANSARA UTAMA," / "47400 PETALING JAYA": a line inside an address names a place
        if (!LEGAL_SUFFIX.test(name) && withinAddress(doc, line)) score -= 2;
        if (line.page === 1 && head.lines.has(line.index)) score += 1.5;
        if (line.page === 1 && head.afterTitle.has(line.index)) score -= 2;
        score += identityBelow(doc, line, ownColumn);
        if (headsAddressBlock(doc, line)) score += 1.5;
        const numberBelow = registrationBelow(doc, line);
        if (numberBelow) score += 1.5;
        if (legalNoticeAt(doc, line, name)) score += 2;
        if (ocr) score += (line.conf - 0.75) * 4 - garbleOf(name);
        const at = line.text.indexOf(name);
        const after = at >= 0 ? line.text.slice(at + name.length) : '';
        const registered = numberBelow || (REGISTRATION_TAIL.test(after) && /\d/.test(after));
        // the registered entity that may outrank a brand (readVendor) is never a customer's
        const customer = inCustomer || (recipientLines.has(line.index) && !sender) || (line.page === 1 && head.afterTitle.has(line.index));
        // (a chain's sign is the shop's own, never the customer's: "Bill To: | Costco Wholesale")
        chain &&= !customer && !labelAbove(doc, line, x0, CUSTOMER_LABELS) && !CUSTOMER_LABELS.test(line.text);
        if (chain) score += CHAIN_SCORE;
        // "To: Oakwood Homes Ltd" opening a line: the addressee (not after a payment's words, not a period's end date)
        if (addresseeLine(doc, line, x0)) score -= 4;
        const corroborated = LEGAL_SUFFIX.test(name) || sender || Boolean(labeled) || labelAbove(doc, line, x0, VENDOR_LABELS) || cuesAround(doc, line, x0) || repeats > 1 || domainScore(compact, domains) > 0 || (TRADE_WORDS.test(name) && !onlyTradeWords(name)) || identityBelow(doc, line, ownColumn) > 0 || numberBelow || legalNoticeAt(doc, line, name);
        candidates.push({ name, line, score, registered: registered && !former && !customer, corroborated: corroborated || chain, ...(chain ? { chain } : {}), ...(customer ? { customer } : {}), ...(logo ? { fromLogo: true } : {}) });
      }
    }
  });
  customerEverywhere(candidates, labelled);
  // "Geschäftsführer: Max Mustermann", "Managing Director: Eleanor Vance": a person the page names as an officer of a
  // company it also names (with its legal form) works for the seller, and is not the seller
  if (officers.size && candidates.some((c) => LEGAL_SUFFIX.test(c.name) && !officers.has(compactName(c.name)))) {
    for (const c of candidates) if (!LEGAL_SUFFIX.test(c.name) && officers.has(compactName(c.name))) c.score -= 4;
  }
  // the chain whose sign heads the page, named again elsewhere ("ALDI" at the top, "Aldi GmbH & Co. KG" below): as likely
  const signs = new Set(candidates.filter((c) => c.chain).map((c) => chainOpening(c.name) ?? c.name));
  for (const c of candidates) {
    if (c.chain || c.customer || !signs.has(chainOpening(c.name) ?? '')) continue;
    c.score += CHAIN_SCORE;
    c.chain = true;
  }
  candidates.push(...namedElsewhere(all, domains, lowerText, candidates));
  return candidates.sort((a, b) => b.score - a.score || a.line.index - b.line.index);
}

/** A row of four or more column headings (no figures), two of them words a table's columns are named by. */
function headingRow(line: LayoutLine): boolean {
  if (line.cells.length < 4 || line.cells.some((c) => /\d/.test(c.text))) return false;
  return line.cells.filter((c) => columnOf(c.text) !== null).length >= 2;
}

/** a cell of amounts with cents, maybe with a quantity, a currency sign or a tax code ("5,18 A", "2,59 x 2 5,18A", "€ 4.50") */
const PRICE_CELL = /^[^\p{L}]*\d[.,]\d{2}(?!\d)[^\p{L}]*(?:\p{L}[^\p{L}]*)?$/u;


const POSTCODE_TOWN_LINE = /^\W*(?:[A-Z]{1,2}[-\s]?)?\d{4,5}\s+\p{L}[\p{L}\s.-]{1,30}$|^\W*\p{L}[\p{L}\s.-]{1,30}\s+\d{4,5}$/u;
/** `name` holds `part` (its legal form aside) as whole words: "Muster Holding" holds "Muster GmbH", "Mustermann Max" does not. */
export function containsName(name: string, part: string): boolean {
  const words = (n: string) => ` ${n.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]+/g, ' ').trim()} `;
  const partWords = words(part.replace(new RegExp(`${LEGAL_SUFFIX.source}\\s*$`), '')).trim();
  return partWords.length > 0 && words(name).includes(` ${partWords} `);
}
