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
import { SIGNALS } from './country-signals.js';
import { MALAY_DISHES } from './vocabulary.js';

/** Country -> its currency (ISO 4217). */
export const COUNTRY_CURRENCY: Record<string, string> = {
  MY: 'MYR', SG: 'SGD', IN: 'INR', ID: 'IDR', TH: 'THB', PH: 'PHP', VN: 'VND', HK: 'HKD', CN: 'CNY', JP: 'JPY', KR: 'KRW', TW: 'TWD',
  AU: 'AUD', NZ: 'NZD', US: 'USD', CA: 'CAD', MX: 'MXN', BR: 'BRL', GB: 'GBP', IE: 'EUR', CH: 'CHF', LI: 'CHF', PL: 'PLN', CZ: 'CZK',
  HU: 'HUF', RO: 'RON', BG: 'BGN', SE: 'SEK', NO: 'NOK', DK: 'DKK', IS: 'ISK', TR: 'TRY', ZA: 'ZAR', AE: 'AED', SA: 'SAR', IL: 'ILS',
  DE: 'EUR', AT: 'EUR', NL: 'EUR', BE: 'EUR', LU: 'EUR', FR: 'EUR', IT: 'EUR', ES: 'EUR', PT: 'EUR', FI: 'EUR', GR: 'EUR', SK: 'EUR',
  SI: 'EUR', EE: 'EUR', LV: 'EUR', LT: 'EUR', MT: 'EUR', CY: 'EUR', HR: 'EUR', RU: 'RUB', UA: 'UAH', RS: 'RSD', KZ: 'KZT',
  CL: 'CLP', AR: 'ARS', CO: 'COP', PE: 'PEN', UY: 'UYU',
  PK: 'PKR', LK: 'LKR', NP: 'NPR', BD: 'BDT', MA: 'MAD', TN: 'TND', DZ: 'DZD', EG: 'EGP', NG: 'NGN', KE: 'KES', GH: 'GHS', TZ: 'TZS',
  UG: 'UGX', QA: 'QAR', KW: 'KWD', BH: 'BHD', OM: 'OMR', JO: 'JOD', MU: 'MUR',
};

/** Countries that write numeric dates month first. */
export const MONTH_FIRST_COUNTRIES = new Set(['US', 'PH', 'FM', 'MH', 'PW']);

/** Countries whose money is a dollar (a bare `$` there is that dollar). */
// (and the peso countries, whose money is printed with a bare "$" too: Chile, Argentina, Colombia, Uruguay)
export const DOLLAR_COUNTRIES = new Set(['US', 'CA', 'AU', 'NZ', 'SG', 'HK', 'TW', 'MX', 'BR', 'CL', 'AR', 'CO', 'UY']);

/** South Africa's rand is printed as R before the amount ("R1,000.00"). */
export const RAND_COUNTRIES = new Set(['ZA']);

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
const MALAY_WORDS = new RegExp(String.raw`\b(?:${MALAY_DISHES}|Teh|Kopi|Tunai|Kembali(?:an)?|Jumlah|Harga|Bayar|Pajak|Terima\s+kasih|Cukai|Baki)\b`, 'i');

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

export function detectCountry(printed: string): CountryReading {
  // a street named after a country ("1660 India Street", "Canada Road") is no sign of that country
  const text = printed.replace(/\b\p{Lu}\p{L}+(?=\s+(?:Street|St\.|Road|Rd\.|Avenue|Ave\.|Boulevard|Blvd|Drive|Lane|Way)(?![\p{L}]))/gu, (w) => (/^(?:India|Canada|Malaysia|Singapore|Indonesia|Thailand|Philippines|Australia|Portugal|France|Ireland|Mexico|Italy|Spain|Germany|England|Scotland|Wales|Poland|Norway|Sweden|Denmark|Finland|Austria|Switzerland)$/i.test(w) ? 'X' : w));
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
