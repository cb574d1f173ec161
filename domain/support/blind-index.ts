// A keyed blind index: search encrypted text by whole words without storing the
// words. Each normalised word becomes a 64-bit truncated HMAC under the index's own
// key (never the encryption key); a row keeps the set of its digests in a bigint[]
// column with a GIN index, and a query asks for rows containing all its digests
// (`@>`). The digests are deterministic, so equal words in two rows are visible as
// equal to someone reading the table (not what they are); that is the price of
// searching without plaintext. Matches are candidates: the caller decrypts and checks
// them again (a 64-bit collision is unlikely, not impossible).
//
// Keys rotate like the field cipher's: a row records the key id it was indexed with,
// and a query carries the digests under every key of the ring, so rows indexed under
// an older key stay findable until the re-encryption job re-indexes them.
import crypto from 'node:crypto';
import type { Keyring } from './field-cipher.js';

/** Longer words are cut (they are rare and cost index space); shorter than 2 are dropped. */
const MIN_WORD = 2;
const MAX_WORD = 64;
/** A document indexes at most this many distinct words. */
export const MAX_WORDS_PER_DOCUMENT = 4000;

/**
 * Words as search sees them: Unicode-decomposed, accents stripped, lower-cased, split
 * on anything that is not a letter or a digit ("Café-Crème" -> "cafe", "creme").
 */
export function normaliseWords(text: string, max = MAX_WORDS_PER_DOCUMENT): string[] {
  const words = new Set<string>();
  const plain = text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
  for (const raw of plain.split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < MIN_WORD) continue;
    words.add(raw.slice(0, MAX_WORD));
    if (words.size >= max) break;
  }
  return [...words];
}

export interface QueryDigests {
  keyId: string;
  digests: string[];
}

export class BlindIndex {
  private readonly ring: Keyring;

  /** `purpose` names what is indexed, e.g. "support_tickets.search". */
  constructor(keyring: Keyring, readonly purpose: string) {
    this.ring = keyring.derive(`blind-index:${purpose}`);
  }

  get activeKeyId(): string {
    return this.ring.active.id;
  }

  /** The digests (decimal int64 strings, for a bigint[] column) of the words of `texts`. */
  index(texts: string[], keyId = this.activeKeyId): string[] {
    return this.digest(normaliseWords(texts.join('\n')), keyId);
  }

  digest(words: string[], keyId = this.activeKeyId): string[] {
    const entry = this.ring.get(keyId);
    if (!entry) throw new Error(`${this.purpose}: unknown blind index key ${keyId}`);
    return words.map((w) => crypto.createHmac('sha256', entry.key).update(w, 'utf8').digest().readBigInt64BE(0).toString());
  }

  /** The query's words digested under every key of the ring. */
  query(words: string[]): QueryDigests[] {
    return this.ring.keys.map((k) => ({ keyId: k.id, digests: this.digest(words, k.id) }));
  }
}
