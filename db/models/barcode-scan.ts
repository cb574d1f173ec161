import { BaseModel } from './base-model.js';

/** A row of `barcode_scans`. */
export class BarcodeScan extends BaseModel {
  static override tableName = 'barcode_scans';

  declare id: number;
  declare user_id: string;
  declare code: string;
  declare symbology: string;
  declare is_valid: boolean;
  declare source: string;
  declare match_count: number;
  declare matched_variant_ids: any;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
  declare job_id: string | null;
  declare image_path: string | null;
  declare decoded_format: string | null;
  declare gtin14: string | null;
}
