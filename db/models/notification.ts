import { BaseModel } from './base-model.js';

export class Notification extends BaseModel {
  static override tableName = 'notifications';

  declare id: number;
  declare user_id: string;
  declare kind: string;
  declare title: string;
  declare body: string;
  declare data: any;
  declare dedupe_key: string | null;
  declare read_at: Date | null;
  declare created_at: Date;
}
