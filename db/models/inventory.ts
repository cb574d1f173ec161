import { BaseModel } from './base-model.js';

/** A row of `inventories`. */
export class Inventory extends BaseModel {
  static override tableName = 'inventories';

  declare id: number;
  declare name: string;
  declare description: string;
  declare type_id: number | null;
  declare icon_id: number | null;
  declare location: string;
  declare currency: string;
  declare is_archived: boolean;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
