// The one path every status change takes, whatever moved it (webhook re-pull, refresh,
// access-token, reset, sweeper, in-house checks, staff review): pull the provider's
// authoritative review, derive the coarse status, and when it changed bump the
// applicant's version, record the history and queue a signed callback, all in one
// transaction. Re-pulls are ordered: an answer older than one already applied is
// dropped, so duplicate and out-of-order webhooks change nothing twice.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { CoarseStatus } from '../../jobs/kyc-contract.js';
import { deriveStatus, EMPTY_REVIEW, reviewColumns, type ProviderReview } from './provider-review.js';
import { statusOut } from './rows.js';
import type { ApplicantRow, ProjectRow } from './rows.js';
import type { ProviderRegistry } from './provider-registry.js';
import type { CallbackService, DeliveryRow } from './callback-service.js';
import type { ProjectService } from './project-service.js';
import { T } from './tables.js';

export interface SyncResult {
  applicant: ApplicantRow;
  changed: boolean;
  from: CoarseStatus;
  /** the provider no longer knows the applicant (terminal until a new access-token) */
  deleted: boolean;
}

export class StatusSync {
  constructor(
    private readonly knex: Knex,
    private readonly providers: ProviderRegistry,
    private readonly projects: ProjectService,
    private readonly callbacks: CallbackService,
    private readonly log: Logger,
  ) {}

  async load(applicantId: string): Promise<ApplicantRow | undefined> {
    return this.knex(T.applicants).where({ id: applicantId }).first();
  }

  /**
   * Re-pulls one applicant from its provider and applies the result. `deliverInline`
   * (workers only) makes the first callback attempt right here instead of queueing it;
   * request paths never wait on the callback receiver.
   */
  async repull(applicantId: string, source: string, opts: { deliverInline?: boolean } = {}): Promise<SyncResult> {
    // one round trip: number this re-pull (answers are applied in this order) and read the row
    let [row]: ApplicantRow[] = await this.knex(T.applicants).where({ id: applicantId }).increment('sync_seq', 1).returning('*');
    if (!row) throw new Error(`applicant ${applicantId} does not exist`);
    const provider = this.providers.forApplicant(row);
    if (row.provider_deleted_at) return { applicant: row, changed: false, from: row.status, deleted: true };
    if (!row.provider_applicant_id) {
      const found = await provider.findApplicant(row.external_user_id);
      if (!found) return { applicant: row, changed: false, from: row.status, deleted: false };
      row = await this.link(row, found);
    }
    const review = await provider.fetchReview({ id: row.id, externalUserId: row.external_user_id, providerApplicantId: row.provider_applicant_id!, levelName: row.level_name });
    if (review !== 'deleted') {
      const unchanged = await this.markSynced(row, row.sync_seq, review);
      if (unchanged) return { applicant: unchanged, changed: false, from: unchanged.status, deleted: false };
      const done = await this.applyChangeAtOnce(row, row.sync_seq, review, source, opts.deliverInline ?? false);
      if (done) return done;
    }
    return this.apply(row.id, row.sync_seq, review, source, opts.deliverInline ?? false);
  }

  /**
   * The common case, a re-pull that changes nothing: one guarded UPDATE instead of a
   * locking transaction. It only applies while the row still holds what was read and
   * no newer re-pull was applied; otherwise the full path decides.
   */
  private async markSynced(row: ApplicantRow, seq: number, review: ProviderReview): Promise<ApplicantRow | null> {
    const cols = reviewColumns(review);
    const same =
      deriveStatus(review) === row.status &&
      cols.review_status === row.review_status &&
      cols.review_answer === row.review_answer &&
      cols.reject_type === row.reject_type &&
      cols.moderation_comment === row.moderation_comment &&
      cols.client_comment === row.client_comment &&
      cols.reject_labels === JSON.stringify(row.reject_labels ?? []) &&
      (!review.levelName || review.levelName === row.level_name);
    if (!same) return null;
    const [updated]: ApplicantRow[] = await this.knex(T.applicants)
      .where({ id: row.id, status: row.status, review_status: row.review_status, review_answer: row.review_answer, reject_type: row.reject_type, moderation_comment: row.moderation_comment, version: row.version })
      .where('applied_seq', '<', seq)
      .update({ applied_seq: seq, last_synced_at: new Date() })
      .returning('*');
    return updated ?? null;
  }

  async link(row: ApplicantRow, providerApplicantId: string): Promise<ApplicantRow> {
    const [updated] = await this.knex(T.applicants)
      .where({ id: row.id })
      .update({ provider_applicant_id: providerApplicantId, provider_deleted_at: null, updated_at: new Date() })
      .returning('*');
    return updated;
  }

