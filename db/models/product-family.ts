import { BaseModel } from './base-model.js';

/** A row of `product_families`. */
export class ProductFamily extends BaseModel {
  static override tableName = 'product_families';

  declare id: number;
  declare name: string;
  declare description: string;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
