import { BaseModel } from './base-model.js';

/** A row of `reports`: one generated (or queued) report file. */
export class Report extends BaseModel {
  static override tableName = 'reports';

  declare id: number;
  declare kind: string;
  declare format: string;
  declare title: string;
  declare status: string;
  declare progress: number;
  declare filters: Record<string, unknown>;
  declare summary: Record<string, unknown> | null;
  declare row_count: number | null;
  declare file_path: string | null;
  declare file_size: number | null;
  declare error: string | null;
  declare schedule_id: number | null;
  declare run_key: string | null;
  /** the run that holds the report while it is rendered, and until when without a heartbeat */
  declare run_token: string | null;
  declare claimed_until: Date | null;
  /** when a schedule's e-mail for this report was queued (once per run) */
  declare mailed_at: Date | null;
  declare started_at: Date | null;
  declare finished_at: Date | null;
  declare expires_at: Date | null;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
