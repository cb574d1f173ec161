// The seller's country, from what documents print about where they come from: the
// legal form of a company name (Sdn Bhd, Pte Ltd, GmbH, B.V.), tax and registration
// identifiers (GSTIN, ABN, USt-IdNr., a VAT number with its country prefix), telephone
// country codes, the IBAN, the currency marks of local money (RM, S$, ₹, zł) and the
// country named in an address. Each signal adds weight; the country with most weight
// wins, with a confidence from its lead. Used for the day/month order of dates, a
// currency nobody printed, and the meaning of an ambiguous mark such as `$` or `kr`.
import type { Field } from '../types.js';
import { field } from '../types.js';

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

type Signal = [RegExp, string, number];

const SIGNALS: Signal[] = [
  // legal forms
  [/\bS(?:dn|DN|ON)\.?\s*B(?:hd|HD)\b|\bBerhad\b|\bBHD\b(?!\s*[\d.,]{2})|(?<=\s)S\/B\b/g, 'MY', 3],
  [/\bPte\.?\s*Ltd\b|\bPTE\.?\s*LTD\b/gi, 'SG', 3],
  [/\bPvt\.?\s*Ltd\b|\bPrivate\s+Limited\b|\bLLP\b(?=.*\bIndia\b)/gi, 'IN', 3],
  [/\bPty\.?\s*Ltd\b/gi, 'AU', 3],
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
  [/£|\bGBP\b/g, 'GB', 1.5],
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
  // the states of a federation print after the town in every address
  [/\b(?:Johor|Selangor|Kuala Lumpur|Pulau Pinang|Penang|Perak|Pahang|Kedah|Kelantan|Terengganu|Melaka|Negeri Sembilan|Sabah|Sarawak|Perlis|Putrajaya|Labuan)\b/gi, 'MY', 1.5],
  // Malay street words (Jalan, Taman, Lorong) in an address
  [/\b(?:Jalan|Jln|Taman|Tmn|Lorong|Lrg|Persiaran|Kampung|Kg)\b\.?\s+\w/gi, 'MY', 1.5],
  [/\b(?:Maharashtra|Karnataka|Tamil Nadu|Kerala|Gujarat|Rajasthan|Uttar Pradesh|West Bengal|Telangana|Andhra Pradesh|Haryana|Punjab|New Delhi|Delhi|Mumbai|Bengaluru|Bangalore|Chennai|Kolkata|Hyderabad)\b/gi, 'IN', 1.5],
  [/\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY)\s+\d{5}(?:-\d{4})?\b/g, 'US', 2.5],
  [/\b[A-Z]{1,2}\d[A-Z\d]?[ ]\d[A-Z]{2}\b/g, 'GB', 1.5], // UK postcode
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
    const c = (m[1] ?? m[2]).toUpperCase();
    if (c === 'EL') add('GR', 3);
    else if (COUNTRY_CURRENCY[c]) add(c, 3);
  }
  for (const m of text.matchAll(PHONE)) {
    const digits = m[1];
    const code = [digits.slice(0, 3), digits.slice(0, 2), digits.slice(0, 1)].find((d) => PHONE_CODES[d]);
    if (code) add(PHONE_CODES[code], 2);
  }
  const ranked = [...weights.entries()].sort((a, b) => b[1] - a[1]);
  if (!ranked.length) return { ...field<string>(null, 0), weights: {} };
  const [best, top] = ranked[0];
  const second = ranked[1]?.[1] ?? 0;
  // one strong signal (a legal form, a country name: weight 3) gives ~0.6; a weak one alone ~0.3
  const confidence = 0.95 * (1 - Math.exp(-(top - second) / 3));
  return { ...field(best, confidence), weights: Object.fromEntries(ranked) };
}
