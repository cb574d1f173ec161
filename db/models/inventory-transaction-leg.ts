import { BaseModel } from './base-model.js';

/** A row of `inventory_transaction_legs`. */
export class InventoryTransactionLeg extends BaseModel {
  static override tableName = 'inventory_transaction_legs';

  declare id: number;
  declare transaction_id: number;
  declare item_id: number;
  declare delta: number;
  declare quantity_before: number;
  declare quantity_after: number;
}
