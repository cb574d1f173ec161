// The shape of a seller's name, apart from where it stands: what a name may look like
// (not a title, address, label, phone number or slogan), its legal form (cut after it,
// obvious OCR misreadings mended, a registration number in brackets dropped) and the
// compact form names are compared by. Used by the vendor scoring (vendor.ts).
import { ADDRESS_WORDS, CJK_LETTER, CUSTOMER_LABELS, OTHER_SCRIPT_LETTERS, DOCUMENT_TITLES, LEGAL_SUFFIX, REGION_NAMES, SALUTATION, SHOP_PHRASES, TRADE_WORDS, US_STATE_CODES, VENDOR_CUES, VENDOR_LABELS, AMBIGUOUS_US_STATE_CODES } from './vocabulary.js';

const COUNTRIES = /^(?:united\s+states(?:\s+of\s+america)?|usa|u\.s\.a\.|united\s+kingdom|uk|great\s+britain|england|germany|deutschland|netherlands|nederland|the\s+netherlands|belgium|belgi[eë]|belgique|france|österreich|austria|schweiz|suisse|switzerland|italia|italy|espa[ñn]a|spain|portugal|polska|poland|danmark|denmark|sverige|sweden|norge|norway|ireland|luxembourg|canada|australia|hong\s+kong|china|japan|india)$/i;

/** Codes of money a document may print alone in a column's heading (never a seller's name). */
const ISO_CURRENCY_CODE = /^(?:EUR|USD|GBP|CHF|JPY|CAD|AUD|NZD|SEK|NOK|DKK|PLN|CZK|HUF|RON|BGN|INR|CNY|RUB|TRY|ZAR|BRL|MXN|SGD|HKD|KRW|ILS|AED|SAR|THB|MYR|IDR|PHP|TWD|VND|RM|€|£|\$)$/;

export function onlyTradeWords(name: string): boolean {
  const words = name.split(/[\s,&+/-]+/).filter((w) => w && !/^(?:and|the|of|n)$/i.test(w));
  return words.length > 0 && words.every((w) => new RegExp(`^(?:${TRADE_WORDS.source})$`, 'i').test(w));
}

/**
 * "AEON CO. (M) BHD (126926-H)" -> "AEON CO. (M) BHD": a company registration number in
 * brackets after the name is its identity, not part of it (OCR may garble the brackets,
 * the check letter or drop the closing bracket). Only after a legal form, or when the
 * number has the "digits-letter" shape of a registration number.
 */
export const REGISTRATION_TAIL = /\s*[({\[]\s*(?:(?:co(?:mpany)?\.?\s*)?(?:reg(?:istration)?|no)\.?\s*(?:no\.?)?\s*[:.]?\s*)?[A-Z]{0,3}\s*\d{4,10}(\s*[-–.]\s*[A-Z0-9%]?)?\s*[)}\]]?[\s.,]*$/i;

export function withoutRegistration(text: string): string {
  const m = REGISTRATION_TAIL.exec(text);
  if (!m || m.index === 0) return text;
  const before = text.slice(0, m.index).replace(/[\s,]+$/, '');
  if (!/\p{L}{2}/u.test(before)) return text;
  const legal = LEGAL_SUFFIX.exec(before);
  const endsWithLegal = legal !== null && before.slice(legal.index + legal[0].length).replace(/[\s.,)]/g, '') === '';
  return endsWithLegal || (m[1] && /[A-Z]\s*[)}\]]?[\s.,]*$/i.test(m[0])) ? before : text;
}

/** "SON BHD", "SDN, BHD.", "C0.", "G mbH", "LieferantGmbH": the OCR's obvious misreadings of the Malaysian "Sdn Bhd", of "Co." and of "GmbH" split in two or glued to the name */
export function normalisedLegalForm(name: string): string {
  return name.replace(/(?<=\s)(?:G\s+mbH|Gmb\s+H)(?=$|[\s,.])/g, 'GmbH').replace(/(?<=\p{Ll}{2})GmbH(?=$|[\s,.&])/gu, ' GmbH').replace(/(^|\s)C0\.(?=\s)/g, '$1CO.').replace(/(^|\s)(S[DO0]N[.,]?\s*)3(HD)\b/g, '$1$2B$3').replace(/(^|\s)S[O0]N([.,]?\s*)(BHD|Bhd)\b/g, '$1SDN$2$3').replace(/(^|\s)(S[Dd][Nn])\.?,\s*(BHD|Bhd)\b/g, '$1$2 $3');
}

