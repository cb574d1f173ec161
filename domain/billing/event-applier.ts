// Applies one recorded webhook event (billing_events row) inside one transaction: the
// event row is locked and marked applied in the same transaction, so a retried or
// doubled job applies nothing twice. Out of order: each subscription and invoice keeps
// the processor time of the newest state applied (processor_state_at); an event older
// than that changes nothing (outcome ignored_stale). A paid invoice never goes back
// to open. Events name our subscription by the processor's id or, before that is
// linked, by metadata.subscription_id (set at checkout), so an invoice event that
// overtakes its checkout event still finds its subscription.
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { AuditService } from '../audit/audit-service.js';
import type { MailService } from '../shared/mail-service.js';
import { BillingEvent, BillingInvoice, SubscriptionPlan, UserSubscription } from '../../db/models/index.js';
import type { SubscriptionStatus } from '../../db/models/user-subscription.js';
import { diff } from '../audit/audit-service.js';
import { billingMails, money, queueBillingMail } from './billing-mails.js';
import { planOfPrice, type ProcessorEvent, type ProcessorName } from './processor.js';
import { applyInvoice, type InvoiceObject } from './invoice-projection.js';

type Obj = Record<string, any>;
type Trx = Knex.Transaction;

const STATUS: Record<string, SubscriptionStatus> = {
  trialing: 'trialing', active: 'active', past_due: 'past_due', unpaid: 'past_due', paused: 'past_due',
  canceled: 'canceled', incomplete: 'incomplete', incomplete_expired: 'canceled',
};
const seconds = (v: unknown) => (typeof v === 'number' && v > 0 ? new Date(v * 1000) : null);
const scopeOf = (row: { team_id: number | null }) => ({ type: row.team_id != null ? ('team' as const) : ('self' as const), teamId: row.team_id });

/** Called in the applying transaction after an invoice row was written (paid, refunded...). */
export type InvoiceListener = (trx: Trx, processor: ProcessorName, processorInvoiceId: string) => Promise<void>;

interface Ctx {
  trx: Trx;
  processor: ProcessorName;
  created: Date;
  mails: number[];
}

export class BillingEventApplier {
  constructor(
    private readonly platform: Platform,
    private readonly deps: { audit: AuditService; mail: MailService; invoiceListeners?: InvoiceListener[] },
  ) {}

  /** Tells the listeners (curator earnings) that an invoice row changed, in the event's transaction. */
  private async invoiceChanged(ctx: Ctx, processorInvoiceId: string) {
    for (const listener of this.deps.invoiceListeners ?? []) await listener(ctx.trx, ctx.processor, processorInvoiceId);
  }

  async apply(rowId: string): Promise<{ outcome: string }> {
    const mails: number[] = [];
    const outcome = await this.platform.knex.transaction(async (trx) => {
      const ev = await BillingEvent.query(trx).findById(rowId).forUpdate();
      if (!ev) return 'missing';
      if (ev.applied_at) return ev.outcome ?? 'applied';
      const event = ev.payload as unknown as ProcessorEvent;
      const outcome = await this.dispatch({ trx, processor: ev.processor as ProcessorName, created: new Date(event.created * 1000), mails }, event);
      await BillingEvent.query(trx).findById(rowId).patch({ applied_at: new Date(), outcome });
      return outcome;
    });
    await this.deps.mail.dispatch(mails);
    return { outcome };
  }

