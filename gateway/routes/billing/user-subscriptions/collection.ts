// /api/user-subscriptions/: the scope's subscription (a team subscribes as a team).
// POST starts a checkout (status incomplete + the processor's hosted checkout_url);
// the processor's webhook activates it. PATCH cancels at period end, resumes, or
// changes plan or interval.
import Joi from 'joi';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { subscriptionsDef } from '../../../../domain/billing/subscription-service.js';
import { scopeFields } from '../../inventory/inventory-fields.js';

const status = Joi.string().valid('trialing', 'active', 'past_due', 'canceled', 'incomplete');
const interval = Joi.string().valid('month', 'year');

const SubscriptionOut = Joi.object({
  id: Joi.number().integer().required(),
  plan: Joi.number().integer().required().description('subscription plan id'),
  plan_code: Joi.string().required(),
  plan_name: Joi.string().required(),
  interval: interval.required(),
  status: status.required(),
  processor: Joi.string().valid('sandbox', 'stripe').required(),
  checkout_url: Joi.string().uri().allow(null).required().description('hosted checkout page while incomplete'),
  current_period_start: Joi.string().isoDate().allow(null).required(),
  current_period_end: Joi.string().isoDate().allow(null).required(),
  cancel_at_period_end: Joi.boolean().required(),
  canceled_at: Joi.string().isoDate().allow(null).required(),
  ...scopeFields,
}).label('UserSubscription');

const CheckoutIn = Joi.object({
  plan: Joi.number().integer().positive().required().description('subscription plan id (a paid, active plan)'),
  interval: interval.default('month'),
  success_url: Joi.string().uri({ scheme: ['http', 'https'] }).max(2000).description('where the hosted checkout returns after paying'),
  cancel_url: Joi.string().uri({ scheme: ['http', 'https'] }).max(2000),
}).label('UserSubscriptionCheckout');

const SubscriptionPatch = Joi.object({
  cancel_at_period_end: Joi.boolean(),
  plan: Joi.number().integer().positive().description('change to this plan (prorated by the processor)'),
  interval,
}).min(1).messages({ 'object.min': 'Send at least one field to change.' }).label('UserSubscriptionPatch');

export const userSubscriptionsCollection = defineCollection({
  path: '/api/user-subscriptions/',
  tag: 'user-subscriptions',
  singular: 'user subscription',
  plural: 'user subscriptions',
  service: (s) => s.billing.subscriptions,
  out: SubscriptionOut,
  listQuery: listQuerySchema(subscriptionsDef().list, 'UserSubscriptionListQuery'),
  create: CheckoutIn,
  update: SubscriptionPatch,
  notes: {
    create: 'Starts a checkout: 201 with status incomplete and checkout_url (the processor\'s hosted page). The processor\'s webhook activates it; nothing the client sends does. 409 already_subscribed when the scope has a live subscription; an unfinished earlier checkout is abandoned. In team scope only the owner may subscribe (403 not_team_owner).',
    update: 'cancel_at_period_end true/false, or a new plan/interval; asked of the processor, then recorded. 409 subscription_not_live unless trialing, active or past_due.',
  },
});
