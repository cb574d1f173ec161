import { BaseModel } from './base-model.js';

/** A row of `inventory_types`. */
export class InventoryType extends BaseModel {
  static override tableName = 'inventory_types';

  declare id: number;
  declare name: string;
  declare description: string;
  declare icon_id: number | null;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare is_system: boolean;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
