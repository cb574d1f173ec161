import { TimestampedModel } from './base-model.js';

/** A row of `curated_list_items`: one product of a curated list. */
export class CuratedListItem extends TimestampedModel {
  static override tableName = 'curated_list_items';

  declare id: number;
  declare list_id: number;
  declare product_id: number;
  declare position: number;
  declare note: string;
}
