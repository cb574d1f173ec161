import { BaseModel } from './base-model.js';

export type DataExportStatus = 'queued' | 'running' | 'completed' | 'failed' | 'expired';

export class DataExportRequest extends BaseModel {
  static override tableName = 'data_export_requests';

  declare id: string;
  declare user_id: string;
  declare status: DataExportStatus;
  declare format: string;
  /** the archive under MEDIA_ROOT (exports/…); null until completed and again once expired */
  declare file_path: string | null;
  declare size: number | string | null;
  /** per section (file in the archive): how many records it holds */
  declare sections: Record<string, number>;
  declare error: string | null;
  declare created_at: Date;
  declare started_at: Date | null;
  declare completed_at: Date | null;
  declare expires_at: Date | null;
}
