// The offline processor (the default): checkout and invoice pages are served by the
// platform itself (/billing/sandbox/...), and every outcome reaches us the way a real
// processor's does: as Stripe-shaped events, signed with the webhook secret and handed
// to the same webhook receiver. Sandbox ids are derived from what they stand for
// (subscription, period, attempt), so emitting an outcome twice records it once.
// Cards: the scope's default payment method pays, unless its token is one of the
// DECLINING_TOKENS (Stripe's test-token names); no payment method on file declines.
import crypto from 'node:crypto';
import type { Platform } from '../../db/platform.js';
import { BillingInvoice, PaymentMethod, SubscriptionPlan, UserSubscription } from '../../db/models/index.js';
import { Conflict, NotFound } from '../../jobs/runtime/errors.js';
import { signatureHeader } from './webhook-signature.js';
import { periodEnd, priceIdOf, priceOf, type CheckoutRequest, type CheckoutSession, type Interval, type PaymentProcessor, type ProcessorEvent, type SubscriptionChange } from './processor.js';

export const DECLINING_TOKENS = ['pm_card_chargeDeclined', 'pm_card_visa_chargeDeclined', 'tok_chargeDeclined'];
type Receive = (name: 'sandbox', raw: Buffer, signature: string) => Promise<unknown>;
const sec = (d: Date | null) => (d ? Math.floor(new Date(d).getTime() / 1000) : null);
const token = () => crypto.randomBytes(16).toString('hex');

export class SandboxProcessor implements PaymentProcessor {
  readonly name = 'sandbox' as const;
  readonly signatureHeader = 'sandbox-signature';

  constructor(
    private readonly platform: Platform,
    private readonly receive: () => Receive,
  ) {}

