import { BaseModel } from './base-model.js';

/** A row of `storages`. */
export class Storage extends BaseModel {
  static override tableName = 'storages';

  declare id: number;
  declare inventory_id: number;
  declare name: string;
  declare kind: string;
  declare description: string;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
