// Field encryption at rest with rotating keys, for any table that stores text it must
// not keep in clear (support ticket descriptions and replies; AI chat sessions reuse it).
//
// - A Keyring comes from configuration (`id:key,id:key`, 32-byte keys): the first key is
//   the active one, the others only decrypt. A key derived from SECRET_KEY is always in
//   the ring (active only when no key is configured), so development needs no set-up and
//   a move to configured keys is a re-encryption, not a migration.
// - Each purpose (e.g. "support_tickets.description") gets its own subkeys (HKDF of each
//   master key), so one column's ciphertext never opens under another column's purpose.
// - A value is `fc1.<key id>.<iv>.<tag>.<ciphertext>` (base64url, AES-256-GCM, 96-bit
//   random IV). The purpose, the row id and the key id are the associated data: a value
//   copied to another row or column fails authentication instead of decrypting.
import crypto from 'node:crypto';
import { decodeKey } from '../../jobs/runtime/config.js';

export interface KeyringKey {
  id: string;
  key: Buffer;
}

const FORMAT = 'fc1';

export class Keyring {
  private readonly byId: Map<string, KeyringKey>;
  private readonly subkeys = new Map<string, Keyring>();

  constructor(readonly keys: KeyringKey[]) {
    if (!keys.length) throw new Error('a keyring needs at least one key');
    this.byId = new Map(keys.map((k) => [k.id, k]));
  }

  /**
   * `spec` as validated by the configuration (`id:key,...`); `name` separates rings
   * (field encryption vs blind index) so the SECRET_KEY-derived keys differ too.
   */
  static fromConfig(spec: string, secretKey: string, name: string): Keyring {
    const configured = spec
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean)
      .map((entry) => {
        const [id, text] = entry.split(':');
        const key = decodeKey(text);
        if (!key || key.length !== 32) throw new Error(`keyring ${name}: key ${id} is not 32 bytes`);
        return { id, key };
      });
    const derived = Buffer.from(crypto.hkdfSync('sha256', secretKey, 'inventory-platform', `${name}:secret-key`, 32));
    // the id carries a fingerprint: a changed SECRET_KEY reads as "unknown key", not as tampering
    const fallback = { id: `sk${crypto.createHash('sha256').update(derived).digest('hex').slice(0, 8)}`, key: derived };
    return new Keyring([...configured, ...(configured.some((k) => k.id === fallback.id) ? [] : [fallback])]);
  }

  get active(): KeyringKey {
    return this.keys[0];
  }

  get(id: string): KeyringKey | undefined {
    return this.byId.get(id);
  }

  /** The same ring with every key replaced by its subkey for `purpose` (ids unchanged). */
  derive(purpose: string): Keyring {
    let ring = this.subkeys.get(purpose);
    if (!ring) {
      ring = new Keyring(this.keys.map((k) => ({ id: k.id, key: Buffer.from(crypto.hkdfSync('sha256', k.key, 'inventory-platform/keyring', purpose, 32)) })));
      this.subkeys.set(purpose, ring);
    }
    return ring;
  }
}

export class FieldDecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FieldDecryptionError';
  }
}

export interface Sealed {
  value: string;
  keyId: string;
}

export class FieldCipher {
  private readonly ring: Keyring;

  /** `purpose` names the column, e.g. "support_tickets.description". */
  constructor(keyring: Keyring, readonly purpose: string) {
    this.ring = keyring.derive(`field-cipher:${purpose}`);
  }

  get activeKeyId(): string {
    return this.ring.active.id;
  }

  encrypt(plaintext: string, rowId: string): Sealed {
    const { id, key } = this.ring.active;
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(this.aad(rowId, id));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { value: `${FORMAT}.${id}.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`, keyId: id };
  }

  decrypt(value: string, rowId: string): string {
    const parts = value.split('.');
    if (parts.length !== 5 || parts[0] !== FORMAT) throw new FieldDecryptionError(`${this.purpose}: not a field-cipher value`);
    const [, id, iv, tag, body] = parts;
    const entry = this.ring.get(id);
    if (!entry) throw new FieldDecryptionError(`${this.purpose}: unknown key id ${id} (is it missing from the keyring?)`);
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(this.aad(rowId, id));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new FieldDecryptionError(`${this.purpose}: the value of row ${rowId} failed authentication (wrong row, column or key)`);
    }
  }

  /** The key id a value was written with (without decrypting it). */
  static keyIdOf(value: string): string | null {
    const parts = value.split('.');
    return parts.length === 5 && parts[0] === FORMAT ? parts[1] : null;
  }

  private aad(rowId: string, keyId: string): Buffer {
    return Buffer.from(`${FORMAT}|${this.purpose}|${rowId}|${keyId}`, 'utf8');
  }
}
