// The payment processor behind one interface. Checkout, plan changes and
// cancellations are asked of the processor; what actually happened comes back as
// signed webhook events (webhook-service.ts) and is applied by a job
// (event-applier.ts), so a subscription is activated by the processor's word, never
// the client's. Events use Stripe's shapes (evt -> data.object) for both processors.
import type { SubscriptionPlan } from '../../db/models/index.js';

export type ProcessorName = 'sandbox' | 'stripe';
export const PROCESSORS: ProcessorName[] = ['sandbox', 'stripe'];
export type Interval = 'month' | 'year';

export interface CheckoutRequest {
  /** our user_subscriptions id: sent as client_reference_id and metadata, echoed by the events */
  subscriptionId: number;
  plan: SubscriptionPlan;
  interval: Interval;
  customerEmail: string;
  /** a customer the processor already knows for this scope */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  sessionId: string;
  /** the hosted checkout page the client opens */
  url: string;
  customerId: string | null;
}

export interface SubscriptionChange {
  cancelAtPeriodEnd?: boolean;
  plan?: SubscriptionPlan;
  interval?: Interval;
}

/** One processor webhook event (Stripe's envelope). */
export interface ProcessorEvent {
  id: string;
  type: string;
  /** unix seconds */
  created: number;
  data: { object: Record<string, any> };
}

/** The display data of a card the processor holds (never its number). */
export interface CardDisplay {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface PaymentProcessor {
  readonly name: ProcessorName;
  /** header carrying the t=...,v1=... signature */
  readonly signatureHeader: string;
  createCheckout(req: CheckoutRequest): Promise<CheckoutSession>;
  updateSubscription(processorSubscriptionId: string, change: SubscriptionChange): Promise<void>;
  /**
   * Ends a processor subscription now (no proration, no final invoice): nothing more is
   * charged. `canceled` once the processor did it, `gone` when it no longer knows the
   * subscription or it was already canceled there (both mean: done). Any other failure
   * throws, and the caller retries (`idempotencyKey` keeps a retried request single).
   */
  cancelSubscription(processorSubscriptionId: string, idempotencyKey: string): Promise<'canceled' | 'gone'>;
  /**
   * The card behind a payment-method token, as the processor holds it; null when the
   * processor keeps no cards (the sandbox: the client's display data is taken as sent).
   * An unknown token is refused (400 processor_refused).
   */
  describePaymentMethod(token: string): Promise<CardDisplay | null>;
}

/** The processor's price id of a plan's interval (sandbox prices are named after the plan). */
export function priceIdOf(processor: ProcessorName, plan: SubscriptionPlan, interval: Interval): string | null {
  if (processor === 'sandbox') return `sbx_price_${plan.code}_${interval}`;
  return plan.processor_prices?.[processor]?.[interval] ?? null;
}

/** The plan and interval a processor price id stands for, among `plans`. */
export function planOfPrice(processor: ProcessorName, plans: SubscriptionPlan[], priceId: string | null | undefined): { plan: SubscriptionPlan; interval: Interval } | null {
  if (!priceId) return null;
  for (const plan of plans) {
    for (const interval of ['month', 'year'] as const) if (priceIdOf(processor, plan, interval) === priceId) return { plan, interval };
  }
  return null;
}

/** The amount of one period of a plan, in minor units. */
export const priceOf = (plan: Pick<SubscriptionPlan, 'monthly_price' | 'yearly_price'>, interval: Interval) => (interval === 'year' ? plan.yearly_price : plan.monthly_price);

/** The end of a period that starts at `start` (calendar months, clamped to the month's last day). */
export function periodEnd(start: Date, interval: Interval): Date {
  const end = new Date(start);
  const months = interval === 'year' ? 12 : 1;
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, last));
  return end;
}
