// The seller's country, from what documents print about where they come from: the
// legal form of a company name (Sdn Bhd, Pte Ltd, GmbH, B.V.), tax and registration
// identifiers (GSTIN, ABN, USt-IdNr., a VAT number with its country prefix, the formats of
// German and UK VAT ids, New Zealand GST and Malaysian SST numbers), tax rates printed with
// the tax's name (MwSt 19 %, GST 15 %), telephone country codes, the IBAN, the currency
// marks of local money (RM, S$, ₹, zł), the country, state or large town named in an
// address, and — weakly — the language of a few words every shop prints. Each signal adds weight; the country with most weight
// wins, with a confidence from its lead. Used for the day/month order of dates, a
// currency nobody printed, and the meaning of an ambiguous mark such as `$` or `kr`.
import type { Field } from '../types.js';
import { field } from '../types.js';
import { US_STATE_CODES } from './vocabulary.js';

/** Country -> its currency (ISO 4217). */
export const COUNTRY_CURRENCY: Record<string, string> = {
  MY: 'MYR', SG: 'SGD', IN: 'INR', ID: 'IDR', TH: 'THB', PH: 'PHP', VN: 'VND', HK: 'HKD', CN: 'CNY', JP: 'JPY', KR: 'KRW', TW: 'TWD',
  AU: 'AUD', NZ: 'NZD', US: 'USD', CA: 'CAD', MX: 'MXN', BR: 'BRL', GB: 'GBP', IE: 'EUR', CH: 'CHF', LI: 'CHF', PL: 'PLN', CZ: 'CZK',
  HU: 'HUF', RO: 'RON', BG: 'BGN', SE: 'SEK', NO: 'NOK', DK: 'DKK', IS: 'ISK', TR: 'TRY', ZA: 'ZAR', AE: 'AED', SA: 'SAR', IL: 'ILS',
  DE: 'EUR', AT: 'EUR', NL: 'EUR', BE: 'EUR', LU: 'EUR', FR: 'EUR', IT: 'EUR', ES: 'EUR', PT: 'EUR', FI: 'EUR', GR: 'EUR', SK: 'EUR',
  SI: 'EUR', EE: 'EUR', LV: 'EUR', LT: 'EUR', MT: 'EUR', CY: 'EUR', HR: 'EUR',
};

/** Countries that write numeric dates month first. */
export const MONTH_FIRST_COUNTRIES = new Set(['US', 'PH', 'FM', 'MH', 'PW']);

/** Countries whose money is a dollar (a bare `$` there is that dollar). */
export const DOLLAR_COUNTRIES = new Set(['US', 'CA', 'AU', 'NZ', 'SG', 'HK', 'TW', 'MX', 'BR']);

/** South Africa's rand is printed as R before the amount ("R1,000.00"). */
export const RAND_COUNTRIES = new Set(['ZA']);

type Signal = [RegExp, string, number];

