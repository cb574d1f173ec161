// Name-like pieces of one line of a document, each a seller candidate that ./vendor.ts scores: whole
// cells, a name cut after its legal form, the first part of a sender line, a labelled name ("Seller: …",
// "Payment by BACS to …"), a name the OCR cut into cells or wrapped onto the next line, a footer's piece
// with its legal form.
import type { LayoutLine } from '../layout.js';
import { ADDRESS_WORDS, DOCUMENT_TITLES, LEGAL_SUFFIX, TRADE_WORDS, VENDOR_CUES, VENDOR_LABELS } from './vocabulary.js';
import { cutAfterLegalForm, irishCounty, onlyLegalForm, onlyTradeWords, plausibleName, withoutRegistration, type NameContext } from './vendor-name.js';
import { opensDocument, wholeText, withoutStoreNumber } from './vendor-context.js';
import { commaSenderParts } from './sender-line.js';

/** A company whose name is its web address, printed as its sender line's name ("weclapp.com", "Booking.com"). */
const SENDER_DOMAIN_NAME = /^[\p{L}\d][\p{L}\d-]{2,}\.(?:com|net|org|de|at|ch|fr|nl|be|eu|io|co\.uk|co|shop)$/iu;
// (upper-case "TO" or "To" only: "Pay today", "Payments towards" are words)
const GLUED_TO = /\b(?:REMIT|Remit|PAYABLE|Payable|PAY|Pay|PAYMENTS?|Payments?)\s+(?:TO|To)(?=\p{Lu}\p{Ll})/gu;
// (the next field's label only: "CorpTech", "LimitedEdition", "IncWell" are names)
const GLUED_AFTER_LEGAL = /(?<=\s)(?:Inc\.?|Ltd\.?|LLC|Corp\.?|GmbH|Limited|PLC)(?=(?:Advertiser|Agency|Buyer|Customer|Client|Invoice|Date|Bill|Ship|Sold|Attn|Attention|Phone|Tel|Fax|Account|Order|Contract|Property|Product|Page|Salesperson|Rechnung|Kunde|Datum)\b)/u;
const NAME_ROW_LABEL = /^(?:name|firmenname|firma|company(?:\s+name)?|nom|raison\s+sociale|naam|bedrijfsnaam|nombre|raz[oó]n\s+social|nome|ragione\s+sociale|denominazione|nama)\s*[:;]\s*(?=\S)/i;

/**
 * Name-like pieces of a line: whole cells, a name cut after its legal form, the first
 * part of a sender line; a letter-spaced name the OCR cut into cells ("SAM | SAM |
 * TRADING CO"); a name wrapped onto the next line ("HOME MASTER HARDWARE &" / "ELECTRICAL").
 */
/** A document's title before a seller label ("Receipt from", "Invoice from", "Rechnung von"). */
const TITLE_BEFORE_LABEL = /^\s*(?:tax\s+)?(?:invoice|receipt|bill|statement|rechnung|quittung|facture|re[çc]u|factura|recibo|fattura|ricevuta|factuur|bon)\s+$/i;

