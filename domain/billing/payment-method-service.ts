// Payment methods: the processor's token (from its client-side tokenisation) and the
// display data the caller sees (brand, last four digits, expiry). A card number never
// reaches this service: the route refuses any body that holds one (card-number.ts).
// With Stripe the display data comes from Stripe (the token is retrieved), never from
// the client; the sandbox holds no cards and takes the client's. The newest method,
// or the one marked is_default, is what renewals charge.
import Joi from 'joi';
import { scopeOut, type CollectionDef } from '../shared/scoped-collection.js';
import type { ListSpec } from '../shared/listing.js';
import { inScope } from '../shared/scoped-rows.js';
import { PaymentMethod } from '../../db/models/index.js';
import { Invalid } from '../../jobs/runtime/errors.js';
import type { PaymentProcessor } from './processor.js';

export const paymentMethodListSpec: ListSpec = {
  filters: { brand: { column: 'pm.brand', schema: Joi.string().max(20) }, is_default: { column: 'pm.is_default', schema: Joi.boolean() } },
  ordering: { created_at: 'pm.created_at', id: 'pm.id' },
  defaultOrdering: '-created_at',
  tiebreak: 'pm.id',
};

export function paymentMethodsDef(processor: () => PaymentProcessor): CollectionDef<Record<string, unknown>> {
  return {
    model: PaymentMethod,
    alias: 'pm',
    what: 'Payment method',
    entity: 'payment_method',
    list: paymentMethodListSpec,
    select: (db) => PaymentMethod.query(db).alias('pm').select('pm.*'),
    toOut: (r) => ({ id: r.id, processor: r.processor, token: r.processor_token, brand: r.brand, last4: r.last4, exp_month: r.exp_month, exp_year: r.exp_year, is_default: r.is_default, ...scopeOut(r) }),
    writable: ['brand', 'last4', 'exp_month', 'exp_year', 'is_default'],
    prepare: async ({ trx, actor, body, before }) => {
      // a processor that holds the card (Stripe) says what it is; the sandbox takes the client's display data
      const card = before ? null : await processor().describePaymentMethod(body.token as string);
      if (!before && !card) {
        for (const field of ['brand', 'last4', 'exp_month', 'exp_year']) if (body[field] === undefined) throw Invalid.field(field, `${field} is required.`, 'required');
      }
      const year = Number(card?.exp_year ?? body.exp_year ?? before?.exp_year);
      const month = Number(card?.exp_month ?? body.exp_month ?? before?.exp_month);
      const now = new Date();
      if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) throw Invalid.field('exp_year', 'The card has expired.', 'card_expired');
      // one default per scope: marking this one unmarks the others
      if (body.is_default === true) await inScope(PaymentMethod.query(trx), actor.scope).patch({ is_default: false } as never);
      return before ? {} : { processor: processor().name, processor_token: body.token, ...(card ?? {}) };
    },
  };
}
