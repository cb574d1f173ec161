// The coarse status is derived only from the provider's review (re-pulled), never
// from the client or a webhook body. A review answer counts only once the review
// is completed.
import type { CoarseStatus } from '../../jobs/kyc-contract.js';

/** The review as a provider reports it (Sumsub's shape; the in-house engine speaks it too). */
export interface ProviderReview {
  reviewStatus: string; // init | awaitingUser | pending | queued | prechecked | awaitingService | onHold | completed
  reviewAnswer: string; // GREEN | RED (meaningful only when completed)
  rejectType: string; // RETRY | FINAL
  rejectLabels: string[];
  moderationComment: string; // may be shown to the user
  clientComment: string; // private: never leaves the microservice
  levelName?: string;
}

export const EMPTY_REVIEW: ProviderReview = { reviewStatus: '', reviewAnswer: '', rejectType: '', rejectLabels: [], moderationComment: '', clientComment: '' };

const SUBMITTED = new Set(['pending', 'queued', 'prechecked', 'awaitingService']);
const NOT_SUBMITTED = new Set(['init', 'awaitingUser']);

export function deriveStatus(review: ProviderReview | null): CoarseStatus {
  if (!review) return 'not_started';
  const s = review.reviewStatus;
  if (NOT_SUBMITTED.has(s)) return 'pending';
  if (s === 'onHold') return 'on_hold';
  if (s === 'completed') {
    if (review.reviewAnswer === 'GREEN') return 'approved';
    if (review.reviewAnswer === 'RED') return review.rejectType === 'FINAL' ? 'rejected' : 'retry';
    return 'in_review'; // completed without an answer: nothing to decide on yet
  }
  if (SUBMITTED.has(s)) return 'in_review';
  // an unknown status never verifies anyone; it is treated as still under review
  return 'in_review';
}

/** The review fields kept on the applicant row (the private comment included, never exposed). */
export function reviewColumns(review: ProviderReview) {
  const completed = review.reviewStatus === 'completed';
  return {
    review_status: review.reviewStatus.slice(0, 32),
    review_answer: completed ? review.reviewAnswer.slice(0, 16) : '',
    reject_type: completed && review.reviewAnswer === 'RED' && (review.rejectType === 'RETRY' || review.rejectType === 'FINAL') ? review.rejectType : '',
    reject_labels: JSON.stringify(completed && review.reviewAnswer === 'RED' ? review.rejectLabels.map(String).slice(0, 50) : []),
    moderation_comment: completed ? review.moderationComment : '',
    client_comment: completed ? review.clientComment : '',
  };
}
