// Row shapes of the kyc schema and the StatusOut snapshot built from them.
import { canStart, type CoarseStatus, type StatusOut } from '../../jobs/kyc-contract.js';

export interface ProjectRow {
  id: number;
  slug: string;
  name: string;
  api_key: string;
  api_secret_hash: string;
  engine: 'external' | 'inhouse';
  provider_name: string;
  level_name: string;
  logo_url: string;
  primary_color: string;
  support_email: string;
  callback_url: string;
  callback_secret_sealed: string | null;
}

export interface ApplicantRow {
  id: string;
  project_id: number;
  external_user_id: string;
  provider: string;
  provider_applicant_id: string | null;
  level_name: string;
  status: CoarseStatus;
  review_status: string;
  review_answer: string;
  reject_type: string;
  reject_labels: string[];
  moderation_comment: string;
  client_comment: string;
  version: number;
  sync_seq: number;
  applied_seq: number;
  verified_at: Date | null;
  last_synced_at: Date | null;
  status_changed_at: Date;
  provider_deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The StatusOut of an applicant (or of a user with none yet). The private client comment is never part of it. */
export function statusOut(project: ProjectRow, externalUserId: string, row: ApplicantRow | null): StatusOut {
  if (!row) {
    return {
      external_user_id: externalUserId,
      project: project.slug,
      provider: project.provider_name,
      status: 'not_started',
      is_verified: false,
      can_start: true,
      level_name: project.level_name,
      review_status: '',
      review_answer: '',
      reject_type: '',
      reject_labels: [],
      moderation_comment: '',
      applicant_id: '',
      verified_at: null,
      last_synced_at: null,
      updated_at: null,
    };
  }
  return {
    external_user_id: row.external_user_id,
    project: project.slug,
    provider: row.provider,
    status: row.status,
    is_verified: row.status === 'approved',
    can_start: canStart(row.status),
    level_name: row.level_name,
    review_status: row.review_status,
    review_answer: row.review_answer,
    reject_type: row.reject_type,
    reject_labels: row.reject_labels ?? [],
    moderation_comment: row.moderation_comment,
    applicant_id: row.provider_deleted_at ? '' : (row.provider_applicant_id ?? ''),
    verified_at: iso(row.verified_at),
    last_synced_at: iso(row.last_synced_at),
    updated_at: iso(row.updated_at),
  };
}
