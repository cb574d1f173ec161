// /api/curator-earnings/: what the scope's curated lists earned, one row per paid
// invoice of a paid curated subscription, less the platform fee
// (CURATOR_PLATFORM_FEE_BPS), reversed by refunds. Read-only for the curator; the
// totals per currency and the payouts staff recorded sit beside it.
import Joi from 'joi';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { earningsDef } from '../../../../domain/curation/earnings-service.js';
import { scopeFields } from '../../inventory/inventory-fields.js';

const minor = (what: string) => Joi.number().integer().required().description(`${what}, minor units`);

const CuratorEarningOut = Joi.object({
  id: Joi.number().integer().required(),
  list: Joi.number().integer().allow(null).required().description('curated list id'),
  list_name: Joi.string().required(),
  invoice_number: Joi.string().required().description('the subscriber\'s invoice it comes from'),
  currency: Joi.string().length(3).required(),
  gross: minor('amount paid less tax'),
  refunded: minor('the untaxed share of refunds'),
  fee_bps: Joi.number().integer().required().description('platform fee rate when paid, in basis points'),
  fee: minor('platform fee: round((gross - refunded) * fee_bps / 10000)'),
  net: minor('gross - refunded - fee'),
  paid_at: Joi.string().isoDate().required(),
  ...scopeFields,
}).label('CuratorEarning');

export const curatorEarningsCollection = defineCollection({
  path: '/api/curator-earnings/',
  tag: 'curator-earnings',
  singular: 'curator earning',
  plural: 'curator earnings',
  service: (s) => s.curation.earnings,
  out: CuratorEarningOut,
  listQuery: listQuerySchema(earningsDef().list, 'CuratorEarningListQuery'),
  notes: { list: 'Read-only; newest first. Totals per currency: /api/curator-earnings/totals/.' },
});

export const CurrencyTotalsOut = Joi.object({
  currency: Joi.string().length(3).required(),
  gross: minor('sum of gross'),
  refunded: minor('sum of refunded'),
  fees: minor('sum of platform fees'),
  net: minor('sum of net earnings'),
  paid_out: minor('sum of recorded payouts'),
  balance: minor('net - paid_out'),
}).label('CuratorCurrencyTotals');

export const PayoutOut = Joi.object({
  id: Joi.number().integer().required(),
  currency: Joi.string().length(3).required(),
  amount: minor('paid out'),
  reference: Joi.string().allow('').required().description('the transfer\'s reference'),
  note: Joi.string().allow('').required(),
  profile_type: Joi.string().valid('self', 'team').required(),
  team_id: Joi.number().integer().allow(null).required(),
  recorded_by: Joi.string().guid().allow(null).required().description('the staff member who recorded it'),
  created_at: Joi.string().isoDate().required(),
}).label('CuratorPayout');
