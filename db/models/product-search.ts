import { BaseModel } from './base-model.js';

/** A row of `product_searches`. */
export class ProductSearch extends BaseModel {
  static override tableName = 'product_searches';

  declare id: number;
  declare user_id: string;
  declare query: string;
  declare filters: any;
  declare result_count: number;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
  declare source: string;
}
