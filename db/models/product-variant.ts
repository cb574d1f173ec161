import { BaseModel } from './base-model.js';

/** A row of `product_variants`. */
export class ProductVariant extends BaseModel {
  static override tableName = 'product_variants';

  declare id: number;
  declare product_id: number;
  declare name: string;
  declare sku: string;
  declare barcode: string;
  declare position: number;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_at: Date;
  declare updated_at: Date;
}
