// /api/subscription-plans/: what a scope can subscribe to. Everyone signed in reads the
// active plans; staff create, update and retire them (no delete: subscriptions refer to them).
import Joi from 'joi';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { planListSpec } from '../../../../domain/billing/plan-service.js';
import { patchOf } from '../../inventory/inventory-fields.js';

const minor = Joi.number().integer().min(0).max(100_000_000);
const limit = Joi.number().integer().min(0).max(1_000_000_000).allow(null).description('null: unlimited');

const PlanOut = Joi.object({
  id: Joi.number().integer().required(),
  code: Joi.string().required().example('pro'),
  name: Joi.string().required(),
  description: Joi.string().allow('').required(),
  currency: Joi.string().length(3).required().description('ISO 4217'),
  monthly_price: Joi.number().integer().required().description('minor units (cents) per month'),
  yearly_price: Joi.number().integer().required().description('minor units per year'),
  limits: Joi.object({ inventories: limit, team_members: limit, invoice_imports_per_month: limit, ocr_pages_per_month: limit }).label('PlanLimits').required(),
  trial_days: Joi.number().integer().required(),
  sort_order: Joi.number().integer().required(),
  is_active: Joi.boolean().required(),
  created_at: Joi.string().isoDate().allow(null),
  updated_at: Joi.string().isoDate().allow(null),
}).label('SubscriptionPlan');

const PlanIn = Joi.object({
  code: Joi.string().trim().lowercase().pattern(/^[a-z0-9][a-z0-9_-]{0,39}$/).required(),
  name: Joi.string().trim().min(1).max(100).required(),
  description: Joi.string().allow('').max(2000),
  currency: Joi.string().trim().uppercase().pattern(/^[A-Z]{3}$/).required().messages({ 'string.pattern.base': 'currency must be a 3-letter ISO 4217 code' }),
  monthly_price: minor.required(),
  yearly_price: minor.required(),
  max_inventories: limit,
  max_team_members: limit,
  invoice_imports_per_month: limit,
  ocr_pages_per_month: limit,
  trial_days: Joi.number().integer().min(0).max(365),
  sort_order: Joi.number().integer().min(0).max(100000),
  is_active: Joi.boolean(),
  processor_prices: Joi.object({ stripe: Joi.object({ month: Joi.string().pattern(/^price_[A-Za-z0-9_]+$/), year: Joi.string().pattern(/^price_[A-Za-z0-9_]+$/) }).label('StripePrices') }).label('ProcessorPrices').description('the processor\'s price id of each interval'),
}).label('SubscriptionPlanIn');

export const subscriptionPlansCollection = defineCollection({
  path: '/api/subscription-plans/',
  tag: 'subscription-plans',
  singular: 'subscription plan',
  plural: 'subscription plans',
  service: (s) => s.billing.plans,
  out: PlanOut,
  listQuery: listQuerySchema(planListSpec, 'SubscriptionPlanListQuery'),
  create: PlanIn,
  update: patchOf(PlanIn, 'SubscriptionPlanPatch'),
  notes: {
    list: 'Active plans (staff: also retired ones). Prices are integers in minor units of the plan\'s currency; a null limit is unlimited. Not scoped.',
    create: 'Staff only (403 staff_only).',
    update: 'Staff only. Retire a plan with is_active=false; existing subscriptions keep it.',
  },
});
