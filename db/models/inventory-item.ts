import { BaseModel } from './base-model.js';

/** A row of `inventory_items`. */
export class InventoryItem extends BaseModel {
  static override tableName = 'inventory_items';

  declare id: number;
  declare inventory_id: number;
  declare storage_box_id: number;
  declare product_id: number;
  declare variant_id: number | null;
  declare quantity: number;
  declare unit: string;
  declare min_quantity: number;
  /** numeric: pg returns a string */
  declare unit_cost: string | number;
  declare target_quantity: number;
  declare lot_number: string;
  declare serial_number: string;
  declare expiry_date: string | null;
  declare notes: string;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
