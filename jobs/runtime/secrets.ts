// Password hashing (scrypt), opaque tokens and OTP codes stored only as hashes, and
// sealing (AES-256-GCM) for data kept encrypted at rest.
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;

export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = crypto.randomBytes(16);
  const r = 8;
  const p = 1;
  const hash = await scrypt(password.normalize('NFKC'), salt, 64, { N: cost, r, p, maxmem: 256 * cost * r });
  return `scrypt$${cost}$${r}$${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !hash) return false;
  const N = Number(n);
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, { N, r: Number(r), p: Number(p), maxmem: 256 * N * Number(r) });
  return crypto.timingSafeEqual(actual, expected);
}

/** A fixed hash to compare against when the account does not exist (equal timing). */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(cost: number): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(12).toString('hex'), cost);
  return dummyHash;
}

export function randomToken(prefix: string, bytes = 32): string {
  return `${prefix}${crypto.randomBytes(bytes).toString('base64url')}`;
}

export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

export function hmacHex(key: string | Buffer, value: string | Buffer, algorithm = 'sha256'): string {
  return crypto.createHmac(algorithm, key).update(value).digest('hex');
}

/** Constant-time comparison of two strings of hex or text. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  if (x.length !== y.length) {
    crypto.timingSafeEqual(x, x);
    return false;
  }
  return crypto.timingSafeEqual(x, y);
}

export function sixDigitCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
}

function sealingKey(secret: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'inventory-platform', purpose, 32));
}

export function seal(secret: string, purpose: string, plaintext: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', sealingKey(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
}

export function unseal(secret: string, purpose: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !body) throw new Error('unknown sealed format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', sealingKey(secret, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
