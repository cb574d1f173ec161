// The words invoices use, in the languages our users' suppliers write in (English,
// German, Dutch, French, Spanish, Italian, Portuguese, Polish, Nordic). Labels carry
// a weight: a specific label ("Invoice No.") counts more than a bare title ("Invoice").

export interface Label {
  re: RegExp;
  weight: number;
  /** a bare word: its value must be in the same cell after it, to its right or below it */
  bare?: boolean;
}

export const INVOICE_NUMBER_LABELS: Label[] = [
  { re: /\b(?:tax\s+)?(?:invoice|inv|bill)\s*(?:no\.?|nr\.?|number|num\.?|#|id|n[°º]\.?)(?=[\s:.#]|$)/i, weight: 0.95 },
  { re: /\b(?:rechnungs?[\s-]*(?:nummer|nr\.?|no\.?)|rechnungsnr\.?|re[\s-]nr\.?|belegnummer|beleg[\s-]*nr\.?)/i, weight: 0.95 },
  { re: /\b(?:factuur[\s-]*(?:nummer|nr\.?|no\.?)|factuurnr\.?)/i, weight: 0.95 },
  { re: /(?:\bfacture\s*(?:n[°º]|no\.?|num[ée]ro)|\bn[°º]\s*(?:de\s+)?facture|\bnum[ée]ro\s+de\s+facture)/i, weight: 0.95 },
  { re: /(?:\bfactura\s*(?:n[°º.]+|no\.?|núm\.?|número)|\bn[°º]\s*(?:de\s+)?factura|\bnúmero\s+de\s+factura)/i, weight: 0.95 },
  { re: /(?:\bfattura\s*(?:n[°º.]+|no\.?|num\.?|numero)|\bnumero\s+(?:di\s+)?fattura|\bn\.\s*fattura)/i, weight: 0.95 },
  { re: /(?:\bfatura\s*(?:n[°º.]+|no\.?|número)|\bnúmero\s+da\s+fatura)/i, weight: 0.95 },
  { re: /\b(?:faktura\s*(?:vat\s*)?nr\.?|numer\s+faktury|fakturanummer|fakturanr\.?)/i, weight: 0.95 },
  { re: /\b(?:document|doc\.?|receipt)\s*(?:no\.?|nr\.?|number|#)(?=[\s:.#]|$)/i, weight: 0.7 },
  { re: /^(?:tax\s+)?(?:invoice|rechnung|factuur|facture|factura|fattura|fatura|faktura)\b\.?/i, weight: 0.6, bare: true },
  { re: /^#(?=\s*\S)/, weight: 0.6, bare: true },
  // documents that are invoices without saying so (hotel folios, receipts): their own reference
  { re: /\b(?:booking|reservation|confirmation|folio|bill)\s*(?:id|no\.?|nr\.?|number|#|ref(?:erence)?)(?=[\s:.#]|$)/i, weight: 0.45 },
];

export const INVOICE_DATE_LABELS: Label[] = [
  { re: /\b(?:invoice|billing|bill|issue|issuing)\s*(?:date|dt\.?)\b|\bdate\s+of\s+(?:invoice|issue)\b|\bissued?\s+(?:on|date)\b|\btax\s+point\b/i, weight: 0.95 },
  { re: /\b(?:rechnungsdatum|belegdatum|ausstellungsdatum|datum\s+der\s+rechnung)\b/i, weight: 0.95 },
  { re: /\b(?:factuurdatum|factuur\s+datum|datum\s+factuur)\b/i, weight: 0.95 },
  { re: /\bdate\s+(?:de\s+(?:la\s+)?)?facture\b|\bdate\s+d['’]émission\b|\bdate\s+d['’]emission\b/i, weight: 0.95 },
  { re: /\bfecha\s+(?:de\s+(?:la\s+)?)?(?:factura|emisión|emision|expedición)\b/i, weight: 0.95 },
  { re: /\bdata\s+(?:della\s+|di\s+)?(?:fattura|emissione)\b|\bdata\s+(?:da\s+)?(?:fatura|emissão)\b/i, weight: 0.95 },
  { re: /\b(?:fakturadatum|fakturadato|data\s+wystawienia)\b/i, weight: 0.95 },
  // "Facture n°562044387 du 2 juillet 2015", "Rechnung 4711 vom 3. Mai", "Invoice 77 dated ..."
  { re: /\b(?:invoice|facture|rechnung|factuur|factura|fattura|fatura|faktura)\s*(?:n[°º]|no\.?|nr\.?|#)?\s*[\w\-/]*\d[\w\-/]*\s+(?:du|vom|dated|of|van|del|de|z\s+dnia)\b/i, weight: 0.85 },
  { re: /^(?:date|datum|fecha|data|dated|dato)\b\.?/i, weight: 0.7, bare: true },
];

/** dates that are not the invoice date */
export const OTHER_DATE_WORDS = /\b(?:due|fällig|faellig|zahlungsziel|verval|échéance|echeance|limite|paiement|règlement|vencimiento|scadenza|vencimento|termin|order|bestell|commande|pedido|delivery|liefer|lever|livraison|ship|period|periode|période|zeitraum|service|leistung|payment|zahlung|betaal|paid|payé|expir|valid|start|end|from|to|bis|von|tot|van|check)\w*/i;

export const TOTAL_LABELS: Label[] = [
  { re: /\b(?:grand\s+total|total\s+(?:amount\s+)?due|amount\s+(?:due|payable)|balance\s+due|invoice\s+total|total\s+amount|total\s+for\s+this\s+invoice|total\s+to\s+pay|total\s+payable|total\s+incl\w*)\b/i, weight: 0.95 },
  { re: /\b(?:gesamtbetrag|rechnungsbetrag|endbetrag|zu\s+zahlen|zahlbetrag|gesamtsumme|bruttobetrag|rechnungssumme|summe\s+brutto)\b/i, weight: 0.95 },
  { re: /\b(?:factuur\s*totaal|totaal\s*bedrag|totaalbedrag|te\s+betalen|totaal\s+incl\w*)\b/i, weight: 0.95 },
  { re: /(?:\bmontant\s+total|\btotal\s+ttc|\bnet\s+à\s+payer|\bà\s+payer|\bimporte\s+total|\btotal\s+a\s+pagar|\btotale\s+(?:fattura|documento|da\s+pagare)|\bvalor\s+total|należność(?:\s+ogółem)?|\bdo\s+zapłaty|\bgrand\s+total|\btotal\s+payable)/i, weight: 0.95 },
  { re: /\b(?:total|totaal|summe|gesamt|totale|totaal|razem|summa|i\s+alt)\b/i, weight: 0.75 },
];

/** total-like labels that are not the amount payable */
export const NOT_TOTAL = /\b(?:sub[\s-]?total|subtotaal|zwischensumme|sous[\s-]total|total\s+(?:ht|excl\w*|net|tax|vat|before)|exclusief|excl\.?|netto|nettobetrag|tax\s+total|vat\s+total|total\s+(?:mwst|btw|tva|iva|ust)|grondslag|base\s+imponible|imponibile)\b/i;

/** rows of a line table that are sums, taxes or notes, not items */
export const NON_ITEM_ROW = /^(?:sub[\s-]?total|subtotaal|zwischensumme|sous[\s-]total|total|totaal|totale|summe|gesamt|tax|taxes|vat|gst|hst|pst|mwst|ust|btw|tva|iva|credits?|charges|discount|rabatt|korting|remise|shipping\s+total|balance|amount\s+due|paid|payment|betaald|bezahlt|rounding|rundung|afronding|carried\s+forward|übertrag|transport|exclusief|inclusief|excl|incl\.?\s+(?:btw|vat|mwst))\b/i;

export const VENDOR_LABELS = /\b(?:service\s+provider|seller|vendor|supplier|sold\s+by|issued\s+by|payee|remit\s+to|from|verkäufer|lieferant|rechnungssteller|leverancier|verkoper|fournisseur|vendeur|émetteur|proveedor|vendedor|emisor|fornitore|venditore|cedente|fornecedor|sprzedawca)\b\s*:?/i;

export const CUSTOMER_LABELS = /\b(?:bill(?:ed)?\s+to|ship(?:ped)?\s+to|sold\s+to|invoice\s+to|deliver(?:y|ed)?\s+to|customer|client|buyer|recipient|attn|attention|rechnungsadresse|lieferadresse|rechnungsempfänger|kunde|empfänger|käufer|z\.\s?hd|factuuradres|afleveradres|leveringsadres|klant|t\.a\.v|adresse\s+de\s+(?:facturation|livraison)|facturé\s+à|livré\s+à|destinataire|acheteur|cliente|destinatario|comprador|facturar\s+a|enviar\s+a|nabywca|odbiorca|your\s+(?:vat|tax)|uw\s+btw)\b/i;

/** what a supplier prints about itself: bank, registration, tax and contact details */
export const VENDOR_CUES = /\b(?:iban|bic|swift|vat\s*(?:no|id|reg)|tax\s*id|ust-?id\w*|ustid|steuer-?nr|st\.?-?nr|btw(?:-?nr|\s*nummer)?|tva|iva|kvk|hrb|hra|registergericht|handelsregister|amtsgericht|chamber\s+of\s+commerce|company\s+(?:no|number|reg)|abn|ein|siret|siren|rcs|nif|cif|p\.?\s?iva|tel\.?|phone|fax|www\.|e-?mail|bankverbindung|bank)\b|@/i;

export const LEGAL_SUFFIX = /(?:^|[\s,])(?:B\.\s?V\.?|BV|N\.\s?V\.?|NV|GmbH(?:\s*&\s*Co\.?\s*KG)?|gGmbH|mbH|AG|KG|OHG|UG(?:\s*\(haftungsbeschränkt\))?|e\.\s?K\.?|GbR|Ltd\.?|Limited|LLC|L\.L\.C\.|Inc\.?|Incorporated|Corp\.?|Corporation|Co\.|Company|PLC|plc|LLP|L\.P\.|S\.\s?A\.\s?S\.?|SAS|S\.\s?A\.?|SA|SARL|S\.à\s?r\.l\.|S\.\s?r\.\s?l\.?|Srl|S\.\s?p\.\s?A\.?|SpA|S\.\s?L\.?|SL|Oy|Oyj|AB|A\/S|ApS|ASA|SE|Pty\.?(?:\s+Ltd\.?)?|Sp\.\s?z\s?o\.\s?o\.?|s\.r\.o\.|a\.s\.|BVBA|SPRL|SRL|Lda\.?|Kft\.?|Zrt\.?)(?=$|[\s,.)])/;

export const DOCUMENT_TITLES = /^(?:(?:tax\s+|commercial\s+|pro[\s-]?forma\s+|kopie\s+|copy\s+of\s+)?(?:invoice|rechnung|factuur|facture|factura|fattura|fatura|faktura|credit\s+note|gutschrift|creditnota|avoir|receipt|quittung|bill|statement)|page|seite|pagina|blad)\b[\s.:#\d/]*$/i;

// ── line-table columns ───────────────────────────────────────────────────────────
export type Column = 'pos' | 'sku' | 'barcode' | 'description' | 'quantity' | 'unit' | 'unit_price' | 'line_total' | 'tax' | 'discount';

/** longest phrases first: "unit price" before "unit", "item no" before "item" */
export const COLUMN_WORDS: [RegExp, Column][] = [
  [/\b(?:ean|gtin|upc|barcode|strichcode|streepjescode)\b/i, 'barcode'],
  [/\b(?:sku|item\s*(?:no|nr|#|code)\.?|art(?:ikel)?\.?[\s-]*(?:no|nr|nummer|code)\.?|artikelnummer|artikelnr|product\s*code|part\s*(?:no|number)|ref(?:erence|érence)?\.?|c[óo]digo|codice|code|réf\.?)(?=\W|$)/i, 'sku'],
  [/\b(?:unit\s*price|price\s*per\s*(?:unit|piece|item)|unit\s*cost|einzelpreis|e-?preis|vk-?preis|stückpreis|preis\s*(?:pro|je)\s*(?:einheit|stück)|prijs\s*per\s*stuk|stukprijs|eenheidsprijs|prix\s*unit(?:aire)?|p\.\s?u\.?|precio\s*unit(?:ario)?|prezzo\s*unit(?:ario)?|preço\s*unit(?:ário)?|cena\s*jedn\w*)(?=\W|$)/i, 'unit_price'],
  [/\b(?:line\s*total|net\s*amount|ext(?:ended)?\.?\s*(?:price|amount)?|amount|total|gesamtpreis|gesamt|betrag|zeilenbetrag|summe|bedrag|totaal|prijs\s*incl\.?\s*btw|montant(?:\s*ht)?|total\s*ht|importe|importo|totale|valor\s*total|valor|wartość|subtotal)(?=\W|$)/i, 'line_total'],
  [/\b(?:qty|quantity|qté|quantité|menge|anzahl|anz\.?|aantal|hoeveelheid|cantidad|cant\.?|quantità|qtà|quantidade|qtd\.?|ilość|antal|stk\.?|stück|pcs|units|hours|hrs|uren|stunden)(?=\W|$)/i, 'quantity'],
  [/\b(?:uom|unit|einheit|eenheid|unité|unidad|unità|me|jm)(?=\W|$)/i, 'unit'],
  [/\b(?:price|rate|preis|prijs|prix|precio|prezzo|preço|cena|pris|each)(?=\W|$)/i, 'unit_price'],
  [/(?:\b(?:tax(?:es)?|vat|mwst|ust|btw|tva|iva|gst|vat\s*%|tax\s*%)\b|^%$)/i, 'tax'],
  [/\b(?:disc(?:ount)?\.?|rabatt|korting|remise|descuento|sconto|desconto|rabat)(?=\W|%|$)/i, 'discount'],
  [/\b(?:description|item|items|article|product|service|services|details|particulars|designation|beschreibung|bezeichnung|artikel|artikelbezeichnung|leistung|produkt|omschrijving|naam|désignation|libellé|article|descripción|concepto|artículo|descrizione|articolo|descrição|artigo|opis|nazwa|beskrivning|varebeskrivelse)(?=\W|$)/i, 'description'],
  [/^(?:pos\.?|position|#|no\.?|nr\.?|line|ln|lfd\.?\s*nr\.?|item\s*#)$/i, 'pos'],
];

/** units of measure printed after a quantity, and the UN/ECE codes of e-invoices */
export const UNIT_WORDS = /^(?:pcs?|pce|pces|pieces?|stk|stck|st|stück|stuks?|ea|each|units?|x|kg|g|gr|grams?|mg|t|l|lt|ltr|liters?|litres?|ml|cl|m|cm|mm|m2|m²|m3|m³|km|h|hr|hrs|hours?|std|stunden?|uur|uren|days?|tage?|dagen?|months?|monate?|maanden?|weeks?|box(?:es)?|pack|packs|pk|pkg|set|sets|pair|pairs|paar|roll|rolls|bottles?|cans?|case|cases|ctn|cartons?|pallets?|dozen|doz|kwh|lfm|psch|pauschal|lump\s*sum)$/i;

const UNECE: Record<string, string> = {
  C62: 'pcs', H87: 'pcs', EA: 'pcs', PCE: 'pcs', XPP: 'pcs', NAR: 'pcs', NMP: 'pcs', SET: 'set', PR: 'pair', KGM: 'kg', GRM: 'g', MGM: 'mg', TNE: 't', LTR: 'l', MLT: 'ml',
  CLT: 'cl', MTR: 'm', CMT: 'cm', MMT: 'mm', MTK: 'm2', MTQ: 'm3', KMT: 'km', HUR: 'h', MIN: 'min', DAY: 'day', WEE: 'week', MON: 'month', ANN: 'year', KWH: 'kWh', LS: 'lump sum',
  BX: 'box', PK: 'pack', CT: 'carton', BO: 'bottle', CA: 'can', RO: 'roll', DZN: 'dozen', PA: 'pack',
};

/** "KGM" -> "kg"; unknown codes are kept as printed */
export function unitFromCode(code: string | null | undefined): string | null {
  if (!code) return null;
  const c = String(code).trim();
  return UNECE[c.toUpperCase()] ?? (c ? c.toLowerCase() : null);
}

export function columnOf(text: string): Column | null {
  const t = text.trim();
  if (!t || t.length > 40) return null;
  for (const [re, col] of COLUMN_WORDS) if (re.test(t)) return col;
  return null;
}
