// Where a document names its seller outside its letterhead (vendor.ts scores these beside the letterhead's
// lines): a sign-off ("Thank you for shopping at …", "Vielen Dank für Ihren Einkauf bei …"), a name before
// a tax id on one line, a labelled name row or the first line under the seller's heading ("Verkäufer" /
// "Name: ACME GmbH"), and a web or e-mail domain that no printed line matches.
import type { Layout, LayoutLine } from '../layout.js';
import { ADDRESS_WORDS, CUSTOMER_LABELS, LEGAL_SUFFIX } from './vocabulary.js';
import { compactName, plausibleName, withoutRegistration } from './vendor-name.js';
import { wholeText, domainScore, countOf } from './vendor-context.js';
import type { VendorCandidate } from './vendor.js';

/**
 * "Thank you for shopping at ACME", "Vielen Dank für Ihren Einkauf bei ACME", "Merci de votre
 * visite chez ACME": the shop names itself in its sign-off, however its letterhead is printed
 * (a logo the OCR cannot read).
 */
const THANKS_AT = new RegExp(
  [
    String.raw`(?:thank\s*(?:you|s)|thx)\s+for\s+(?:shopping|dining|visiting|choosing|staying|your\s+(?:purchase|visit|order|custom|business))(?:\s+with\s+us)?\s+(?:at|with|in)\s+`,
    String.raw`(?:thank\s*(?:you|s)|thx)\s+for\s+(?:visiting|choosing)\s+(?!us\b)`,
    String.raw`(?:welcome\s+to|selamat\s+datang\s+ke)\s+`,
    String.raw`(?:vielen\s+)?dank(?:e)?\s+f(?:ü|ue|u)r\s+(?:ihren|deinen|den)\s+(?:einkauf|besuch)\s+(?:bei|im|in\s+der|in)\s+`,
    String.raw`ihr\s+einkauf\s+bei\s+`,
    String.raw`merci\s+(?:de\s+votre\s+(?:visite|achat)|pour\s+votre\s+(?:visite|achat)|d['’]avoir\s+choisi)\s*(?:chez|à|a)?\s+`,
    String.raw`(?:bedankt|dank\s+u)\s+voor\s+uw\s+(?:aankoop|bezoek)\s+(?:bij|aan|in)\s+`,
    String.raw`gracias\s+por\s+(?:su\s+(?:compra|visita)|comprar|elegir(?:nos)?)\s+(?:en|a)\s+`,
    String.raw`grazie\s+per\s+(?:l['’]acquisto|aver\s+acquistato|la\s+visita)\s+(?:da|presso|in)\s+`,
    String.raw`obrigad[oa]\s+(?:pela\s+(?:sua\s+)?(?:compra|visita)|por\s+comprar)\s+(?:na|no|em)\s+`,
    String.raw`obrigad[oa]\s+por\s+(?:visitar|escolher|preferir)\s+(?:a|o|as|os)?\s*`,
    String.raw`terima\s+kasih\s+kerana\s+(?:membeli[-\s]?belah|berbelanja|memilih)\s+(?:di|dengan)\s+`,
  ].join('|'),
  'i',
);

/** The value of a labelled name row: "Name: | ACME GmbH" in two cells, or in one as an OCR reading often sets it. */
// (the OCR may read the colon as a semicolon: "Name; | ACME GmbH"; and may set the value a hair lower than
// its label, as a line of its own: "Name;" / "MUSTERLIEFERANT GMBH")
function nameRowValue(line: LayoutLine, next?: LayoutLine): string | null {
  return nameRowValues(line, next)[0]?.name ?? null;
}

/** Each labelled name of a row, with where its label stands: two parties side by side ("Name | Solartechnik Süd GmbH | Name | Hotel Bergblick KG") give two. */
function nameRowValues(line: LayoutLine, next?: LayoutLine): { name: string; x0: number }[] {
  if (line.cells.length >= 2 && NAME_ROW.test(line.cells[0].text)) {
    const out: { name: string; x0: number }[] = [];
    let label = 0;
    for (let i = 1; i <= line.cells.length; i++) {
      if (i < line.cells.length && !NAME_ROW.test(line.cells[i].text)) continue;
      const name = line.cells.slice(label + 1, i).map((c) => c.text).join(' ').trim();
      if (name) out.push({ name, x0: line.cells[label].x0 });
      label = i;
    }
    return out;
  }
  const one = nameRowSingle(line, next);
  return one === null ? [] : [{ name: one, x0: line.x0 }];
}

