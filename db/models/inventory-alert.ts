import { BaseModel } from './base-model.js';

/** A row of `inventory_alerts`. */
export class InventoryAlert extends BaseModel {
  static override tableName = 'inventory_alerts';

  declare id: number;
  declare item_id: number;
  declare kind: string;
  declare status: string;
  declare message: string;
  declare quantity: number;
  declare min_quantity: number;
  declare expiry_date: string | null;
  declare resolved_at: Date | null;
  declare acknowledged_at: Date | null;
  declare acknowledged_by: string | null;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
