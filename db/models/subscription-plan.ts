import { TimestampedModel } from './base-model.js';

/** A row of `subscription_plans` (prices in minor units; a null limit is unlimited). */
export class SubscriptionPlan extends TimestampedModel {
  static override tableName = 'subscription_plans';

  declare id: number;
  declare code: string;
  declare name: string;
  declare description: string;
  declare currency: string;
  declare monthly_price: number;
  declare yearly_price: number;
  declare max_inventories: number | null;
  declare max_team_members: number | null;
  declare invoice_imports_per_month: number | null;
  declare ocr_pages_per_month: number | null;
  declare trial_days: number;
  declare sort_order: number;
  declare is_active: boolean;
  /** set on the hidden plan that carries a paid curated list's price */
  declare curated_list_id: number | null;
  declare processor_prices: Record<string, Partial<Record<'month' | 'year', string>>>;
}
