import { BaseModel } from './base-model.js';

/** A row of `push_outbox`. */
export class PushOutboxEntry extends BaseModel {
  static override tableName = 'push_outbox';

  declare id: number;
  declare notification_id: number;
  declare user_id: string;
  declare status: string;
  declare created_at: Date;
}