/** "CO. (M) SDN BHD", "RESTAURANT SDN BHD": a legal form with nothing but trade words and a country mark before it */
export function onlyLegalForm(text: string): boolean {
  const t = withoutRegistration(text.trim());
  if (!LEGAL_SUFFIX.test(t)) return false;
  let rest = t;
  for (let i = 0; i < 4; i++) rest = rest.replace(new RegExp(LEGAL_SUFFIX.source, 'g'), ' ');
  rest = rest.replace(/\(\s*[A-Z]{1,2}\s*\)|\b(?:c[o0]|company)\b\.?/gi, ' ').replace(/[\s,.&()]+/g, ' ').trim();
  return rest === '' || onlyTradeWords(rest);
}

/** Legal forms printed before the name: Japan's, Korea's, and those of Russia, Ukraine and Bulgaria before a quoted name. */
const PREFIX_FORMS = '株式会社|有限会社|合同会社|合名会社|合資会社|[(（]株[)）]|㈱|[(（]有[)）]|㈲|주식회사|유한회사|[(（]주[)）]|㈜|ООО|ОАО|ЗАО|ПАО|АО|ТОВ|ПрАТ|ФОП|ИП|ЕООД|ООД|ЕАД';
const PREFIX_LEGAL_FORM = new RegExp(`^(?:${PREFIX_FORMS})$`);
const LEADING_LEGAL_FORM = new RegExp(`^(?:${PREFIX_FORMS})\\s*`);

const CO_AND_FORM = /^[\s,]+(?:Ltd\.?|LTD\.?|Limited|LIMITED|Inc\.?|INC\.?|LLC|L\.L\.C\.|(?:Pte|PTE|Pvt|PVT)\.?\s*(?:Ltd|LTD)\.?)(?=$|[\s,)])/;

/** "Co. Cork  P17 X208", "Main Street, Ballincollig, Co. Cork": an Irish county closing an address (its "Co." is no company's) */
export function irishCounty(text: string): boolean {
  return /(?:^|,)\s*Co\.?\s+\p{Lu}\p{Ll}+\b/u.test(text) && ADDRESS_WORDS.test(text);
}

export function cutAfterLegalForm(text: string): string | null {
  const m = LEGAL_SUFFIX.exec(text);
  if (!m) return null;
  // "CÔNG TY TNHH THƯƠNG MẠI SAO MAI": Vietnam's forms follow "Công ty" and come before the name
  if (/^c[ôo]ng\s+ty\s+(?:tnhh|c[ổo]\s+ph[ầa]n|cp)\s+\S/i.test(text.trim())) return text.trim();
  let end = m.index + m[0].length;
  // ("Sakura Trading Co., Ltd.", "ACME Co., Inc.": "Co." and the form that follows it are one legal form — Asia's usual one)
  if (/co\.$|company$/i.test(m[0].trim())) end += CO_AND_FORM.exec(text.slice(end))?.[0].length ?? 0;
  // a legal form before the name, opening the text (Japan's, Korea's, Russia's and its neighbours'): "株式会社サンプル商事
  // 御中" — the name runs to the next space —, "ООО «Ромашка», ИНН …" — to its closing quote; a form after the name
  // ("サンプル株式会社 東京支店") ends it as any other does
  if (text.slice(0, m.index).trim() === '' && PREFIX_LEGAL_FORM.test(m[0].trim())) {
    const rest = text.slice(end);
    const quoted = /^\s?[«"„“]([^»"“”]{1,60})[»"“”]/.exec(rest);
    if (quoted) return text.slice(0, end) + quoted[0];
    if (CJK_LETTER.test(rest.trimStart()[0] ?? '')) return text.slice(0, end) + (/^\s?\S*/.exec(rest)?.[0] ?? '');
  }
  // "Free - SAS au capital de ..." -> "Free SAS"
  return text.slice(0, end).replace(/[\s,]+$/, '').replace(/\s+[-–|·•]\s+(?=\S+$)/, ' ').trim();
}

