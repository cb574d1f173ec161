// The invoice currency (ISO 4217) from what the page prints: codes next to totals
// ("Total EUR 34,73"), codes anywhere, symbols and the abbreviations shops print
// (€, £, RM, S$, Rs, ₹, zł, kr), and words ("US Dollars", "Euro"). A code next to a
// total label weighs most. Marks that several currencies share are read with the
// seller's country (country.ts): `kr` is the Swedish, Norwegian, Danish or Icelandic
// crown by country, and a bare `$` is the local dollar in a dollar country — and, on a
// document from a country whose money is not a dollar, most likely that country's
// money printed with a generic till symbol (reported with less confidence). `€` and `£`,
// which OCR confuses, count as the seller's money when its country uses one of them. The
// confidence reflects agreement: a code or word naming the money, or the seller's country
// agreeing with the signs, makes it sure; signs alone (above all `$`, `€`/`£`) are a guess
// for review. With no mark at all, the seller's country gives a guess.
import type { Field } from '../types.js';
import { field } from '../types.js';
import { COUNTRY_CURRENCY, DOLLAR_COUNTRIES, RAND_COUNTRIES, type CountryReading } from './country.js';

export const ISO_CURRENCIES = new Set([
  'EUR', 'USD', 'GBP', 'CHF', 'JPY', 'CAD', 'AUD', 'NZD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'RON', 'BGN', 'HRK', 'ISK',
  'INR', 'CNY', 'RUB', 'TRY', 'ZAR', 'BRL', 'MXN', 'SGD', 'HKD', 'KRW', 'ILS', 'AED', 'SAR', 'THB', 'MYR', 'IDR', 'PHP', 'TWD', 'UAH', 'VND',
  // (Africa, South Asia, the Gulf and Latin America; not codes that are also words or forms in capitals: ALL, PEN, GEL, AMD, MUR,
  // BHD — Berhad; those that are also words count only beside an amount: WORD_CODES)
  'KES', 'NGN', 'EGP', 'GHS', 'TZS', 'UGX', 'ZMW', 'ETB', 'XOF', 'XAF', 'BWP', 'MAD', 'TND', 'DZD', 'PKR', 'BDT', 'LKR', 'NPR',
  'QAR', 'KWD', 'OMR', 'JOD', 'LBP', 'IQD', 'CLP', 'ARS', 'COP', 'UYU', 'KZT', 'RSD', 'MMK', 'KHR',
]);

