import { BaseModel } from './base-model.js';

/** A row of `product_tag_values`. */
export class ProductTagValue extends BaseModel {
  static override tableName = 'product_tag_values';

  declare id: number;
  declare tag_id: number;
  declare value: string;
  declare position: number;
}
