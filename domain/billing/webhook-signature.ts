// The processor's webhook signature, Stripe's scheme for both processors:
//   <header>: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=...]
// Several v1 values are accepted (the processor signs with each secret during a
// rotation) and we hold several secrets (ours, newest first). Comparison is constant
// time; a timestamp outside the tolerance is refused, so a captured request cannot be
// replayed later (an event id seen before is caught by its unique key).
import crypto from 'node:crypto';
import { Invalid } from '../../jobs/runtime/errors.js';

export function signPayload(secret: string, raw: string | Buffer, timestamp: number): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex');
}

/** The header value the processor (or the sandbox) sends with `raw`. */
export function signatureHeader(secrets: string[], raw: string | Buffer, timestamp = Math.floor(Date.now() / 1000)): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${signPayload(s, raw, timestamp)}`)].join(',');
}

function parse(header: string): { t: number | null; v1: string[] } {
  let t: number | null = null;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) t = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) v1.push(value.toLowerCase());
  }
  return { t, v1 };
}

const refused = (code: string, message: string) => new Invalid(message, [], code);

/** Throws 400 (missing_signature, invalid_signature, signature_expired) unless the header signs `raw` now. */
export function verifySignature(header: string | undefined, raw: Buffer, secrets: string[], toleranceSeconds: number, now = Date.now()): void {
  if (!header) throw refused('missing_signature', 'The webhook carries no signature header.');
  const { t, v1 } = parse(header);
  if (t === null || v1.length === 0) throw refused('invalid_signature', 'The webhook signature header is malformed (expected t=...,v1=...).');
  const expected = secrets.map((s) => Buffer.from(signPayload(s, raw, t), 'hex'));
  let match = false;
  // every pair is compared, so the time taken does not tell which one matched
  for (const sig of v1) {
    const given = Buffer.from(sig, 'hex');
    for (const e of expected) if (crypto.timingSafeEqual(given, e)) match = true;
  }
  if (!match) throw refused('invalid_signature', 'The webhook signature does not match.');
  if (Math.abs(now / 1000 - t) > toleranceSeconds) throw refused('signature_expired', `The webhook timestamp is more than ${toleranceSeconds} s from now; refused as a replay.`);
}
