import { TimestampedModel } from './base-model.js';

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

/** A row of `billing_invoices` (billing history): amounts in minor units of `currency`. */
export class BillingInvoice extends TimestampedModel {
  static override tableName = 'billing_invoices';

  declare id: number;
  declare owner_id: string | null;
  declare team_id: number | null;
  declare created_by: string | null;
  declare subscription_id: number | null;
  declare processor: string;
  declare processor_invoice_id: string;
  declare number: string;
  declare status: InvoiceStatus;
  declare currency: string;
  declare subtotal: number;
  declare tax: number;
  declare total: number;
  declare amount_paid: number;
  declare amount_refunded: number;
  declare period_start: Date;
  declare period_end: Date;
  declare hosted_url: string | null;
  declare attempt_count: number;
  declare next_payment_attempt_at: Date | null;
  declare paid_at: Date | null;
  declare processor_state_at: Date | null;
}