  private dispatch(ctx: Ctx, event: ProcessorEvent): Promise<string> {
    const obj = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed':
        return this.checkoutCompleted(ctx, obj);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
        return this.subscriptionUpdated(ctx, obj);
      case 'customer.subscription.deleted':
        return this.subscriptionDeleted(ctx, obj);
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
        return this.invoiceEvent(ctx, obj, 'paid');
      case 'invoice.payment_failed':
        return this.invoiceEvent(ctx, obj, 'failed');
      case 'invoice.finalized':
      case 'invoice.updated':
      case 'invoice.voided':
      case 'invoice.marked_uncollectible':
        return this.invoiceEvent(ctx, obj, 'other');
      case 'charge.refunded':
        return this.chargeRefunded(ctx, obj);
      default:
        return Promise.resolve('ignored_unknown_type');
    }
  }

  /** Our subscription an event is about, locked; links the processor's ids on first sight. */
  private async lockSubscription(ctx: Ctx, processorId: string | null, ourId: unknown, extra: Partial<UserSubscription> = {}): Promise<UserSubscription | null> {
    const q = () => UserSubscription.query(ctx.trx).where({ processor: ctx.processor }).forUpdate().first();
    let sub = processorId ? await q().where({ processor_subscription_id: processorId }) : undefined;
    const id = Number(ourId);
    if (!sub && Number.isInteger(id) && id > 0) {
      sub = await q().where({ id }).where((w) => w.whereNull('processor_subscription_id').orWhere('processor_subscription_id', processorId ?? ''));
      if (sub && processorId && !sub.processor_subscription_id) {
        await UserSubscription.query(ctx.trx).findById(sub.id).patch({ processor_subscription_id: processorId, ...extra, updated_at: new Date() } as never);
        sub = { ...sub, processor_subscription_id: processorId, ...extra } as UserSubscription;
      }
    }
    return sub ?? null;
  }

  private stale(sub: { processor_state_at: Date | null }, created: Date) {
    return !!sub.processor_state_at && created.getTime() < new Date(sub.processor_state_at).getTime();
  }

  /** Writes a processor-confirmed state (and the time it had at the processor), audited. */
  /**
   * Applies the processor's state and audits it when it changed anything — or always, for
   * an event that is news in itself (a failed payment: the subscription may already be
   * past_due from an earlier failure, or from the subscription event that overtook it).
   */
  private async setState(ctx: Ctx, sub: UserSubscription, values: Partial<UserSubscription>, what: string, always = false) {
    const changes = diff(sub as never, values as never);
    await UserSubscription.query(ctx.trx).findById(sub.id).patch({ ...values, processor_state_at: ctx.created, updated_at: new Date() } as never);
    if (always || Object.keys(changes).length) {
      await this.deps.audit.record(ctx.trx, { actorId: null, scope: scopeOf(sub) }, {
        action: `user_subscription.${what}`, entityType: 'user_subscription', entityId: sub.id,
        summary: `${ctx.processor} ${what.replace(/_/g, ' ')}: subscription #${sub.id}`, changes,
      });
    }
  }

  private async planName(trx: Trx, planId: number) {
    return (await SubscriptionPlan.query(trx).findById(planId).select('name'))?.name ?? 'your';
  }

  private async mail(ctx: Ctx, sub: UserSubscription, content: Parameters<typeof queueBillingMail>[3]) {
    const id = await queueBillingMail(ctx.trx, this.deps.mail, sub, content);
    if (id) ctx.mails.push(id);
  }

  private async checkoutCompleted(ctx: Ctx, obj: Obj): Promise<string> {
    const processorId = typeof obj.subscription === 'string' ? obj.subscription : (obj.subscription?.id ?? null);
    const customer = typeof obj.customer === 'string' ? obj.customer : (obj.customer?.id ?? null);
    let sub = await this.lockSubscription(ctx, processorId, obj.client_reference_id ?? obj.metadata?.subscription_id, { processor_customer_id: customer } as never);
    if (!sub && obj.id) sub = (await UserSubscription.query(ctx.trx).where({ processor: ctx.processor, checkout_session_id: obj.id }).forUpdate().first()) ?? null;
    if (!sub) return 'ignored_unmatched';
    if (sub.status !== 'incomplete' || this.stale(sub, ctx.created)) return 'ignored_stale';
    if (obj.payment_status !== 'paid' && obj.payment_status !== 'no_payment_required') return 'awaiting_payment';
    await this.setState(ctx, sub, { status: 'active', processor_customer_id: customer ?? sub.processor_customer_id }, 'activated');
    await this.mail(ctx, sub, billingMails.started(await this.planName(ctx.trx, sub.plan_id)));
    return 'applied';
  }

  private async subscriptionUpdated(ctx: Ctx, obj: Obj): Promise<string> {
    const sub = await this.lockSubscription(ctx, obj.id, obj.metadata?.subscription_id);
    if (!sub) return 'ignored_unmatched';
    if (this.stale(sub, ctx.created)) return 'ignored_stale';
    // canceled is final at the processor (Stripe cannot reactivate it): an update sent before
    // the processor heard of our cancellation (an erasure's) must not bring the row back
    if (sub.status === 'canceled' && STATUS[obj.status] !== 'canceled') return 'ignored_canceled';
    const item = obj.items?.data?.[0];
    const plans = await SubscriptionPlan.query(ctx.trx);
    const price = planOfPrice(ctx.processor, plans, item?.price?.id);
    const values: Partial<UserSubscription> = {
      status: STATUS[obj.status] ?? sub.status,
      cancel_at_period_end: !!obj.cancel_at_period_end,
      current_period_start: seconds(obj.current_period_start ?? item?.current_period_start) ?? sub.current_period_start,
      current_period_end: seconds(obj.current_period_end ?? item?.current_period_end) ?? sub.current_period_end,
      ...(price ? { plan_id: price.plan.id, interval: price.interval } : {}),
      ...(obj.canceled_at ? { canceled_at: seconds(obj.canceled_at) } : {}),
    };
    // the processor's subscription event may overtake the checkout's: whichever first moves an incomplete
    // subscription to active activates it (audited, and the welcome mail sent once)
    const activated = sub.status === 'incomplete' && (values.status === 'active' || values.status === 'trialing');
    await this.setState(ctx, sub, values, activated ? 'activated' : 'updated');
    if (activated) await this.mail(ctx, sub, billingMails.started(await this.planName(ctx.trx, sub.plan_id)));
    return 'applied';
  }

  private async subscriptionDeleted(ctx: Ctx, obj: Obj): Promise<string> {
    const sub = await this.lockSubscription(ctx, obj.id, obj.metadata?.subscription_id);
    if (!sub) return 'ignored_unmatched';
    if (sub.status === 'canceled') {
      // the processor's own word that a cancellation we owed it is done (processor-cancellations.ts)
      if (!sub.processor_cancel_due_at || sub.processor_canceled_at) return 'ignored_stale';
      await UserSubscription.query(ctx.trx).findById(sub.id).patch({ processor_canceled_at: ctx.created } as never);
      return 'confirmed_processor_cancel';
    }
    await this.setState(ctx, sub, { status: 'canceled', canceled_at: seconds(obj.canceled_at ?? obj.ended_at) ?? ctx.created, cancel_at_period_end: false }, 'canceled');
    await this.mail(ctx, sub, billingMails.canceled(await this.planName(ctx.trx, sub.plan_id)));
    return 'applied';
  }

  private async invoiceEvent(ctx: Ctx, obj: Obj, kind: 'paid' | 'failed' | 'other'): Promise<string> {
    const inv = obj as InvoiceObject;
    const details = obj.parent?.subscription_details ?? obj.subscription_details ?? {};
    const processorSub = (typeof obj.subscription === 'string' ? obj.subscription : obj.subscription?.id) ?? details.subscription ?? null;
    const sub = await this.lockSubscription(ctx, processorSub, obj.metadata?.subscription_id ?? details.metadata?.subscription_id);
    if (!sub) return 'ignored_unmatched';
    const invoiceApplied = await applyInvoice(ctx.trx, ctx.processor, sub, inv, ctx.created, this.deps.audit);
    if (invoiceApplied) await this.invoiceChanged(ctx, inv.id);
    if (kind === 'other' || this.stale(sub, ctx.created) || sub.status === 'canceled') return invoiceApplied ? 'applied' : 'ignored_stale';
    const plan = await this.planName(ctx.trx, sub.plan_id);
    const amount = money(Number(obj.total ?? obj.amount_due ?? 0), String(obj.currency ?? '').toUpperCase());
    if (kind === 'paid') {
      const periodEnd = seconds(obj.lines?.data?.[0]?.period?.end ?? obj.period_end);
      const extend = periodEnd && (!sub.current_period_end || periodEnd > new Date(sub.current_period_end));
      // Processors do not order their events: the first invoice's payment can arrive before
      // the checkout's completion, and then it is what activates the subscription (audited
      // and mailed as the activation, once; the late checkout event is stale).
      const activates = sub.status === 'incomplete';
      await this.setState(ctx, sub, { status: sub.status === 'trialing' ? 'trialing' : 'active', ...(extend ? { current_period_end: periodEnd, current_period_start: seconds(obj.lines?.data?.[0]?.period?.start ?? obj.period_start) } : {}) }, activates ? 'activated' : 'payment_succeeded');
      // a payment after a failed attempt is a recovery, also when the subscription event that
      // says active overtook it (the invoice's own attempt count tells, not the order of events)
      const recovered = sub.status === 'past_due' || Number(obj.attempt_count ?? 1) > 1;
      const mail = activates ? billingMails.started(plan) : recovered ? billingMails.recovered(plan, amount) : billingMails.paid(plan, amount, extend ? periodEnd : sub.current_period_end);
      await this.mail(ctx, sub, mail);
    } else {
      await this.setState(ctx, sub, { status: sub.status === 'incomplete' ? 'incomplete' : 'past_due' }, 'payment_failed', true);
      await this.mail(ctx, sub, billingMails.failed(plan, amount, seconds(obj.next_payment_attempt), obj.hosted_invoice_url ?? null));
    }
    return 'applied';
  }

  private async chargeRefunded(ctx: Ctx, obj: Obj): Promise<string> {
    const invoiceId = typeof obj.invoice === 'string' ? obj.invoice : obj.invoice?.id;
    if (!invoiceId) return 'ignored_unmatched';
    const inv = await BillingInvoice.query(ctx.trx).where({ processor: ctx.processor, processor_invoice_id: invoiceId }).forUpdate().first();
    if (!inv) return 'ignored_unmatched';
    const refunded = Math.min(Number(obj.amount_refunded ?? 0), inv.amount_paid);
    // refunds only grow: a late event with a smaller total changes nothing
    if (!(refunded > inv.amount_refunded)) return 'ignored_stale';
    await BillingInvoice.query(ctx.trx).findById(inv.id).patch({ amount_refunded: refunded, updated_at: new Date() } as never);
    await this.deps.audit.record(ctx.trx, { actorId: null, scope: scopeOf(inv) }, {
      action: 'billing_invoice.refund', entityType: 'billing_invoice', entityId: inv.id,
      summary: `refund on invoice ${inv.number}`, changes: { amount_refunded: { from: inv.amount_refunded, to: refunded } },
    });
    await this.invoiceChanged(ctx, invoiceId);
    return 'applied';
  }
}
