// Invoice lines that are not goods to put on a shelf: fees, levies and surcharges,
// deposits on bottles and crates, shipping and handling, rounding, discounts and
// vouchers, tips and service charges. The preview marks them (`stock: false` with
// the kind) and the bulk store receives them only when asked to. A line with a
// negative amount is a discount or a credit, whatever it is called.
import type { ExtractedLine } from '../types.js';

export type NonStockKind = 'fee' | 'levy' | 'deposit' | 'shipping' | 'rounding' | 'discount' | 'service_charge' | 'tax';

const KINDS: [NonStockKind, RegExp][] = [
  ['rounding', /\b(?:rounding|round(?:ing)?\s+adj\w*|rundung|afronding|arrondi|arrotondamento|redondeo|pembundaran)\b/i],
  ['discount', /\b(?:discount|disc\.|rebate|coupon|voucher|promo(?:tion)?|markdown|credit\s+note|rabatt|nachlass|skonto|korting|remise|réduction|sconto|descuento|desconto|rabat|gift\s*card\s+redeemed)\b/i],
  ['deposit', /\b(?:deposit|bottle\s+deposit|crate\s+deposit|container\s+deposit|pfand|leergut|statiegeld|consigne|cauzione|dep[oó]sito\s+(?:de\s+)?(?:envase|garrafa))\b/i],
  ['shipping', /\b(?:shipping|shipment|freight|postage|delivery\s+(?:fee|charge|cost)s?|courier|handling|versand(?:kosten)?|versandkostenpauschale|fracht|lieferkosten|verzend(?:kosten)?|bezorg(?:kosten)?|frais\s+de\s+(?:port|livraison|transport)|livraison|spedizione|trasporto|env[ií]o|frete|wysyłka|dostawa|frakt)\b/i],
  ['levy', /\b(?:levy|levies|copying\s+levy|thuiskopie(?:heffing)?|heffing|recupel|verwijderingsbijdrage|bebat|urheberrechtsabgabe|copyright\s+(?:levy|fee)|eco[\s-]?(?:tax|fee|participation)|(?<![A-Za-zÀ-ÿ])éco[\s-]?participation|ecotasse|ecotasa|weee\s+(?:fee|levy)|environmental\s+(?:fee|levy|charge)|recycling\s+fee|disposal\s+fee|sugar\s+tax|plastic\s+bag\s+(?:levy|charge|tax)|bag\s+(?:levy|charge))\b/i],
  ['service_charge', /\b(?:service\s+charge|service\s+fee|tips?|gratuity|cover\s+charge|servicegebühr|bedieningsgeld|pourboire|coperto|propina)\b/i],
  ['fee', /\b(?:fees?|surcharge|charges?\s+for\s+(?:card|payment)|card\s+(?:fee|surcharge)|payment\s+fee|processing\s+fee|booking\s+fee|admin(?:istration)?\s+fee|convenience\s+fee|small\s+order\s+(?:fee|surcharge)|toeslag|zuschlag|gebühr|supplément|frais)\b/i],
  ['tax', /^(?:vat|gst|sst|hst|pst|tax|sales\s+tax|mwst|ust|btw|tva|iva)\b/i],
];

/** The kind of a non-stock line, or null for goods. */
export function nonStockKind(line: Pick<ExtractedLine, 'description' | 'line_total' | 'unit_price'>): NonStockKind | null {
  const text = `${line.description.value ?? ''}`.trim();
  for (const [kind, re] of KINDS) if (re.test(text)) return kind;
  const amount = line.line_total.value ?? line.unit_price.value;
  if (amount !== null && amount < 0) return 'discount';
  return null;
}
