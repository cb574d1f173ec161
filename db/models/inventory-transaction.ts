import { BaseModel } from './base-model.js';

/** A row of `inventory_transactions`. */
export class InventoryTransaction extends BaseModel {
  static override tableName = 'inventory_transactions';

  declare id: number;
  declare kind: string;
  declare reference: string;
  declare note: string;
  declare idempotency_key: string | null;
  declare source_type: string | null;
  declare source_id: string | null;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
  declare request_fingerprint: string | null;
}
