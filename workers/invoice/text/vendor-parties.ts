// The two parties of an invoice told apart by what the page says of them elsewhere (vendor.ts): a name the page
// labels as its customer ("Customer | Harbour View Cafe Ltd" on a payment advice, "Bill To: …") is the customer
// wherever else it is printed, the slip torn off to go with the payment names the payee after its "To:", and a person
// the page names as a company's officer works for the seller and is not it.
import type { Layout, LayoutLine } from '../layout.js';
import { compactName } from './vendor-name.js';
import type { VendorCandidate } from './vendor.js';

/** The slip a customer returns with the payment: "PAYMENT ADVICE", "Remittance Advice", "Remittance slip". */
const REMITTANCE_HEADING = /^(?:payment|remittance)\s+(?:advice|slip|stub|counterfoil)$|^zahlungsavis$|^avis\s+de\s+(?:paiement|virement)$/i;

/**
 * "PAYMENT ADVICE | To: | Kiwi Plumbing": on a remittance slip (its heading opens this line or one of the two above),
 * the name after "To:" is whom the payment goes to — the seller.
 */
export function remittancePayee(doc: Layout, line: LayoutLine, x0: number): boolean {
  const at = line.cells.findIndex((c) => c.x0 === x0);
  if (at < 0) return false;
  const to = /^\s*to\s*:/i.test(line.cells[at].text) || (at > 0 && /^\s*to\s*:?\s*$/i.test(line.cells[at - 1].text));
  if (!to) return false;
  for (let i = line.index; i >= 0 && i >= line.index - 2; i--) {
    const l = doc.lines[i];
    if (l.page !== line.page) break;
    if (REMITTANCE_HEADING.test(l.cells[0]?.text.trim() ?? '')) return true;
  }
  return false;
}

