// Amounts and quantities as printed on invoices: "1.234,56", "1,234.56", "€ 399,00",
// "$4.11", "1'250.00", "(9.32)", "9.32-", "1 234,56 EUR". Which mark is the decimal
// separator is decided per number when it can be, and otherwise by the habit of
// the whole document (documentDecimalMark).

export type DecimalMark = ',' | '.';

const CURRENCY_TOKENS = /(?:€|US\$|S\$|HK\$|NZ\$|A\$|C\$|NT\$|\$|£|¥|₹|₽|₺|₩|₪|₱|฿|₫|₦|₵|৳|₸|₴|KSh|R\$|Rs\.?|RM|Rp\.?|CHF|MYR|SGD|IDR|THB|PHP|VND|EUR|USD|GBP|JPY|CAD|AUD|NZD|SEK|NOK|DKK|PLN|CZK|HUF|RON|BGN|HRK|INR|CNY|RUB|TRY|ZAR|BRL|MXN|SGD|HKD|KRW|ILS|AED|SAR|Fr\.|kr\.?|zł|Kč)/gi;

/** The number in a cell, or null when the cell is not (only) a number. */
export function parseAmount(raw: string, hint: DecimalMark | null = null): number | null {
  let s = raw.replace(/\u00a0|\u202f/g, ' ').trim();
  if (!s) return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  // (the rand's R before the amount: "R1,000.00")
  s = s.replace(CURRENCY_TOKENS, ' ').replace(/^R\s?(?=\d)/, '').trim();
  // "1939/-" and "1939.00/-": Indian bills close an amount with "/-"
  s = s.replace(/\s*\/-$/, '');
  // ("+0.02": a rounding printed with its sign)
  s = s.replace(/^\+\s?(?=\d)/, '');
  if (/^-|^−/.test(s)) {
    negative = !negative;
    s = s.slice(1).trim();
  }
  if (/-$|\bCR$/i.test(s)) {
    negative = !negative;
    s = s.replace(/-$|\bCR$/i, '').trim();
  }
  // thousands may be grouped with spaces, apostrophes or thin spaces
  if (!/^\d{1,3}(?:[ '’]\d{3})+(?:[.,]\d+)?$|^\d+(?:[.,]\d+)*$/.test(s)) return null;
  s = s.replace(/[ '’]/g, '');
  const value = toNumber(s, hint);
  if (value === null) return null;
  return negative ? -value : value;
}

function toNumber(s: string, hint: DecimalMark | null): number | null {
  const commas = (s.match(/,/g) ?? []).length;
  const dots = (s.match(/\./g) ?? []).length;
  if (commas === 0 && dots === 0) return Number(s);
  if (commas && dots) {
    const decimal: DecimalMark = s.lastIndexOf(',') > s.lastIndexOf('.') ? ',' : '.';
    const thousands = decimal === ',' ? '.' : ',';
    if ((s.match(new RegExp(`\\${decimal}`, 'g')) ?? []).length > 1) return null;
    const [int, frac] = s.split(decimal);
    // 1,234,567 or the Indian 12,34,567 (lakh and crore groups)
    if (!new RegExp(`^\\d{1,3}(\\${thousands}\\d{3})*$`).test(int) && !(thousands === ',' && /^\d{1,2}(,\d{2})*,\d{3}$/.test(int))) return null;
    return Number(`${int.split(thousands).join('')}.${frac}`);
  }
  const mark: DecimalMark = commas ? ',' : '.';
  const parts = s.split(mark);
  if (parts.length > 2) {
    if (mark === ',' && /^\d{1,2}(,\d{2})*,\d{3}$/.test(s)) return Number(parts.join('')); // 12,34,567
    // 1.234.567: grouping only
    if (!parts.slice(1).every((p) => p.length === 3) || parts[0].length > 3) return null;
    return Number(parts.join(''));
  }
  const [int, frac] = parts;
  if (frac.length !== 3) return Number(`${int}.${frac}`);
  // "1,000" / "1.000": a decimal mark only if the document writes its decimals that way
  if (hint === mark) return Number(`${int}.${frac}`);
  if (int === '0' || int.length > 3) return Number(`${int}.${frac}`);
  return Number(`${int}${frac}`);
}

/**
 * The decimal mark a document uses: counts numbers with exactly two decimals
 * written with a comma or with a dot (dates such as 01.05.14 are left out).
 */
export function documentDecimalMark(text: string): DecimalMark | null {
  let comma = 0;
  let dot = 0;
  // (a rate is no amount: "TAX 10.00 %" says nothing of how "48.000" is written)
  for (const token of text.replace(/(?<!\d)\d{1,9}[.,]\d{1,9}\s?%/g, ' ').split(/[\s|]+/)) {
    if (/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(token)) continue;
    if (/\d[.,]\d{2}[.,]\d{2}/.test(token)) continue;
    if (/\d,\d{2}(?!\d)/.test(token)) comma++;
    if (/\d\.\d{2}(?!\d)/.test(token)) dot++;
  }
  if (comma === 0 && dot === 0) return null;
  return comma > dot ? ',' : '.';
}

/**
 * Currencies whose smallest coin in use is the unit itself (ISO 4217 minor unit 0, and the
 * rupiah, whose cents no till prints): "58.000" and "422.730" there are thousands, never decimals.
 */
export const WHOLE_UNIT_CURRENCIES = new Set(['IDR', 'JPY', 'KRW', 'VND', 'CLP', 'ISK', 'PYG', 'UGX', 'XOF', 'XAF', 'KMF', 'GNF', 'RWF', 'VUV', 'XPF', 'BIF', 'DJF']);

/**
 * The decimal mark to read a document's amounts with: its habit (documentDecimalMark), unless its money
 * has no decimals, where a mark followed by three digits groups thousands ("1.00" quantities beside
 * "Total Rupiah 422.730" make no decimal habit of the dot).
 */
export function amountDecimalMark(text: string, currency: string | null): DecimalMark | null {
  return currency && WHOLE_UNIT_CURRENCIES.has(currency) ? null : documentDecimalMark(text);
}

/** Whether a cell reads as money: a number with two decimals or a currency sign. */
export function looksLikeMoney(cell: string): boolean {
  const s = cell.trim();
  if (!/\d/.test(s)) return false;
  const stripped = s.replace(CURRENCY_TOKENS, '').replace(/^R\s?(?=\d)/, '').replace(/\s*\/-$/, '').trim();
  if (!/^[-−(+]?\s*[\d.,' ]+\s*[-)]?$/.test(stripped)) return false;
  return /[.,]\d{2}\)?-?$/.test(stripped) || stripped.length < s.length;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** a ≈ b within a cent (or 0.5 % for large values: rounding of printed unit prices) */
export function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.005);
}
