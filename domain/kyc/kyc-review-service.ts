// Staff review of in-house verification applicants, through the microservice's staff
// API (/api/v1/kyc/review/…) with the project's key and secret — never by reading the
// kyc schema: the queue of submitted attempts, one applicant with its documents, data
// and check results, a document image's bytes, and the decision (approve, reject RETRY
// or FINAL with a comment shown to the user). Each decision moves the user's mirror
// at once (ordered by the answer's version, like every proxied answer) and is recorded
// in the audit log with the staff member who made it.
import type { Platform } from '../../db/platform.js';
import { User } from '../../db/models/index.js';
import { Forbidden, Invalid, NotFound } from '../../jobs/runtime/errors.js';
import { KYC_PATHS, type StatusOut } from '../../jobs/kyc-contract.js';
import { recordAudit } from '../audit/audit-service.js';
import type { Actor } from '../shared/actor.js';
import type { KycClient, KycBytes } from './kyc-client.js';
import type { KycMirrorService } from './kyc-mirror-service.js';

const REVIEW_PATH = KYC_PATHS.reviewApplicants;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const REVIEW_STATES = ['pending', 'onHold', 'all'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const IMAGE_SIDES = ['front', 'back'] as const;
export type ImageSide = (typeof IMAGE_SIDES)[number];
export const REJECT_TYPES = ['RETRY', 'FINAL'] as const;
export const MAX_COMMENT = 2000;

export interface CheckResult {
  check: string;
  passed: boolean;
  skipped?: boolean;
  message: string;
}

/** The platform user an applicant stands for (external_user_id is the user's id), when they still exist. */
export interface ApplicantUser {
  id: string;
  email: string;
  name: string;
}

export interface ReviewQueueEntry {
  applicant_id: string;
  external_user_id: string;
  status: string;
  attempt_no: number;
  review_status: string;
  document_type: string | null;
  issuing_country: string | null;
  submitted_at: string | null;
  checks: CheckResult[] | null;
  user: ApplicantUser | null;
}

export interface ReviewApplicant {
  applicant_id: string;
  status: StatusOut;
  attempt: {
    attempt_no: number;
    review_status: string;
    document_type: string | null;
    issuing_country: string | null;
    document: { document_number?: string; expiry_date?: string; mrz?: string } | null;
    personal_data: Record<string, unknown> | null;
    images: { front: string | null; back: string | null };
    checks: CheckResult[] | null;
    submitted_at: string | null;
    reviewed_by: string | null;
    client_comment: string | null;
  } | null;
  user: ApplicantUser | null;
  /** whether the current attempt awaits a decision (submitted or on hold) */
  reviewable: boolean;
}

export interface ReviewDecisionIn {
  decision: 'approve' | 'reject';
  reject_type?: (typeof REJECT_TYPES)[number];
  /** shown to the user (the microservice's moderation_comment) */
  comment?: string;
}

const REVIEWABLE = ['pending', 'onHold'];

export class KycReviewService {
  constructor(
    private readonly platform: Platform,
    private readonly client: KycClient,
    private readonly mirror: KycMirrorService,
  ) {}

  async queue(actor: Actor, state: ReviewState = 'all', limit = 50): Promise<ReviewQueueEntry[]> {
    staffOnly(actor);
    const a = await this.client.call<{ results: Omit<ReviewQueueEntry, 'user'>[] }>('GET', `${REVIEW_PATH}?state=${encodeURIComponent(state)}&limit=${limit}`);
    const users = await this.users(a.body.results.map((r) => r.external_user_id));
    return a.body.results.map((r) => ({ ...r, user: users.get(r.external_user_id) ?? null }));
  }

  async applicant(actor: Actor, applicantId: string): Promise<ReviewApplicant> {
    staffOnly(actor);
    const a = await this.client.call<Omit<ReviewApplicant, 'user' | 'reviewable'>>('GET', `${REVIEW_PATH}/${applicantPath(applicantId)}`);
    const users = await this.users([a.body.status.external_user_id]);
    return { ...a.body, user: users.get(a.body.status.external_user_id) ?? null, reviewable: !!a.body.attempt && REVIEWABLE.includes(a.body.attempt.review_status) };
  }

  /** A document image's bytes as the microservice recognised them at upload (JPEG, PNG, WebP or PDF). */
  async image(actor: Actor, applicantId: string, side: string): Promise<KycBytes> {
    staffOnly(actor);
    if (!(IMAGE_SIDES as readonly string[]).includes(side)) throw new NotFound('Document image', 'image_not_found');
    return this.client.bytes(`${REVIEW_PATH}/${applicantPath(applicantId)}/images/${side}`);
  }

  async decide(actor: Actor, applicantId: string, input: ReviewDecisionIn, ctx: { ip?: string | null } = {}): Promise<StatusOut> {
    staffOnly(actor);
    const path = `${REVIEW_PATH}/${applicantPath(applicantId)}/decision`;
    checkDecision(input);
    const staff = await User.query(this.platform.knex).findById(actor.userId).select('email');
    const comment = input.comment?.trim() ?? '';
    const a = await this.client.call<StatusOut>('POST', path, {
      decision: input.decision,
      ...(input.decision === 'reject' ? { reject_type: input.reject_type } : {}),
      moderation_comment: comment,
      reviewer: `${staff?.email ?? 'staff'} (${actor.userId})`,
    });
    const status = a.body;
    if (UUID.test(status.external_user_id) && a.version > 0) await this.mirror.refresh(status.external_user_id, status, a.version);
    await recordAudit(this.platform.knex, { actorId: actor.userId, ip: ctx.ip ?? null }, {
      action: 'kyc.review_decision',
      entityType: 'kyc_applicant',
      entityId: applicantId,
      summary: `KYC ${input.decision === 'approve' ? 'approved' : `rejected (${input.reject_type})`} for user ${status.external_user_id}`,
      // the comment's text is free text: the log keeps that one was given, not what it says
      changes: { decision: input.decision, reject_type: input.reject_type, user_id: status.external_user_id, status: status.status, version: a.version, comment: comment || undefined },
    });
    return status;
  }

  private async users(ids: string[]): Promise<Map<string, ApplicantUser>> {
    const wanted = [...new Set(ids.filter((id) => UUID.test(id)))];
    if (!wanted.length) return new Map();
    const rows = await User.query(this.platform.knex).whereIn('id', wanted).select('id', 'email', 'first_name', 'last_name');
    return new Map(rows.map((u) => [u.id, { id: u.id, email: u.email, name: `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim() }]));
  }
}

function staffOnly(actor: Actor): void {
  if (!actor.isStaff) throw new Forbidden('Only staff review verification applicants.', 'staff_only');
}

/** A malformed id is "not found" here (the microservice would call it a bad request). */
function applicantPath(applicantId: string): string {
  if (!UUID.test(applicantId)) throw new NotFound('KYC applicant', 'applicant_not_found');
  return applicantId.toLowerCase();
}

function checkDecision(input: ReviewDecisionIn): void {
  if (input.decision !== 'approve' && input.decision !== 'reject') throw Invalid.field('decision', 'decision must be approve or reject');
  if (input.decision === 'reject' && !(REJECT_TYPES as readonly string[]).includes(input.reject_type ?? '')) throw Invalid.field('reject_type', 'reject_type (RETRY or FINAL) is required to reject');
  if (input.decision === 'approve' && input.reject_type) throw Invalid.field('reject_type', 'reject_type applies only to a rejection');
  if ((input.comment ?? '').length > MAX_COMMENT) throw Invalid.field('comment', `comment is at most ${MAX_COMMENT} characters`);
}
