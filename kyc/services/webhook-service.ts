// Provider webhooks. The digest (X-Payload-Digest, algorithm in X-Payload-Digest-Alg)
// is checked over the raw body in constant time before anything else happens; a
// verified webhook is recorded once per distinct body and only ever triggers a
// re-pull of the applicant (coalesced per applicant): its body decides nothing.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { JobProducer } from '../../jobs/queues.js';
import { safeEqual } from '../../jobs/runtime/secrets.js';
import { Invalid } from '../../jobs/runtime/errors.js';
import { inspectInput } from '../../gateway/http/input-guard.js';

export const DIGEST_ALGORITHMS: Record<string, string> = {
  HMAC_SHA256_HEX: 'sha256',
  HMAC_SHA1_HEX: 'sha1',
  HMAC_SHA512_HEX: 'sha512',
};
export const DEFAULT_DIGEST_ALG = 'HMAC_SHA256_HEX';

export class WebhookSignatureError extends Invalid {
  constructor(message: string) {
    super(message, [], 'invalid_signature');
  }
}

/** Throws WebhookSignatureError unless the digest matches; returns the algorithm name used. */
export function verifyDigest(secret: string, raw: Buffer, digest: string | undefined, algHeader: string | undefined): string {
  const alg = (algHeader ?? '').trim().toUpperCase() || DEFAULT_DIGEST_ALG;
  const hash = DIGEST_ALGORITHMS[alg];
  if (!secret) throw new WebhookSignatureError('Webhooks are refused: no webhook secret is configured.');
  if (!hash) throw new WebhookSignatureError(`Unsupported X-Payload-Digest-Alg ${alg}; use ${Object.keys(DIGEST_ALGORITHMS).join(', ')}.`);
  if (!digest) throw new WebhookSignatureError('The X-Payload-Digest header is required.');
  const expected = crypto.createHmac(hash, secret).update(raw).digest('hex');
  if (!safeEqual(expected, digest.trim().toLowerCase())) throw new WebhookSignatureError('The payload digest does not match.');
  return alg;
}

/** A string PostgreSQL can store as text: NULs dropped, lone surrogates replaced. */
const storable = (s: string): string => (s as unknown as { toWellFormed(): string }).toWellFormed().replace(/\u0000/g, '');

export interface WebhookReceipt {
  webhook_id: number;
  event_type: string;
  applicant_id: string | null;
  duplicate: boolean;
  repull_queued: boolean;
}

export class WebhookService {
  /** provider applicant id → our applicant id (the link never changes while the applicant exists) */
  private readonly applicantIds = new LRUCache<string, string>({ max: 50_000, ttl: 10 * 60_000 });

  /**
   * @param recordDb where webhook records are written. The microservice passes a pool
   *   with asynchronous commit: a record is an audit trail (the action is the queued
   *   re-pull), so it does not wait for the WAL flush; a crash may lose the last
   *   fraction of a second of records, never a re-pull.
   */
  constructor(
    private readonly recordDb: Knex,
    private readonly producer: JobProducer,
    private readonly log: Logger,
  ) {}

  private enqueueRepull(applicantId: string, eventType: string) {
    return this.producer.enqueue('kyc.repull-applicant', { actor_id: null, applicant_id: applicantId, reason: `webhook:${eventType || 'unknown'}`.slice(0, 80) });
  }

  /** Records a verified webhook and queues the re-pull of its applicant. */
  async receive(provider: string, raw: Buffer, digestAlg: string): Promise<WebhookReceipt> {
    let body: Record<string, unknown>;
    try {
      const parsed = JSON.parse(raw.toString('utf8'));
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      body = parsed;
    } catch {
      throw new Invalid('The webhook body is not a JSON object.', [], 'malformed_json');
    }
    // The body decides nothing, so a signed body PostgreSQL cannot hold (a NUL, half a
    // surrogate pair) or that would overflow the stack when written (nesting deeper than
    // the input guard's limit) is still recorded, as a note of what was wrong, and still
    // triggers its re-pull: a genuine webhook is never lost to a stray field.
    const problem = inspectInput(body, 'payload');
    const str = (v: unknown, max: number) => (typeof v === 'string' ? storable(v.slice(0, max)) : '');
    const eventType = str(body.type, 80);
    const providerApplicantId = str(body.applicantId, 100);
    const externalUserId = str(body.externalUserId, 200);
    const sha = crypto.createHash('sha256').update(raw).digest('hex');
    const cacheKey = `${provider}:${providerApplicantId}`;
    const known = providerApplicantId ? this.applicantIds.get(cacheKey) : undefined;
    // a known applicant: record and queue at once; otherwise the record's lookup finds it
    const [row] = await Promise.all([
      this.record(provider, eventType, providerApplicantId, externalUserId, known ?? null, sha, digestAlg, problem ? { unstorable: problem.code, at: storable(problem.path), type: eventType, applicantId: providerApplicantId, externalUserId } : body),
      known ? this.enqueueRepull(known, eventType) : null,
    ]);
    let queued = !!known;
    if (!known && row.applicant_id) {
      if (providerApplicantId && row.linked) this.applicantIds.set(cacheKey, row.applicant_id);
      // a redelivered body is re-pulled too: the re-pull is idempotent and coalesced
      await this.enqueueRepull(row.applicant_id, eventType);
      queued = true;
    } else if (!row.applicant_id) {
      this.log.info({ provider, event_type: eventType, provider_applicant_id: providerApplicantId }, 'kyc webhook for an unknown applicant recorded');
    }
    return { webhook_id: Number(row.id), event_type: eventType, applicant_id: row.applicant_id, duplicate: !row.inserted, repull_queued: queued };
  }

  /** One row per distinct body (a redelivery bumps received_count), with the applicant found by the provider's id, else by the external user id of a not yet linked applicant. */
  private async record(provider: string, eventType: string, providerApplicantId: string, externalUserId: string, applicantId: string | null, sha: string, digestAlg: string, body: unknown) {
    const { rows } = await this.recordDb.raw(
      `INSERT INTO kyc.webhooks (provider, event_type, provider_applicant_id, applicant_id, body_sha256, digest_alg, payload)
       VALUES (?, ?, ?, COALESCE(
         ?::uuid,
         (SELECT id FROM kyc.applicants WHERE provider = ? AND provider_applicant_id = ? LIMIT 1),
         (SELECT id FROM kyc.applicants WHERE provider = ? AND provider_applicant_id IS NULL AND external_user_id = ? ORDER BY created_at LIMIT 1)
       ), ?, ?, ?)
       ON CONFLICT (provider, body_sha256) DO UPDATE SET received_count = kyc.webhooks.received_count + 1, last_received_at = now()
       RETURNING id, applicant_id, (xmax = 0) AS inserted,
         EXISTS (SELECT 1 FROM kyc.applicants WHERE provider = ? AND provider_applicant_id = ?) AS linked`,
      [provider, eventType, providerApplicantId, applicantId, provider, providerApplicantId, provider, externalUserId || null, sha, digestAlg, JSON.stringify(body), provider, providerApplicantId],
    );
    return rows[0] as { id: number; applicant_id: string | null; inserted: boolean; linked: boolean };
  }
}
