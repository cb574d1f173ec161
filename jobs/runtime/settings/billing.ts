// Subscriptions and payments (domain/billing/): the processor, its webhook secret and
// limits, the sandbox's renewal and dunning schedule, plan limits.
import Joi from 'joi';
import { inGroup, oneOf, setting, type SettingValues } from './define.js';

export const billingGroup = { name: 'billing', title: 'Billing and the payment processor' };

export const billingSettings = inGroup(billingGroup, {
  billing: {
    processor: setting('BILLING_PROCESSOR', oneOf(Joi.string().lowercase(), ['sandbox', 'stripe']).default('sandbox'), '`sandbox`: the offline processor served by the platform itself; `stripe`: Stripe\'s REST API'),
    webhookSecrets: setting('BILLING_WEBHOOK_SECRET', Joi.string().min(16).max(2048).required(), 'webhook signing secrets, comma-separated during a rotation (newest first: it signs sandbox events; every one verifies)', {
      secret: 'generated',
      read: (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean),
    }),
    webhookToleranceSeconds: setting('BILLING_WEBHOOK_TOLERANCE_SECONDS', Joi.number().integer().min(10).max(3600).default(300), 'a signed webhook further than this from now is refused as a replay'),
    webhookIpLimitPerMinute: setting('BILLING_WEBHOOK_IP_LIMIT_PER_MINUTE', Joi.number().integer().min(1).max(10_000_000).default(6000), 'webhook requests per client address per minute in each gateway process, and refused (400) ones per client address per minute across all processes (429 beyond)'),
    stripeSecretKey: setting('STRIPE_SECRET_KEY', Joi.string().allow('').pattern(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/).default(''), 'Stripe API key (needed with BILLING_PROCESSOR=stripe)', { secret: 'secret' }),
    stripeMaxNetworkRetries: setting('STRIPE_MAX_NETWORK_RETRIES', Joi.number().integer().min(0).max(10).default(2), 'Stripe SDK retries of a failed network call'),
    sandboxTickSeconds: setting('BILLING_SANDBOX_TICK_SECONDS', Joi.number().integer().min(0).max(86400).default(60), 'how often the billing sweep runs: the sandbox renews due subscriptions and retries failed payments; with either processor, lost webhook-event jobs and processor cancellations still owed by an erasure are re-enqueued (`0`: never)'),
    retryDays: setting('BILLING_RETRY_DAYS', Joi.string().pattern(/^\d{1,3}(,\d{1,3}){0,9}$/).default('1,3,5'), 'dunning: days after the first failed renewal on which the payment is retried; after the last the subscription is canceled', {
      read: (v: string) => v.split(',').map(Number),
    }),
    platformFeeBps: setting('CURATOR_PLATFORM_FEE_BPS', Joi.number().integer().min(0).max(10000).default(2000), 'platform fee kept from curator earnings, in basis points'),
    enforceLimits: setting('BILLING_PLAN_LIMITS', oneOf(Joi.string().lowercase(), ['on', 'off']).default('on'), 'whether plan limits are enforced (`off`: an install that bills nobody)', { read: (v: string) => v === 'on' }),
  },
});

export function checkBilling(values: SettingValues): string | null {
  if (values.BILLING_PROCESSOR === 'stripe' && !values.STRIPE_SECRET_KEY) return 'BILLING_PROCESSOR=stripe needs STRIPE_SECRET_KEY';
  const days = String(values.BILLING_RETRY_DAYS).split(',').map(Number);
  if (days.some((d, i) => d < 1 || (i > 0 && d <= days[i - 1]))) return 'BILLING_RETRY_DAYS must be increasing whole days, e.g. 1,3,5';
  return null;
}
