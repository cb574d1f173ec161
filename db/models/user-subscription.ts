import { TimestampedModel } from './base-model.js';

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'incomplete';

/** A row of `user_subscriptions`: one scope's (user's or team's) subscription to a plan. */
export class UserSubscription extends TimestampedModel {
  static override tableName = 'user_subscriptions';

  declare id: number;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare plan_id: number;
  /** plan: the scope's platform plan; curated: a paid curated list (curated_subscriptions) */
  declare purpose: 'plan' | 'curated';
  declare interval: 'month' | 'year';
  declare status: SubscriptionStatus;
  declare processor: string;
  declare processor_customer_id: string | null;
  declare processor_subscription_id: string | null;
  declare checkout_session_id: string | null;
  declare checkout_url: string | null;
  declare current_period_start: Date | null;
  declare current_period_end: Date | null;
  declare cancel_at_period_end: boolean;
  declare canceled_at: Date | null;
  declare processor_state_at: Date | null;
  /** we ended it on our side (an erasure) and the processor still has to cancel it */
  declare processor_cancel_due_at: Date | null;
  /** the processor confirmed that cancellation (or no longer knew the subscription) */
  declare processor_canceled_at: Date | null;
}
