import { BaseModel } from './base-model.js';

/** A row of `invoice_import_sessions`. */
export class InvoiceImportSession extends BaseModel {
  static override tableName = 'invoice_import_sessions';

  declare id: number;
  declare status: string;
  declare profile_type: string;
  declare last_step: string;
  declare document_id: number | null;
  declare invoice: any;
  declare inventory_id: number | null;
  declare inventory_name: string;
  declare storage_id: number | null;
  declare storage_name: string;
  declare storage_box_id: number | null;
  declare storage_box_name: string;
  declare product_family_name: string;
  declare preview_lines: any;
  declare bulk_lines: any;
  declare summary: any;
  declare result_payload: any;
  declare error_payload: any;
  declare source_files: any;
  declare extraction: any;
  declare attempts: number;
  declare applied_at: Date | null;
  declare duplicate_of: number | null;
  declare duplicate: any;
  declare vendor_key: string;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
