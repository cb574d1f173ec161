import { BaseModel } from './base-model.js';

/** A row of `billing_usage`: a scope's use of one metered limit in one calendar month (UTC). */
export class BillingUsage extends BaseModel {
  static override tableName = 'billing_usage';
  static override get idColumn() {
    return ['scope_key', 'metric', 'period'];
  }

  declare scope_key: string;
  declare metric: string;
  declare period: string;
  declare used: number;
}
