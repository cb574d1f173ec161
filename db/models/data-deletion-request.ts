import { BaseModel } from './base-model.js';

export type DataDeletionStatus = 'pending' | 'running' | 'completed' | 'cancelled' | 'failed';

export class DataDeletionRequest extends BaseModel {
  static override tableName = 'data_deletion_requests';

  declare id: string;
  /** the account while it exists (null once erased) */
  declare user_id: string | null;
  /** the erased account's id, kept so the record still says whose erasure it was */
  declare subject_id: string;
  declare status: DataDeletionStatus;
  declare reason: string | null;
  /** what the erasure did: counts per area, teams handed over or deleted */
  declare outcome: Record<string, unknown>;
  declare created_at: Date;
  declare scheduled_for: Date;
  declare cancelled_at: Date | null;
  declare completed_at: Date | null;
}
