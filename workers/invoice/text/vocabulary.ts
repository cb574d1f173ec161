// The words invoices use, in the languages our users' suppliers write in (English,
// German, Dutch, French, Spanish, Italian, Portuguese, Polish, Nordic, Finnish, Czech and
// Slovak, Hungarian, Romanian, Turkish, the Baltic and South Slavic languages). Labels carry
// a weight: a specific label ("Invoice No.") counts more than a bare title ("Invoice").

export interface Label {
  re: RegExp;
  weight: number;
  /** a bare word: its value must be in the same cell after it, to its right or below it */
  bare?: boolean;
  /** totals: what is still to pay after a deposit (it outranks the gross total other figures add up to) */
  stillToPay?: boolean;
  /** a card terminal's slip: the amount right after the label, whatever the slip prints after it ("COMPRA 61.72€ VELOC PP N") */
  leading?: boolean;
}

export const INVOICE_NUMBER_LABELS: Label[] = [
  // (an OCR'd text layer's "lnvoice #": a capital I read as a small l)
  { re: /\b(?:tax\s+)?(?:invoice|lnvoice|inv|bill|receipt)\s*(?:no\.?|nr\.?|number|num\.?|#|id|n[°º]\.?)(?=[\s:.#\d]|$)/i, weight: 0.95 },
  // (a text layer that glued the label to the words before it: "… Dem DirectInvoice # 2441368-2")
  { re: /(?<=\p{Ll})(?:Invoice|INVOICE)\s*(?:No\.?|NO\.?|Nr\.?|Number|NUMBER|#)(?=[\s:.#\d]|$)/u, weight: 0.9 },
  // also compounds: "Handelsrechnung Nr.", "Proforma-Rechnung Nr.", "Teilrechnungsnummer"
  { re: /\b(?:(?:handels|proforma-?|pro-forma-|teil|schluss|abschlags|sammel|end|gutschrifts?)?rechnungs?[\s-]*(?:nummer|nr\.?|no\.?)|(?:handels|teil|schluss|abschlags)?rechnungsnr\.?|re\.?[\s-]+nr\.?|belegnummer|beleg[\s-]*nr\.?)/i, weight: 0.95 },
  { re: /\b(?:factuur[\s-]*(?:nummer|nr\.?|no\.?)|factuurnr\.?)/i, weight: 0.95 },
  // ("FACTUREN*;", "FACTUREN®:", "FACTUREN:": the degree sign read as a star or a ® or lost, the space with it)
  { re: /(?:\bfacture\s*(?:n[°º®]|no\.?|num[ée]ro)|\bfacture\s*n[*"®]?\s*[:;](?=\s|$)|\bn[°º]\s*(?:de\s+)?facture|\bnum[ée]ro\s+de\s+facture)/i, weight: 0.95 },
  // a credit note's number: "AVOIR N° :", "AVOIRN°:" (the space lost), "N° d'avoir", "Credit Note No.", "Gutschriftsnummer"
  { re: /(?:\bavoir\s*(?:n[°º®]\.?|no\.?|num[ée]ro|n[*"]?\s*[:;])|\bn[°º]\s*d['’]\s*avoir|\b(?:credit|debit)\s*note\s*(?:no\.?|nr\.?|number|num\.?|#|id)|\bkredit(?:nota|faktura)\s*(?:no\.?|nr\.?|nummer)|\bgutschrifts?[\s-]*(?:nummer|nr\.?|no\.?))(?=[\s:.#;]|$)/i, weight: 0.95 },
  { re: /(?:\bfactura\s*(?:n[°º.]+|no\.?|núm\.?|número)|\bn[°º]\s*(?:de\s+)?factura|\bnúmero\s+de\s+factura)/i, weight: 0.95 },
  { re: /(?:\bfattura\s*(?:n[°º.]+|no\.?|num\.?|numero)|\bnumero\s+(?:di\s+)?fattura|\bn\.\s*fattura)/i, weight: 0.95 },
  // (an electronic invoice's visualisation: "Tipologia documento | Numero documento | Data documento")
  // (a heading of its own over the value, weakly: a hotel's "Numero documento: CA12345AB" is a guest's identity card's)
  { re: /^numero\s+(?:del\s+)?documento\s*$/i, weight: 0.8 },
  // (a French invoicing program's grid under its title: "Numéro | Date | Code client" over "FA24-0317 | 14/03/2024 | C0451")
  { re: /^num[ée]ro\s*:?\s*$/i, weight: 0.8 },
  { re: /(?:\bfatura\s*(?:n[°º.]+|no\.?|número)|\bnúmero\s+da\s+fatura)/i, weight: 0.95 },
  { re: /\b(?:faktura\s*(?:vat\s*)?nr\.?|numer\s+faktury|fakturanummer|fakturanr\.?)/i, weight: 0.95 },
  // Finnish, Hungarian, Czech/Slovak, Turkish, Romanian, Baltic, South Slavic, Brazilian: "Laskun numero", "Számla sorszáma",
  // "Číslo faktury", "Fatura numarası", "Factura nr.", "Arve nr", "Rēķina Nr.", "Sąskaitos Nr.", "Račun št.", "Broj računa", "NF-e Nº"
  { re: /(?<![A-Za-zÀ-ÿ])(?:laskun\s+(?:numero|nro\.?)|laskunumero|lasku\s+nro\.?|sz[áa]mla\s*(?:sorsz[áa]ma|sz[áa]ma|sz[áa]m)|sorsz[áa]m|[čc][íi]slo\s+(?:faktury|dokladu)|faktura\s+(?:[čc]\.|[čc][íi]slo)|fatura\s+numaras[ıi]|factur[aă]\s+(?:nr\.?|num[ăa]r)|nr\.?\s+factur[aăi]|arve\s+(?:nr\.?|number)|r[ēe][ķk]ina\s+nr\.?|s[ąa]skaitos\s+(?:fakt[ūu]ros\s+)?nr\.?|ra[čc]un\s+(?:[šs]t\.?|[šs]tevilka|br\.?|broj)|broj\s+ra[čc]una|nf-?e\s*n[º°o]\.?|nota\s+fiscal\s+(?:eletr[ôo]nica\s+)?n[º°o]\.?)(?=[\s:.#]|$)/i, weight: 0.95 },
  // Mexico's CFDI: "Serie A Folio 1523" (the "Folio fiscal" is the tax authority's UUID, not the invoice's number)
  { re: /\bfolio(?!\s*fiscal)\b\s*(?:n[°º.]+|no\.?)?(?=[\s:.#]|$)/i, weight: 0.9 },
  // Japanese: 請求番号, 請求書番号, 伝票番号 (no word boundaries in CJK text)
  { re: /(?:請求書?|伝票|インボイス)番号|請求書?No\.?/, weight: 0.95 },
  // Russian, Ukrainian, Bulgarian, Serbian: "Счёт на оплату № 245", "Счет-фактура №", "Рахунок № СФ-42", "Фактура №",
  // "Рачун бр."; Greek: "Αρ. Τιμολογίου", "Τιμολόγιο Αρ.", "Αριθμός Παραστατικού" (capitals drop the accents)
  { re: /(?<!\p{L})(?:сч[её]т(?:[\s-]+фактура)?(?:\s+на\s+оплату)?|рахунок(?:[\s-]+фактура)?|фактура|накладная|рачун)\s*(?:№|n[°º]|no\.?|nr\.?|бр\.?|номер)|(?<!\p{L})(?:номер|№)\s+(?:сч[её]та|рахунку|фактуры|фактури)(?!\p{L})|(?<!\p{L})(?:αρ\.?|αριθμ[οό]ς|αριθμ\.?)\s*(?:τιμολογ[ιί]ου|παραστατικ[οό][υύ])|(?<!\p{L})τιμολ[οό]γιο\s*(?:αρ\.?|no\.?)(?=[\s:.#\d]|$)/iu, weight: 0.95 },
  // a till slip's "Чек №", "Касова бележка №", "Αρ. Απόδειξης"
  { re: /(?<!\p{L})(?:чек|квитанция|квитанція|касова\s+бележка)\s*(?:№|n[°º]|no\.?)|(?<!\p{L})αρ\.?\s*απ[οό]δειξης/iu, weight: 0.7 },
  // Indonesian "No. Faktur", "Nomor Faktur"; Vietnamese "Số:", "Số hóa đơn:"; Brazil's "Número da Nota", "Nº da NFS-e";
  // Argentina's "Comp. Nro"; Thailand's "เลขที่" (its number's label, often beside "No.")
  { re: /(?<!\p{L})(?:no\.?\s*faktur|nomor\s+(?:faktur|invoice|nota)|faktur\s*(?:no\.?|#)|s[ố](?:\s+h[óo]a\s+[đd][ơo]n)?\s*(?=:)|n[úu]mero\s+da\s+(?:nota|nf(?:s?-?e)?)|n[°º]\s+da\s+(?:nota|nf(?:s?-?e)?)|nfs?-?e\s*n[°º.]|comp(?:robante)?\.?\s*n(?:ro|°|º)\.?|เลขที่(?:ใบกำกับภาษี)?)(?!\p{L})/iu, weight: 0.9 },
  // Malay: "No. Invois", "Invois No."
  { re: /\b(?:no\.?\s*invois|invois\s*(?:no\.?|bil\.?|#))(?=[\s:.#]|$)/i, weight: 0.95 },
  // till slips: "Bon-Nr.", "Beleg Nr", "Bonnummer", "Ticket n°", "N° de ticket", "Scontrino n.", "No. Resit"
  { re: /\b(?:bon[\s-]*(?:nr\.?|nummer)|bonnummer|kassenbon[\s-]*nr\.?|ticket\s*n[°º.]+|n[°º]\s*(?:de\s+)?ticket|scontrino\s*n\.?|no\.?\s*resit|resit\s*no\.?)(?=[\s:.#]|$)/i, weight: 0.7 },
  { re: /\b(?:document|doc\.?|receipt|rcpt|bill|cash\s*bill|transaction|trans\.?|txn|slip|voucher|ticket|order)\s*(?:no\.?|nr\.?|number|num\.?|#|id)(?=[\s:.#]|$)/i, weight: 0.7 },
  // (not a field the title's word starts: "Invoice Month  May 2020", "Invoice Period", "Rechnungsbetrag" aside)
  // (\"SALES INVOICE\" over \"No. 004512\", as the Philippines' and many tills' pre-printed forms put it)
  { re: /^(?:(?:tax|sales|commercial|service|vat|gst)\s+)?(?:invoice|rechnung|factuur|facture|factura|fattura|fatura|faktura)\b\.?(?!\s*(?:month|period|date|total|amount|address|type|currency|terms|due|summary|details|monat|zeitraum|datum|betrag|mois|p[ée]riode|mes|periodo)\b)/i, weight: 0.6, bare: true },
  // a credit note's own number under its title ("Avoir AV-2017-0005", "Credit note CN-12", "Gutschrift 4711")
  { re: /^(?:avoir|credit\s*note|gutschrift|creditnota|nota\s+(?:de|di)\s+cr[ée]dito)\b\.?/i, weight: 0.6, bare: true },
  // (under a title's "Invoice FA-2017-0008": a "#" may be a phone number's "+" misread)
  { re: /^#(?=\s*\S)/, weight: 0.55, bare: true },
  // documents that are invoices without saying so (hotel folios, receipts): their own reference
  { re: /\b(?:booking|reservation|confirmation|folio|bill)\s*(?:id|no\.?|nr\.?|number|#|ref(?:erence)?)(?=[\s:.#]|$)/i, weight: 0.45 },
];

export const INVOICE_DATE_LABELS: Label[] = [
  { re: /\b(?:invoice|lnvoice|billing|bill|issue|issuing)\s*(?:date|dt\.?)\b|\bdate\s+of\s+(?:invoice|issue)\b|\bissued?\s+(?:on|date)\b|\bdate\s+(?:of\s+)?issued?\b/i, weight: 0.95 },
  // (a UK VAT invoice's time of supply: the invoice's date when no other is printed, not over "Invoice date")
  { re: /\btax\s+point\b/i, weight: 0.9 },
  // (a bill's or a notice's own date: "Statement Date", "Statement Closing Date", "Notice Date", "Date of notice")
  { re: /\b(?:statement|notice)\s+(?:closing\s+|issue\s+)?date\b|\bdate\s+of\s+(?:statement|notice)\b/i, weight: 0.9 },
  { re: /\b(?:rechnungsdatum|belegdatum|ausstellungsdatum|datum\s+der\s+rechnung)\b/i, weight: 0.95 },
  { re: /\b(?:data\s+(?:del\s+)?documento|tarikh\s+invois|tarikh\s+resit|fecha\s+del?\s+documento|datum\s+bon)\b/i, weight: 0.9 },
  { re: /\b(?:factuurdatum|factuur\s+datum|datum\s+factuur)\b/i, weight: 0.95 },
  { re: /\bdate\s+(?:de\s+(?:la\s+)?)?facture\b|\bdate\s+d['’]émission\b|\bdate\s+d['’]emission\b/i, weight: 0.95 },
  { re: /\bfecha\s+(?:de\s+(?:la\s+)?)?(?:factura|emisión|emision|expedición)\b/i, weight: 0.95 },
  { re: /\bdata\s+(?:della\s+|di\s+)?(?:fattura|emissione)\b|\bdata\s+(?:da\s+)?(?:fatura|emissão)\b/i, weight: 0.95 },
  { re: /\b(?:fakturadatum|fakturadato|data\s+wystawienia)\b/i, weight: 0.95 },
  // Indonesian "Tanggal Faktur", Brazil's "Data de Emissão" / "Data e Hora de Emissão", Vietnam's "Ngày lập", Thailand's "วันที่"
  { re: /(?<!\p{L})(?:tanggal\s+(?:faktur|invoice)|data\s+(?:e\s+hora\s+)?de\s+emiss[ãa]o|ng[àa]y\s+l[ậa]p|วันที่)(?!\p{L})/iu, weight: 0.95 },
  // Russian, Ukrainian, Bulgarian, Serbian: "Дата счёта", "Дата выставления", "Дата на издаване", "Дата складання";
  // Greek: "Ημερομηνία έκδοσης" — and what follows a number's "№ 245 от" ("of"), "від", "од"
  { re: /(?<!\p{L})(?:дата\s+(?:сч[её]та|выставления|составления|документа|на\s+издаване|на\s+фактурата|складання|виставлення|рахунку|рачуна|издавања)|ημερομην[ιί]α\s+(?:[εέ]κδοσης|τιμολογ[ιί]ου)|ημ\/?ν[ιί]α\s+[εέ]κδοσης)(?!\p{L})/iu, weight: 0.95 },
  { re: /(?<!\p{L})(?:сч[её]т|рахунок|фактура|рачун|накладная)[\p{L}\s-]{0,20}(?:№|бр\.?)\s*[\w\-/]{0,40}\d[\w\-/]{0,40}\s+(?:от|від|од)(?=\s)/iu, weight: 0.95 },
  { re: /^(?:дата|датум|ημερομην[ιί]α|ημ\/ν[ιί]α)(?!\p{L})\.?/iu, weight: 0.7, bare: true },
  // Japanese: 発行日, 請求日, 請求年月日, 発行年月日
  { re: /(?:発行|請求)(?:年月)?日/, weight: 0.95 },
  // Finnish, Czech/Slovak, Hungarian, Turkish, Romanian, South Slavic, Baltic
  { re: /(?<![A-Za-zÀ-ÿ])(?:laskun\s+(?:päiväys|paivays|päivämäärä|paivamaara|pvm)|laskupäivä|päiväys|datum\s+vystaven[íi]|d[áa]tum\s+vyhotovenia|sz[áa]mla\s+kelte|ki[áa]ll[íi]t[áa]s\s+d[áa]tuma|kelte|kelt(?=\s*:)|fatura\s+tarihi|d[üu]zenleme\s+tarihi|data\s+(?:factur[iă]i|emiterii|emitere)|datum\s+(?:ra[čc]una|izdavanja|izdaje)|arve\s+kuup[äa]ev|izrakst[īi][šs]anas\s+datums|s[ąa]skaitos\s+data|i[šs]ra[šs]ymo\s+data)(?![A-Za-zÀ-ÿ])/i, weight: 0.95 },
  // "Facture n°562044387 du 2 juillet 2015", "Rechnung 4711 vom 3. Mai", "Invoice 77 dated ..."
  // (also German compounds and a second word: "Handelsrechnung Nr. 471102 vom …", "Rechnungskorrektur Nr. RK1 vom …")
  { re: /(?:\b(?:invoice|facture|factuur|factura|fattura|fatura|faktura)|(?<![a-zäöü])[a-zäöü]{0,30}rechnung[a-zäöü]{0,30}(?:\s+[a-zäöü]{1,30})?)\s*(?:n[°º]|no\.?|nr\.?|#)?\s*[\w\-/]{0,40}\d[\w\-/]{0,40}\s+(?:du|vom|von|dated|of|van|del|de|z\s+dnia)\b/i, weight: 0.85 },
  { re: /\b(?:receipt|transaction|trans\.?|txn|sales?|purchase|doc(?:ument)?|bill)\s*date\b|\bdate\s*(?:\/|&|and)\s*time\b|\btarikh\b|\btanggal\b/i, weight: 0.85 },
  // a German (or Nordic, French, Polish) letter's own date after its town: "München, den 01.11.2024", "Kobenhavn, den 3. maj 2024",
  // "Paris, le 12 mars 2024", "Gdańsk, dnia 12.03.2024"
  // (over a print stamp's bare "Datum: 30.10.2024 Zeit: 04:59:13" in the footer)
  // (not a past participle's "Livré, le …", "Acompte versé, le …": a date of something else)
  { re: /(?<!\p{L})\p{Lu}[\p{L}.\- ]{1,40}(?<![ée]e?s?),\s*(?:den|le|dnia)(?=\s|$)|(?<!\p{L})\p{Lu}[\p{L}.\- ]{1,40},\s*den(?=\s|$)/u, weight: 0.9 },
  { re: /^(?:date|datum|fecha|data|dated|dato|tarikh|tanggal)\b\.?/i, weight: 0.7, bare: true },
];

/** dates that are not the invoice date */
/** Words saying that a number or date is another invoice's, one the document refers to ("N° de facture associée", "Facture liée", "Original invoice no.", "Bezugsrechnung"). */
// (also glued to the word before it, as OCR may print a narrow space: "N° DE FACTUREASSOCIEE")
// (also the invoice a correction or credit note refers to: "Rechnungskorrektur … zur Rechnung Nr. R-118 vom 01.03.2024", "avoir sur facture n° …")
// (and in the other languages a credit note or a correction quotes the invoice it corrects in: "Avoir relatif à la facture n° …",
// "Rectifica la factura nº …", "Storno parziale fattura n. …", "Creditering factuur …", "Vedrører faktura nr. …", "Avser faktura",
// "Dotyczy faktury", "k faktuře", "koskee laskua", "Referente à fatura", "relates to invoice")
export const REFERENCED_INVOICE = /(?:\b|(?<=factur[ea]|invoice|rechnung))(?:associ|li[ée]e|related|referenced|original|ursprüngl|bezugs|korrigiert|storniert|preceding|pr[ée]c[ée]dent|zur?\s+(?:unserer\s+|ihrer\s+)?rechnung|sur\s+(?:la\s+|notre\s+|votre\s+)?facture|relati(?:f|ve)\s+(?:à|a)\s+(?:la\s+|notre\s+|votre\s+)?facture|(?:annule|rectifie)(?:\s+et\s+remplace)?\s+(?:la\s+)?facture|rectifica(?:\s+a)?\s+(?:la\s+)?factura|factura\s+rectificada|(?:referente|relativ[ao]|correspondiente)\s+(?:a\s+|à\s+|al\s+)?(?:la\s+|a\s+)?(?:factura|fattura|fatura)|storno\s+(?:parziale\s+|totale\s+)?(?:della\s+|alla\s+)?fattura|rif(?:\.|erimento)\s+(?:alla\s+)?fattura|creditering\s+(?:van\s+)?(?:de\s+)?factuur|correctie\s+op\s+factuur|betreft\s+(?:uw\s+|onze\s+)?factuur|vedr(?:ø|o)rer|vedr\.\s+faktura|gjelder\s+faktura|kreditering\s+a[fv]\s+faktura|avser\s+faktura|dotyczy\s+faktury|do\s+faktury\s+(?:vat\s+)?nr|k\s+faktu(?:ř|r)e|koskee\s+laskua|hyvitys\s+laskuun|retifica\s+(?:a\s+)?fatura|relates?\s+to\s+invoice|in\s+respect\s+of\s+invoice|against\s+invoice)\w*/i;

// (also the next one of a subscription: "Next Billing Date Sep 13, 2023", "Renewal date", "Nächste Abrechnung")
export const DATE_ROLE_WORDS = /(?<![A-Za-zÀ-ÿ])[ée]ch[ée]ance\w*|\b(?:next|upcoming|prochaine?|n[äa]chste[nrs]?|pr[óo]xim[ao]|prossim[ao])\b|\brenew\w*|\b(?:due|fällig|faellig|zahlungsziel|verval|limite|paiement|règlement|vencimiento|scadenza|vencimento|termin|order|bestell|commande|pedido|delivery|liefer|lever|livraison|ship|period|periode|période|zeitraum|service|leistung|payment|zahlung|zahlbar|betaal|paid|payé|expir|valid|start|end|to|bis|tot|check|version|stylesheet|codelist|codeliste|d[ée]but|fin(?=\s*(?::|d[eu]\b|$))|prestation|inizio|inicio|beginn|vorherig|f[öo]rfall|forfall|forfald|er[äa]p[äa]iv|splatnost|vade|scaden|hat[áa]rid|esed[ée]kes|teljes[íi]t|dospije|dospelos|zapadl|t[äa]htaeg|apmaks|mok[ėe]jimo|dodan|toimitu|teslim|livrar|sz[áa]ll[íi]t|exp[ée]dition\b|d['’]envoi|enl[èe]vement|livr[ée]e?s?\b|date\s+received|received\s+(?:on|date)|pesanan|entrega|consegna|spedizion|encomenda|de\s+env[ií]o|wykonani|(?<!\/)sprzeda[żz]y|dostawy|zam[óo]wieni|wysy[łl]k|odbioru)\w*/i;
/** the French role words with their "de"/"du" glued on, as an OCR engine that drops spaces reads them ("DATE DELIVRAISON", "DATE DEDEBUT DEPRESTATION") */
const GLUED_FRENCH_ROLE_WORDS = /(?<=\bd[eu])(?:livraison|d[ée]but|prestation|commande|paiement|r[èe]glement|[ée]ch[ée]ance|p[ée]riode|validit[ée]|fin(?=\s*(?::|$)))/i;
export const OTHER_DATE_WORDS = new RegExp(`${DATE_ROLE_WORDS.source}|${GLUED_FRENCH_ROLE_WORDS.source}|${REFERENCED_INVOICE.source}`, 'i');

/** US state codes that are not also words or other countries' codes on a page (DE, ID, IN, ME and OR are left out). */
/** The US states whose two letters are also a country's code or a word (DE, ID, IN, ME, OR): a state only with its ZIP after it. */
export const AMBIGUOUS_US_STATE_CODES = 'DE|ID|IN|ME|OR';
/** Malay and Indonesian dishes and drinks (both countries' menus). */
export const MALAY_DISHES = String.raw`Nasi|Ayam|Goreng|Tahu|Tempe|Bakso|Mie|Udang|Sambal|Bebek|Sate|Soto|Rendang|Kerupuk|Es\s+Teh|Teh\s+Manis|Kopi\s+Susu`;
export const US_STATE_CODES = 'AL|AK|AZ|AR|CA|CO|CT|FL|GA|HI|IL|IA|KS|KY|LA|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';

export const TOTAL_LABELS: Label[] = [
  { re: /\b(?:grand\s+total|total\s+(?:amount\s+)?due|due\s+payable|amount\s+(?:due|payable|to\s+pay|to\s+be\s+paid)|total\s+to\s+be\s+paid|balance\s+due|invoice\s+total|total\s+amount|total\s+for\s+this\s+invoice|total\s+to\s+pay|total\s+payable|total\s*[({\[]?\s*incl\w*|total\s+(?:after\s+)?round\w*|round(?:ed|ing)\s+total|total\s+rounded|net+\s+amount\s+payable|total\s+paid|amount\s+paid|total\s+amt(?:\s+payable)?|amt\s+(?:due|payable)|net+\s+(?:amount|amt)|amount\s+payable|total\s+sales?\s*[({\[]?\s*incl\w*|total\s+(?!(?:amount|deposit|tax|vat|gst|interest)\b)[a-z]{3,20}\s+(?:payable|due)|jumlah\s+(?:besar|bayaran|perlu\s+dibayar)|total\s+bayar)\b/i, weight: 0.95 },
  // what is still to pay after a deposit or prepayment: the amount due, over the gross total
  { re: /(?<!\p{L})(?:solde\s+(?:à|a)\s+payer|reste\s+(?:à|a)\s+payer|montant\s+restant\s+d[uû]|noch\s+zu\s+zahlen|offener\s+betrag|restbetrag|verbleibende[rn]?\s+(?:zahl|rest|rechnungs)betrag|resta\s+da\s+pagare|saldo\s+(?:a|por)\s+pagar|nog\s+te\s+betalen|openstaand\s+bedrag|resterend\s+bedrag|left\s+to\s+pay|still\s+(?:due|to\s+pay)|(?:now|currently)\s+(?:due|payable)|(?:due|payable)\s+now|restforderung|verbleibende[rn]?\s+betrag|schlusszahlung|reste\s+d[uû]|importe\s+pendiente|pendiente\s+de\s+pago|importo\s+(?:dovuto|residuo)|valor\s+em\s+d[íi]vida)(?!\p{L})/iu, weight: 1, stillToPay: true },
  // (also glued to what the PDF printed before it: "… 2014Rechnungssumme Brutto"; a correction's or credit note's
  // "Korrekturbetrag", "Gutschriftsbetrag")
  { re: /(?<!\p{Ll})(?:gesamtbetrag|rechnungsbetrag|rechnungsbeitrag|endbetrag|endsumme|zu\s*zahlen(?!\p{L})|zahlbetrag|gesamtsumme|bruttobetrag|rechnungssumme(?!\s+netto)|(?:korrektur|gutschrifts|erstattungs)betrag(?!\s+netto)|rechnungstotal|totalbetrag|gesamttotal|summe\s+brutto|gesamt\s+brutto|brutto\s*summe|bruttosumme|brutto\s+gesamt)\b/iu, weight: 0.95 },
  // "Brutto 14,28" on its own line (a tax table's "Brutto" column heading is a bare word, scored lower still)
  { re: /^brutto\b/i, weight: 0.85, bare: true },
  { re: /\b(?:jumlah\s+keseluruhan|jumlah\s+semua|totale\s+complessivo|importo\s+totale|importe\s+a\s+pagar|valor\s+a\s+pagar|total\s+geral|montant\s+(?:à\s+payer|ttc|net)|te\s+voldoen|net\s+payable|final\s+amount|netto\s+a\s+pagare)\b/i, weight: 0.95 },
  { re: /\b(?:factuur\s*totaal|totaal\s*bedrag|totaalbedrag|te\s+betalen|totaal\s+incl\w*)\b/i, weight: 0.95 },
  // Nordic, Finnish, Czech/Slovak, Turkish, Hungarian, Romanian, South Slavic, Baltic: what is to pay
  { re: /(?<!\p{L})(?:(?:summa\s+|totalt\s+)?att\s+betala|(?:sum\s+|totalt\s+)?[åa]\s+betale|(?:total\s+|i\s+alt\s+)?at\s+betale|maksettava(?:\s+yhteens[äa])?|loppusumma|celkem\s+k\s+(?:[úu]hrad[ěe]|zaplacen[íi]|platb[ěe])|k\s+[úu]hrad[ěe]|k\s+platb[ěe]|spolu\s+k\s+[úu]hrade|celkov[áa]\s+(?:[čc][áa]stka|suma)|[öo]denecek\s+(?:tutar|toplam)|genel\s+toplam|vergiler\s+dahil\s+toplam(?:\s+tutar[ıi]?)?|fizetend[őo](?:\s+(?:[öo]sszesen|[öo]sszeg|v[ée]g[öo]sszeg))?|brutt[óo]\s+(?:[öo]sszesen|v[ée]g[öo]sszeg)|v[ée]g[öo]sszeg|total\s+de\s+plat[ăa]|total\s+factur[ăa]|ukupno\s+za\s+(?:platiti|pla[ćc]anje|uplatu)|za\s+pla[čc]ilo|za\s+uplatu|kop[āa]\s+apmaksai|summa\s+apmaksai|(?:kokku\s+)?tasuda|tasumisele\s+kuulub|i[šs]\s+viso\s+mok[ėe]ti|mok[ėe]ti)(?!\p{L})/iu, weight: 0.95 },
  { re: /(?:\bmontant\s+total|\btotal\s*ttc|\bnet\s*(?:à|a)\s*payer|(?<!\p{L})(?:à|a)\s+payer(?!\p{L})|\bimporte\s+total|\btotal\s+a\s+pagar|\btotale\s+(?:fattura|documento|da\s+pagare)|\bvalor\s+total|należność(?:\s+ogółem)?|\bdo\s+zapłaty|\bdo\s+zwrotu|\bgrand\s+total|\btotal\s+payable)/iu, weight: 0.95 },
  // "Total Sales", "Total (RM)", "Jumlah": the bill, unless a more specific label says otherwise
  // "Nett Total": after rounding on a till receipt, before tax on some invoices (the arithmetic decides, readTotal)
  { re: /\b(?:total\s+sales?|sales?\s+total|total\s+bill|bill\s+total|total\s+charge[sd]?|net+\s+total)\b/i, weight: 0.8 },
  // ("SUMMEEUR 12,01": the OCR lost the space before the currency)
  { re: /\b(?:total|totaal|summe|gesamt|totale|totaal|razem|summa|i\s+alt|jumlah)(?:eur|chf)?\b/i, weight: 0.75 },
  // Pakistan's and India's "Value incl. Sales Tax", "Amount including GST"
  { re: /\b(?:value|amount|total)\s+incl(?:uding|\.|usive\s+of)?\s+(?:of\s+)?(?:sales\s+tax|gst|vat|tax)\b/i, weight: 0.9 },
  // a parking or transit ticket's fare, a card slip's or a ticket machine's amount with its currency ("Parkgebühr EUR 4,50", "Betrag EUR 8,45")
  { re: /(?<!\p{L})(?:parkgeb(?:ü|ue)hr|parkentgelt|fahrpreis|ticketpreis)(?!\p{L})|^(?:betrag|preis)\s+(?:eur|chf|€)(?=\s*\d)/iu, weight: 0.8 },
  // Indonesian "Total Tagihan", Vietnamese "Tổng cộng tiền thanh toán", Brazil's "Valor Total da Nota", Argentina's
  // "Importe Total", Thailand's "จำนวนเงินรวมทั้งสิ้น" / "รวมทั้งสิ้น" / "ยอดสุทธิ"
  { re: /(?<!\p{L})(?:total\s+tagihan|jumlah\s+tagihan|total\s+bayar|t[ổo]ng\s+c[ộo]ng(?:\s+ti[ềe]n\s+thanh\s+to[áa]n)?|t[ổo]ng\s+(?:ti[ềe]n\s+)?thanh\s+to[áa]n|valor\s+total\s+da\s+(?:nota|nf\S*)|importe\s+total|จำนวนเงินรวมทั้งสิ้น|รวมเงินทั้งสิ้น|รวมทั้งสิ้น|ยอดสุทธิ|סה["״]כ\s+לתשלום|לתשלום|الإجمالي|الاجمالي|المبلغ\s+المستحق|إجمالي\s+المبلغ)(?!\p{L})/iu, weight: 0.95 },
  // Russian, Ukrainian, Bulgarian, Serbian: "Всего к оплате", "Итого к оплате", "Всього до сплати", "Сума за плащане",
  // "Укупно за уплату"; Greek: "Πληρωτέο", "Γενικό σύνολο", "Συνολικό ποσό" (capitals drop the accents)
  { re: /(?<!\p{L})(?:(?:всего|итого)\s+к\s+оплате|к\s+оплате|(?:всього|разом)\s+до\s+сплати|до\s+сплати|сума\s+за\s+плащане|за\s+плащане|укупно\s+за\s+(?:уплату|плаћање)|за\s+уплату|πληρωτ[εέ]ο(?:\s+ποσ[οό])?|γενικ[οό]\s+σ[υύ]νολο|συνολικ[οό]\s+ποσ[οό])(?!\p{L})/iu, weight: 0.95 },
  // the bare sums: "Итого", "Всего", "Разом", "Всього", "Общо", "Укупно", "Σύνολο"
  { re: /(?<!\p{L})(?:итого|всего|разом|всього|общо|укупно|σ[υύ]νολο)(?!\p{L})/iu, weight: 0.75 },
  // Japanese: ご請求金額, 請求金額, 合計金額, 税込合計 (and the bare 合計 lower)
  { re: /(?:ご)?請求金額|合計金額|税込(?:合計|金額)|お支払(?:い)?金額/, weight: 0.95 },
  { re: /(?<!小)合計/, weight: 0.75 },
  // Chinese and Korean: 应付金额 / 應付金額 / 总计 (to pay, grand total), 결제금액 / 청구금액 / 총금액; the bare 合计 / 합계 lower
  { re: /应付金额|應付金額|实付金额|實付金額|总计|總計|價稅合計|价税合计|결제\s?금액|청구\s?금액|총\s?금액|받을\s?금액/, weight: 0.95 },
  { re: /(?<!小)合计|합\s?계/, weight: 0.75 },
  // (also a till's "SUMA PLN 23,47" in Poland and "Totalt 152,50" in Sweden and Norway)
  { re: /(?<!\p{L})(?:yhteens[äa]|celkem|spolu|toplam|[öo]sszesen|ukupno|skupaj|kokku|i[šs]\s+viso|kop[āa]|suma|totalt)(?!\p{L})/iu, weight: 0.75 },
  // a card terminal's slip or a parking receipt in Portuguese: "COMPRA 207,37€", "QUANTIA: EUR 7.50", "Montante 12,00"
  { re: /^(?:compra|quantia|montante|import[âa]ncia|valor\s+a\s+pagar|total\s+a\s+pagar)\b\s*:?/i, weight: 0.8, bare: true, leading: true },
  // "Pago: EUR 11.20": what a parking or toll till says was paid
  { re: /^pago\b\s*:?/i, weight: 0.75, bare: true, leading: true },
  { re: /\bplease\s+pay(?:\s+this\s+amount)?\b|\bbitte\s+(?:überweisen|zahlen)\s+sie\b/i, weight: 0.9 },
  // "TOTL 9.50", "TTL 12.00": a till's abbreviated total opening its line ("SUBTTL", "TXTL" are not it)
  { re: /^(?:totl|ttl)\b\.?/i, weight: 0.75, bare: true },
  // ("TL $28.31", "TL 14,000": a fast-food till's two letters, with an amount after them on the same line)
  { re: /^tl(?=\s+(?:[-$€£\d]|rp\b))/i, weight: 0.7, bare: true },
  // "DUE 580,965": a till's bare "Due" opening its line is what is owed
  { re: /^due\b\.?/i, weight: 0.7, bare: true },
];

/** total-like labels that are not the amount payable */
export const NOT_TOTAL = /\b(?:(?:after|past)\s+(?:the\s+)?due\s+date|if\s+paid\s+(?:after|late)|(?:carried|brought)\s+forward|c\/f|b\/f|suma\s+(?:y\s+sigue|anterior)|(?:totale\s+)?a\s+riportare|riporto|[üu]bertrag|(?:razem\s+)?(?:do|z)\s+przeniesienia|total\s+includes\s+(?:gst|vat|tax)|sub[\s-]?total|subtotaal|zwischensumme|sous[\s-]total|total\s+(?:ht|excl\w*|exc\.?|net|tax|vat|gst|sst|before)|exclusief|excl\.?|excluded|excluding|exclusive|netto|nettobetrag|tax\s+total|vat\s+total|total\s+(?:mwst|btw|tva|iva|ust)|grondslag|base\s+imponible|imponibile|tot(?:al)?\.?\s*(?:qty|quantity|items?|item\s*count|pcs|units?|savings?|saved|discounts?|disc|points?|weight|kg)|qty|quantity|no\.?\s*of\s*items|item\s*count|(?:total\s+)?(?:cash|card)\s+(?:tendered|received)|tendered|change\s+due|gst\s+summary|tax\s+summary|(?:ohne|sin|senza|sans|zonder|without)\s+(?:ust|mwst|umsatzsteuer|steuern?|us\w|iva|tva|taxes?|btw|vat|gst|tax))\b|(?:gesamtbetrag|summe)\s+(?:der|aller)\s+(?:zu|ab)schl[a-zäöü]{1,3}ge|\b(?:gst|vat|sst|tax)\b.{0,20}\bincluded\s+in\b|\btotal\s*\(?\s*(?:rm|\$|usd|eur|myr)?\s*\)?\s*(?:gst|sst|tax|vat)\b|(?<![A-Za-zÀ-ÿ])(?:ek[sk]l?\.?\s*(?:mva|moms)|exkl\.?\s*moms|(?:uden|utan|uten)\s+(?:moms|mva)|veroton|ilman\s+alv|bez\s+(?:dph|dane|pdv|pvn|pvm)|z[áa]klad\s+dan[ěe]|kdv\s+hari[çc]|matrah|mal\s+hizmet\s+toplam|[İi]skonto|nett[óo]|[áa]fa\s+n[ée]lk[üu]l|f[ăa]r[ăa]\s+tva|baza\s+impozabil[ăa]|osnovica|be\s+pvm|ilma\s+k[äa]ibemaksuta)(?![A-Za-zÀ-ÿ])|(?<![A-Za-zÀ-ÿ])sprzeda[żz]\s+opodat|小計|小计|税抜|税別|不含税|공급가액|без\s+(?:ндс|пдв|ддс)|данъчна\s+основа|καθαρ[ηή]\s+αξ[ιί]α|χωρ[ιί]ς\s+φπα|в\s+том\s+числе|у\s+тому\s+числі/i;

/** rows of a line table that are sums, taxes or notes, not items */
export const NON_ITEM_ROW = /^(?:sub[\s-]?total|subtotaal|zwischensumme|sous[\s-]total|total|totaal|totale|summe|gesamt|tax|taxes|vat|gst|hst|pst|mwst|ust|btw|tva|iva|credits?|charges|discount|rabatt|korting|remise|shipping\s+total|balance|amount\s+due|paid|payment|betaald|bezahlt|rounding|rundung|afronding|carried\s+forward|übertrag|transport|exclusief|inclusief|excl|incl\.?\s+(?:btw|vat|mwst))\b/i;

/** A salutation on a line of its own, opening a window envelope's address: "Firma", "Herrn", "Madame", "De heer", "Spett.le". */
export const SALUTATION = /^\s*(?:firma|herrn?|frau|familie|eheleute|monsieur|madame|messieurs|mme\.?|de\s+heer|mevrouw|fam\.|spett\.?(?:le)?|sig\.(?:ra)?)\s*$/i;

export const VENDOR_LABELS = /(?<!(?:abweichende[rn]?|alternative|different|other)\s+)\b(?:(?:make\s+)?payments?\s+(?:(?:by|via)\s+(?:bacs|bank\s+transfer|eft|wire(?:\s+transfer)?|direct\s+(?:deposit|credit)|cheque|check|ach)\s+)?to|pay\s+to(?:\s+the\s+order\s+of)?|service\s+provider|(?:owned\s+(?:and\s+operated\s+)?|operated\s+)by|seller|vendor|supplier|sold\s+by|verkauft\s+(?:von|durch)|vendu\s+par|venduto\s+da|vendido\s+por|verkocht\s+door|issued\s+by|(?:provided|supplied|invoiced|billed)\s+by|payee|remit\s+to|remit(?:tance)?\s+address|account\s+(?:name|holder)|beneficiary(?:\s+name)?|(?:cheques?\s+)?(?:made\s+)?payable\s+to|in\s+favou?r\s+of|kontoinhaber|zahlungsempfänger|begunstigde|titulaire(?:\s+du\s+compte)?|from|verk[a-zà-ÿ]{1,2}ufer|lieferant|rechnungss?teller|rechnungsersteller|leistungserbringer|leverancier|verkoper|fournisseur|vendeur|proveedor|vendedor|emisor|fornitore|venditore|cedente(?:\s*\/\s*prestatore)?|fornecedor|sprzedawca)\b\s*:?|(?<![A-Za-zÀ-ÿ])(?:prestatore|auftragnehmer|prestataire|absender|emittente)(?=\s*(?::|$))\s*:?|(?<![A-Za-zÀ-ÿ])[ée]metteur\b\s*:?|(?<![A-Za-zÀ-ÿ])(?:provozovatel|s[äa]ljare|leverant[öo]r|leverand[øo]r|selger|s[æa]lger|myyj[äa]|toimittaja|dod[áa]vate(?:l|ľ)|prod[áa]vaj[úu]ci|furnizor|prodavatelj|isporu[čc]itelj|dobavitelj|pardav[ėe]jas|p[āa]rdev[ēe]js|m[üu][üu]ja|tiek[ėe]jas|pieg[āa]d[āa]t[āa]js|sat[ıi]c[ıi]|elad[óo]|sz[áa]ll[íi]t[óo])(?=[\s:.,]|$)\s*:?/i;

// (the party words that also open firms' names — "Patient Care Ltd", "Tenant Shop" — only as labels: before a colon, "Name", a bracket or nothing)
export const CUSTOMER_LABELS = /\b(?:consignee|patient|guarantor|policy\s?holder|named\s+insured|tenant)(?=\s*(?::|name\b|details\b|address\b|\(|$))|\b(?:adquirente|faktureras\s+till|bill(?:ed)?\s+to|advertiser|rechnung\s+an|ship(?:ped)?\s+to|sold\s+to|invoice\s+to|deliver(?:y|ed)?\s+to|customer|client|buyer|(?<!(?:original|duplicate|triplicate|copy)\s+for\s+)recipient|attn|attention|rechnungsadresse|lieferadresse|billing\s+address|invoice\s+address|rechnungsempfänger|kunde|empfänger|k[a-zà-ÿ]{1,2}ufer|leistungsempf[a-zà-ÿ]{1,2}nger|z\.\s?hd|factuuradres|afleveradres|leveringsadres|klant|t\.a\.v|adresse\s+de\s+(?:facturation|livraison)|facturé\s+à|livré\s+à|destinataire|acheteur|cliente|destinatario|comprador|facturar\s+a|enviar\s+a|nabywca|odbiorca|auftraggeber|cessionario|committente|receptor|afnemer|your\s+(?:vat|tax)|uw\s+btw|warenempf[a-zà-ÿ]{1,2}nger|abweichende[rn]?\s+zahlungsempf[a-zà-ÿ]{1,2}nger|alternative\s+payee|steuerbevollm[a-zà-ÿ]{1,2}chtigte[rn]?|(?:tax|fiscal)\s+representative|repr[ée]sentant\s+fiscal|rappresentante\s+fiscale|representante\s+fiscal|fiscaal\s+vertegenwoordiger)\b|(?<![A-Za-zÀ-ÿ])(?:k[öo]pare|kund|kj[øo]per|k[øo]ber|asiakas|ostaja|odb[ěe]ratel|odberate[ľl]|v[áa]s[áa]rl[óo]|vev[őo]|al[ıi]c[ıi]|say[ıi]n|cump[ăa]r[ăa]tor|kupac|naru[čc]itelj|kupec|naro[čc]nik|pirk[ėe]jas|pirc[ēe]js|ostja)(?=[\s:.,]|$)/i;

/** what a supplier prints about itself: bank, registration, tax and contact details */
export const VENDOR_CUES = /\b(?:iban|bic|swift|vat\s*(?:no|id|reg)|tax\s*id|ust-?id\w*|ustid|steuer-?nr|st\.?-?nr|btw(?:-?nr|\s*nummer)?|tva|iva|kvk|hrb|hra|registergericht|handelsregister|amtsgericht|chamber\s+of\s+commerce|company\s+(?:no|number|reg)|co\.?\s*reg\w*|reg(?:istration)?\.?\s*no|gst\s*(?:id|no|reg\w*)|gstin|sst\s*(?:id|no|reg\w*)|(?:roc|uen|cin|tin|pan|brn)\s*(?:no\.?|number)?\s*[:.#]|abn|ein|siret|siren|rcs|nif|cif|p\.?\s?iva|tel\.?|telephone|phone|hp\s*[:.]|fax|www\.|e-?mail|bankverbindung|bank)\b|@|\(\s*[A-Z]{0,3}\d{4,10}\s*-\s*[A-Z]\s*\)|電話|登録番号|事業者番号|〒|电话|統一編號|统一社会信用代码|사업자\s?등록\s?번호|전화|Α\.?Φ\.?Μ\.?(?![Α-Ωα-ω])|Δ\.?Ο\.?Υ\.?(?![Α-Ωα-ω])/i;

// (also the legal forms of Japan, Korea, China and Taiwan, which stand without a space before the name — 株式会社サンプル,
// (株)サンプル, ㈜샘플 — or after it — サンプル株式会社, 樣本有限公司; the name's letters are CJK_LETTER's)
export const LEGAL_SUFFIX = /(?:(?:^|[\s,)])(?:B\.\s?V\.?|BV|N\.\s?V\.?|NV|GmbH(?:\s*[&+]\s*Co\.?\s*KG)?|GMBH(?:\s*[&+]\s*CO\.?\s*KG)?|gGmbH|mbH|AG|a\.\s?G\.|VVaG|KG|OHG|UG(?:\s*\(haftungsbeschränkt\))?|e\.\s?K\.?|GbR|Ltd\.?|Limited|LLC|L\.L\.C\.|Inc\.?|Incorporated|Corp\.?|Corporation|Co\.|Company|PLC|plc|LLP|L\.P\.|S\.?\s?A\.?(?:\s?B\.?)?\s+de\s+C\.?\s?V\.?|S\.\s?de\s+R\.\s?L\.(?:\s+de\s+C\.\s?V\.)?|S\.\s?A\.\s?S\.?|SAS|S\.\s?A\.?|SA|SARL|S\.à\s?r\.l\.|S\.\s?r\.\s?l\.?|Srl|S\.\s?p\.\s?A\.?|SpA|S\.\s?L\.?|SL|Oy|Oyj|AB|A\/S|ApS|ASA|SE|Pty\.?(?:\s+Ltd\.?)?|Sp\.\s?z\s?o\.\s?o\.?|Sp\.\s?[kj]\.|S\.K\.A\.|s\.r\.o\.|a\.s\.|BVBA|SPRL|SRL|Lda\.?|Kft\.?|Zrt\.?|S[DO0]N[.,]?\s*[B83][HN]D\.?|Sdn\.?\s*Bhd\.?|BHD\.?|Bhd\.?|Berhad|BERHAD|S\/B|Pte\.?\s*Ltd\.?|PTE\.?\s*LTD\.?|Pvt\.?\s*Ltd\.?|PVT\.?\s*LTD\.?|Private\s+Limited|PRIVATE\s+LIMITED|LTD\.?|LIMITED|INC\.?|CORP\.?|K\.K\.|TNHH|Cổ\s+[Pp]hần|CỔ\s+PHẦN|(?<=[Cc][ÔôOo][Nn][Gg]\s[Tt][Yy]\s)CP|ООО|ОАО|ЗАО|ПАО|АО|ИП|ТОВ|ПП|ФОП|ПрАТ|ЕООД|ООД|ЕАД|АД|ЕТ|д\.о\.о\.|ДОО|Α\.Ε\.|Α\.Ε|Ε\.Π\.Ε\.|Ι\.Κ\.Ε\.|Ο\.Ε\.|Ε\.Ε\.|ΑΕ|ΕΠΕ|ΙΚΕ)(?=$|[\s,.)«"])|(?<=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uff66-\uff9f）)]\s?)(?:株式会社|有限会社|合同会社|合名会社|合資会社|[(（]株[)）]|㈱|[(（]有[)）]|㈲|주식회사|유한회사|[(（]주[)）]|㈜|股份有限公司|有限公司|有限責任公司|公司)(?=$|[\s,.)）、])|(?:^|(?<=\s))(?:ООО|ОАО|ЗАО|ПАО|АО|ТОВ|ПрАТ|ФОП|ИП|ЕООД|ООД|ЕАД)(?=\s?[«"„])|(?:^|(?<=[\s（(「]))(?:株式会社|有限会社|合同会社|合名会社|合資会社|[(（]株[)）]|㈱|[(（]有[)）]|㈲|주식회사|유한회사|[(（]주[)）]|㈜)(?=\s?[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uff66-\uff9fA-Za-z]))/;
/** letters of the scripts other than Latin a name is compared by (Greek, Cyrillic, Hangul jamo, kana, CJK, Hangul): a character class's body */
export const OTHER_SCRIPT_LETTERS = '\\u0370-\\u03ff\\u0400-\\u04ff\\u1100-\\u11ff\\u3040-\\u30ff\\u3400-\\u9fff\\uac00-\\ud7af';
/** a letter of the Japanese, Chinese and Korean scripts (names in them have no capitals and no spaces) */
export const CJK_LETTER = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uff66-\uff9f]/;

export const DOCUMENT_TITLES = /^[\W_]*(?:(?:(?:simplified|full|abbreviated|tax|commercial|pro[\s-]?forma|kopie|copy\s+of|payment|cash|sales?|official|original|duplicate|customer|merchant|purchase|retail|e-?|gst|vat|itemi[sz]ed|final|interim)[\s-]+)*(?:invoice|rechnung|factuur|facture|factura|fattura|fatura|faktura|credit\s+note|debit\s+note|gutschrift|creditnota|avoir|receipt|quittung|bill|statement|bewirtungsbeleg|fahrschein(?:\s*\/\s*quittung)?|fahrkarte|ausfahrtsbeleg|parkbeleg|parkschein|kassenbon|kassenbeleg|boleta(?:\s+de)?(?:\s+(?:venta|honorarios))?(?:\s+electr[óo]nica)?|danfs?e(?:\s+v[\d.]+)?|nfc?-?e|sales|docket|voucher|memo|order|recibo|tal[ãa]o(?:\s+de\s+venda)?|nota\s+de\s+cr[ée]dito|ticket|ticket\s+de\s+caisse|documento\s+commerciale(?:\s+di\s+vendita(?:\s+o\s+prestazione)?)?|scontrino(?:\s+fiscale)?|paragon\s+fiskalny|[uú][cč]tenka|kvittering|kvitto|kuitti)(?:[\s-]+(?:copy|slip|receipt|invoice|no\.?|simplificada|simplificado|recibo|original|duplicado|triplicado|(?:2|2a|segunda)\s+via))*|page|seite|pagina|blad)\b[\s.:#\d/\W]*$|^\s*(?:御|ご)?(?:請求書|領収書|領収証|納品書|見積書|請求明細書|レシート|発票|发票|收據|收据|統一發票|영수증|세금계산서|거래명세서|계산서)(?:\s*[(（](?:控|写|副本)[)）])?\s*$/i;

/** what shops print that is not their name: thanks, returns policy, opening hours, staff */
export const SHOP_PHRASES = /\b(?:thank\s*you|thanks|merci\s+(?:de\s+votre|pour\s+votre|d['’]avoir|et\s+[àa]\s+bient[ôo]t)|(?:vielen\s+)?dank(?:e)?\s+f(?:ü|ue|u)r\s+(?:ihren|deinen|den|ihre|ihr)|bedankt\s+voor|dank\s+u\s+wel|gracias\s+por\s+(?:su|tu|elegir|comprar|la\s+visita|visitar)|grazie\s+per\s+(?:l['’]acquisto|aver|la\s+visita)|dzi[eę]kujemy\s+za|d[eě]kujeme\s+(?:za|v[áa]m)|tak\s+for\s+(?:dit|jeres|bes[øo]get|handlen|k[øo]bet)|tack\s+f[öo]r\s+(?:ditt|ert|bes[öo]ket|k[öo]pet)|kiitos\s+(?:k[äa]ynnist[äa]|ostoksista|asioinnista)|k[öo]sz[öo]nj[üu]k\s+(?:a\s+v[áa]s|hogy)|mul[tț]umim\s+pentru|terima\s+kasih|obrigad[oa]|volte\s+sempre|welcome|please\s+come\s+again|come\s+again|have\s+a\s+nice|see\s+you|goods\s+sold|not\s+(?:returnable|refundable|exchangeable)|no\s+(?:cash\s+)?refunds?|exchange\s+(?:is|are)?\s*allowed|within\s+\d+\s+days|price\s+inclusive|prices?\s+(?:are\s+)?inclusive|inclusive\s+of|customer\s+copy|merchant\s+copy|cardholder|opening\s+hours|open\s+daily|served\s+by|cashier|operator|salesperson|sales\s+person|(?:counter|terminal|table|guest|member)\s*(?:no\.?|id|#|:)|pax|points?\s*(?:earned|balance|redeemed|:)|like\s+(?:and|&)\s+follow|follow\s+us|facebook|instagram|hotline|feedback|powered\s+by|keep\s+(?:the|this|your)\s+(?:invoice|receipt|bill)|applicable\s+returns?|closed\s+bill|bill\s+start|kartenzahlung|autorisierung|zahlung\s+erfolgt|kundenbeleg|h(?:ä|ae|a)ndlerbeleg|girocard|kontaktlos|contactless|(?:transaction|zahlung)\s+(?:approved|genehmigt)|bezahlung|ec[\s-]?karte|beleg\s+aufbewahren|emv[\s-]?aid|terminal[\s-]?id)\b/i;

/** words that name a kind of business: a line holding one is likely a shop's or firm's name */
export const TRADE_WORDS = /\b(?:trading|traders?|enterprises?|restaurants?|restoran|cafe|café|caf[eé]teria|bistro|kitchen(?:ette)?|bakery|bakeries|hardware|stores?|mart|market|supermarket|minimarket|hypermarket|pharmacy|farmasi|apotheke|pharmacie|clinic|klinik|hotel|motel|motors?|auto|garage|station|services|stationery|books?|bookstore|electrical|electronics?|gallery|boutique|shop|kedai|perniagaan|industries|international|holdings?|group|centre|center|plaza|outlet|foods?|catering|travel|petrol|pub|bar|deli|grocer[sy]?|florist|salon|studio|workshop|engineering|machinery|supplies|supply|wholesale|distributors?|agency|medical|optical|jewell?ers?|tailors?|laundry|printing|computers?)\b/i;

/** a line about where a business is: street words, a postal code with a town */
export const ADDRESS_WORDS = /\b(?:jalan|jln|lorong|taman|tmn|bandar|kampung|kg|persiaran|lebuh|lebuhraya|street|st\.|road|rd\.?|avenue|ave\.?|lane|drive|boulevard|blvd|highway|floor|flr|level|lot|unit|suite|block|blk|building|bldg|plaza|mall|complex|industrial|estate|park|strasse|straße|str\.|weg|platz|gasse|allee|laan|straat|plein|rue|avenue|chemin|calle|via|piazza|rua|avenida|av\.(?=\s)|av(?=\s+(?:\d|d[aeo]s?\s))|travessa|largo|pra[çc]a|estrada|alameda|rotunda|ulica|ul\.|avda\.?|ctra\.?|carretera|viale|vicolo)\b|(?<![a-zäöåæø])[a-zäöåæø]{5,30}(?:katu|kuja|polku|väylä|gatan|vägen|torget|gränd|gade|vej|vei|veien|torv|plads|stræde)\b|(?<![a-zäöåæø])[a-zäöåæø]{6,30}tie\b|\bCo\.?\s+(?:Antrim|Armagh|Carlow|Cavan|Clare|Cork|Derry|Donegal|Down|Dublin|Fermanagh|Galway|Kerry|Kildare|Kilkenny|Laois|Leitrim|Limerick|Longford|Louth|Mayo|Meath|Monaghan|Offaly|Roscommon|Sligo|Tipperary|Tyrone|Waterford|Westmeath|Wexford|Wicklow)\b|\b\d{5,6}\s+[A-Z][A-Za-z]+|\bNo\.?\s*\d+[A-Z]?\s*,|[\u4e00-\u9fff]{1,3}[都道府県省][\u4e00-\u9fff]{1,6}[区市町村郡]|丁目|番地|号館|[\u4e00-\u9fff]{1,6}[路街]\d|[가-힣]{1,6}(?:로|길)\s?\d|(?<=\d)(?:rue|street|stra(?:ss|ß)e|road|avenue|calle|rua)\b/i;

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

/** states, provinces and regions printed at the end of addresses (a line of only this is a place, not a name);
 * a Malaysian state's title ("Selangor Darul Ehsan") also when the OCR garbled its last word */
export const REGION_NAMES = /^(?:johor(?:\s+darul\s+ta['’]?zim)?|selangor(?:\s+darul\s+ehsan)?|kuala\s+lumpur|wilayah\s+persekutuan|w\.?\s*p\.?|pulau\s+pinang|penang|perak(?:\s+darul\s+ridzuan)?|pahang(?:\s+darul\s+makmur)?|kedah(?:\s+darul\s+aman)?|kelantan(?:\s+darul\s+naim)?|terengganu(?:\s+darul\s+iman)?|melaka|malacca|negeri\s+sembilan(?:\s+darul\s+khusus)?|sabah|sarawak|perlis|putrajaya|labuan|maharashtra|karnataka|tamil\s+nadu|kerala|gujarat|rajasthan|uttar\s+pradesh|west\s+bengal|telangana|andhra\s+pradesh|haryana|punjab|delhi|new\s+delhi|california|texas|new\s+york|florida|illinois|ontario|quebec|british\s+columbia|new\s+south\s+wales|victoria|queensland|bavaria|bayern|nordrhein-westfalen|île-de-france|ile-de-france|d\.?\s*e\.?|darul\s+\w+)(?:\s+darul\s+\S+)?[\s.,]*(?:\d{4,6})?[\s.,]*$/i;