/** A legal notice opened by the company's form, its name after it: "SAS BRUZDIS au capital de …", "SARL Dupont, RCS Lyon …". */
const LEADING_FORM_NOTICE = /^\s*(SAS|SASU|SARL|EURL|SNC|SA|SCI|SELARL)\s+(\p{Lu}[\p{L}\d'’&.\- ]{1,40}?)\s*(?:,\s*|\s+[-–]\s+|\s+)(?:au\s+capital|AU\s+CAPITAL|[Cc]apital\s+(?:social|de)|CAPITAL|RCS|R\.C\.S\.|SIRE[NT])/u;

/** A request before a payee's label ("Please make cheques payable to …", "Kindly make all payments to …"). */
const REQUEST_BEFORE_LABEL = /^\s*(?:please\s+|kindly\s+)(?:make\s+(?:all\s+)?)?$|^\s*make\s+(?:all\s+)?$/i;

export function namesIn(line: LayoutLine, isSender: boolean, next?: LayoutLine, prev?: LayoutLine, context: NameContext = {}): { name: string; sender: boolean; labeled?: string; x0: number }[] {
  const out: { name: string; sender: boolean; labeled?: string; x0: number }[] = [];
  // "LIAN CHI PU TIAN VEGETARIAN" / "RESTAURANT SDN BHD", "POPULAR BOOK" / "CO. (M) SDN BHD": a line holding only
  // a legal form (and words naming the trade) ends the name wrapped from the line above, when that one has none
  const own = wholeText(line);
  if (own && onlyLegalForm(own) && prev && prev.page === line.page && line.y - prev.y < 3.5 * Math.max(line.h, prev.h)) {
    const above = (wholeText(prev) ?? '').replace(/^[\s"'‘’“”|~_=*•·.,:;-]+|[\s"'‘’“”|~_=*•·,:;-]+$/g, '');
    if (above && !LEGAL_SUFFIX.test(above) && !ADDRESS_WORDS.test(above) && !/\d/.test(above) && plausibleName(above, context) && /\p{Lu}/u.test(above)) {
      const joined = `${above} ${withoutRegistration(own)}`;
      // the legal form alone names no one: the joined name replaces it
      if (plausibleName(joined, context)) return [{ name: joined, sender: false, x0: Math.min(line.x0, prev.x0) }];
    }
  }
  const cells = [...line.cells];
  // "Questions? billing@pixelforge.io | Pixelforge Studio LLC, 12 Congress Ave": a footer of pieces set apart by
  // bars or dots, one of them a name with its legal form
  for (const cell of line.cells) {
    if (cell.text.length > 400 || !/\s[|·•]\s/.test(cell.text)) continue;
    const pieces = cell.text.split(/\s+[|·•]\s+/);
    for (const piece of pieces) if (piece !== cell.text && LEGAL_SUFFIX.test(piece)) cells.push({ ...cell, text: piece.trim() });
    // ("Hoveniersbedrijf Groenrijk | Duinweg 8, 2051 EA Overveen | KvK 34567890 | BTW …": the footer's first piece, before
    // the firm's registration and tax numbers, is its name)
    if (pieces.length >= 3 && !/\d/.test(pieces[0]) && !LEGAL_SUFFIX.test(pieces[0]) && pieces.slice(1).some((p) => VENDOR_CUES.test(p))) cells.push({ ...cell, text: pieces[0].trim() });
  }
  // "SAS BRUZDIS au capital de 1 500 000 €", "SARL Dupont - RCS Lyon": a French company's legal notice opens with its form
  for (const cell of line.cells) {
    const m = LEADING_FORM_NOTICE.exec(cell.text.slice(0, 200));
    if (m) cells.push({ ...cell, text: `${m[1]} ${m[2]}` });
  }
  const tight = line.cells.length > 1 && line.cells.length <= 7 && line.cells.every((c, i) => i === 0 || c.x0 - line.cells[i - 1].x1 < 2.5 * line.h);
  if (tight) cells.push({ text: line.cells.map((c) => c.text).join(' '), x0: line.x0, x1: line.x1, conf: line.conf });
  const wraps = next && next.page === line.page && next.y - line.y < 2.2 * Math.max(line.h, next.h) && next.cells.length === 1 && line.cells.length === 1;
  // ("POWER HARDWARE" / "TRADING": under a name that already names its trade, a line of trade
  // words alone ends the name; under "THREE STOOGES", "BISTRO & CAFE" only says what it is)
  const tradeTail = onlyTradeWords(next?.text ?? '') && (next?.text.trim().split(/\s+/).length ?? 9) <= 3 && TRADE_WORDS.test(line.text) && !LEGAL_SUFFIX.test(line.text);
  if (wraps && (/(?:&|\band|\+|-|\bof)\s*$/i.test(line.text) || /^\s*(?:&|and\b)/i.test(next.text) || tradeTail)) {
    cells.push({ text: `${line.text} ${next.text}`, x0: Math.min(line.x0, next.x0), x1: Math.max(line.x1, next.x1), conf: (line.conf + next.conf) / 2 });
  }
  // ("DISTRIBUIDORA INTERNACIONAL DE" / "ALIMENTACION, S.A. | A-28164754": a name cut after a joining word, its legal form
  // and registration on the next line)
  const legalTail = next && next.page === line.page && next.y - line.y < 2.2 * Math.max(line.h, next.h) && line.cells.length === 1 && next.cells.length <= 2 && LEGAL_SUFFIX.test(next.cells[0].text);
  // (a wrapped line ending in "of" is joined above already)
  if (legalTail && /\b(?:de|del|della|di|du|des|da|do|dos|das|van|von|voor|für|y|e|et|und|of)\s*$/i.test(line.text) && !(wraps && /\bof\s*$/i.test(line.text))) {
    const tail = next.cells[0];
    cells.push({ text: `${line.text} ${tail.text}`, x0: Math.min(line.x0, next.x0), x1: Math.max(line.x1, tail.x1), conf: (line.conf + next.conf) / 2 });
  }
  // a sender line laid out in cells: its first cell is the name — also a brand written as its web address ("weclapp.com")
  if (isSender && line.cells.length >= 3) {
    const first = line.cells[0].text.trim();
    if (first !== line.text.trim() && (plausibleName(first, context) || SENDER_DOMAIN_NAME.test(first))) out.push({ name: first, sender: true, x0: line.cells[0].x0 });
  }
  for (const cell of cells) {
    if (DOCUMENT_TITLES.test(cell.text)) continue;
    // "Main: | (303) 861-4444", "Billing:": a cell that ends in a colon labels the next, it names no one
    if (/\p{L}\s*:\s*$/u.test(cell.text) && !LEGAL_SUFFIX.test(cell.text) && !VENDOR_LABELS.test(cell.text)) continue;
    if (isSender) {
      const first = cell.text.split(/\s+[-–·•|]\s+/)[0] === cell.text ? (commaSenderParts(cell.text)?.[0] ?? cell.text) : cell.text.split(/\s+[-–·•|]\s+/)[0];
      if (first !== cell.text && (plausibleName(first, context) || SENDER_DOMAIN_NAME.test(first.trim()))) out.push({ name: first.trim(), sender: true, x0: cell.x0 });
    }
    // "Seller: ACME Ltd", "Sprzedawca: ...", "sold by ACME": the label names the vendor
    // also after a separator: "BRED BANQUE POPULAIRE – Titulaire du compte : NETPRESSE"
    // ("REMIT TOSinclair Broadcast": a text layer that set the label and the name as one run)
    const source = cell.text.replace(GLUED_TO, '$& ');
    const label = VENDOR_LABELS.exec(source);
    // (or after the document's title: "Receipt from Lumenwave, Inc.", "Invoice from …")
    // (or after a request, before "payable to": "Please make cheques payable to Bright Sparks Ltd" — not "Please make payment
    // to HSBC Bank plc", the bank's name)
    const labelAt = label === null ? -1 : label.index === 0 || /[–—|;:,]\s*$|\s-\s*$/.test(source.slice(0, label.index)) || TITLE_BEFORE_LABEL.test(source.slice(0, label.index)) || (REQUEST_BEFORE_LABEL.test(source.slice(0, label.index)) && /payable\s+to/i.test(label[0])) ? label.index : -1;
    // ("Lieferant GmbH": a label word followed by nothing but a legal form is the name itself)
    // (the name ends at a separator before its address: "Seller Company - 123 Seller St - Suite 100" is the name
    // "Seller Company", a label word and a legal form — not the label "Seller" before "Company - 123 Seller St";
    // "Lieferant: Müller – Söhne GmbH" stays whole)
    const afterLabel = label !== null && labelAt >= 0 ? source.slice(labelAt + label[0].length).split(/\s+[-–·•|]\s+(?=\d)/)[0] : '';
    // ("35 rue d'ici, Seller line 2": a label word after a comma inside a run, a small letter after it, is the run's own word)
    const inRun = labelAt > 0 && /,\s*$/.test(source.slice(0, labelAt)) && /^[\s:]*\p{Ll}/u.test(afterLabel);
    const labeled = label !== null && labelAt >= 0 && !inRun && afterLabel.length > 1 && !(afterLabel.trim() !== '' && onlyLegalForm(afterLabel)) ? label[0] : undefined;
    let text = labeled ? afterLabel.replace(/^[\s:]+/, '') : cell.text;
    // "Amazon Web Services Invoice": the document title is not part of the name
    text = text.replace(/\s+(?:tax\s+)?(?:invoice|rechnung|factuur|facture|factura|fattura|receipt|bill)\.?$/i, '');
    // "Name: ACME GmbH": the row's label is not part of the name
    text = text.replace(NAME_ROW_LABEL, '');
    // "#000002 BAIFU (M) Sdn Bhd": a till's or branch's number before the name
    text = text.replace(/^#\s?\d+\s+(?=\p{L}{2})/u, '');
    // ("#Noches De Colombia": a mark glued before the name)
    text = text.replace(/^#(?=\p{Lu}\p{L})/u, '');
    // "Wendy's Restaurant #00003675", "Taco Bell 017314": a chain's store number after the name
    // (not a ZIP code after a state: "Lawrence, IN 46226" is a town)
    // (names are short: a long cell is no name, and is not scanned backwards at every position)
    if (text.length <= 120 && !/\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\s*$/.test(text)) text = text.replace(/(?<=\p{L}{2}[\p{L}'’.]*)(?:\s*#\s?\d{1,8}(?:-\d{1,3})?|\s+\d{5,8})\s*$/u, '');
    // "Albert Heijn 1234", "SPAR 0421": on a page's first line, a chain's 3–4 digit store number after the name
    // (elsewhere a number of four digits after a word is as often a postcode after its town: "Auckland 1010"; never
    // after a street: "Warburger Strasse 130" is a house number)
    if (opensDocument(line, prev)) text = withoutStoreNumber(text);
    // OCR edge marks: quotes, bars, tildes around the name
    text = text.replace(/^[\s"'‘’“”|~_=*•·.,:;-]+|[\s"'‘’“”|~_=*•·,:;-]+$/g, '');
    // ("<1) SEMRUSH": a logo's icon read as marks and a digit before the wordmark)
    text = text.replace(/^[<>«»‹›]+\s?\d?\)?\s+(?=\p{Lu})|^\d\)\s+(?=\p{Lu}{2})/u, '');
    // "99 SPEED MART 5/8 (519537-X)": the OCR's "S/B" before a registration number
    text = text.replace(/(\s)[S5§$]\/[B8](?=\s*[({[]?\s*[A-Z]{0,3}\d{4,10}\s*-)/, '$1S/B');
    // "Sinclair Broadcast Group IncAdvertiser": the next field's label glued to the legal form ends the name there
    if (GLUED_AFTER_LEGAL.test(text)) text = cutAfterLegalForm(text.replace(GLUED_AFTER_LEGAL, '$& ')) ?? text;
    // "Sinclair Broadcast Advertiser": the next field's customer label set in the name's run ends the name before it
    // (names are short: a long run of letters is not scanned back from every position)
    const gluedLabel = text.length <= 120 ? /\s+(?:Advertiser|ADVERTISER|Buyer|BUYER|Customer|CUSTOMER|Client|CLIENT)$/u.exec(text) : null;
    if (gluedLabel && /\p{L}{2,}\s+\p{L}{2,}$/u.test(text.slice(0, gluedLabel.index))) text = text.slice(0, gluedLabel.index);
    text = withoutRegistration(text);
    if (irishCounty(text)) continue;
    const legal = cutAfterLegalForm(text);
    if (legal && legal !== text && plausibleName(legal, context)) out.push({ name: legal, sender: false, labeled, x0: cell.x0 });
    if (plausibleName(text, context)) out.push({ name: text.trim(), sender: false, labeled, x0: cell.x0 });
  }
  return out;
}
