import { BaseModel } from './base-model.js';

/** A row of `billing_events`: one processor webhook event, recorded once (processor, event_id). */
export class BillingEvent extends BaseModel {
  static override tableName = 'billing_events';

  declare id: string;
  declare processor: string;
  declare event_id: string;
  declare type: string;
  declare event_created_at: Date;
  declare payload: Record<string, unknown>;
  declare received_at: Date;
  declare applied_at: Date | null;
  declare outcome: string | null;
}
