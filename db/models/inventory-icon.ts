import { BaseModel } from './base-model.js';

/** A row of `inventory_icons`. */
export class InventoryIcon extends BaseModel {
  static override tableName = 'inventory_icons';

  declare id: number;
  declare name: string;
  declare value: string;
  declare icon_image: string | null;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare is_system: boolean;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
