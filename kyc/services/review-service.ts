// Staff review of the in-house engine (authenticated with the project's API key and
// secret): the queue of submitted attempts, one applicant with its decrypted data and
// check results, and the decision (approve, reject RETRY or FINAL with a moderation
// comment, or hold). The decision becomes the attempt's review and goes through
// StatusSync, like the external provider's.
import type { Knex } from 'knex';
import type { Config } from '../../jobs/runtime/config.js';
import { unseal } from '../../jobs/runtime/secrets.js';
import { Conflict, NotFound, Invalid } from '../../jobs/runtime/errors.js';
import type { StatusOut } from '../../jobs/kyc-contract.js';
import type { Answer } from './applicant-service.js';
import { DOCUMENT_PURPOSE, IMAGE_PURPOSE, PERSONAL_DATA_PURPOSE } from './inhouse-service.js';
import { statusOut, type ApplicantRow, type ProjectRow } from './rows.js';
import type { StatusSync } from './status-sync.js';
import { T } from './tables.js';

export interface Decision {
  decision: 'approve' | 'reject' | 'hold';
  reject_type?: 'RETRY' | 'FINAL';
  moderation_comment?: string;
  client_comment?: string;
  reject_labels?: string[];
  reviewer: string;
}

const REVIEWABLE = ['pending', 'onHold'];

export class ReviewService {
  constructor(
    private readonly knex: Knex,
    private readonly config: Config,
    private readonly sync: StatusSync,
  ) {}

  private async applicant(project: ProjectRow, applicantId: string): Promise<ApplicantRow> {
    const row = await this.knex(T.applicants).where({ id: applicantId, project_id: project.id }).first();
    if (!row || row.provider !== 'inhouse') throw new NotFound('In-house applicant', 'applicant_not_found');
    return row;
  }

  async queue(project: ProjectRow, state: 'pending' | 'onHold' | 'all', limit: number) {
    const rows = await this.knex(`${T.attempts} as x`)
      .join(`${T.applicants} as a`, 'a.id', 'x.applicant_id')
      .where('a.project_id', project.id)
      .whereIn('x.review_status', state === 'all' ? REVIEWABLE : [state])
      // only the current attempt of each applicant is reviewable
      .whereRaw('x.attempt_no = (SELECT max(attempt_no) FROM kyc.inhouse_attempts y WHERE y.applicant_id = x.applicant_id)')
      .orderBy('x.submitted_at')
      .limit(limit)
      .select('a.id as applicant_id', 'a.external_user_id', 'a.status', 'x.attempt_no', 'x.review_status', 'x.document_type', 'x.issuing_country', 'x.submitted_at', 'x.checks');
    return rows.map((r: Record<string, any>) => ({ ...r, submitted_at: r.submitted_at ? new Date(r.submitted_at).toISOString() : null }));
  }

  async details(project: ProjectRow, applicantId: string) {
    const row = await this.applicant(project, applicantId);
    const attempt = await this.knex(T.attempts).where({ applicant_id: row.id }).orderBy('attempt_no', 'desc').first();
    const open = (purpose: string, sealed: string | null) => (sealed ? JSON.parse(unseal(this.config.secretKey, purpose, sealed)) : null);
    return {
      applicant_id: row.id,
      status: statusOut(project, row.external_user_id, row),
      attempt: attempt && {
        attempt_no: attempt.attempt_no,
        review_status: attempt.review_status,
        document_type: attempt.document_type,
        issuing_country: attempt.issuing_country,
        document: open(DOCUMENT_PURPOSE, attempt.document_sealed),
        personal_data: open(PERSONAL_DATA_PURPOSE, attempt.data_sealed),
        images: { front: attempt.front_type, back: attempt.back_type },
        checks: attempt.checks,
        submitted_at: attempt.submitted_at ? new Date(attempt.submitted_at).toISOString() : null,
        reviewed_by: attempt.reviewed_by,
        client_comment: attempt.client_comment,
      },
    };
  }

  /** One side's image (or PDF) of the current attempt, unsealed, with the type its bytes were recognised as at upload. */
  async image(project: ProjectRow, applicantId: string, side: 'front' | 'back'): Promise<{ contentType: string; bytes: Buffer }> {
    const row = await this.applicant(project, applicantId);
    const attempt = await this.knex(T.attempts).where({ applicant_id: row.id }).orderBy('attempt_no', 'desc').first(`${side}_type as type`, `${side}_sealed as sealed`);
    if (!attempt?.sealed || !attempt.type) throw new NotFound(`The ${side} image`, 'image_not_found');
    return { contentType: attempt.type, bytes: Buffer.from(unseal(this.config.secretKey, IMAGE_PURPOSE, attempt.sealed), 'base64') };
  }

  async decide(project: ProjectRow, applicantId: string, d: Decision): Promise<Answer<StatusOut>> {
    const row = await this.applicant(project, applicantId);
    if (d.decision === 'reject' && !d.reject_type) throw Invalid.field('reject_type', 'reject_type (RETRY or FINAL) is required to reject');
    await this.knex.transaction(async (trx) => {
      const attempt = await trx(T.attempts).where({ applicant_id: row.id }).orderBy('attempt_no', 'desc').forUpdate().first();
      if (!attempt || !REVIEWABLE.includes(attempt.review_status)) {
        throw new Conflict(`Nothing to review: the current attempt is ${attempt?.review_status ?? 'missing'}.`, 'not_reviewable');
      }
      const common = { reviewed_at: new Date(), reviewed_by: d.reviewer.slice(0, 200), updated_at: new Date(), client_comment: d.client_comment ?? '' };
      const patch =
        d.decision === 'approve'
          ? { ...common, review_status: 'completed', review_answer: 'GREEN', reject_type: '', reject_labels: '[]', moderation_comment: d.moderation_comment ?? '' }
          : d.decision === 'reject'
            ? { ...common, review_status: 'completed', review_answer: 'RED', reject_type: d.reject_type, reject_labels: JSON.stringify(d.reject_labels ?? []), moderation_comment: d.moderation_comment ?? '' }
            : { ...common, review_status: 'onHold', moderation_comment: d.moderation_comment ?? '' };
      await trx(T.attempts).where({ id: attempt.id }).update(patch);
    });
    const { applicant } = await this.sync.repull(row.id, 'staff_review');
    return { body: statusOut(project, applicant.external_user_id, applicant), version: applicant.version };
  }
}
