// Retail, fuel, pharmacy and food-service chains whose receipts print their name mainly as a
// logo or wordmark (issue 26: "a person reads the logo"). The OCR reads such a wordmark as
// scattered or garbled letters ("L D I", "LéDL" for Lidl); a line near the top of the page
// that shows a slip's marks and whose letters are one slip from a chain's name is that chain,
// reported for review. A chain's
// name printed plainly at the top of a page is that much more likely to be the seller.
// The list is general knowledge of the largest chains of some forty countries, not of any
// document; names that are also ordinary words ("Real", "Star", "Target", "Metro") are
// recognised only as printed, never mended from a slip.
import { distance } from 'fastest-levenshtein';

/** Chains by name as they print it; `*` marks a name that is also a word or a common name (never mended from a slip). */
const CHAIN_NAMES = `
Aldi|Aldi Nord|Aldi Süd|Lidl|Rewe|Edeka|Kaufland|*Netto|*Penny|*Norma|*Real|Marktkauf|*Globus|dm-drogerie markt|Rossmann|*Müller|Budni|Tegut|Famila|*Combi|Denns|Alnatura|Tchibo|*Galeria|Karstadt|*Saturn|MediaMarkt|Media Markt|Obi|Bauhaus|Hornbach|Toom|Hagebau|Ikea|Deichmann|Primark|*Douglas|*Thalia|Hugendubel|Fielmann|Aral|*Shell|Esso|Westfalen|Nordsee|Backwerk|Kamps|Woolworth|Tedi|*Action|KiK|Takko|Jysk|Fressnapf|Xxxlutz|*Poco|Bipa|Billa|*Spar|Eurospar|Interspar|*Hofer|*Merkur|MPreis|Migros|*Coop|Denner|*Volg|*Manor|
Carrefour|Carrefour Market|Carrefour City|Auchan|E.Leclerc|Leclerc|Intermarché|*Casino|Monoprix|Franprix|Super U|Hyper U|Géant|*Cora|*Picard|Biocoop|Fnac|Darty|Decathlon|Leroy Merlin|Castorama|*Boulanger|Sephora|
Albert Heijn|*Jumbo|*Plus|Hoogvliet|Vomar|Dekamarkt|Kruidvat|*Etos|Hema|Blokker|*Gamma|*Praxis|Delhaize|Colruyt|
Tesco|Sainsbury's|Asda|Morrisons|Waitrose|*Iceland|Marks & Spencer|*Boots|Superdrug|Argos|Currys|Wickes|Dunnes Stores|SuperValu|*Centra|Greggs|Pret A Manger|*Costa|Wetherspoon|
Mercadona|Eroski|Alcampo|El Corte Inglés|*Consum|Caprabo|Hipercor|*Continente|Pingo Doce|Minipreço|
Esselunga|Conad|Eurospin|Despar|*Bennet|Tigros|
Biedronka|Żabka|Stokrotka|Lewiatan|*Dino|Rossmann|*Albert|Tesco|
ICA|Willys|Hemköp|City Gross|Rema 1000|*Meny|Føtex|Bilka|*Prisma|K-Market|K-Citymarket|S-Market|
Walmart|*Target|Costco|Kroger|Safeway|Albertsons|Publix|Whole Foods|Trader Joe's|Walgreens|CVS|Rite Aid|Home Depot|Lowe's|Best Buy|7-Eleven|Dollar General|Dollar Tree|Family Dollar|*Meijer|H-E-B|Wegmans|Sprouts|Food Lion|Stop & Shop|Hy-Vee|WinCo|*Chevron|Exxon|*Mobil|Starbucks|McDonald's|*Subway|Taco Bell|Wendy's|Chipotle|Dunkin'|Panera|
Loblaws|No Frills|*Metro|Sobeys|Shoppers Drug Mart|Canadian Tire|Tim Hortons|
Woolworths|*Coles|Bunnings|Kmart|Big W|*Countdown|*New World|Pak'nSave|*Four Square|*The Warehouse|JB Hi-Fi|Officeworks|
Aeon|*Giant|Mydin|Econsave|99 Speed Mart|FamilyMart|*Lawson|Ministop|*Guardian|Watsons|Mr DIY|*Cold Storage|Jaya Grocer|Village Grocer|NTUC FairPrice|FairPrice|Sheng Siong|Big C|Lotus's|Makro|Alfamart|Indomaret|Hypermart|Puregold|Don Quijote|Uniqlo|Daiso|Ito-Yokado|Seiyu|Emart|Lotte Mart|Homeplus|GS25|
Big Bazaar|DMart|Reliance Fresh|Reliance Smart|Spencer's|
Oxxo|Soriana|Chedraui|Bodega Aurrera|*Éxito|*Líder|Tottus|Pão de Açúcar|Assaí|Atacadão|Shoprite|Pick n Pay|*Checkers|
KFC|Burger King|Pizza Hut|Domino's|Dunkin Donuts`
  .split('|')
  .map((n) => n.trim())
  .filter(Boolean);

const letters = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^\p{L}\d]/gu, '').toLowerCase();

interface Chain {
  name: string;
  key: string;
  /** also a word or a common name: recognised only as printed */
  word: boolean;
}
const CHAINS: Chain[] = [...new Map(CHAIN_NAMES.map((n) => [letters(n.replace(/^\*/, '')), { name: n.replace(/^\*/, ''), key: letters(n.replace(/^\*/, '')), word: n.startsWith('*') }])).values()];
const BY_KEY = new Map(CHAINS.map((c) => [c.key, c]));

/** The chain a name opens with, its words whole ("Marktkauf Lehr" → Marktkauf, "ALDI SÜD" → Aldi Süd); null when none or only a word-like one. */
export function chainOpening(name: string): string | null {
  const words = name.split(/\s+/).filter(Boolean);
  // the longest run of opening words that names a chain
  for (let n = Math.min(4, words.length); n >= 1; n--) {
    const chain = BY_KEY.get(letters(words.slice(0, n).join(' ')));
    // (a chain's name that is also a word names nothing on its own: "Netto" heads a column of net sums)
    if (chain && !chain.word) return chain.name;
  }
  return null;
}

/**
 * A chain's wordmark as the OCR garbled it: the letters of a short line one slip (a letter lost, added or
 * misread) from a chain's distinctive name of four letters or more ("LéDL" → Lidl). The caller asks only of
 * a line that shows a slip's marks (vendor.ts): a clean word one slip from a chain is as often a name of its
 * own ("KRÜGER", "WATSON", "MORRISON"). Null for a line that is a chain's name already, or is one slip from
 * two chains (no telling which).
 */
export function garbledChain(text: string): string | null {
  // (a digit inside a word of letters is the letter it resembles: "CARREF0UR")
  const key = letters(text.replace(/(?<=\p{L})[0158](?=\p{L})/gu, (d) => ({ 0: 'o', 1: 'i', 5: 's', 8: 'b' })[d] ?? d));
  if (key.length < 4 || key.length > 14 || BY_KEY.has(key) || /\d/.test(key)) return null;
  const near = CHAINS.filter((c) => !c.word && c.key.length >= 4 && Math.abs(c.key.length - key.length) <= 1 && distance(c.key, key) === 1);
  return near.length === 1 ? near[0].name : null;
}