/** Codes that are also words in capitals ("MAD MEX", "COP SHOP", a hazard's "GHS02", "ARS" a name): money only beside an amount. */
const WORD_CODES = new Set(['MAD', 'COP', 'GHS', 'ARS']);
/** "MAD 250,00", "12 000,00 MAD": the code with an amount right before or after it (a space between at most). */
// (an amount of its own, not the digits of another code: "GHS02 GHS07")
const besideAmount = (text: string, at: number) => /(?<![A-Za-z\d])\d[\d.,' ]{0,14}[ \u00a0]?$/.test(text.slice(Math.max(0, at - 20), at)) || /^[ \u00a0]\d/.test(text.slice(at + 3, at + 5));

/** Signs several countries' money shares: the seller's country names which (detectCurrency). */
const RUPEE = 'rupee';
const RUPEES = new Set(['INR', 'PKR', 'LKR', 'NPR', 'MUR', 'SCR']);
const DIRHAM = 'dirham';

const SYMBOLS: [RegExp, string][] = [
  // a sign glued to letters is an OCR misreading ("£FRMAS"), not money
  [/(?<!\p{L})€(?!\p{L})/gu, 'EUR'],
  [/(?<!\p{L})£(?!\p{L})/gu, 'GBP'],
  [/(?:C\$|CA\$)/g, 'CAD'],
  [/(?:A\$|AU\$)/g, 'AUD'],
  [/NZ\$/g, 'NZD'],
  [/(?<![A-Z])S\$/g, 'SGD'],
  [/HK\$/g, 'HKD'],
  [/NT\$/g, 'TWD'],
  [/R\$/g, 'BRL'],
  [/US\$/g, 'USD'],
  [/¥/g, 'JPY'],
  [/₹/g, 'INR'],
  // ("Rs" is the rupee of India, Pakistan, Sri Lanka, Nepal and Mauritius: the seller's country decides — RUPEE below)
  [/\bRs\.?\s?(?=\d)|\bRs\.?(?=\s*[|)]|\s*$)/gm, RUPEE],
  // "RM 9.00", "RM9.00", "Total (RM)", "-RM 0.02"
  [/(?<![A-Za-z])RM\s?(?=-?\d)|\(RM\)|(?<![A-Za-z])RM(?=\s*[|:)]|\s*$)/gm, 'MYR'],
  // the OCR's M↔H/N slip in a cell of its own before an amount ("CASH | RH 20.00", "Rounding | RN | -0.02")
  [/(?<![A-Za-z])R[HN]\s?(?=-?\d+[.,]\d{2}\b)|(?<=\|\s)R[HN](?=\s*\|)/gm, 'MYR'],
  [/\bRp\.?\s?(?=\d)/g, 'IDR'],
  [/฿/g, 'THB'],
  [/₱/g, 'PHP'],
  [/₫/g, 'VND'],
  [/₩/g, 'KRW'],
  [/₪/g, 'ILS'],
  [/zł/g, 'PLN'],
  [/Kč/g, 'CZK'],
  [/₺/g, 'TRY'],
  [/\bFt\b(?=\s*$|\s*\|)/gm, 'HUF'],
  // after an amount on its own line: "5.900,00 TL" (with its cents: a till's "TL 18.000" opening the next line
  // is its total), "1.190,00 lei", "1 250 лв."
  [/(?<=\d[.,]\d{2}[ \u00a0]?)TL\b/g, 'TRY'],
  [/(?<=\d[ \u00a0]?)(?:lei|LEI|Lei)\b/g, 'RON'],
  [/(?<=\d[ \u00a0]?)лв\.?/g, 'BGN'],
  [/₴/g, 'UAH'],
  [/₽/g, 'RUB'],
  [/₦/g, 'NGN'],
  [/₵/g, 'GHS'],
  [/৳/g, 'BDT'],
  [/\bKSh\.?\s?(?=\d)|(?<=\d[ \u00a0]?)KSh\b/g, 'KES'],
  // (the dirham of Morocco and of the Emirates: "12 000,00 DH", "Dhs 250" — the seller's country decides, DIRHAM below)
  [/(?<=\d[ \u00a0]?)(?:DH|Dhs?|DHS)\b|\b(?:DH|Dhs?|DHS)\.?\s?(?=\d)/g, DIRHAM],
  // ("1.100.000 đ", "VNĐ"; Thailand's "บาท")
  [/(?<=\d[ \u00a0]?)(?:đ|đồng|VNĐ)(?![\p{L}])|(?<!\p{L})VNĐ(?!\p{L})/gu, 'VND'],
  [/บาท/g, 'THB'],
  // ("3 500,00 руб.", "1 200,00 грн", "2.400,00 дин.", "₸")
  [/(?<=\d[ \u00a0]?)руб\.?|(?<![А-Яа-яЁё])руб(?:лей|ля|ль)?(?![А-Яа-яЁё])/g, 'RUB'],
  [/(?<=\d[ \u00a0]?)грн\.?|(?<![А-Яа-яІіЇїЄє])(?:гривень|гривні|гривня)(?![А-Яа-яІіЇїЄє])/g, 'UAH'],
  [/(?<=\d[ \u00a0]?)дин\.?|\bRSD\b/g, 'RSD'],
  [/₸|(?<=\d[ \u00a0]?)тенге/g, 'KZT'],
];

/** Marks several currencies share, read with the seller's country. */
const BARE_DOLLAR = /(?<![A-Za-z])\$/g;
const CROWN = /(?<=\d\s?)kr\.?|\bkr\.?\s?(?=\d)|\b(?:SEK|NOK|DKK|ISK)\b/g;

