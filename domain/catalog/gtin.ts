// GS1 trade item numbers (GTIN): EAN-8, UPC-A (12), EAN-13 and GTIN-14, all sharing
// one mod-10 check digit. Written here rather than taken from a package because the
// answer we need — which digit was expected — is part of our error contract and the
// npm validators only say yes or no.
import { Invalid, type FieldIssue } from '../../jobs/runtime/errors.js';

export type Symbology = 'EAN-8' | 'UPC-A' | 'EAN-13' | 'GTIN-14';

const BY_LENGTH: Record<number, Symbology> = { 8: 'EAN-8', 12: 'UPC-A', 13: 'EAN-13', 14: 'GTIN-14' };

export interface Gtin {
  /** the digits as given (spaces and hyphens removed) */
  code: string;
  symbology: Symbology;
  /** the same number left-padded to 14 digits: equal items compare equal whatever their length */
  gtin14: string;
}

export type GtinCheck =
  | { ok: true; gtin: Gtin }
  | { ok: false; reason: 'format'; code: string; message: string }
  | { ok: false; reason: 'check_digit'; code: string; symbology: Symbology; expected: number; given: number; message: string };

/** Strips the separators people type or print (spaces, hyphens). */
export function normalizeCode(raw: string): string {
  return raw.trim().replace(/[\s-]+/g, '');
}

/** The GS1 check digit of the digits before it (weights 3,1,3,… from the right). */
export function checkDigit(body: string): number {
  let sum = 0;
  for (let i = body.length - 1, w = 3; i >= 0; i -= 1, w = w === 3 ? 1 : 3) sum += Number(body[i]) * w;
  return (10 - (sum % 10)) % 10;
}

export function checkGtin(raw: string): GtinCheck {
  const code = normalizeCode(raw);
  const symbology = BY_LENGTH[code.length];
  if (!/^\d+$/.test(code) || !symbology) {
    return { ok: false, reason: 'format', code, message: `"${raw}" is not a GTIN: expected 8 (EAN-8), 12 (UPC-A), 13 (EAN-13) or 14 (GTIN-14) digits.` };
  }
  const expected = checkDigit(code.slice(0, -1));
  const given = Number(code.at(-1));
  if (expected !== given) {
    return { ok: false, reason: 'check_digit', code, symbology, expected, given, message: `Invalid check digit for ${symbology} ${code}: the last digit is ${given}, expected ${expected}.` };
  }
  return { ok: true, gtin: { code, symbology, gtin14: code.padStart(14, '0') } };
}

/** Parses a GTIN or throws the documented 400 (invalid_barcode / invalid_check_digit) on `field`. */
export function parseGtin(raw: string, field: string): Gtin {
  const r = checkGtin(raw);
  if (r.ok) return r.gtin;
  if (r.reason === 'format') throw new Invalid(r.message, [{ path: field, message: r.message, type: 'barcode.format' }], 'invalid_barcode');
  const issue: FieldIssue & { symbology: Symbology; expected_check_digit: number; given_check_digit: number } = {
    path: field,
    message: r.message,
    type: 'barcode.check_digit',
    symbology: r.symbology,
    expected_check_digit: r.expected,
    given_check_digit: r.given,
  };
  throw new Invalid(r.message, [issue], 'invalid_check_digit');
}

/**
 * Every stored spelling of the same trade item: a UPC-A 036000291452 is also the
 * EAN-13 0036000291452 and the GTIN-14 00036000291452. Lookups compare against all
 * of them so the plain barcode index is used.
 */
export function equivalentCodes(gtin: Gtin): string[] {
  const stripped = gtin.gtin14.replace(/^0+/, '');
  return [8, 12, 13, 14].filter((n) => stripped.length <= n).map((n) => stripped.padStart(n, '0'));
}

/** UPC-E (8 digits, number system 0/1) expanded to its UPC-A form; decoders report UPC-E as printed. */
export function expandUpcE(upce: string): string | null {
  if (!/^[01]\d{7}$/.test(upce)) return null;
  const [ns, d1, d2, d3, d4, d5, d6, check] = upce.split('');
  const m = `${d1}${d2}${d3}${d4}${d5}`;
  let body: string;
  if (d6 === '0' || d6 === '1' || d6 === '2') body = `${d1}${d2}${d6}0000${d3}${d4}${d5}`;
  else if (d6 === '3') body = `${d1}${d2}${d3}00000${d4}${d5}`;
  else if (d6 === '4') body = `${d1}${d2}${d3}${d4}00000${d5}`;
  else body = `${m}0000${d6}`;
  return `${ns}${body}${check}`;
}
