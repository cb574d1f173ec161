// The secrets of a support ticket: its description and its replies' messages are
// encrypted (field cipher, row id as associated data), and its number, subject and
// description are indexed as keyed word digests (blind index) for search.
import type { Config } from '../../jobs/runtime/config.js';
import { BlindIndex, normaliseWords } from './blind-index.js';
import { FieldCipher, Keyring } from './field-cipher.js';

export const DESCRIPTION_PURPOSE = 'support_tickets.description';
export const REPLY_PURPOSE = 'support_ticket_replies.message';
export const SEARCH_PURPOSE = 'support_tickets.search';

/** One keyring per process and configuration (HKDF subkeys are cached on it). */
const rings = new WeakMap<Config, { field: Keyring; index: Keyring }>();

export function keyringsOf(config: Config): { field: Keyring; index: Keyring } {
  let r = rings.get(config);
  if (!r) {
    r = { field: Keyring.fromConfig(config.fieldEncryptionKeys, config.secretKey, 'field-encryption'), index: Keyring.fromConfig(config.blindIndexKeys, config.secretKey, 'blind-index') };
    rings.set(config, r);
  }
  return r;
}

export class TicketCrypto {
  readonly description: FieldCipher;
  readonly reply: FieldCipher;
  readonly search: BlindIndex;

  constructor(config: Config) {
    const { field, index } = keyringsOf(config);
    this.description = new FieldCipher(field, DESCRIPTION_PURPOSE);
    this.reply = new FieldCipher(field, REPLY_PURPOSE);
    this.search = new BlindIndex(index, SEARCH_PURPOSE);
  }

  /** The searchable text of a ticket: its number, subject and description. */
  searchText(ticketNumber: string, subject: string, description: string): string[] {
    return [ticketNumber, subject, description];
  }

  /** Digests for the search_tokens column, under the active index key. */
  indexTicket(ticketNumber: string, subject: string, description: string): { tokens: string[]; keyId: string } {
    return { tokens: this.search.index(this.searchText(ticketNumber, subject, description)), keyId: this.search.activeKeyId };
  }

  /** The re-check of a candidate: every query word is a word of the decrypted ticket. */
  matches(words: string[], ticketNumber: string, subject: string, description: string): boolean {
    const have = new Set(normaliseWords(this.searchText(ticketNumber, subject, description).join('\n')));
    return words.every((w) => have.has(w));
  }
}
