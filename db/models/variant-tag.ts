import { BaseModel } from './base-model.js';

/** A row of `variant_tags`. */
export class VariantTag extends BaseModel {
  static override tableName = 'variant_tags';

  declare id: number;
  declare variant_id: number;
  declare label: string;
  declare value: string;
  declare position: number;
}