function nameRowSingle(line: LayoutLine, next?: LayoutLine): string | null {
  const [label, rest] = line.cells[0]?.text.split(/[:;]\s*/, 2) ?? [];
  if (line.cells.length === 1 && rest && NAME_ROW.test(`${label}:`)) return rest.trim();
  const alone = line.cells.length === 1 && NAME_ROW.test(line.cells[0].text.trim()) && /[:;]$/.test(line.cells[0].text.trim());
  if (alone && next && next.page === line.page && next.y - line.y < 0.6 * Math.max(line.h, next.h) && next.x0 > line.x1 && !/[:;]/.test(next.text)) return next.text.replace(/\s*\|\s*/g, ' ').trim();
  return null;
}
const NAME_ROW = /^(?:name|firmenname|firma|company(?:\s+name)?|nom|raison\s+sociale|naam|bedrijfsnaam|nombre|raz[oó]n\s+social|nome|ragione\s+sociale|denominazione|nama)\s*[:;]?$/i;
// (an OCR reading often garbles the umlaut: "Verkaufer", "Verkadufer", "Kiufer/Leistungsempfinger")
const SELLER_HEADING = /^(?:verk\p{L}{1,2}uf[eo]r|lieferant|rechnungss?teller|rechnungsersteller|leistungserbringer|seller|supplier|vendor|issuer|fournisseur|vendeur|émetteur|leverancier|verkoper|proveedor|vendedor|emisor|fornitore|venditore|cedente(?:\s*\/\s*prestatore)?|fornecedor|penjual|pembekal)(?:\s*\([^)]*\))?$/iu;
const BUYER_HEADING = /^(?:k\p{L}{1,2}ufer|leistungsempf\p{L}{1,2}nger|rechnungsempf\p{L}{1,2}nger|buyer|acheteur|koper|comprador|acquirente|cessionario)/iu;

/** A tax or registration id after a name on one line: "ACME Shop · USt-IdNr. DE123456789", "Kiwi Prints, GST No 12-345-678", "Bageriet Brød ApS - CVR 36123456". */
const TAX_ID_AFTER = /^([^|:]{3,60}?)\s*(?:[,·|•–-]\s*|\s)(?:USt-?Id\w*|UID|VAT\s*(?:No|Reg|ID)|BTW|TVA|IVA|N\.?I\.?F|GST\s*(?:No|Reg|ID)|SST\s*(?:No|Reg|ID)|ABN|Steuer-?Nr|Reg(?:istration)?\.?\s*No|CVR|KvK|NIP|I[ČC]O|DI[ČC]|P\.?\s?IVA|CIF|SIRE[NT]|Org\.?\s*nr|Y-tunnus|MWST)\b/i;

