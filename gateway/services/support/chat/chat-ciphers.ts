// The encrypted columns of the AI chat, one cipher per column (purpose), with the row
// id as associated data: the support tickets' scheme (AES-256-GCM, key ids for
// rotation). Until the shared field cipher lands this is a local implementation of the
// same interface.
import crypto from 'node:crypto';

export interface ValueCipher {
  encrypt(plaintext: string, rowId: string): { value: string; keyId: string };
  decrypt(value: string, rowId: string): string;
}

export interface ChatCiphers {
  title: ValueCipher;
  content: ValueCipher;
  meta: ValueCipher;
  draft: ValueCipher;
}

class LocalCipher implements ValueCipher {
  private readonly key: Buffer;
  private readonly keyId: string;

  constructor(secretKey: string, private readonly purpose: string) {
    const master = Buffer.from(crypto.hkdfSync('sha256', secretKey, 'inventory-platform', 'field-cipher:secret-key', 32));
    this.keyId = `sk${crypto.createHash('sha256').update(master).digest('hex').slice(0, 8)}`;
    this.key = Buffer.from(crypto.hkdfSync('sha256', master, 'inventory-platform/keyring', `field-cipher:${purpose}`, 32));
  }

  encrypt(plaintext: string, rowId: string) {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(`fc1|${this.purpose}|${rowId}|${this.keyId}`));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { value: `fc1.${this.keyId}.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`, keyId: this.keyId };
  }

  decrypt(value: string, rowId: string): string {
    const [format, keyId, iv, tag, body] = value.split('.');
    if (format !== 'fc1' || keyId !== this.keyId || !body) throw new Error(`${this.purpose}: cannot decrypt row ${rowId}`);
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`fc1|${this.purpose}|${rowId}|${keyId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

export function createChatCiphers(secretKey: string): ChatCiphers {
  return {
    title: new LocalCipher(secretKey, 'support_chat_sessions.title'),
    content: new LocalCipher(secretKey, 'support_chat_messages.content'),
    meta: new LocalCipher(secretKey, 'support_chat_messages.meta'),
    draft: new LocalCipher(secretKey, 'support_chat_ticket_drafts.draft'),
  };
}