  private async apply(applicantId: string, seq: number, review: ProviderReview | 'deleted', source: string, deliverInline: boolean): Promise<SyncResult> {
    const outcome = await this.knex.transaction(async (trx) => {
      const row: ApplicantRow = await trx(T.applicants).where({ id: applicantId }).forUpdate().first();
      if (row.applied_seq >= seq) return { applicant: row, changed: false, from: row.status, deleted: !!row.provider_deleted_at, delivery: null };
      const deleted = review === 'deleted';
      const { next, changed, patch } = planChange(row, seq, review);
      const [updated]: ApplicantRow[] = await trx(T.applicants).where({ id: applicantId }).update(patch).returning('*');
      let delivery: { row: DeliveryRow; project: ProjectRow } | null = null;
      if (changed) {
        await trx(T.history).insert({
          applicant_id: applicantId,
          version: updated.version,
          from_status: row.status,
          to_status: next,
          review_status: updated.review_status,
          review_answer: updated.review_answer,
          reject_type: updated.reject_type,
          source: source.slice(0, 32),
        });
        const project: ProjectRow = await this.projects.byId(updated.project_id, trx);
        delivery = { row: await this.callbacks.record(trx, project, updated), project };
      }
      return { applicant: updated, changed, from: row.status, deleted, delivery };
    });
    if (outcome.changed) this.log.info({ applicant_id: applicantId, from: outcome.from, to: outcome.applicant.status, version: outcome.applicant.version, source }, 'kyc status changed');
    if (outcome.delivery) {
      if (deliverInline) await this.callbacks.deliverFirst(outcome.delivery.row, outcome.delivery.project);
      else await this.callbacks.enqueue(outcome.delivery.row.id);
    }
    const { delivery: _, ...result } = outcome;
    return result;
  }

  /**
   * A status change as one statement (no explicit transaction: the update, its history
   * row and the delivery row commit together), guarded by the version that was read:
   * when anything moved the applicant meanwhile it does nothing and the locking path
   * decides. It keeps database connections for one round trip instead of six.
   */
  private async applyChangeAtOnce(row: ApplicantRow, seq: number, review: ProviderReview, source: string, deliverInline: boolean): Promise<SyncResult | null> {
    const { next, changed, patch } = planChange(row, seq, review);
    if (!changed) return null;
    const project = await this.projects.byId(row.project_id);
    const updated: ApplicantRow = { ...row, ...(patch as Partial<ApplicantRow>), reject_labels: JSON.parse(patch.reject_labels as string) };
    const keys = Object.keys(patch);
    const set = keys.map((k) => (k === 'reject_labels' ? `"${k}" = ?::jsonb` : `"${k}" = ?`)).join(', ');
    const { rows } = await this.knex.raw(
      `WITH upd AS (
         UPDATE kyc.applicants SET ${set} WHERE id = ? AND version = ? AND applied_seq < ?
         RETURNING id, project_id, version, review_status, review_answer, reject_type
       ), hist AS (
         INSERT INTO kyc.status_history (applicant_id, version, from_status, to_status, review_status, review_answer, reject_type, source)
         SELECT id, version, ?, ?, review_status, review_answer, reject_type, ? FROM upd
       )
       INSERT INTO kyc.callback_deliveries (applicant_id, project_id, version, snapshot)
       SELECT id, project_id, version, ?::jsonb FROM upd
       RETURNING *`,
      [...keys.map((k) => patch[k] as Knex.Value), row.id, row.version, seq, row.status, next, source.slice(0, 32), JSON.stringify(statusOut(project, row.external_user_id, updated))],
    );
    if (!rows.length) return null;
    this.log.info({ applicant_id: row.id, from: row.status, to: next, version: updated.version, source }, 'kyc status changed');
    const delivery: DeliveryRow = { ...rows[0], id: Number(rows[0].id) };
    if (deliverInline) await this.callbacks.deliverFirst(delivery, project);
    else await this.callbacks.enqueue(delivery.id);
    return { applicant: updated, changed: true, from: row.status, deleted: false };
  }

  /** Used by project-level reads that need the project row for an applicant. */
  async projectOf(row: ApplicantRow): Promise<ProjectRow> {
    return this.projects.byId(row.project_id);
  }
}

/** What a review does to an applicant row: the coarse status it leads to and the columns to write. */
export function planChange(row: ApplicantRow, seq: number, review: ProviderReview | 'deleted') {
  const deleted = review === 'deleted';
  const next: CoarseStatus = deleted ? 'not_started' : deriveStatus(review);
  const cols = reviewColumns(deleted ? EMPTY_REVIEW : review);
  const now = new Date();
  const changed = next !== row.status;
  const contentChanged =
    changed ||
    cols.review_status !== row.review_status ||
    cols.review_answer !== row.review_answer ||
    cols.reject_type !== row.reject_type ||
    cols.moderation_comment !== row.moderation_comment ||
    cols.reject_labels !== JSON.stringify(row.reject_labels ?? []);
  const patch: Record<string, unknown> = { ...cols, applied_seq: seq, last_synced_at: now };
  if (contentChanged) patch.updated_at = now;
  if (deleted) patch.provider_deleted_at = now;
  if (!deleted && review.levelName) patch.level_name = review.levelName.slice(0, 100);
  if (changed) {
    patch.status = next;
    patch.version = row.version + 1;
    patch.status_changed_at = now;
    patch.verified_at = next === 'approved' ? (row.verified_at ?? now) : null;
  }
  return { next, changed, patch };
}