const WORDS: [RegExp, string][] = [
  [/\bU\.?S\.? dollars?\b|\bUS-?Dollar\b/gi, 'USD'],
  // (not a Euro pallet: "PAL-EUR  Euro pallet exchange")
  [/\beuros?\b(?![\s-]?pal)/gi, 'EUR'],
  [/\bpounds? sterling\b/gi, 'GBP'],
  [/\bSchweizer Franken\b|\bswiss francs?\b/gi, 'CHF'],
  [/\bringgit\b/gi, 'MYR'],
  [/\brupees?\b/gi, 'INR'],
  [/\bzłotych\b|\bzloty\b/gi, 'PLN'],
];

/** What a sure seller country weighs for its own money, next to the marks printed (a sign 1.5 each, a code 2, a code by the total 6). */
const COUNTRY_PRIOR = 3.2;
/** What one sign weighs, and the strength of a currency read from one sign alone. */
const ONE_SIGN = 1.5;
const LONE_SIGN_STRENGTH = 0.3;
/** Signs only, no country agreeing: a sign many currencies share or the OCR confuses, and any other sign. */
const SHARED_SIGN_STRENGTH = 0.2;
const UNNAMED_STRENGTH = 0.4;
const EURO_POUND = new Set(['EUR', 'GBP']);

// ("Wibrung: GBP": the label as the OCR may read its umlaut and h — a W, one to three letters, "rung")
const CURRENCY_LABEL_CODE = /(?<!\p{L})(?:(?:rechnungs)?w\p{L}{1,3}rung|invoice\s+currency|currency|devise|valuta|moneda|divisa|mata\s+wang)[\s:|]{0,8}([A-Z]{3})(?![A-Za-z])/giu;

/**
 * "Rechnungswährung : GBP", "Currency: USD": the document says which money it is in — over a second
 * currency it also prints for its tax ("Währung der Umsatzsteuerbuchung : EUR", "Steuerbetrag in EUR").
 */
function labelledCurrency(text: string): string | null {
  const labelled = new Set([...text.matchAll(CURRENCY_LABEL_CODE)].map((m) => m[1]).filter((c) => /^[A-Z]{3}$/.test(c) && ISO_CURRENCIES.has(c)));
  return labelled.size === 1 ? [...labelled][0] : null;
}

const TOTAL_NEAR_CODE = /(total|totaal|summe|gesamt|betrag|amount|due|montant|importe|totale|bedrag)[^\n]{0,30}?\b([A-Z]{3})\b|\b([A-Z]{3})\b[^\n]{0,6}(total|totaal)/gi;

/**
 * `ocr: false` says the text is a PDF's text layer: its signs are taken as printed, so a "€" on a British
 * seller's invoice is euros (an OCR reading may have made it of a "£"). Against a sure country it is still
 * reported for review: a scanner's searchable PDF carries an OCR reading as its text layer.
 */
