import { BaseModel } from './base-model.js';

/** A row of `product_tags`. */
export class ProductTag extends BaseModel {
  static override tableName = 'product_tags';

  declare id: number;
  declare product_id: number;
  declare label: string;
  declare position: number;
}
