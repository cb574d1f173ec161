// A payment card number must never reach us: clients tokenise cards with the
// processor and send us its token and display data only. Anything that looks like a
// card number (13-19 digits, spaces or dashes allowed between them, passing Luhn) in
// any field of a payment-method request is refused before it is validated, stored or
// logged.
const CANDIDATE = /\d(?:[ -]?\d){12,18}/g;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Whether a string holds something that looks like a payment card number. */
export function looksLikeCardNumber(text: string): boolean {
  for (const m of text.matchAll(CANDIDATE)) {
    if (luhnValid(m[0].replace(/[ -]/g, ''))) return true;
  }
  return false;
}

/** Whether any string or number anywhere in a parsed body looks like a card number. */
export function holdsCardNumber(value: unknown, depth = 0): boolean {
  if (depth > 8) return false;
  if (typeof value === 'string') return looksLikeCardNumber(value);
  if (typeof value === 'number') return looksLikeCardNumber(String(value));
  if (Array.isArray(value)) return value.some((v) => holdsCardNumber(v, depth + 1));
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => looksLikeCardNumber(k) || holdsCardNumber(v, depth + 1));
  return false;
}