export function detectCurrency(text: string, country?: CountryReading, opts: { ocr?: boolean } = {}): Field<string> {
  const ocr = opts.ocr ?? true;
  const score = new Map<string, number>();
  const add = (code: string, w: number) => score.set(code, (score.get(code) ?? 0) + w);
  // what the money is called in words or codes (not signs): a sign that disagrees with these or
  // with the country is more likely the OCR's slip than the money
  const named = new Set<string>();
  for (const m of text.matchAll(TOTAL_NEAR_CODE)) {
    const code = (m[2] ?? m[3] ?? '').toUpperCase();
    if (ISO_CURRENCIES.has(code) && /^[A-Z]{3}$/.test(m[2] ?? m[3])) {
      add(code, 6);
      named.add(code);
    }
  }
  const labelled = labelledCurrency(text);
  if (labelled) return field(labelled, 0.95);
  // (a code as a word of its own, not a part of an article's code: "PAL-EUR", "USD-CABLE")
  for (const m of text.matchAll(/(?<![A-Za-z]|[A-Za-z\d]-)([A-Z]{3})(?![A-Za-z]|-[A-Za-z\d])/g))
    if (ISO_CURRENCIES.has(m[1]) && (!WORD_CODES.has(m[1]) || besideAmount(text, m.index ?? 0))) {
      add(m[1], 2);
      named.add(m[1]);
    }
  const local = country?.value ? COUNTRY_CURRENCY[country.value] : undefined;
  const sureCountry = (country?.confidence ?? 0) >= 0.55;
  // signs of the other money of the two taken for the country's own, and the country's own signs read
  let folded = 0;
  let ownSigns = 0;
  for (const [re, sign] of SYMBOLS) {
    const n = (text.match(re) ?? []).length;
    if (!n) continue;
    const code = sign === RUPEE ? (local && RUPEES.has(local) ? local : 'INR') : sign === DIRHAM ? (local === 'MAD' ? 'MAD' : 'AED') : sign;
    if (code === local) ownSigns += n;
    // "€" and "£" are one stroke apart for an OCR engine: on the document of a country whose money
    // is one of them, both signs are its money
    // — unless the page also plainly names a country of the sign's own money (a British seller billing an Irish
    // buyer in German, "160,65 €"): then the signs are what they say
    if (ocr && EURO_POUND.has(code) && local && EURO_POUND.has(local) && (country?.confidence ?? 0) >= 0.4 && code !== local && !countryOfMoney(code, country)) {
      add(local, Math.min(n, 10) * ONE_SIGN);
      folded += n;
      continue;
    }
    add(code, Math.min(n, 10) * ONE_SIGN);
  }
  // "12,99 Eur", "EUR" in lower or mixed case after an amount
  // (also before it: "TOTAL: Eur 124,80")
  const euroAfter = (text.match(/\d\s?(?:Eur|eur|EURO|Euro)\b|\b(?:Eur|EURO|Euro)\s?(?=\d)/g) ?? []).length;
  if (euroAfter) {
    add('EUR', 2 * Math.min(euroAfter, 3));
    named.add('EUR');
  }
  for (const [re, code] of WORDS) {
    const n = (text.match(re) ?? []).length;
    if (n) {
      add(code, 4 * Math.min(n, 2));
      named.add(code);
    }
  }
  // kr: the crown of the seller's country (Swedish when nobody says)
  const crowns = (text.match(CROWN) ?? []).length;
  if (crowns) add(local && ['SEK', 'NOK', 'DKK', 'ISK'].includes(local) ? local : 'SEK', Math.min(crowns, 10) * 1.5);
  // $: the dollar of a dollar country; elsewhere the till's generic mark for local money
  let dollarAsLocal = false;
  let crossBorderDollar = false;
  const dollars = (text.match(BARE_DOLLAR) ?? []).length;
  if (dollars) {
    const specific = ['CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'TWD', 'BRL', 'USD'].find((c) => (score.get(c) ?? 0) >= 1.5);
    let code = specific ?? 'USD';
    crossBorderDollar = !specific && crossBorder(country);
    if (crossBorderDollar) code = 'USD';
    else if (!specific && local && country?.value && DOLLAR_COUNTRIES.has(country.value)) code = local;
    else if (!specific && local && sureCountry && !/\bUSD\b|US\s?dollars?/i.test(text)) {
      code = local;
      dollarAsLocal = true;
    }
    add(code, Math.min(dollars, 10) * 1.5);
  }
  // R before an amount: the rand, on a South African document (elsewhere an R is a letter, not money)
  const rands = (text.match(/(?<![A-Za-z])R\s?(?=\d{1,3}(?:[ ,]\d{3})*[.,]\d{2}(?!\d))/g) ?? []).length;
  if (rands && country?.value && RAND_COUNTRIES.has(country.value)) add('ZAR', Math.min(rands, 10) * 1.5);
  // a seller plainly of one country prints its own money: a couple of foreign signs (the OCR reads
  // "RM" or a tax code as "¥", "£", "€") do not outweigh that, a code or a word naming the money does
  if (local && (country?.confidence ?? 0) >= 0.8 && score.size > 0) add(local, COUNTRY_PRIOR);
  const ranked = [...score.entries()].sort((a, b) => b[1] - a[1]);
  if (!ranked.length) {
    const bank = fromBankAccount(text);
    if (bank.value || !local || !country) return bank;
    // nothing printed names the money: the seller's country's own, as a guess
    return field(local, Math.min(0.6, country.confidence * 0.7));
  }
  const [best, top] = ranked[0];
  const second = ranked[1]?.[1] ?? 0;
  // a single stray mark (often OCR noise: "£" for "E", "¥" for "Y") weighs less than a clear national identity
  if (local && best !== local && top <= 2 && (country?.confidence ?? 0) >= 0.6) return field(local, 0.5);
  let confidence = Math.min(0.95, 0.5 + (top - second) / (top + 4));
  if (dollarAsLocal && best === local) confidence = Math.min(confidence, 0.7);
  if (crossBorderDollar && best === 'USD') confidence = Math.min(confidence, CROSS_BORDER_DOLLAR_STRENGTH);
  // one sign and nothing else (no code, no word, no country agreeing): a single glyph is
  // what an OCR engine invents most easily ("¥" in a row of dots, "$" for a 5), so it is
  // reported for review unless the page's text is sure (a text layer)
  if (top <= ONE_SIGN) confidence = Math.min(confidence, LONE_SIGN_STRENGTH);
  // the evidence combined: a currency nobody names in a code or a word, read from signs only, is
  // sure when the seller's country agrees; a sign shared by many currencies ("$") or one the OCR
  // confuses ("€"/"£") with no country behind it is a guess for review
  const countryAgrees = local === best && (country?.confidence ?? 0) >= 0.4;
  if (!named.has(best) && !countryAgrees) {
    const sharedSign = best === 'USD' || EURO_POUND.has(best) || ['SEK', 'JPY'].includes(best);
    confidence = Math.min(confidence, sharedSign ? SHARED_SIGN_STRENGTH : UNNAMED_STRENGTH);
  }
  // named in a code or word but the seller's country says otherwise (a foreign-currency invoice, or a
  // stray code): less sure than when both agree
  if (named.has(best) && local && local !== best && sureCountry) confidence = Math.min(confidence, 0.6);
  // every sign read was the other one of "€" and "£", none the country's own: the OCR may have misread them
  // all, or a British seller bills in euros — the country decides, for review
  if (folded && !ownSigns && best === local && !named.has(best)) confidence = Math.min(confidence, SHARED_SIGN_STRENGTH);
  return field(best, confidence);
}

/**
 * The page plainly names countries whose money is `code` (addresses, tax ids, language and rates: weight 2.5 or
 * more, and at least 0.3 of the leading country's), not a stray mark of one.
 */
function countryOfMoney(code: string, country: CountryReading | undefined): boolean {
  const weights = Object.entries(country?.weights ?? {});
  const weight = weights.filter(([c]) => (code === 'EUR' ? EURO_COUNTRIES.has(c) : COUNTRY_CURRENCY[c] === code)).reduce((sum, [, w]) => sum + w, 0);
  const leading = Math.max(0, ...weights.map(([, w]) => w));
  return weight >= Math.max(2.5, 0.3 * leading);
}

/** The most a bare `$` on a cross-border invoice is reported at: most likely US dollars, for review. */
const CROSS_BORDER_DOLLAR_STRENGTH = 0.6;

/**
 * A bare `$` on an invoice between a seller in a dollar country other than the United States (Canada,
 * Australia, ...) and a buyer in a country without a dollar (its name, tax id or legal forms on the page):
 * software and services sold across borders are priced in US dollars far more often than in the seller's
 * own ("Naturalsoft Limited, Richmond British Columbia, Canada" billing "Halle, Germany" "$19.00").
 */
function crossBorder(country: CountryReading | undefined): boolean {
  const weights = Object.entries(country?.weights ?? {});
  const plain = (w: number) => w >= 2.5; // a country's name, a tax id, a legal form with its address
  const seller = Math.max(0, ...weights.filter(([c, w]) => c !== 'US' && DOLLAR_COUNTRIES.has(c) && plain(w)).map(([, w]) => w));
  // (the other country as plain as the seller's, an address's: not one word among a local shop's many signs, "made in Germany")
  return seller > 0 && weights.some(([c, w]) => !DOLLAR_COUNTRIES.has(c) && plain(w) && w >= seller * 0.6);
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
