// One interface for both engines: the external provider (Sumsub's REST shape) and the
// in-house engine. Everything above it (status sync, callbacks) is engine-agnostic.
import type { ProviderReview } from '../services/provider-review.js';

export interface ApplicantRef {
  /** our applicant id */
  id: string;
  externalUserId: string;
  providerApplicantId: string | null;
  levelName: string;
}

export interface VerificationProvider {
  /** the `provider` value clients see: the external provider's slug or `inhouse` */
  readonly name: string;
  readonly engine: 'external' | 'inhouse';
  /** Creates the applicant at the provider, or links the one that already exists; returns its id. */
  ensureApplicant(ref: ApplicantRef): Promise<string>;
  /** The provider's applicant for this external user id, if any. */
  findApplicant(externalUserId: string): Promise<string | null>;
  /** The authoritative review; 'deleted' when the provider no longer knows the applicant. */
  fetchReview(ref: ApplicantRef & { providerApplicantId: string }): Promise<ProviderReview | 'deleted'>;
  /** A short-lived SDK token for the applicant. */
  mintToken(ref: ApplicantRef & { providerApplicantId: string }, ttlSecs: number): Promise<string>;
  /** Starts a new attempt (the applicant returns to "documents requested"). */
  reset(ref: ApplicantRef & { providerApplicantId: string }): Promise<void>;
}

/** A provider call that failed; `retryable` tells a job whether trying again can help. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