/** a town and its US state, Canadian province or Australian state closing an address line */
/** what a Swedish or Finnish page prints about its seller: an "AB" there closes a company's name */
export const AKTIEBOLAG_PAGE = /\b(?:org\.?\s*nr|organisationsnummer|momsreg\w*|bankgiro|plusgiro|y-tunnus|FO-nummer|SE\d{10}01)\b|\.se\b|\+46\s?\d/i;
// (with its ZIP or postal code when one is printed: "Edmonton AB T5P 4A9"; the states whose codes are also
// countries' or words — DE, ID, IN, ME, OR — only with a ZIP: "Lawrence, IN 46226", not "Musterstadt DE")
const TOWN_AND_STATE = new RegExp(String.raw`^[\p{L} .']{2,30},?\s+(?:(?:${US_STATE_CODES}|AB|BC|MB|NB|NS|ON|PE|QC|SK|YT|NSW|VIC|QLD|TAS)(?:\s+(?:\d{5}(?:-\d{4})?|[A-Z]\d[A-Z]\s?\d[A-Z]\d|\d{4}))?|(?:${AMBIGUOUS_US_STATE_CODES})\s+\d{5}(?:-\d{4})?)$`, 'u');

export interface NameContext {
  /** the page is Swedish or Finnish ("Org.nr", "Momsreg.nr", a .se address): a closing "AB" is the legal form Aktiebolag, not Alberta */
  aktiebolag?: boolean;
}

/** Document titles an OCR reading spaces out or slips a letter of. */
const TITLE_WORDS = ['invoice', 'rechnung', 'facture', 'factura', 'fattura', 'factuur', 'receipt', 'statement', 'gutschrift', 'quittung'];

/**
 * The document's title as an OCR reading of a letter-spaced heading gives it: its letters
 * broken into pieces or one of them lost or misread ("I NVOIC E", "INVO CE", "NVOICE").
 */
function titleWithSlips(t: string): boolean {
  if (/\d/.test(t) || t.split(/\s+/).length > 4) return false;
  const letters = t.toLowerCase().replace(/[^\p{L}]/gu, '');
  return TITLE_WORDS.some((w) => withinOneEdit(letters, w));
}

/** Equal, or one letter added, dropped or changed. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length && i === b.length) return true;
  const rest = (x: number, y: number) => a.slice(x) === b.slice(y);
  return rest(i + 1, i + 1) || rest(i + 1, i) || rest(i, i + 1);
}

/** A table's column heading alone, in the languages invoices print (a one-word name of these is no seller's). */
const COLUMN_HEADING_WORD = /^(?:omschrijving|beschreibung|bezeichnung|description|d[ée]signation|descripci[óo]n|descrizione|descri[çc][ãa]o|opis|popis|beskrivelse|beskrivning|kuvaus|leistung|menge|anzahl|aantal|bedrag|betrag|amount|qty|quantity|quantit[éà]|cantidad|quantidade)$/i;

