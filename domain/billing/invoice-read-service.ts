// Billing history: the scope's invoices as the processor reported them (read-only).
import Joi from 'joi';
import type { CollectionDef } from '../shared/scoped-collection.js';
import { iso, scopeOut } from '../shared/scoped-collection.js';
import { id } from '../shared/listing.js';
import { BillingInvoice } from '../../db/models/index.js';

export function invoicesDef(): CollectionDef<Record<string, unknown>> {
  return {
    model: BillingInvoice,
    alias: 'bi',
    what: 'Invoice',
    entity: 'billing_invoice',
    list: {
      filters: { status: { column: 'bi.status', schema: Joi.string().valid('draft', 'open', 'paid', 'uncollectible', 'void') }, subscription: { column: 'bi.subscription_id', schema: id } },
      search: ['bi.number'],
      ordering: { created_at: 'bi.created_at', period_start: 'bi.period_start', total: 'bi.total', id: 'bi.id' },
      defaultOrdering: '-period_start',
      tiebreak: 'bi.id',
    },
    select: (db) => BillingInvoice.query(db).alias('bi').select('bi.*'),
    toOut: (r) => ({
      id: r.id, number: r.number, subscription: r.subscription_id ?? null, processor: r.processor, status: r.status, currency: r.currency,
      subtotal: r.subtotal, tax: r.tax, total: r.total, amount_paid: r.amount_paid, amount_refunded: r.amount_refunded,
      period_start: iso(r.period_start), period_end: iso(r.period_end), hosted_invoice_url: r.hosted_url ?? null, attempt_count: r.attempt_count,
      next_payment_attempt: iso(r.next_payment_attempt_at), paid_at: iso(r.paid_at), ...scopeOut(r),
    }),
    writable: [],
  };
}
