// The billing services of one process (services.billing): plans, subscriptions,
// payment methods, billing history, the processor (sandbox or Stripe), the webhook
// receiver, the event applier and the plan limits. invoiceListeners hear of each
// invoice the event job writes (the curation area's earnings).
import type { Platform } from '../../db/platform.js';
import type { AuditService } from '../audit/audit-service.js';
import type { MailService } from '../shared/mail-service.js';
import { ScopedCollection } from '../shared/scoped-collection.js';
import { PlanService } from './plan-service.js';
import { SubscriptionService } from './subscription-service.js';
import { paymentMethodsDef } from './payment-method-service.js';
import { invoicesDef } from './invoice-read-service.js';
import { BillingWebhookService } from './webhook-service.js';
import { BillingEventApplier, type InvoiceListener } from './event-applier.js';
import { PlanLimits } from './plan-limits.js';
import { SandboxProcessor } from './sandbox-processor.js';
import { StripeProcessor } from './stripe-processor.js';
import type { PaymentProcessor } from './processor.js';
import { ProcessorCancellations } from './processor-cancellations.js';

type Row = Record<string, unknown>;

export interface BillingServices {
  plans: PlanService;
  subscriptions: SubscriptionService;
  paymentMethods: ScopedCollection<Row>;
  invoices: ScopedCollection<Row>;
  webhooks: BillingWebhookService;
  events: BillingEventApplier;
  limits: PlanLimits;
  /** cancellations owed to the processor (an erasure ended the subscription on our side) */
  cancellations: ProcessorCancellations;
  /** the configured processor */
  processor(): PaymentProcessor;
  /** the sandbox (hosted pages, renewals, retries); null when another processor is configured */
  sandbox: SandboxProcessor | null;
  /**
   * the billing.tick job: sandbox renewals and retries, lost event and processor-cancellation
   * jobs re-enqueued; `only` limits the renewals and retries to those subscriptions
   */
  tick(now: Date, only?: { subscriptionIds: number[] }): Promise<Record<string, number>>;
}

export function createBillingServices(platform: Platform, deps: { audit: AuditService; mail: MailService; invoiceListeners?: InvoiceListener[] }): BillingServices {
  const { billing } = platform.config;
  const sandbox = billing.processor === 'sandbox' ? new SandboxProcessor(platform, () => webhooks.receive.bind(webhooks)) : null;
  const active: PaymentProcessor = sandbox ?? new StripeProcessor(billing.stripeSecretKey, billing.stripeMaxNetworkRetries);
  const processor = () => active;
  const webhooks = new BillingWebhookService(platform, processor);
  const services: BillingServices = {
    plans: new PlanService(platform, deps.audit),
    subscriptions: new SubscriptionService(platform, deps.audit, processor),
    paymentMethods: new ScopedCollection(platform, deps.audit, paymentMethodsDef(processor)),
    invoices: new ScopedCollection(platform, deps.audit, invoicesDef()),
    webhooks,
    events: new BillingEventApplier(platform, deps),
    limits: new PlanLimits(platform),
    cancellations: new ProcessorCancellations(platform, deps.audit, processor),
    processor,
    sandbox,
    async tick(now, only) {
      const requeued = await webhooks.sweepUnapplied();
      const cancellationsRequeued = await services.cancellations.sweep(now);
      const cycle = sandbox ? await sandbox.tick(now, only) : { renewed: 0, retried: 0 };
      return { requeued, cancellations_requeued: cancellationsRequeued, ...cycle };
    },
  };
  return services;
}
