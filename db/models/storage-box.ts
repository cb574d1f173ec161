import { BaseModel } from './base-model.js';

/** A row of `storage_boxes`. */
export class StorageBox extends BaseModel {
  static override tableName = 'storage_boxes';

  declare id: number;
  declare storage_id: number;
  declare inventory_id: number;
  declare name: string;
  declare code: string;
  declare description: string;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