const SIGNALS: Signal[] = [
  // legal forms
  [/\bS(?:dn|DN|ON)\.?\s*B(?:hd|HD)\b|\bBerhad\b|\bBHD\b(?!\s*[\d.,]{2})|(?<=\s)S\/B\b/g, 'MY', 3],
  [/\bPte\.?\s*Ltd\b|\bPTE\.?\s*LTD\b/gi, 'SG', 3],
  [/\bPvt\.?\s*Ltd\b|\bPrivate\s+Limited\b|\bLLP\b(?=.*\bIndia\b)/gi, 'IN', 3],
  [/\bPty\.?\s*Ltd\b/gi, 'AU', 3],
  // ("(Pty) Ltd" in brackets is South Africa's private company)
  [/\(Pty\)\s*Ltd\b/gi, 'ZA', 3.5],
  [/\bS\.?\s?A\.?\s+de\s+C\.?\s?V\.?|\bS\.?\s?de\s+R\.?\s?L\.?/gi, 'MX', 3],
  [/\bGmbH\b|\bUG\s*\(haftungsbeschränkt\)|\be\.\s?K\./g, 'DE', 2],
  [/\bB\.\s?V\.|\bV\.o\.F\.|\bVOF\b/g, 'NL', 2],
  [/\bS\.?A\.?R\.?L\.?\b|\bSAS\b|\bS\.A\.S\.|\bEURL\b/g, 'FR', 2],
  [/\bS\.r\.l\.|\bS\.p\.A\.|\bSrl\b|\bSpA\b/g, 'IT', 2],
  [/\bS\.L\.U?\b|\bS\.L\.|\bSociedad\b/g, 'ES', 1.5],
  [/\bSp\.\s?z\s?o\.\s?o\.|\bsp\.\s?j\./gi, 'PL', 3],
  [/\bs\.r\.o\.|\ba\.s\.(?=\s|$)/g, 'CZ', 2],
  [/\bOyj?\b/g, 'FI', 2],
  [/\bApS\b/g, 'DK', 2],
  [/\bK\.K\.|\bKabushiki\b/g, 'JP', 2],
  [/\b(?:Inc\.?|LLC|L\.L\.C\.|Corp\.)(?=\s|,|$)/g, 'US', 1],
  [/\bPLC\b|\bplc\b/g, 'GB', 1],
  // tax and registration identifiers
  [/\bGSTIN\b|\bPAN\s*(?:No|Number)?\s*[:.]?\s*[A-Z]{5}\d{4}[A-Z]\b|\bCIN\s*[:.]?\s*[LU]\d{5}/g, 'IN', 4],
  [/\b\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]\b/g, 'IN', 4], // a GSTIN itself
  [/\bABN\s*[:.]?\s*\d{2}\s?\d{3}\s?\d{3}\s?\d{3}\b/g, 'AU', 4],
  [/\bUEN\b/g, 'SG', 3],
  // a GST registration of 12 digits starting 00 is Malaysia's (Singapore's are letters and digits, India's a GSTIN)
  [/\bGST\s*(?:ID|No|Reg(?:istration)?(?:\s*No)?)\.?\s*[:.#;]?\s*00\d{10}\b/gi, 'MY', 3],
  [/\bSST\s*(?:Reg|No|ID)\b|\bROC\s*(?:No)?\s*[:.]?\s*\d+-?[A-Z]\b|\([A-Z]{0,3}\d{5,10}-[A-Z]\)/g, 'MY', 3],
  [/\bUSt-?Id(?:Nr)?\.?|\bSteuer-?Nr\.?|\bHRB\s*\d+|\bAmtsgericht\b|\bHandelsregister\b/gi, 'DE', 3],
  [/\bKvK\b|\bK\.v\.K\.|\bBTW-?(?:nr|nummer|id)\b/gi, 'NL', 3],
  [/\bSIRE[NT]\b|\bRCS\s+[A-Z]|\bTVA\s+intracommunautaire\b/gi, 'FR', 3],
  [/\bNIP\s*[:.]?\s*\d{3}-?\d{3}-?\d{2}-?\d{2}\b|\bREGON\b/g, 'PL', 4],
  [/\bCVR(?:-?nr)?\b/gi, 'DK', 3],
  [/\bOrg\.?\s*nr\b|\bOrganisationsnummer\b/gi, 'SE', 2],
  [/\bEIN\s*[:.]?\s*\d{2}-\d{7}\b/g, 'US', 3],
  // a Swiss company id (UID "CHE-123.456.789", with MWST/TVA/IVA after it), a Mexican RFC, Canada's GST/HST and business number
  [/\bCHE-?\d{3}\.?\d{3}\.?\d{3}\b/g, 'CH', 4],
  [/\bRFC\s*[:.]?\s*[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}\b/g, 'MX', 4],
  [/\bGST\s*\/\s*HST\b|\bHST\b|\bQST\b|\bTVQ\b|\b\d{9}\s?RT\s?\d{4}\b/g, 'CA', 3],
  [/\bCompanies\s+House\b|\bregistered\s+in\s+England\b/gi, 'GB', 3],
  // local money
  [/\bRM\s?\d|\bRM\b|\bRinggit\b/g, 'MY', 2.5],
  [/\bS\$|\bSGD\b/g, 'SG', 2.5],
  [/₹|\bRs\.?\s?\d|\bINR\b|\bRupees?\b/g, 'IN', 2.5],
  [/zł|\bPLN\b/g, 'PL', 2.5],
  [/\bKč\b|\bCZK\b/g, 'CZ', 2.5],
  [/\bRp\.?\s?\d|\bIDR\b/g, 'ID', 2],
  [/฿|\bTHB\b|\bBaht\b/gi, 'TH', 2],
  [/₱|\bPHP\b/g, 'PH', 2],
  [/\bHK\$|\bHKD\b/g, 'HK', 2.5],
  [/\bA\$|\bAUD\b/g, 'AU', 2],
  [/\bNZ\$|\bNZD\b/g, 'NZ', 2],
  [/\bC\$|\bCAD\b/g, 'CA', 2],
  [/\bCHF\b|\bFr\.\s?\d/g, 'CH', 2],
  // (a "£" alone is often the OCR's "€": it says little of the country)
  [/\bGBP\b/g, 'GB', 1.5],
  [/£/g, 'GB', 0.5],
  [/\bSEK\b/g, 'SE', 2],
  [/\bNOK\b/g, 'NO', 2],
  [/\bDKK\b/g, 'DK', 2],
  // country names in addresses
  [/\bMalaysia\b/gi, 'MY', 3],
  [/\bSingapore\s*\d{6}\b|\bRepublic of Singapore\b/gi, 'SG', 3],
  [/\bSingapore\b/gi, 'SG', 1.5],
  [/\bIndia\b|\bBharat\b/gi, 'IN', 2.5],
  [/\bIndonesia\b/gi, 'ID', 2.5],
  [/\bThailand\b/gi, 'TH', 2.5],
  [/\bPhilippines\b/gi, 'PH', 2.5],
  [/\bAustralia\b/gi, 'AU', 2.5],
  [/\bNew Zealand\b/gi, 'NZ', 2.5],
  [/\bUnited States\b|\bU\.S\.A\.?|\bUSA\b/g, 'US', 2.5],
  [/\bCanada\b/gi, 'CA', 2.5],
  [/\bUnited Kingdom\b|\bEngland\b|\bScotland\b|\bWales\b/gi, 'GB', 2.5],
  [/\bDeutschland\b|\bGermany\b/gi, 'DE', 2.5],
  [/\bNederland\b|\bNetherlands\b/gi, 'NL', 2.5],
  [/\bBelgi(?:[eë]|que|um)\b/gi, 'BE', 2.5],
  [/\bFrance\b/gi, 'FR', 2],
  [/\bÖsterreich\b|\bAustria\b/gi, 'AT', 2.5],
  [/\bSchweiz\b|\bSuisse\b|\bSwitzerland\b/gi, 'CH', 2.5],
  [/\bItalia\b|\bItaly\b/gi, 'IT', 2.5],
  [/\bEspaña\b|\bSpain\b/gi, 'ES', 2.5],
  [/\bPolska\b|\bPoland\b/gi, 'PL', 2.5],
  [/\bSverige\b|\bSweden\b/gi, 'SE', 2.5],
  [/\bNorge\b|\bNorway\b/gi, 'NO', 2.5],
  [/\bDanmark\b|\bDenmark\b/gi, 'DK', 2.5],
  [/\bSuomi\b|\bFinland\b/gi, 'FI', 2.5],
  [/\bIreland\b|\bÉire\b/gi, 'IE', 2.5],
  [/\bSouth Africa\b|\bSuid-Afrika\b/gi, 'ZA', 2.5],
  [/\bMéxico\b|\bMexico\b|\bCDMX\b/g, 'MX', 2.5],
  // tax identifiers by their own format: a German VAT id (DE + 9 digits), a UK one (GB + 9 or 12
  // digits), a New Zealand GST number (8–9 digits as 2–3/3/3), a Malaysian SST registration
  [/\bDE\s?\d{9}\b/g, 'DE', 3],
  // (a till prints it in groups: "DE 115 055 186")
  [/\bDE\s?\d{3}\s\d{3}\s\d{3}\b/g, 'DE', 3],
  [/\bGB\s?\d{3}\s?\d{4}\s?\d{2}(?:\s?\d{3})?\b/g, 'GB', 3],
  [/\bGST\s*(?:No|Number|Reg(?:istration)?(?:\s*No)?)?\.?\s*[:.#]?\s*\d{2,3}[- ]\d{3}[- ]\d{3}\b/gi, 'NZ', 3],
  [/\b[A-Z]\d{2}-\d{4}-\d{8}\b/g, 'MY', 3],
  // addresses: an Australian state before its 4-digit postcode, a German "D-" postcode, a Dutch or
  // New Zealand town with its postcode, the large towns of a few countries
  [/\b(?:NSW|VIC|QLD|TAS|ACT|NT)\s+\d{4}\b/g, 'AU', 2.5],
  [/\bD-\d{5}\s+\p{Lu}/gu, 'DE', 2.5],
  [/\b(?:Auckland|Wellington|Christchurch|Hamilton|Tauranga|Dunedin|Palmerston North|Napier|Nelson|Rotorua|New Plymouth|Whangarei|Invercargill|Queenstown)\b[\s,]*\d{4}\b/g, 'NZ', 2.5],
  [/\b\d{5}\s+(?:Berlin|Hamburg|München|Muenchen|Köln|Koeln|Frankfurt|Stuttgart|Düsseldorf|Duesseldorf|Dortmund|Essen|Leipzig|Bremen|Dresden|Hannover|Nürnberg|Nuernberg|Duisburg|Bochum|Wuppertal|Bielefeld|Bonn|Münster|Karlsruhe|Mannheim|Augsburg|Wiesbaden|Freiburg|Kiel|Rostock|Mainz|Potsdam|Regensburg)\b/g, 'DE', 2.5],
  [/\b\d{5}\s+(?:Paris|Marseille|Lyon|Toulouse|Nice|Nantes|Strasbourg|Montpellier|Bordeaux|Lille|Rennes|Reims|Grenoble|Dijon|Angers|Brest)\b/gi, 'FR', 2.5],
  [/\b(?:London|Manchester|Birmingham|Glasgow|Edinburgh|Leeds|Liverpool|Bristol|Cardiff|Belfast)\b[\s,]+[A-Z]{1,2}\d/g, 'GB', 2],
  // the language a shop prints in (a weak hint: German is also Austria's and Switzerland's)
  [/\b(?:Rechnung|Summe|MwSt|Mwst|Bar(?:geld)?|Rückgeld|Rueckgeld|Gesamtbetrag|Kassenbon|Vielen Dank|Ihr Einkauf|Einkauf|Zahlbetrag|Steuernummer|Lieferschein|Kunden-?nr)\b/g, 'DE', 0.75],
  // (a till's own words: when and where it was paid, how, before and after tax)
  [/\b(?:Uhr|Kasse|Artikel|Filiale|Kartenzahlung|Barzahlung|zu zahlen|Netto|Brutto|Betrag|Beleg|Bon-?Nr|Danke|Steuer|Rückgabe|Kundenbeleg|KUNDENBELEG|Datum|Kreditkarte|Zahlung)\b/g, 'DE', 0.75],
  // a German street ("Warburger Straße 130", the OCR's "StraBe"): also Austria's, also a euro country
  [/\p{L}*(?:straße|strasse|straBe)\s+\d/giu, 'DE', 1.5],
  [/\b(?:Facture|Montant|TTC|Merci|Espèces|Especes|Rendu|Règlement|Reglement|Caisse)\b/g, 'FR', 0.75],
  [/\b(?:Jumlah|Tunai|Baki|Terima kasih|Cukai|Harga|Kuantiti)\b/gi, 'MY', 1],
  // the states of a federation print after the town in every address
  [/\b(?:Johor|Selangor|Kuala Lumpur|Pulau Pinang|Penang|Perak|Pahang|Kedah|Kelantan|Terengganu|Melaka|Negeri Sembilan|Sabah|Sarawak|Perlis|Putrajaya|Labuan)\b/gi, 'MY', 1.5],
  // a Malaysian landline: a one-digit area code and a dash ("03-3279 1851", "07-355 1234")
  [/(?<![\d-])0[3-9]-\s?\d{3,4}[\s-]?\d{4}(?!\d)/g, 'MY', 1.5],
  // Malay street words (Jalan, Taman, Lorong) in an address
  // ("Kg" is a kampung before a name, a kilogram after a number: "0,59 Kg Gambas")
  [/\b(?:Jalan|Jln|Taman|Tmn|Lorong|Lrg|Persiaran|Kampung)\b\.?\s+\w|(?<![\d.,]\s?)\bKg\b\.?\s+\p{Lu}/giu, 'MY', 1.5],
  // Portugal: its postcode (NNNN-NNN) before the town, company and taxpayer ids, a certified till's line, its language
  [/\b\d{4}-\d{3}\s+\p{Lu}/gu, 'PT', 2.5],
  [/\bNIPC\b|\bContribuinte\b|\bC\.?R\.?C\.?\s|\bprograma certificado\b|\bATCUD\b|\bMatr[ií]cula\b/gi, 'PT', 3],
  [/\bLda\.?(?=\s|,|$)|\bLDA\b|\bUnipessoal\b/g, 'PT', 2],
  [/\b(?:Obrigad[oa]|Fatura|Fatura-Recibo|Factura-Recibo|Talão|Talao|Troco|Numerário|Numerario|Morada|Pagamento|Artigos|Atendido)\b/g, 'PT', 0.75],
  [/\bPortugal\b/gi, 'PT', 2.5],
  [/\b(?:Lisboa|Porto|Braga|Coimbra|Faro|Aveiro|Setúbal|Setubal|Funchal|Amadora|Almada|Cascais|Sintra|Oeiras|Matosinhos|Gaia|Loures|Leiria|Viseu|Évora|Evora)\b/g, 'PT', 1.5],
  // Indonesia: a street (Jl.), the till's words (cash, change, VAT), large towns
  [/\bJl\.\s?\p{Lu}|\b(?:Kembali|Kembalian|PPN|Pajak|Tunai\s+Kembali|Jakarta|Bandung|Surabaya|Tangerang|Bekasi|Depok|Medan|Semarang|Yogyakarta|Denpasar|Makassar|Bogor)\b/gu, 'ID', 1.5],
  [/\bIndonesia\b/gi, 'ID', 2.5],
  // Indonesia's restaurant tax ("PB1 10%", Pajak Bangunan 1)
  [/\bPB\s?1\b/g, 'ID', 3],
  // dishes and drinks named in Malay or Indonesian (both countries' menus): a weak hint for each, told apart
  // by how the till writes money (malayMoney below)
  [/\b(?:Nasi|Ayam|Goreng|Tahu|Tempe|Bakso|Mie|Udang|Sambal|Bebek|Sate|Soto|Rendang|Kerupuk|Es\s+Teh|Teh\s+Manis|Kopi\s+Susu)\b/gi, 'MY', 0.5],
  [/\b(?:Nasi|Ayam|Goreng|Tahu|Tempe|Bakso|Mie|Udang|Sambal|Bebek|Sate|Soto|Rendang|Kerupuk|Es\s+Teh|Teh\s+Manis|Kopi\s+Susu)\b/gi, 'ID', 0.5],
  [/\b(?:Maharashtra|Karnataka|Tamil Nadu|Kerala|Gujarat|Rajasthan|Uttar Pradesh|West Bengal|Telangana|Andhra Pradesh|Haryana|Punjab|New Delhi|Delhi|Mumbai|Bengaluru|Bangalore|Chennai|Kolkata|Hyderabad)\b/gi, 'IN', 1.5],
  [new RegExp(String.raw`\b(?:${US_STATE_CODES}|DE|ID|IN|ME|OR)\s+\d{5}(?:-\d{4})?\b`, 'g'), 'US', 2.5],
  [/\b[A-Z]{1,2}\d[A-Z\d]?[ ]\d[A-Z]{2}\b/g, 'GB', 1.5], // UK postcode
  // a North American phone number ("(818) 898-0880", "603-437-7251"), a town and its state closing a line
  // ("Windham NH"), a restaurant bill's server, guests and tip
  [/\(\d{3}\)\s?\d{3}-\d{4}\b|(?<![\d-])\d{3}-\d{3}-\d{4}(?![\d-])/g, 'US', 1.5],
  [new RegExp(String.raw`^[^\S\n]*\p{Lu}[\p{L}.' ]{2,30},?\s(?:${US_STATE_CODES})[^\S\n]*$`, 'gmu'), 'US', 2],
  [/\b(?:Server|Guests?|Gratuity|Suggested Tip|Tip)\b\s*[:#(]/g, 'US', 0.75],
  // a Canadian province before its postcode ("Toronto, ON M5X 1A9")
  [/\b(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d\b/g, 'CA', 3],
  // a Swiss postcode with its town, and the Swiss thousands mark (1'000.00)
  [/\b\d{4}\s+(?:Zürich|Zurich|Genève|Geneve|Genf|Basel|Bern|Lausanne|Luzern|Lucerne|Winterthur|St\.?\s?Gallen|Lugano|Biel|Thun|Zug|Fribourg|Schaffhausen|Chur|Neuchâtel|Sion|Aarau|Baden)\b/g, 'CH', 2.5],
  [/\d'\d{3}(?:'\d{3})*[.,]\d{2}\b/g, 'CH', 1.5],
  [/\b(?:Johannesburg|Cape Town|Durban|Pretoria|Port Elizabeth|Gqeberha|Bloemfontein|Sandton|Centurion|Stellenbosch)\b/g, 'ZA', 2.5],
  [/\b[1-9]\d{3}[ ]?(?!SA|SD|SS)[A-Z]{2}[ ]+[A-Z][a-z]{2,}/g, 'NL', 1], // Dutch postcode + town
];

/** VAT numbers and IBANs start with the country. */
const PREFIXED = /\b(?:VAT|USt|BTW|TVA|IVA|MwSt|MVA|Moms|P\.?\s?IVA|NIF|CIF)[^\n]{0,25}?\b([A-Z]{2})\s?[0-9][0-9A-Z]{7,11}\b|\bIBAN\W{0,3}([A-Z]{2})\d{2}/gi;

/** Telephone country codes (+60 ...; a leading 00 is too easily a tax or account number). */
const PHONE_CODES: Record<string, string> = {
  '60': 'MY', '65': 'SG', '91': 'IN', '62': 'ID', '66': 'TH', '63': 'PH', '84': 'VN', '852': 'HK', '86': 'CN', '81': 'JP', '82': 'KR',
  '61': 'AU', '64': 'NZ', '1': 'US', '44': 'GB', '353': 'IE', '49': 'DE', '43': 'AT', '41': 'CH', '31': 'NL', '32': 'BE', '352': 'LU',
  '33': 'FR', '39': 'IT', '34': 'ES', '351': 'PT', '48': 'PL', '420': 'CZ', '36': 'HU', '40': 'RO', '46': 'SE', '47': 'NO', '45': 'DK',
  '358': 'FI', '30': 'GR', '90': 'TR', '27': 'ZA', '971': 'AE', '966': 'SA', '972': 'IL',
};
const PHONE = /\+(\d{1,3})[\s().-]*\d/g;

/** Country-code top-level domains (.uk for GB); generic ones (.com, .eu, .io, .co alone) say nothing. */
const COUNTRY_TLDS: Record<string, string> = {
  pt: 'PT', de: 'DE', fr: 'FR', nl: 'NL', be: 'BE', it: 'IT', es: 'ES', at: 'AT', ch: 'CH', uk: 'GB', ie: 'IE', lu: 'LU', pl: 'PL', cz: 'CZ',
  se: 'SE', dk: 'DK', no: 'NO', fi: 'FI', au: 'AU', nz: 'NZ', my: 'MY', sg: 'SG', in: 'IN', za: 'ZA', ca: 'CA', mx: 'MX', br: 'BR',
  jp: 'JP', hk: 'HK', id: 'ID', th: 'TH', ph: 'PH', hu: 'HU', ro: 'RO', gr: 'GR', hr: 'HR', sk: 'SK', si: 'SI',
};

/**
 * Tax rates printed with the name of the tax: "MwSt 19 %", "7% USt", "GST 15%", "TVA 20 %",
 * "BTW 21%", "VAT 20%". Each rate is a country's (or a few); the rate alone, without a tax
 * word near it, is a discount as often as a tax and says nothing.
 */
const TAX_RATES: [RegExp, Record<string, [string, number][]>][] = [
  [/\b(?:MwSt|Mwst|MWST|USt|Ust|UST|Mehrwertsteuer|Umsatzsteuer)\.?/, { '19': [['DE', 2]], '7': [['DE', 1.5]], '16': [['DE', 1]], '20': [['AT', 1.5]], '10': [['AT', 1]], '8.1': [['CH', 2]], '7.7': [['CH', 2]], '2.6': [['CH', 1.5]] }],
  [/\bGST\b/, { '15': [['NZ', 2.5]], '10': [['AU', 2]], '6': [['MY', 1.5]], '9': [['SG', 1.5]], '8': [['SG', 1.5]], '7': [['SG', 1]], '5': [['CA', 1]], '18': [['IN', 1.5]], '12': [['IN', 1]], '28': [['IN', 1.5]] }],
  [/\bSST\b|\bService\s+Tax\b/i, { '6': [['MY', 2]], '8': [['MY', 1.5]], '10': [['MY', 1.5]] }],
  [/\bVAT\b/, { '20': [['GB', 1.5]], '5': [['GB', 0.5]], '23': [['IE', 1.5]], '13.5': [['IE', 1.5]], '15': [['ZA', 1]] }],
  [/\bTVA\b/, { '20': [['FR', 2]], '5.5': [['FR', 2]], '10': [['FR', 1]], '2.1': [['FR', 1.5]], '21': [['BE', 1.5]], '17': [['LU', 1.5]] }],
  [/\bBTW\b/, { '21': [['NL', 1.5], ['BE', 1]], '9': [['NL', 2]], '6': [['BE', 1]] }],
  [/\bIVA\b/, { '21': [['ES', 1.5]], '10': [['ES', 1]], '22': [['IT', 2]], '4': [['IT', 0.5]], '23': [['PT', 2]], '13': [['PT', 1]], '6': [['PT', 1]] }],
  [/\b(?:Moms|MVA)\b/i, { '25': [['SE', 1], ['DK', 1], ['NO', 1]] }],
];

function taxRateSignals(text: string, add: (c: string, w: number) => void): void {
  const counted = new Set<string>();
  for (const line of text.split('\n')) {
    for (const m of line.matchAll(/(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s?%/g)) {
      const rate = String(Number(m[1].replace(',', '.')));
      // the tax's name on the same line, within a few words of the rate
      const near = line.slice(Math.max(0, (m.index ?? 0) - 30), (m.index ?? 0) + m[0].length + 30);
      for (const [word, rates] of TAX_RATES) {
        if (!word.test(near) || !rates[rate]) continue;
        for (const [country, w] of rates[rate]) {
          const key = `${country}:${rate}`;
          if (counted.has(key)) continue; // a rate printed on every line says it once
          counted.add(key);
          add(country, w);
        }
      }
    }
  }
}

/**
 * Malaysia and Indonesia share words; their money tells them apart. The ringgit has sen and a
 * Malaysian till prints them ("12.50"); the rupiah has none in use, and an Indonesian till prints
 * whole thousands ("24.000", "1,591,600"). When the words point to either, the way amounts are
 * written decides between them.
 */
const MALAY_WORDS = /\b(?:Nasi|Ayam|Goreng|Tahu|Tempe|Bakso|Mie|Udang|Sambal|Bebek|Sate|Soto|Rendang|Kerupuk|Teh|Kopi|Tunai|Kembali(?:an)?|Jumlah|Harga|Bayar|Pajak|Terima\s+kasih|Cukai|Baki)\b/i;

function malayMoney(text: string, weights: Map<string, number>): void {
  const my = weights.get('MY') ?? 0;
  const id = weights.get('ID') ?? 0;
  if ((!my && !id) || !MALAY_WORDS.test(text)) return;
  const thousands = text.match(/(?<![\d.,])\d{1,3}(?:[.,]000|[.,]\d{2}0|[.,]\d00)+(?![\d.,]*\d)/g)?.length ?? 0;
  const cents = text.match(/(?<![\d.,])\d{1,3}(?:,\d{3})*\.\d{2}(?![\d.,]*\d)|(?<![\d.,])\d{1,3}(?:\.\d{3})*,\d{2}(?![\d.,]*\d)/g)?.length ?? 0;
  if (thousands >= 3 && thousands >= 3 * cents) weights.set('ID', id + 1.5);
  else if (cents >= 3 && thousands <= cents / 3) weights.set('MY', my + 1);
}

export interface CountryReading extends Field<string> {
  /** weight per country, for diagnostics */
  weights: Record<string, number>;
}

export function detectCountry(text: string): CountryReading {
  const weights = new Map<string, number>();
  const add = (c: string, w: number) => weights.set(c, (weights.get(c) ?? 0) + w);
  for (const [re, country, w] of SIGNALS) {
    const n = (text.match(re) ?? []).length;
    // a signal repeated says little more than once
    if (n) add(country, w * Math.min(2, 1 + (n - 1) * 0.25));
  }
  for (const m of text.matchAll(PREFIXED)) {
    // (a country prefix is printed in capitals: "VAT No 4123456789" is no Norwegian number)
    if ((m[1] ?? m[2]) !== (m[1] ?? m[2]).toUpperCase()) continue;
    const c = (m[1] ?? m[2]).toUpperCase();
    if (c === 'EL') add('GR', 3);
    else if (COUNTRY_CURRENCY[c]) add(c, 3);
  }
  // a web or e-mail address under a country's domain ("www.jumbo.pt", "info@acme.co.nz"); a host name is at most
  // 100 characters here, so a hostile run of "www.www.…" costs linear time, not quadratic
  const tlds = new Set([...text.matchAll(/(?:www\.|@|https?:\/\/)[\w.-]{1,100}?\.((?:co|com|org|net)\.[a-z]{2}|[a-z]{2})\b(?![.-]\w)/gi)].map((m) => m[1].toLowerCase()));
  for (const tld of tlds) {
    const c = COUNTRY_TLDS[tld.replace(/^(?:co|com|org|net)\./, '')];
    if (c) add(c, 2);
  }
  for (const m of text.matchAll(PHONE)) {
    const digits = m[1];
    const code = [digits.slice(0, 3), digits.slice(0, 2), digits.slice(0, 1)].find((d) => PHONE_CODES[d]);
    if (code) add(PHONE_CODES[code], 2);
  }
  taxRateSignals(text, add);
  malayMoney(text, weights);
  const ranked = [...weights.entries()].sort((a, b) => b[1] - a[1]);
  if (!ranked.length) return { ...field<string>(null, 0), weights: {} };
  const [best, top] = ranked[0];
  const second = ranked[1]?.[1] ?? 0;
  // one strong signal (a legal form, a country name: weight 3) gives ~0.6; a weak one alone ~0.3
  const confidence = 0.95 * (1 - Math.exp(-(top - second) / 3));
  return { ...field(best, confidence), weights: Object.fromEntries(ranked) };
}
