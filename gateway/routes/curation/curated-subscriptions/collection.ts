// /api/curated-subscriptions/: the scope's subscriptions to other curators' lists.
// Free lists: active at once. Paid lists: 201 incomplete with the processor's hosted
// checkout_url; the processor's webhook activates it (the billing area's checkout),
// renewals and dunning follow the billing area. PATCH cancels.
import Joi from 'joi';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { curatedSubscriptionSpec } from '../../../../domain/curation/subscription-service.js';
import { scopeFields } from '../../inventory/inventory-fields.js';

const CuratedSubscriptionOut = Joi.object({
  id: Joi.number().integer().required(),
  list: Joi.number().integer().required().description('curated list id'),
  list_name: Joi.string().required(),
  list_slug: Joi.string().required(),
  kind: Joi.string().valid('free', 'paid').required(),
  status: Joi.string().valid('trialing', 'active', 'past_due', 'canceled', 'incomplete').required().description('a paid one\'s is its billing subscription\'s'),
  price: Joi.number().integer().allow(null).required().description('minor units per interval (paid)'),
  currency: Joi.string().allow(null).required(),
  interval: Joi.string().valid('month', 'year').allow(null).required(),
  billing_subscription: Joi.number().integer().allow(null).required().description('the billing subscription of a paid one (its invoices are in /api/billing-history/?subscription=)'),
  checkout_url: Joi.string().uri().allow(null).required().description('the processor\'s hosted checkout while incomplete'),
  current_period_end: Joi.string().isoDate().allow(null).required(),
  cancel_at_period_end: Joi.boolean().required(),
  canceled_at: Joi.string().isoDate().allow(null).required(),
  ...scopeFields,
}).label('CuratedSubscription');

const CuratedSubscriptionIn = Joi.object({
  list: Joi.number().integer().positive().max(2147483647).description('a public or subscribers list\'s id'),
  slug: Joi.string().pattern(/^[a-z0-9-]{1,100}$/).description('any list\'s slug (the share link; needed for an unlisted list)'),
  success_url: Joi.string().uri({ scheme: ['http', 'https'] }).max(2000).description('where the hosted checkout returns after paying (paid lists)'),
  cancel_url: Joi.string().uri({ scheme: ['http', 'https'] }).max(2000),
}).xor('list', 'slug').label('CuratedSubscriptionIn');

const CuratedSubscriptionPatch = Joi.object({
  cancel_at_period_end: Joi.boolean().required().description('true: a free one ends now, an unpaid checkout is abandoned, a paid one ends at period end; false resumes a paid one'),
}).label('CuratedSubscriptionPatch');

export const curatedSubscriptionsCollection = defineCollection({
  path: '/api/curated-subscriptions/',
  tag: 'curated-subscriptions',
  singular: 'curated subscription',
  plural: 'curated subscriptions',
  service: (s) => s.curation.subscriptions,
  out: CuratedSubscriptionOut,
  listQuery: listQuerySchema(curatedSubscriptionSpec, 'CuratedSubscriptionListQuery'),
  create: CuratedSubscriptionIn,
  update: CuratedSubscriptionPatch,
  notes: {
    create: 'Name the list by id (public or subscribers lists) or by slug (any). A free list: 201 active. A paid list: 201 incomplete with checkout_url; only the processor\'s webhook activates it. 400 list_not_found, 400 own_list, 409 already_subscribed. In team scope only the owner may pay (403 not_team_owner).',
    update: '409 subscription_not_live when it has ended.',
  },
});