  async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
    const sessionId = `sbx_cs_${token()}`;
    return { sessionId, url: this.platform.links.sandboxCheckout(sessionId), customerId: req.customerId ?? `sbx_cus_${token().slice(0, 16)}` };
  }

  async updateSubscription(id: string, change: SubscriptionChange): Promise<void> {
    const sub = await UserSubscription.query(this.platform.knex).where({ processor: 'sandbox', processor_subscription_id: id }).first();
    if (!sub) throw new NotFound('Subscription');
    const plan = change.plan ?? (await SubscriptionPlan.query(this.platform.knex).findById(sub.plan_id))!;
    const state = { ...sub, cancel_at_period_end: change.cancelAtPeriodEnd ?? sub.cancel_at_period_end, interval: change.interval ?? sub.interval };
    await this.emit([this.event(`evt_sbx_${token()}`, 'customer.subscription.updated', new Date(), this.subscriptionObject(state, plan, state.status))]);
  }

  /**
   * Ends a sandbox subscription now the way the sandbox ends one elsewhere (dunning, a
   * cancel at period end): its customer.subscription.deleted event, under the same
   * derived id, so it is recorded once whichever path emits it first. The sandbox keeps
   * no state of its own beyond our row: an unknown id is `gone`.
   */
  async cancelSubscription(id: string): Promise<'canceled' | 'gone'> {
    const sub = await UserSubscription.query(this.platform.knex).where({ processor: 'sandbox', processor_subscription_id: id }).first();
    if (!sub) return 'gone';
    const plan = (await SubscriptionPlan.query(this.platform.knex).findById(sub.plan_id))!;
    const now = new Date();
    await this.emit([this.event(`evt_sbx_${id}_deleted`, 'customer.subscription.deleted', now, { ...this.subscriptionObject(sub, plan, 'canceled'), canceled_at: sec(now), ended_at: sec(now) })]);
    return 'canceled';
  }

  /** The sandbox holds no cards: the client's display data stands (checked locally by the route and the service). */
  async describePaymentMethod(): Promise<null> {
    return null;
  }

  /** The hosted checkout page's answer: pay activates through the webhook; fail leaves the subscription incomplete. */
  async completeCheckout(sessionId: string, outcome: 'pay' | 'fail', now = new Date()): Promise<{ outcome: 'paid' | 'declined'; subscription_id: number }> {
    const sub = await UserSubscription.query(this.platform.knex).where({ processor: 'sandbox', checkout_session_id: sessionId }).first();
    if (!sub) throw new NotFound('Checkout session');
    if (sub.status !== 'incomplete' || sub.processor_subscription_id) throw new Conflict('This checkout is already completed.', 'checkout_completed');
    if (outcome === 'fail') return { outcome: 'declined', subscription_id: sub.id };
    const plan = (await SubscriptionPlan.query(this.platform.knex).findById(sub.plan_id))!;
    const processorId = `sbx_sub_${sub.id}_${token().slice(0, 8)}`;
    const start = now;
    const end = periodEnd(start, sub.interval);
    const state = { ...sub, processor_subscription_id: processorId, current_period_start: start, current_period_end: end };
    const invoice = this.invoiceObject(state, plan, start, end, 'paid', 1, null, now);
    await this.emit([
      this.event(`evt_sbx_${sessionId}_completed`, 'checkout.session.completed', now, { id: sessionId, object: 'checkout.session', mode: 'subscription', client_reference_id: String(sub.id), subscription: processorId, customer: sub.processor_customer_id, payment_status: 'paid', metadata: { subscription_id: String(sub.id) } }),
      this.event(`evt_sbx_${invoice.id}_paid_1`, 'invoice.paid', now, invoice),
      this.event(`evt_sbx_${processorId}_active_${sec(start)}`, 'customer.subscription.updated', now, this.subscriptionObject(state, plan, 'active')),
    ]);
    return { outcome: 'paid', subscription_id: sub.id };
  }

  /** "Pay" on the hosted invoice page of an open invoice. */
  async payInvoice(processorInvoiceId: string, now = new Date()): Promise<void> {
    const inv = await BillingInvoice.query(this.platform.knex).where({ processor: 'sandbox', processor_invoice_id: processorInvoiceId }).first();
    if (!inv) throw new NotFound('Invoice');
    if (inv.status !== 'open') throw new Conflict(`This invoice is ${inv.status}.`, 'invoice_not_open');
    await this.settle(inv, true, now, 'manual');
  }

  /**
   * Renews subscriptions whose period ended and retries open invoices that are due (the
   * billing.tick job). `only` limits it to some subscriptions: moving the clock of those
   * (a test or an operator replaying one subscription's future) leaves every other alone.
   */
  async tick(now = new Date(), only?: { subscriptionIds: number[] }): Promise<{ renewed: number; retried: number }> {
    const ids = only?.subscriptionIds;
    const due = await UserSubscription.query(this.platform.knex).where({ processor: 'sandbox' }).modify((q) => { if (ids) void q.whereIn('id', ids); }).whereIn('status', ['active', 'trialing', 'past_due']).whereNotNull('processor_subscription_id').where('current_period_end', '<=', now).orderBy('id').limit(200);
    let renewed = 0;
    for (const sub of due) {
      // a past-due subscription's open invoice is in dunning; it renews once that is settled
      if (sub.status === 'past_due') continue;
      await this.renew(sub, now);
      renewed++;
    }
    const retries = await BillingInvoice.query(this.platform.knex).where({ processor: 'sandbox', status: 'open' }).modify((q) => { if (ids) void q.whereIn('subscription_id', ids); }).where('next_payment_attempt_at', '<=', now).orderBy('id').limit(200);
    for (const inv of retries) await this.settle(inv, await this.chargeSucceeds(inv), now, 'retry');
    return { renewed, retried: retries.length };
  }

  private async renew(sub: UserSubscription, now: Date) {
    const plan = (await SubscriptionPlan.query(this.platform.knex).findById(sub.plan_id))!;
    if (sub.cancel_at_period_end) {
      await this.emit([this.event(`evt_sbx_${sub.processor_subscription_id}_deleted`, 'customer.subscription.deleted', now, { ...this.subscriptionObject(sub, plan, 'canceled'), canceled_at: sec(now), ended_at: sec(sub.current_period_end) })]);
      return;
    }
    const start = new Date(sub.current_period_end!);
    const end = periodEnd(start, sub.interval);
    const next = { ...sub, current_period_start: start, current_period_end: end };
    const paid = await this.chargeSucceeds(sub);
    const retryAt = paid ? null : this.retryAt(start, 1);
    const invoice = this.invoiceObject(next, plan, start, end, paid ? 'paid' : 'open', 1, retryAt, now);
    await this.emit([
      this.event(`evt_sbx_${invoice.id}_${paid ? 'paid' : 'failed'}_1`, paid ? 'invoice.paid' : 'invoice.payment_failed', now, invoice),
      this.event(`evt_sbx_${sub.processor_subscription_id}_renewed_${sec(start)}`, 'customer.subscription.updated', now, this.subscriptionObject(next, plan, paid ? 'active' : 'past_due')),
    ]);
  }

  /** One more attempt at an open invoice; after the last scheduled retry the subscription is canceled. */
  private async settle(inv: BillingInvoice, paid: boolean, now: Date, how: 'manual' | 'retry') {
    const sub = inv.subscription_id ? await UserSubscription.query(this.platform.knex).findById(inv.subscription_id) : undefined;
    if (!sub) return;
    const plan = (await SubscriptionPlan.query(this.platform.knex).findById(sub.plan_id))!;
    const attempt = inv.attempt_count + 1;
    const retryAt = paid ? null : this.retryAt(new Date(inv.period_start), attempt);
    const object = this.invoiceObject(sub, plan, new Date(inv.period_start), new Date(inv.period_end), paid ? 'paid' : retryAt ? 'open' : 'uncollectible', attempt, retryAt, now, inv);
    const events: ProcessorEvent[] = [this.event(`evt_sbx_${inv.processor_invoice_id}_${how}_${paid ? 'paid' : 'failed'}_${attempt}`, paid ? 'invoice.paid' : 'invoice.payment_failed', now, object)];
    if (paid) events.push(this.event(`evt_sbx_${sub.processor_subscription_id}_recovered_${inv.processor_invoice_id}`, 'customer.subscription.updated', now, this.subscriptionObject(sub, plan, 'active')));
    else if (!retryAt) events.push(this.event(`evt_sbx_${sub.processor_subscription_id}_deleted`, 'customer.subscription.deleted', now, { ...this.subscriptionObject(sub, plan, 'canceled'), canceled_at: sec(now) }));
    await this.emit(events);
  }

  /** Attempt `n` failed: the next one is BILLING_RETRY_DAYS[n-1] days after the first (none after the last). */
  private retryAt(firstAttempt: Date, n: number): Date | null {
    const days = this.platform.config.billing.retryDays[n - 1];
    return days === undefined ? null : new Date(firstAttempt.getTime() + days * 86_400_000);
  }

  private async chargeSucceeds(row: { owner_id: string | null; team_id: number | null }): Promise<boolean> {
    const q = PaymentMethod.query(this.platform.knex).where({ processor: 'sandbox' }).orderBy([{ column: 'is_default', order: 'desc' }, { column: 'id', order: 'desc' }]).first();
    const pm = await (row.team_id != null ? q.where('team_id', row.team_id) : q.where('owner_id', row.owner_id!).whereNull('team_id'));
    return !!pm && !DECLINING_TOKENS.includes(pm.processor_token);
  }

  private event(id: string, type: string, at: Date, object: Record<string, unknown>): ProcessorEvent {
    return { id, type, created: sec(at)!, data: { object } };
  }

  private subscriptionObject(sub: Pick<UserSubscription, 'id' | 'processor_subscription_id' | 'processor_customer_id' | 'cancel_at_period_end' | 'current_period_start' | 'current_period_end' | 'interval'>, plan: SubscriptionPlan, status: string) {
    return {
      id: sub.processor_subscription_id, object: 'subscription', status, customer: sub.processor_customer_id, cancel_at_period_end: sub.cancel_at_period_end,
      items: { data: [{ id: `si_${sub.processor_subscription_id}`, price: { id: priceIdOf('sandbox', plan, sub.interval as Interval) }, current_period_start: sec(sub.current_period_start), current_period_end: sec(sub.current_period_end) }] },
      metadata: { subscription_id: String(sub.id) },
    };
  }

  private invoiceObject(sub: Pick<UserSubscription, 'id' | 'processor_subscription_id' | 'processor_customer_id' | 'interval'>, plan: SubscriptionPlan, start: Date, end: Date, status: string, attempt: number, retryAt: Date | null, now: Date, existing?: BillingInvoice) {
    const id = existing?.processor_invoice_id ?? `sbx_in_${sub.id}_${sec(start)}`;
    const total = existing?.total ?? priceOf(plan, sub.interval);
    return {
      id, object: 'invoice', number: existing?.number ?? `SBX-${sub.id}-${sec(start)}`, status, currency: plan.currency.toLowerCase(),
      subtotal: existing?.subtotal ?? total, tax: existing?.tax ?? 0, total, amount_paid: status === 'paid' ? total : 0,
      period_start: sec(start), period_end: sec(end), lines: { data: [{ period: { start: sec(start), end: sec(end) } }] },
      hosted_invoice_url: this.platform.links.sandboxInvoice(id), attempt_count: attempt, next_payment_attempt: sec(retryAt),
      status_transitions: { paid_at: status === 'paid' ? sec(now) : null },
      subscription: sub.processor_subscription_id, customer: sub.processor_customer_id, metadata: { subscription_id: String(sub.id) },
    };
  }

  /** Signs each event like a processor does and posts it to our own webhook receiver. */
  private async emit(events: ProcessorEvent[]) {
    const secret = this.platform.config.billing.webhookSecrets[0];
    for (const e of events) {
      const raw = Buffer.from(JSON.stringify(e));
      await this.receive()('sandbox', raw, signatureHeader([secret], raw));
    }
  }
}
