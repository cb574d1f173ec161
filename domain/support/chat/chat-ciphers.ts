// The encrypted columns of the AI chat, one field cipher per column (its purpose), on
// the support tickets' keyring: AES-256-GCM, the row id as associated data, key ids for
// rotation (FIELD_ENCRYPTION_KEYS; see ../field-cipher.ts).
import type { Config } from '../../../jobs/runtime/config.js';
import { FieldCipher } from '../field-cipher.js';
import { keyringsOf } from '../ticket-crypto.js';

export interface ValueCipher {
  readonly activeKeyId: string;
  encrypt(plaintext: string, rowId: string): { value: string; keyId: string };
  decrypt(value: string, rowId: string): string;
}

export interface ChatCiphers {
  title: ValueCipher;
  content: ValueCipher;
  meta: ValueCipher;
  draft: ValueCipher;
}

export const CHAT_PURPOSES = {
  title: 'support_chat_sessions.title',
  content: 'support_chat_messages.content',
  meta: 'support_chat_messages.meta',
  draft: 'support_chat_ticket_drafts.draft',
} as const;

export function createChatCiphers(config: Config): ChatCiphers {
  const { field } = keyringsOf(config);
  return {
    title: new FieldCipher(field, CHAT_PURPOSES.title),
    content: new FieldCipher(field, CHAT_PURPOSES.content),
    meta: new FieldCipher(field, CHAT_PURPOSES.meta),
    draft: new FieldCipher(field, CHAT_PURPOSES.draft),
  };
}
