import { TimestampedModel } from './base-model.js';

/** A row of `payment_methods`: the processor's token and display data, never a card number. */
export class PaymentMethod extends TimestampedModel {
  static override tableName = 'payment_methods';

  declare id: number;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare processor: string;
  declare processor_token: string;
  declare brand: string;
  declare last4: string;
  declare exp_month: number;
  declare exp_year: number;
  declare is_default: boolean;
}
