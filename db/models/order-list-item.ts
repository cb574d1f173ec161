import { BaseModel } from './base-model.js';

/** A row of `order_list_items`: a quantity of one inventory item to order. */
export class OrderListItem extends BaseModel {
  static override tableName = 'order_list_items';

  declare id: number;
  declare order_list_id: number;
  declare item_id: number;
  declare quantity: number;
  declare unit_cost: string;
  declare supplier: string;
  declare notes: string;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
