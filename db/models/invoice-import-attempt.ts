import { BaseModel } from './base-model.js';

/** A row of `invoice_import_attempts`. */
export class InvoiceImportAttempt extends BaseModel {
  static override tableName = 'invoice_import_attempts';

  declare id: number;
  declare session_id: number;
  declare actor_id: string | null;
  declare product_family_name: string;
  declare lines: any;
  declare confirm_duplicate: boolean;
  declare status: 'queued' | 'applied' | 'failed' | 'conflict';
  declare response: any | null;
  declare created_at: Date;
  declare finished_at: Date | null;
}
