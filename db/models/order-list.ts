import { BaseModel } from './base-model.js';

/** A row of `order_lists`: what to buy, editable until ordered, received once through the ledger. */
export class OrderList extends BaseModel {
  static override tableName = 'order_lists';

  declare id: number;
  declare name: string;
  declare supplier: string;
  declare status: string;
  declare notes: string;
  declare inventory_id: number | null;
  declare ordered_at: Date | null;
  declare received_at: Date | null;
  declare receive_transaction_id: number | null;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