export function namedElsewhere(all: Layout[], domains: { domain: string; local: string }[], lowerText: string, found: VendorCandidate[]): VendorCandidate[] {
  const out: VendorCandidate[] = [];
  for (const doc of all) {
    for (const line of doc.lines) {
      const thanks = THANKS_AT.exec(line.text);
      if (thanks) {
        const name = line.text
          .slice(thanks.index + thanks[0].length)
          .replace(/\s*(?:[!.,;:]|\bund\b|\band\b|\bet\b|\bplease\b|\bsee\s+you\b|\bbis\b|\bau\s+revoir\b).*$/i, '')
          .replace(/^(?:the\s+|der\s+|die\s+|dem\s+|le\s+|la\s+|les\s+|de\s+|el\s+|il\s+)/i, '')
          .trim();
        if (name && /\p{L}{2}/u.test(name) && name.split(/\s+/).length <= 6 && !/^(?:us|uns|nous|ons|nosotros|noi|kami|our\s+\w+|unserer?\s+\w+|notre\s+\w+)$/i.test(name)) {
          const compact = compactName(name);
          if (compact.length >= 3) out.push({ name, line, score: 5 + Math.min(2, Math.max(0, countOf(lowerText, compact) - 1)) + domainScore(compact, domains), registered: false, source: 'thanks' });
        }
      }
      const tax = TAX_ID_AFTER.exec(line.text);
      if (tax && /^[\p{L}\d]/u.test(tax[1]) && plausibleName(tax[1]) && /\p{Lu}\p{L}/u.test(tax[1]) && !ADDRESS_WORDS.test(tax[1]) && !/\b(?:gst|sst|vat|tax|reg|ust|btw|tva|iva|abn|tel|fax|phone|no)\b/i.test(tax[1])) {
        const name = withoutRegistration(tax[1].trim());
        const compact = compactName(name);
        if (compact.length >= 3) out.push({ name, line, score: 3 + (LEGAL_SUFFIX.test(name) ? 2 : 0) + domainScore(compact, domains), registered: true, source: 'tax-line' });
      }
    }
  }
  // a block of labelled rows under the seller's heading ("Verkäufer" / "Nummer: 549910" / "Name: ACME GmbH"):
  // the name row names the seller; under the buyer's heading, the buyer
  for (const doc of all) {
    for (const line of doc.lines) {
      for (const { name, x0 } of nameRowValues(line, doc.lines[line.index + 1])) {
      if (!plausibleName(name)) continue;
      for (let i = line.index - 1; i >= 0 && i >= line.index - 6; i--) {
        const above = doc.lines[i];
        if (above.page !== line.page) break;
        // (over two parties side by side, "Seller | Buyer": the heading in the label's own column)
        const column = above.cells.length > 1 ? above.cells.find((c) => Math.abs(c.x0 - x0) < 2 * line.h) : undefined;
        const heading = (column ? column.text : (wholeText(above) ?? '')).replace(/[:\s]+$/, '');
        if (SELLER_HEADING.test(heading)) {
          out.push({ name, line, score: 8 + (LEGAL_SUFFIX.test(name) ? 1 : 0), registered: false, corroborated: true });
          break;
        }
        if (CUSTOMER_LABELS.test(heading) || BUYER_HEADING.test(heading)) break;
      }
      }
    }
  }
  // the seller's heading over its block without a "Name:" row ("Verkäufer:" / "Nummer: 12345676" / "Rohstoff AG
  // Salzgitter"): the first line under it that is no labelled row names the seller
  for (const doc of all) {
    for (const line of doc.lines) {
      if (!SELLER_HEADING.test((wholeText(line) ?? '').replace(/[:\s]+$/, ''))) continue;
      for (let i = line.index + 1; i < doc.lines.length && i <= line.index + 3; i++) {
        const below = doc.lines[i];
        if (below.page !== line.page || nameRowValue(below, doc.lines[i + 1]) !== null) break;
        const text = below.cells.map((c) => c.text).join(' ').trim();
        if (/:/.test(text) || !/\p{L}{2}/u.test(text)) continue;
        if (!plausibleName(text) || ADDRESS_WORDS.test(text)) break;
        // ("MVM Musterhafter" / "Versicherungsverein Musterstadt a.G.": a name wrapped onto the next line, which ends it with its legal form)
        const after = doc.lines[i + 1];
        const rest = after && after.page === below.page ? after.cells.map((c) => c.text).join(' ').trim() : '';
        const name = !LEGAL_SUFFIX.test(text) && rest && LEGAL_SUFFIX.test(rest) && !/:/.test(rest) && !/\d{3,}/.test(rest) && plausibleName(`${text} ${rest}`) ? `${text} ${rest}` : text;
        out.push({ name: withoutRegistration(name), line: below, score: 8 + (LEGAL_SUFFIX.test(name) ? 1 : 0), registered: false, corroborated: true });
        break;
      }
    }
  }
  // a web or e-mail domain no printed line matches ("www.acme-shop.de", "info@acme.co.nz"): the name it spells
  const matched = found.some((c) => c.score > 0 && domainScore(compactName(c.name), domains) > 0);
  if (!matched) {
    const seen = new Set<string>();
    // (a web address or a mailbox, not any token ending in ".eu": "urn:factur-x.eu:1p0" names a standard)
    const addressed = new Set([...all.map((d) => d.text).join('\n').matchAll(/(?:www\.|https?:\/\/(?:www\.)?|@)([\w-]+)\.[a-z]{2,}/gi)].map((m) => m[1].toLowerCase()));
    for (const { domain } of domains) {
      if (!addressed.has(domain)) continue;
      const words = domain.split(/[-_]+/).filter((w) => /^[a-z]{2,}$/i.test(w));
      const key = words.join('');
      if (words.length === 0 || key.length < 4 || seen.has(key) || /^(?:info|mail|shop|online|service|kontakt|contact|office|support)$/.test(key)) continue;
      seen.add(key);
      const line = all.flatMap((d) => d.lines).find((l) => l.text.toLowerCase().includes(domain));
      if (!line) continue;
      const name = words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
      out.push({ name, line, score: 2.5, registered: false, source: 'domain' });
    }
  }
  return out;
}
