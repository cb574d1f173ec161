// An in-house verification applicant taken to review the way the mobile SDK does it:
// an access token from the gateway (api_base), the document with a valid ICAO 9303
// MRZ, the personal data, submit. Used by the staff review tests (domain, admin, browser).
import sharp from 'sharp';

export interface SdkToken {
  token: string;
  api_base: string;
}

// ICAO 9303 check digit (weights 7, 3, 1)
function checkDigit(s: string): string {
  const v = (c: string) => (c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
  return String([...s].reduce((sum, c, i) => sum + v(c) * [7, 3, 1][i % 3], 0) % 10);
}
const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);

/** A passport's two MRZ lines (TD3) with correct check digits. */
export function passportMrz(number: string, dob: string, expiry: string): string {
  const doc = number.padEnd(9, '<');
  const personal = '<'.repeat(14);
  const a = doc + checkDigit(doc);
  const b = yymmdd(dob) + checkDigit(yymmdd(dob));
  const c = yymmdd(expiry) + checkDigit(yymmdd(expiry)) + personal + checkDigit(personal);
  return `${'P<UTOLOVELACE<<ADA'.padEnd(44, '<')}\n${a}UTO${b}F${c}${checkDigit(a + b + c)}`;
}

export const uniqueDocumentNumber = () => `X${Math.floor(Math.random() * 1e8).toString().padStart(8, '0')}`;

/** A small PNG that decodes (the in-house engine refuses anything it cannot read). */
export const documentPng = (colour = '#ccddee') => sharp({ create: { width: 64, height: 40, channels: 3, background: colour } }).png().toBuffer();

async function sdk(t: SdkToken, path: string, body: FormData | object | null): Promise<void> {
  const init: RequestInit = { method: 'POST', headers: { authorization: `Bearer ${t.token}` } };
  if (body instanceof FormData) init.body = body;
  else if (body) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await fetch(`${t.api_base}/applicant/${path}`, init);
  if (res.status !== 200) throw new Error(`in-house ${path}: ${res.status} ${await res.text()}`);
}

/**
 * Takes an applicant to review (in_review, every automatic check passed): passport
 * front image, personal data (Ada Lovelace), submit. Returns the document number and image.
 */
export async function submitInhouseApplicant(token: SdkToken, opts: { front?: Buffer } = {}): Promise<{ number: string; front: Buffer }> {
  const number = uniqueDocumentNumber();
  const dob = '1990-08-12';
  const expiry = `${new Date().getUTCFullYear() + 5}-06-30`;
  const front = opts.front ?? (await documentPng());
  const fd = new FormData();
  fd.append('document_type', 'PASSPORT');
  fd.append('issuing_country', 'UTO');
  fd.append('document_number', number);
  fd.append('expiry_date', expiry);
  fd.append('mrz', passportMrz(number, dob, expiry));
  fd.append('front', new Blob([front], { type: 'image/png' }), 'front.png');
  await sdk(token, 'documents', fd);
  await sdk(token, 'data', { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: dob, nationality: 'GB', address: { city: 'London' } });
  await sdk(token, 'submit', null);
  return { number, front };
}
