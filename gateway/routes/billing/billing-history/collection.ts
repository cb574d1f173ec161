// /api/billing-history/: the scope's invoices as the processor reported them (read-only).
import Joi from 'joi';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { invoicesDef } from '../../../../domain/billing/invoice-read-service.js';
import { scopeFields } from '../../inventory/inventory-fields.js';

const minor = Joi.number().integer().required();

const InvoiceOut = Joi.object({
  id: Joi.number().integer().required(),
  number: Joi.string().required(),
  subscription: Joi.number().integer().allow(null).required().description('user subscription id'),
  processor: Joi.string().required(),
  status: Joi.string().valid('draft', 'open', 'paid', 'uncollectible', 'void').required(),
  currency: Joi.string().length(3).required().description('ISO 4217'),
  subtotal: minor.description('minor units'),
  tax: minor.description('minor units'),
  total: minor.description('minor units (subtotal + tax)'),
  amount_paid: minor,
  amount_refunded: minor,
  period_start: Joi.string().isoDate().required(),
  period_end: Joi.string().isoDate().required(),
  hosted_invoice_url: Joi.string().uri().allow(null).required().description('the processor\'s page of the invoice (pay an open one there)'),
  attempt_count: Joi.number().integer().required(),
  next_payment_attempt: Joi.string().isoDate().allow(null).required(),
  paid_at: Joi.string().isoDate().allow(null).required(),
  ...scopeFields,
}).label('BillingInvoice');

export const billingHistoryCollection = defineCollection({
  path: '/api/billing-history/',
  tag: 'billing-history',
  singular: 'invoice',
  plural: 'invoices',
  service: (s) => s.billing.invoices,
  out: InvoiceOut,
  listQuery: listQuerySchema(invoicesDef().list, 'BillingInvoiceListQuery'),
  notes: { list: 'Read-only; newest period first. Amounts are integers in minor units of currency.' },
});
