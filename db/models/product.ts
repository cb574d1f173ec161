import { BaseModel } from './base-model.js';

/** A row of `products`. */
export class Product extends BaseModel {
  static override tableName = 'products';

  declare id: number;
  declare name: string;
  declare supplier: string;
  declare description: string;
  declare category: string;
  declare base_unit: string;
  declare family_id: number | null;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
