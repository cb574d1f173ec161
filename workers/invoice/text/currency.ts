// The invoice currency (ISO 4217) from what the page prints: codes next to totals
// ("Total EUR 34,73"), codes anywhere, symbols (€, £, $, ...), and words
// ("US Dollars", "Euro"). A code next to a total label weighs most.
import type { Field } from '../types.js';
import { field } from '../types.js';

export const ISO_CURRENCIES = new Set([
  'EUR', 'USD', 'GBP', 'CHF', 'JPY', 'CAD', 'AUD', 'NZD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'RON', 'BGN', 'HRK', 'ISK',
  'INR', 'CNY', 'RUB', 'TRY', 'ZAR', 'BRL', 'MXN', 'SGD', 'HKD', 'KRW', 'ILS', 'AED', 'SAR', 'THB', 'MYR', 'IDR', 'PHP', 'TWD', 'UAH',
]);

const SYMBOLS: [RegExp, string][] = [
  [/€/g, 'EUR'],
  [/£/g, 'GBP'],
  [/(?:C\$|CA\$)/g, 'CAD'],
  [/(?:A\$|AU\$)/g, 'AUD'],
  [/R\$/g, 'BRL'],
  [/(?<![A-Z])\$/g, 'USD'],
  [/¥/g, 'JPY'],
  [/₹/g, 'INR'],
  [/\bRs\.?\s?(?=\d)/g, 'INR'],
  [/zł/g, 'PLN'],
  [/Kč/g, 'CZK'],
  [/₺/g, 'TRY'],
];

const WORDS: [RegExp, string][] = [
  [/\bU\.?S\.? dollars?\b|\bUS-?Dollar\b/gi, 'USD'],
  [/\beuros?\b/gi, 'EUR'],
  [/\bpounds? sterling\b/gi, 'GBP'],
  [/\bSchweizer Franken\b|\bswiss francs?\b/gi, 'CHF'],
];

const TOTAL_NEAR_CODE = /(total|totaal|summe|gesamt|betrag|amount|due|montant|importe|totale|bedrag)[^\n]{0,30}?\b([A-Z]{3})\b|\b([A-Z]{3})\b[^\n]{0,6}(total|totaal)/gi;

export function detectCurrency(text: string): Field<string> {
  const score = new Map<string, number>();
  const add = (code: string, w: number) => score.set(code, (score.get(code) ?? 0) + w);
  for (const m of text.matchAll(TOTAL_NEAR_CODE)) {
    const code = (m[2] ?? m[3] ?? '').toUpperCase();
    if (ISO_CURRENCIES.has(code) && /^[A-Z]{3}$/.test(m[2] ?? m[3])) add(code, 6);
  }
  for (const m of text.matchAll(/(?<![A-Za-z])([A-Z]{3})(?![A-Za-z])/g)) if (ISO_CURRENCIES.has(m[1])) add(m[1], 2);
  for (const [re, code] of SYMBOLS) {
    const n = (text.match(re) ?? []).length;
    if (n) add(code, Math.min(n, 10) * 1.5);
  }
  for (const [re, code] of WORDS) {
    const n = (text.match(re) ?? []).length;
    if (n) add(code, 4 * Math.min(n, 2));
  }
  // a dollar sign next to a more specific dollar code is that code
  if (score.has('USD')) {
    for (const c of ['CAD', 'AUD', 'NZD', 'SGD', 'HKD']) if ((score.get(c) ?? 0) >= 2) score.set('USD', (score.get('USD') ?? 0) * 0.3);
  }
  const ranked = [...score.entries()].sort((a, b) => b[1] - a[1]);
  if (!ranked.length) return fromBankAccount(text);
  const [best, top] = ranked[0];
  const second = ranked[1]?.[1] ?? 0;
  const confidence = Math.min(0.95, 0.5 + (top - second) / (top + 4));
  return field(best, confidence);
}

const EURO_COUNTRIES = new Set(['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK']);
const IBAN_CURRENCY: Record<string, string> = { GB: 'GBP', CH: 'CHF', LI: 'CHF', PL: 'PLN', SE: 'SEK', DK: 'DKK', NO: 'NOK', CZ: 'CZK', HU: 'HUF', RO: 'RON', BG: 'BGN', IS: 'ISK' };

/** No amount names its currency: the supplier's bank account country is a fair guess (low confidence). */
function fromBankAccount(text: string): Field<string> {
  const iban = /\bIBAN\W{0,3}([A-Z]{2})\d{2}/i.exec(text);
  if (!iban) return field<string>(null, 0);
  const country = iban[1].toUpperCase();
  const code = EURO_COUNTRIES.has(country) ? 'EUR' : IBAN_CURRENCY[country];
  return code ? field(code, 0.4) : field<string>(null, 0);
}
