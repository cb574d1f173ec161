// Stripe behind the processor interface, through its SDK (REST, form-encoded). Every
// write carries an idempotency key, so a retried request never creates a second
// session or applies a change twice. Plans map to Stripe prices through
// subscription_plans.processor_prices.stripe ({"month": "price_...", "year": "price_..."}).
import Stripe from 'stripe';
import { Invalid, ServiceUnavailable } from '../../jobs/runtime/errors.js';
import { priceIdOf, priceOf, type CardDisplay, type CheckoutRequest, type CheckoutSession, type PaymentProcessor, type SubscriptionChange } from './processor.js';

const STRIPE_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay'];

export class StripeProcessor implements PaymentProcessor {
  readonly name = 'stripe' as const;
  readonly signatureHeader = 'stripe-signature';
  private readonly stripe: Stripe;

  constructor(secretKey: string, maxNetworkRetries: number) {
    this.stripe = new Stripe(secretKey, { maxNetworkRetries, timeout: 20_000 });
  }

  async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
    const price = priceIdOf('stripe', req.plan, req.interval);
    // a curated list's hidden plan has no Stripe price object: its price goes inline
    const inline = !price && req.plan.curated_list_id != null;
    if (!price && !inline) throw Invalid.field('plan', `Plan ${req.plan.code} has no Stripe price for the ${req.interval} interval.`, 'plan_not_purchasable');
    const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = price
      ? { price, quantity: 1 }
      : { price_data: { currency: req.plan.currency.toLowerCase(), unit_amount: priceOf(req.plan, req.interval), recurring: { interval: req.interval }, product_data: { name: req.plan.name } }, quantity: 1 };
    const metadata = { subscription_id: String(req.subscriptionId) };
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [lineItem],
          client_reference_id: String(req.subscriptionId),
          ...(req.customerId ? { customer: req.customerId } : { customer_email: req.customerEmail }),
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          metadata,
          subscription_data: { metadata, ...(req.plan.trial_days > 0 ? { trial_period_days: req.plan.trial_days } : {}) },
        },
        { idempotencyKey: `checkout-${req.subscriptionId}` },
      ),
    );
    if (!session.url) throw new ServiceUnavailable('Stripe returned a checkout session without a URL.', 'processor_error');
    return { sessionId: session.id, url: session.url, customerId: typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null) };
  }

  async updateSubscription(id: string, change: SubscriptionChange): Promise<void> {
    const params: Stripe.SubscriptionUpdateParams = {};
    if (change.cancelAtPeriodEnd !== undefined) params.cancel_at_period_end = change.cancelAtPeriodEnd;
    if (change.plan && change.interval) {
      const price = priceIdOf('stripe', change.plan, change.interval);
      if (!price) throw Invalid.field('plan', `Plan ${change.plan.code} has no Stripe price for the ${change.interval} interval.`, 'plan_not_purchasable');
      const current = await this.call(() => this.stripe.subscriptions.retrieve(id));
      const item = current.items.data[0];
      params.items = [{ ...(item ? { id: item.id } : {}), price }];
      params.proration_behavior = 'create_prorations';
    }
    const key = `update-${id}-${Buffer.from(JSON.stringify(params)).toString('base64url').slice(0, 120)}`;
    await this.call(() => this.stripe.subscriptions.update(id, params, { idempotencyKey: key }));
  }

  async cancelSubscription(id: string, idempotencyKey: string): Promise<'canceled' | 'gone'> {
    try {
      await this.stripe.subscriptions.cancel(id, { invoice_now: false, prorate: false }, { idempotencyKey });
      return 'canceled';
    } catch (err) {
      // resource_missing (Stripe's not-found): it no longer has it; a refusal about a canceled subscription: it already ended
      if (err instanceof Stripe.errors.StripeInvalidRequestError && (err.code === 'resource_missing' || /already been canceled|canceled subscription/i.test(err.message))) return 'gone';
      if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new Invalid(`The payment processor refused the cancellation: ${err.message}`, [], 'processor_refused');
      throw new ServiceUnavailable('The payment processor is unavailable; try again.', 'processor_unavailable');
    }
  }

  /** The card of a PaymentMethod (pm_...) as Stripe holds it: the client's display data is not trusted. */
  async describePaymentMethod(token: string): Promise<CardDisplay> {
    if (!/^pm_[A-Za-z0-9_]+$/.test(token)) throw Invalid.field('token', 'A Stripe payment method token starts with pm_.', 'invalid_token');
    const pm = await this.call(() => this.stripe.paymentMethods.retrieve(token));
    if (pm.type !== 'card' || !pm.card) throw Invalid.field('token', 'The Stripe payment method is not a card.', 'not_a_card');
    const { brand, last4, exp_month, exp_year } = pm.card;
    return { brand: STRIPE_BRANDS.includes(brand) ? brand : 'other', last4, exp_month, exp_year };
  }

  /** Stripe's failures as our errors: a refused request is 400, anything else 503 (retry). */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeCardError) {
        throw new Invalid(`The payment processor refused the request: ${err.message}`, [], 'processor_refused');
      }
      throw new ServiceUnavailable('The payment processor is unavailable; try again.', 'processor_unavailable');
    }
  }
}
