import { Model } from 'objection';

/**
 * Base of every model. Queries always name their knex or transaction
 * (`Model.query(trx)`); nothing is bound globally. Timestamps: the database fills
 * created_at/updated_at on insert, and a write that changes a row sets updated_at
 * itself (no hook does it behind the caller's back).
 */
export class BaseModel extends Model {
  static override get useLimitInFirst(): boolean {
    return true;
  }
}

export class TimestampedModel extends BaseModel {
  declare created_at: Date;
  declare updated_at: Date;
}
