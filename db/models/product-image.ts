import { BaseModel } from './base-model.js';

/** A row of `product_images`. */
export class ProductImage extends BaseModel {
  static override tableName = 'product_images';

  declare id: number;
  declare variant_id: number;
  declare product_id: number;
  declare path: string;
  declare content_type: string;
  declare size: number;
  declare width: number | null;
  declare height: number | null;
  declare alt_text: string;
  declare is_primary: boolean;
  declare position: number;
  declare created_at: Date;
  declare updated_at: Date;
}
