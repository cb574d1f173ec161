import { BaseModel } from './base-model.js';

/** A row of `invoice_import_documents`. */
export class InvoiceImportDocument extends BaseModel {
  static override tableName = 'invoice_import_documents';

  declare id: number;
  declare name: string;
  declare size: number;
  declare content_type: string;
  declare path: string;
  declare sha256: string;
  declare inventory_id: number | null;
  declare storage_box_id: number | null;
  declare product_family_name: string;
  declare status: string;
  declare error: any | null;
  declare session_id: number | null;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