/** A customer's label alone in its cell ("Customer", "Bill To:", "Rechnungsempfänger"), not a word inside a sentence or a value. */
function customerLabelCell(text: string): boolean {
  // (also a label with its other name in brackets: "Consignee (Ship to)", "Buyer (Bill to)")
  const label = text.trim().replace(/[\s:.#-]+$/, '');
  return CUSTOMER_PARTY_LABEL.test(label) || (label.length <= 40 && /^[^()]+\([^()]+\)$/.test(label) && label.split(/\s*[()]\s*/).filter(Boolean).every((part) => CUSTOMER_PARTY_LABEL.test(part)));
}
/**
 * The labels that name the customer as a party (not "Recipient", "Empfänger", "Attn", "Destinatario": on a bank transfer's
 * or a remittance slip's lines those name whom the money goes to).
 */
const CUSTOMER_PARTY_LABEL = /^(?:consignee|bill(?:ed)?\s+to|invoice\s+to|sold\s+to|ship(?:ped)?\s+to|customer|client|buyer|advertiser|kunde|rechnung\s+an|rechnungsempf(?:ä|a)nger|leistungsempf(?:ä|a)nger|k(?:ä|a)ufer|auftraggeber|acheteur|factur[ée]\s+(?:à|a)|cliente|comprador|klant|afnemer|factuuradres|cessionario(?:\s*\/\s*committente)?|committente|nabywca|odb(?:ě|e)ratel|k(?:ö|o)pare|kj(?:ø|o)per|asiakas)$/i;

/**
 * The name stands right after a customer's label on its line ("Customer | Harbour View Cafe Ltd", "Bill To: ACME Ltd")
 * or right under one in its column ("Bill To" / "ACME Ltd"): the page itself says this is the customer. (Not a line
 * somewhere in the five under a word like "cliente" in "Local descarga: Morada do cliente".)
 */
export function labelledAsCustomer(doc: Layout, line: LayoutLine, x0: number): boolean {
  const at = line.cells.findIndex((c) => c.x0 === x0);
  if (at < 0) return false;
  const own = line.cells[at];
  const m = /^([^:]{2,30}):\s*\S/.exec(own.text);
  if (m && customerLabelCell(m[1])) return true;
  if (at > 0 && customerLabelCell(line.cells[at - 1].text)) return true;
  const above = doc.lines[line.index - 1];
  if (!above || above.page !== line.page || line.y - above.y > 3 * line.h) return false;
  return above.cells.some((c) => Math.abs(c.x0 - own.x0) < 2 * line.h && customerLabelCell(c.text));
}

/**
 * A name printed under a customer's label somewhere on the page is the customer's wherever else it stands — a
 * Xero-style page sets the buyer unlabelled under its title and labels it only on the payment advice below —
 * unless the page also labels it as the seller's (then the labels disagree, and each place keeps its own score).
 */
export function customerEverywhere(candidates: VendorCandidate[], labelled: { customers: Set<string>; sellers: Set<string> }): void {
  for (const c of candidates) {
    const key = compactName(c.name);
    if (c.customer || !labelled.customers.has(key) || labelled.sellers.has(key)) continue;
    c.score -= 4;
    c.customer = true;
    c.registered = false;
  }
}

/** A field's own label, alone in its cell: what is printed under it is that field's value ("Reference" / "Dashboard"). */
const FIELD_LABEL_CELL = /^(?:(?:your|our|customer|client)\s+)?(?:reference|ref\.?|p\.?\s?o\.?(?:\s*(?:no\.?|number|#))?|purchase\s+order(?:\s+(?:no\.?|number))?|order\s*(?:no\.?|number|#|id)?|project|job(?:\s+(?:no\.?|number))?|terms|payment\s+terms|due\s+date|date\s+due|account\s*(?:no\.?|number|#)?|customer\s*(?:no\.?|number|id|#)|invoice\s*(?:no\.?|number|#|date)|date|gst\s+(?:number|no\.?|reg(?:istration)?\s+(?:number|no\.?))|abn|vat\s+(?:number|no\.?|reg(?:istration)?\s+(?:number|no\.?)))\s*:?$/i;

/**
 * The name-like value of another field: the cell right above it in its column (one line up, or two over a blank gap)
 * is that field's label alone — "Reference" over "Dashboard", "Project" over "Harbour Renovation".
 */
export function fieldValueBelowLabel(doc: Layout, line: LayoutLine, x0: number): boolean {
  const own = line.cells.find((c) => c.x0 === x0);
  if (!own) return false;
  const above = doc.lines[line.index - 1];
  if (!above || above.page !== line.page || line.y - above.y > 3 * line.h) return false;
  const label = above.cells.find((c) => Math.abs(c.x0 - own.x0) < 2 * line.h);
  return label !== undefined && FIELD_LABEL_CELL.test(label.text.trim());
}

/** A company officer's role before their names ("Geschäftsführer: Max Mustermann, Erika Musterfrau"), to the line's end. */
const OFFICER_ROLE = /(?<!\p{L})(?:gesch(?:ä|a|ae)ftsf(?:ü|u|ue)hr(?:er|erin|ung)|managing\s+directors?|directors?|ceo|vorstand|prokurist(?:in)?|g[ée]rant(?:e)?)\s*:[ \t]*([^\n]{1,120})/giu;

/** The compacted names (first two words, and three) of the people the page names in a company officer's role. */
export function officersOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.slice(0, 200_000).matchAll(OFFICER_ROLE)) {
    for (const person of m[1].split(/\s*(?:[,;|]|\s(?:und|and|et|&)\s)\s*/)) {
      // a name's words are capitalised (the role's match ignores case; the name's must not)
      const words: string[] = [];
      for (const w of person.trim().split(/[ \t]+/)) {
        if (words.length >= 3 || !/^\p{Lu}[\p{L}'.-]+$/u.test(w)) break;
        words.push(w);
      }
      for (let n = 2; n <= words.length; n++) out.add(compactName(words.slice(0, n).join(' ')));
    }
  }
  return out;
}
