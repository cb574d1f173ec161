// /api/payment-methods/: the processor's token (from its client-side tokenisation) and
// display data only. A body holding anything that looks like a card number is refused
// with 400 card_number_refused before validation, so the number is never echoed in a
// validation message, stored, audited or logged (request payloads are never logged).
import Joi from 'joi';
import type { Lifecycle, ServerRoute } from '@hapi/hapi';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { paymentMethodListSpec } from '../../../../domain/billing/payment-method-service.js';
import { holdsCardNumber } from '../../../../domain/billing/card-number.js';
import { Invalid } from '../../../../jobs/runtime/errors.js';
import { scopeFields } from '../../inventory/inventory-fields.js';

const brand = Joi.string().valid('visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'other');
const last4 = Joi.string().pattern(/^\d{4}$/).messages({ 'string.pattern.base': 'last4 must be the last 4 digits' });
const expMonth = Joi.number().integer().min(1).max(12);
const expYear = Joi.number().integer().min(2000).max(2100);

const PaymentMethodOut = Joi.object({
  id: Joi.number().integer().required(),
  processor: Joi.string().required(),
  token: Joi.string().required().description('the processor\'s payment-method token'),
  brand: Joi.string().required(),
  last4: Joi.string().required(),
  exp_month: Joi.number().integer().required(),
  exp_year: Joi.number().integer().required(),
  is_default: Joi.boolean().required(),
  ...scopeFields,
}).label('PaymentMethod');

const PaymentMethodIn = Joi.object({
  token: Joi.string().pattern(/^[A-Za-z0-9_]{3,255}$/).required().description('the processor\'s token (Stripe: pm_...; sandbox: any pm_... token, pm_card_chargeDeclined declines)'),
  brand: brand.description('required with the sandbox; with Stripe taken from Stripe\'s PaymentMethod, whatever is sent'),
  last4: last4.description('required with the sandbox; with Stripe taken from Stripe'),
  exp_month: expMonth.description('required with the sandbox; with Stripe taken from Stripe'),
  exp_year: expYear.description('required with the sandbox; with Stripe taken from Stripe'),
  is_default: Joi.boolean(),
}).label('PaymentMethodIn');

const PaymentMethodPatch = Joi.object({ exp_month: expMonth, exp_year: expYear, is_default: Joi.boolean() })
  .and('exp_month', 'exp_year')
  .min(1)
  .messages({ 'object.min': 'Send at least one field to change.' })
  .label('PaymentMethodPatch');

export const paymentMethodsCollection = defineCollection({
  path: '/api/payment-methods/',
  tag: 'payment-methods',
  singular: 'payment method',
  plural: 'payment methods',
  service: (s) => s.billing.paymentMethods,
  out: PaymentMethodOut,
  listQuery: listQuerySchema(paymentMethodListSpec, 'PaymentMethodListQuery'),
  create: PaymentMethodIn,
  update: PaymentMethodPatch,
  notes: {
    create: 'Send the processor\'s token and display data only. 400 card_number_refused if any value looks like a card number (13-19 digits passing Luhn, spaces or dashes allowed); it is neither stored nor logged. With Stripe the token (pm_...) is retrieved from Stripe and brand, last4 and expiry are Stripe\'s (400 processor_refused for an unknown token); the sandbox takes them as sent (then required). The default (or newest) method is charged on renewal.',
  },
});

const refuseCardNumbers: Lifecycle.Method = (request, h) => {
  if (holdsCardNumber(request.payload)) throw new Invalid('Card numbers are never accepted: tokenise the card with the payment processor and send its token.', [], 'card_number_refused');
  return h.continue;
};

/** A write route of this collection, guarded before validation. */
export const guarded = (route: ServerRoute): ServerRoute => ({ ...route, options: { ...(route.options as object), ext: { onPostAuth: { method: refuseCardNumbers } } } });