export function plausibleName(text: string, context: NameContext = {}): boolean {
  const t = text.trim();
  if (t.length < 2 || t.length > 70) return false;
  if (!/\p{L}{2}/u.test(t)) return false;
  // a legal form adds a word or two ("... VEGETARIAN RESTAURANT SDN BHD")
  if (t.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length > (LEGAL_SUFFIX.test(t) ? 8 : 7)) return false;
  if (/[:]$/.test(t) || /^[\d\s\-+/().]+$/.test(t)) return false;
  // (nor a salutation alone: "Herrn", "Madame" open an addressee's address)
  if (DOCUMENT_TITLES.test(t) || SHOP_PHRASES.test(t) || SALUTATION.test(t)) return false;
  // (nor a table's column heading alone: "Omschrijving", "Beschreibung", "Description"; nor a field's label whose space
  // the text layer lost, "Deal#", "EndDate")
  if (COLUMN_HEADING_WORD.test(t) || /^\p{L}+#$|^\p{Lu}\p{Ll}+(?:Date|Time)$/u.test(t)) return false;
  // a sentence or a title in Japanese or Chinese ("下記の通りご請求申し上げます。", "領収書", "ありがとうございました")
  if (/^(?:απ[οό]δειξη|τιμολ[οό]γιο)/i.test(t) || /[。！？]|ます[。．]?$|ました|ません|ください|ございます|請求書|領収書|領収証|納品書|見積書|レシート|发票|收据|영수증|세금계산서|거래명세서/.test(t)) return false;
  if (titleWithSlips(t)) return false;
  // how the customer paid or who the customer is, printed on its own line: "CASH", "VISA", "WALK-IN"
  if (/^(?:cash|card|credit(?:\s+card)?|debit(?:\s+card)?|visa|master(?:card)?|amex|tunai|dinheiro|numer[aá]rio|efe[ct]?tivo|esp[eè]ces|bargeld|contanti|multibanco|cheque|check|voucher|member|customer|walk[\s-]?in|guest|take[\s-]?away|dine[\s-]?in)\.?$/i.test(t)) return false;
  if (/@|https?:|www\.|\.(?:com|de|nl|fr|net|org|eu|io|co\.uk)\b/i.test(t)) return false;
  // a Greek till's tax number and tax office ("ΑΦΜ 123456789  ΔΟΥ Δ ΘΕΣ/ΝΙΚΗΣ"), an Irish county ("Co. Cork  P17 X208")
  if (/(?:^|\s)(?:Α\.?Φ\.?Μ|Δ\.?Ο\.?Υ)\.?(?![\p{L}])/u.test(t) || irishCounty(t)) return false;
  // a German till's fiscal security module's lines ("TSE-Signatur: …", "TSE-Zeitformat: utcTime", "TSE-Seriennummer")
  if (/^TSE[\s-]/i.test(t)) return false;
  // (nor a signature's or a hash's run of mixed letters and digits: "Ue2oA5iGfB7tN9wQ3rS1dV8yZ0xC4kL6jH2")
  if (/^(?=\S*\d)(?=\S*\p{Ll})(?=\S*\p{Lu})\S{16,}$/u.test(t)) return false;
  // two fields with their labels on one line ("State Name : Gujarat, Code : 24")
  if (/^\p{L}[\p{L} .'/]{0,25}\s?:\s?[^,:]{1,40},\s*\p{L}[\p{L} .]{0,25}\s?:\s?\S/u.test(t)) return false;
  // a restaurant bill's table, check, guests or server with its number ("Tbl 2/1", "Chk 1878", "Table 14"), a clock time ("Nov30'14 06:35PM")
  if (/^(?:tbl|table|tb|chk|check|gst|guests?|server|cashier|seat|station|covers?)\b\.?\s*[#:]?\s*\d/i.test(t) || /\b\d{1,2}:\d{2}(?!\d)/.test(t)) return false;
  // a line table's column headings ("Art. Descrição Qtd", "QTD UNI DESCRICAO IVA VALOR", "Qty Description Price")
  if (t.split(/\s+/).filter((w) => /^(?:art\.?|artigo|descri[çc][ãa]o|qtd|qty|quant\w*|uni|un|pre[çc]o|valor|iva|price|amount|description|item|items|menge|bezeichnung|preis|betrag|total)$/i.test(w)).length >= 2) return false;
  // who served or how it was ordered, with the name or code after it ("Server: Emely", "Waiter 58 IRYNA P", "Order Type: PUW";
  // a store's manager printed under its name: "MANAGER JOHN DOE", "Store Manager: Ann Lee", "Filialleiter M. Weber")
  if (/^(?:server|waiter|waitress|cashier|host(?:ess)?|clerk|operator|attendant|order\s*type|order\s*#?|table|tbl|(?:store\s+|general\s+|assistant\s+)?manager|mgr|supervisor|team\s+leader|filialleiter(?:in)?|marktleiter(?:in)?|g[ée]rant(?:e)?|kassierer(?:in)?|caissi[eè]re?|cajer[oa]|cassiere)\b\.?\s*[#:]?\s*\S/i.test(t) && !LEGAL_SUFFIX.test(t)) return false;
  // a town and its state or province closing an address ("FAIR OAKS, CA", "Edmonton AB") — but "CO" after a
  // name without a comma or a ZIP is its company ("SAM SAM TRADING CO"), not Colorado, and so is "AB" on a Swedish page
  if (TOWN_AND_STATE.test(t) && !/[^,]\s+CO$/i.test(t) && !(context.aktiebolag && /[^,]\s+AB$/.test(t))) return false;
  // a currency code or sign printed alone or with its column's heading ("EUR", "RM", "€ Betrag", "Amount (USD)")
  const bare = t.replace(/[\s.:()]+/g, '');
  if (ISO_CURRENCY_CODE.test(bare) || (/^(?:betrag|preis|amount|price|montant|prix|bedrag|prijs|importe|importo|harga|jumlah)(?:EUR|USD|GBP|CHF|RM|€|£|\$)$/i.test(bare))) return false;
  // the addressee "care of" someone ("c/- Smith Administration Ltd", "c/o", "care of", "z. Hd.")
  if (/^(?:c\/[-o]|c\s?\/\s?o\b|care\s+of\b|attn\b|z\.\s?hd)/i.test(t)) return false;
  // the program that made the PDF: "Created with …", "Generated by …", "Page 1 of 2", "Microsoft Word - invoice.docx"
  // also the heading of a rendering of e-invoice data ("Stylesheet zur Lesbarmachung der XML-Daten …")
  if (/\bxml\b|\bstylesheet\b|\blesbarmachung\b|\bvisuali[sz]\w*/i.test(t)) return false;
  // a field's label in a block of labelled rows ("Name:", "Nummer", "Globale Nummer", "Anschrift")
  // (also as an OCR reading spaces it: "TRADE NA ME")
  if (/^(?:trade|company|legal|business|registered|shop|store)name:?$/i.test(t.replace(/\s+/g, ''))) return false;
  if (/^(?:name|nom|naam|nombre|nome|nummer|globale\s+nummer|number|anschrift|adresse|address|firma|company|kontakt|contact|bezeichnung|id|kennung)\s*:?$/i.test(t)) return false;
  // where to pay, as a label alone (also glued by an OCR reading: "RemitAddress", "RE MIT TO")
  if (/^remit(?:to|address|payment(?:to)?)?:?$/i.test(t.replace(/\s+/g, ''))) return false;
  // (a form's other labels standing alone in its grid: "Remit Address", "Billing Address", "Agency Code", "PO Box",
  // a broadcaster's order fields: "Advertiser", "Agency", "Salesperson"; a copy's stamp: "DUPLICATE")
  if (/^(?:(?:remit(?:tance)?|billing|mailing|shipping|invoice|delivery|postal|business|registered|street)\s+address|(?:agency|advertiser|customer|client|account|product|vendor|supplier|area|zip|postal|sort|bank|country|station|promo)\s+code|(?:agency|advertiser|customer|client|order|your|our)\s+ref(?:erence)?|p\.?\s?o\.?\s*box|postfach|advertiser|agency|property|product|salesperson|account\s+executive|sales\s+(?:office|region|rep(?:resentative)?)|duplicate|triplicate|original|reprint)\s*[:#]?$/i.test(t)) return false;
  // a post-office box, its number cut off, a speck before it ("IPO Box 840148"): an address
  if (/^[|Il!1]?\s?p\.?\s?o\.?\s*box\b/i.test(t)) return false;
  // a field's label that says it holds a number ("Estimate Number", "Kundennummer:"; not "Lucky Number")
  if (/^(?:estimate|order|account|customer|client|invoice|reference|ref|contract|phone|telephone|fax|tax|vat|registration|serial|tracking|po|item|document|folio|booking|confirmation|member|card|kunden|rechnungs|auftrags|bestell|steuer)\s*(?:number|nummer)\s*[:#]?$/i.test(t)) return false;
  if (/\b(?:generated|created|produced|printed|converted|made)\s+(?:by|with|using|on)\b|\b(?:microsoft\s+word|libreoffice|openoffice|acrobat|crystal\s+reports|pdf(?:creator|sharp|kit|lib)|wkhtmltopdf|ghostscript|itext|fpdf|tcpdf)\b|\.(?:docx?|xlsx?|odt|pdf)\b/i.test(t)) return false;
  if (/\d{3,}/.test(t) && !LEGAL_SUFFIX.test(t)) return false; // addresses, phone numbers, ids
  // the company's share capital, in a footer's legal line: "SARL au capital de 50 000 Euros", "Stammkapital 25.000 EUR"
  if (/\b(?:au\s+capital\s+de|capital\s+social|stammkapital|grundkapital|share\s+capital|capitale\s+sociale)\b/i.test(t)) return false;
  // the headings of a tax table or a totals block ("MWST% MWST + Netto = Brutto", "Summe"): a receipt whose
  // name is only its logo leaves these as its best-placed words
  if (/%/.test(t)) return false;
  if (/^(?:(?:brutto|netto|mwst|ust|mw\.?st\.?|steuer|summe|gesamt|betrag|total|subtotal|tax|vat|gst|sst|amount|net|gross|ttc|ht|tva)[\s%+=.:/]*)+$/i.test(t)) return false;
  // an item or a column of prices: a name does not end in an amount ("Widgets 10.00", "€ 4,50")
  if (/\d[.,]\d{2}\s*(?:[€£$]|eur|usd|gbp|chf)?\.?\s*$/i.test(t)) return false;
  // street names: compounds ("Hauptstr.", "Kerkstraat") or a street word after a name ("Main Rd.") — not
  // "MRD.I.Y." or "FIRST.", where the letters merely end like an abbreviation
  // "99 SPEED MART S/B": digits opening a name with a legal form are part of the name, not a house number
  // (or a word naming a trade after two digits or more: "32 PUB & BISTRO", not the item "1 CAFE LATTE") — a number
  // before a street is a house number
  if ((/^\d+\s+\p{L}/u.test(t) && !LEGAL_SUFFIX.test(t) && !(/^\d{2,}\s/.test(t) && TRADE_WORDS.test(t) && !ADDRESS_WORDS.test(t))) || /\p{L}+(?:str(?:aße|asse)|weg|laan|straat|street|road|avenue|plein|gasse|platz)\b|\p{L}+str\.(?:\s|$)|\p{L}\s+(?:st|rd|ave)\.(?:\s|$)/iu.test(t)) return false;
  // (a street of words and its number: "Hohe Str. 41", "Lange Straße 9", "Königsallee 60", "Am Anger 5", "An der Kirche 2")
  if (/\b(?:str\.|stra(?:ß|ss)e)\s*\d|\p{L}(?:allee|damm|quai|ufer|chaussee|gasse)\s+\d{1,4}\s?[a-z]?$|^(?:am|im|an\s+der|an\s+den|auf\s+dem|in\s+der|zum|zur|hinter\s+der)\s+\p{Lu}[\p{L}-]+\s+\d{1,4}\s?[a-z]?$/iu.test(t)) return false;
  if (VENDOR_CUES.test(t) && !LEGAL_SUFFIX.test(t)) return false;
  // "Company Reg No. 75485", "Co. No. 113825-W": the company's number, though it says "Company"
  if (/\b(?:co(?:mpany)?\.?\s*(?:re\w{1,10}\.?\s*)?(?:no\b|number)|co(?:mpany)?\.?\s*reg\w*|reg(?:istration)?\.?\s*no\b)/i.test(t)) return false;
  // (also a row of a grid that starts with a customer's label and its colon: "Billing Address: Sales Region National")
  const customer = CUSTOMER_LABELS.exec(t);
  if (customer && (t.split(/\s+/).length <= 3 || (customer.index === 0 && /^\s*:/.test(t.slice(customer[0].length))))) return false;
  // a seller's heading alone ("Rechnungsersteller", "Verkäufer:", "Supplier") names no one
  if (new RegExp(`^(?:${VENDOR_LABELS.source})$`, 'i').test(t.replace(/\s*:\s*$/, ''))) return false;
  if (/^#|\b(?:page|seite|total|totaal|totale|summe|gesamt|subtotal|date|datum|amount|balance|due|change|rounding|tendered|tax|vat|btw|mwst|qty|quantity|price|description|summary|terms|notes?|net\s+\d+|netto|grondslag|kopie|copy)\b/i.test(t)) return false;
  if (COUNTRIES.test(t) || REGION_NAMES.test(t)) return false;
  // a house number ("No 8") or only the labels of tax and registration numbers ("BRN GST", "GST No.")
  if (/^(?:no|nr|n°|#)\.?\s*\d+[a-z]?$/i.test(t)) return false;
  if (/^(?:(?:gst|sst|vat|brn|tin|roc|reg|id|no|tax|ust|btw|tva|iva|nif|cif|abn|ein|uen|gstin|pan)\b[\s.:#/-]*)+$/i.test(t)) return false;
  return true;
}

/** lower-case letters and digits of a name without its legal form: "QualityHosting AG" -> "qualityhosting" */
const NOT_NAME_LETTER = new RegExp(`[^a-z0-9${OTHER_SCRIPT_LETTERS}]`, 'g');

export function compactName(name: string): string {
  let n = name;
  for (let i = 0; i < 3; i++) n = n.replace(new RegExp(`${LEGAL_SUFFIX.source}\\s*$`), '').replace(/[\s,.]+$/, '');
  // (a form before the name as well: "株式会社サンプル" and "サンプル株式会社" are one company)
  n = n.replace(LEADING_LEGAL_FORM, '');
  // (letters of other scripts count as letters: Cyrillic, Greek, Japanese, Chinese, Korean)
  return n.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').normalize('NFC').replace(NOT_NAME_LETTER, '');
}
