import { TimestampedModel } from './base-model.js';

/** A row of `curated_subscriptions`: a scope's subscription to a curated list (a paid one's state is its billing subscription's). */
export class CuratedSubscription extends TimestampedModel {
  static override tableName = 'curated_subscriptions';

  declare id: number;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare list_id: number;
  declare kind: 'free' | 'paid';
  declare billing_subscription_id: number | null;
  declare ended_at: Date | null;
}
