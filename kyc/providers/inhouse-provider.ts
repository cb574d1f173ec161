// The in-house engine behind the same interface as the external provider. Its
// "provider applicant" is our applicant; its review lives on the current attempt
// (kyc.inhouse_attempts), written by the automatic checks and the staff review.
import type { Knex } from 'knex';
import { randomToken, sha256Hex } from '../../jobs/runtime/secrets.js';
import type { ProviderReview } from '../services/provider-review.js';
import { T } from '../services/tables.js';
import type { ApplicantRef, VerificationProvider } from './types.js';

export const INHOUSE = 'inhouse';
export const SDK_TOKEN_PREFIX = 'kyc_sdk_';

export class InhouseProvider implements VerificationProvider {
  readonly name = INHOUSE;
  readonly engine = 'inhouse' as const;

  constructor(private readonly knex: Knex) {}

  async ensureApplicant(ref: ApplicantRef): Promise<string> {
    await this.knex(T.attempts).insert({ applicant_id: ref.id, attempt_no: 1 }).onConflict(['applicant_id', 'attempt_no']).ignore();
    return ref.id;
  }

  async findApplicant(): Promise<string | null> {
    return null; // in-house applicants exist only through access-token
  }

  async fetchReview(ref: ApplicantRef & { providerApplicantId: string }): Promise<ProviderReview | 'deleted'> {
    const attempt = await this.knex(T.attempts).where({ applicant_id: ref.providerApplicantId }).orderBy('attempt_no', 'desc').first();
    if (!attempt) return 'deleted';
    return {
      reviewStatus: attempt.review_status,
      reviewAnswer: attempt.review_answer,
      rejectType: attempt.reject_type,
      rejectLabels: attempt.reject_labels ?? [],
      moderationComment: attempt.moderation_comment,
      clientComment: attempt.client_comment,
    };
  }

  /** A new SDK token; every older token of the applicant stops working (one live session). */
  async mintToken(ref: ApplicantRef & { providerApplicantId: string }, ttlSecs: number): Promise<string> {
    const token = randomToken(SDK_TOKEN_PREFIX);
    await this.knex.transaction(async (trx) => {
      await trx(T.sdkTokens).where({ applicant_id: ref.id }).delete();
      await trx(T.sdkTokens).insert({ token_hash: sha256Hex(token), applicant_id: ref.id, expires_at: new Date(Date.now() + ttlSecs * 1000) });
    });
    return token;
  }

  /** Starts a new attempt; the applicant's SDK tokens are revoked (a new access-token is needed). */
  async reset(ref: ApplicantRef & { providerApplicantId: string }): Promise<void> {
    await this.knex.transaction(async (trx) => {
      await trx(T.sdkTokens).where({ applicant_id: ref.id }).delete();
      const current = await trx(T.attempts).where({ applicant_id: ref.id }).orderBy('attempt_no', 'desc').forUpdate().first();
      if (current && current.review_status === 'init') return; // nothing submitted yet: already a fresh attempt
      await trx(T.attempts).insert({ applicant_id: ref.id, attempt_no: (current?.attempt_no ?? 0) + 1 });
    });
  }
}
