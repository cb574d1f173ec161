import { Model } from 'objection';

/** Timestamps are kept by the database; models only bump updated_at on patch. */
export class BaseModel extends Model {
  static override get useLimitInFirst(): boolean {
    return true;
  }
}

export class TimestampedModel extends BaseModel {
  declare created_at: Date;
  declare updated_at: Date;

  override $beforeUpdate(): void {
    this.updated_at = new Date();
  }
}
